#!/usr/bin/python3
"""Write a synthetic .tgnp file for smoke tests (the real files come from the engine).

Plane 0 is all ones; planes 1 and 2 are random disjoint "stones"; plane 3 marks the move
(empty for a pass, 5%); the other planes are random noise. The result is +1 when plane 1
has more points than plane 2, else -1, and 0 (unknown) for 10%. So a net can learn both
heads, and only if the symmetries move planes and moves alike.

  /usr/bin/python3 training/gen_random.py --out /tmp/t.tgnp --n 10000 [--size 19 --planes 16 --seed 0]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import HEADER, MAGIC  # noqa: E402


def generate(path, n, size=19, planes=16, seed=0):
    assert planes >= 4, "needs at least 4 planes"
    rng = np.random.default_rng(seed)
    x = np.zeros((n, planes, size, size), np.uint8)
    x[:, 0] = 1
    u = rng.random((n, size, size))
    x[:, 1] = u < 0.2
    x[:, 2] = (u >= 0.2) & (u < 0.4)
    if planes > 4:
        x[:, 4:] = rng.random((n, planes - 4, size, size)) < 0.1
    moves = rng.integers(0, size * size, n)
    moves[rng.random(n) < 0.05] = size * size
    board = moves < size * size
    x[np.nonzero(board)[0], 3, moves[board] // size, moves[board] % size] = 1
    results = np.where(x[:, 1].sum((1, 2)) > x[:, 2].sum((1, 2)), 1, -1)
    results[rng.random(n) < 0.1] = 0
    move_numbers = rng.integers(0, 300, n)
    header = np.zeros(HEADER, np.uint8)
    header[:4] = np.frombuffer(MAGIC, np.uint8)
    header[4:20] = np.array([1, planes, size, n], "<u4").view(np.uint8)
    with open(path, "wb") as f:
        f.write(header.tobytes())
        f.write(np.packbits(x.reshape(n, -1), axis=1).tobytes())
        f.write(moves.astype("<i2").tobytes())
        f.write(results.astype(np.int8).tobytes())
        f.write(move_numbers.astype("<u2").tobytes())


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--n", type=int, default=10000)
    p.add_argument("--size", type=int, default=19)
    p.add_argument("--planes", type=int, default=16)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    generate(a.out, a.n, a.size, a.planes, a.seed)
