"""The policy/value network: fully convolutional, runs on any board size."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn(cin, cout, k):
    return nn.Sequential(nn.Conv2d(cin, cout, k, padding=k // 2, bias=False), nn.BatchNorm2d(cout))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.a = conv_bn(c, c, 3)
        self.b = conv_bn(c, c, 3)

    def forward(self, x):
        return F.relu(x + self.b(F.relu(self.a(x))))


class Net(nn.Module):
    """planes [N,P,S,S] -> policy logits [N,S*S+1] (pass last), value [N,1] in [-1,1] for the side to move."""

    def __init__(self, planes, blocks=6, channels=64, head=32):
        super().__init__()
        self.stem = conv_bn(planes, channels, 3)
        self.blocks = nn.Sequential(*[Block(channels) for _ in range(blocks)])
        self.policy_conv = conv_bn(channels, head, 1)
        self.policy_board = nn.Conv2d(head, 1, 1)
        self.policy_pass = nn.Linear(head, 1)
        self.value_conv = conv_bn(channels, head, 1)
        self.value_fc1 = nn.Linear(head, 64)
        self.value_fc2 = nn.Linear(64, 1)

    def forward(self, planes):
        x = self.blocks(F.relu(self.stem(planes)))
        p = F.relu(self.policy_conv(x))
        policy = torch.cat([self.policy_board(p).flatten(1), self.policy_pass(p.mean((2, 3)))], 1)
        v = F.relu(self.value_conv(x)).mean((2, 3))
        value = torch.tanh(self.value_fc2(F.relu(self.value_fc1(v))))
        return policy, value
