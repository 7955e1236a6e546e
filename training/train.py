#!/usr/bin/python3
"""Train the policy/value net on .tgnp files; resumable from --checkpoint-dir.

  /usr/bin/python3 training/train.py --data a.tgnp b.tgnp --heldout h.tgnp \
      --checkpoint-dir $TENGEN_DATA/net/run1 --steps 100000

Run it again with the same arguments to continue from the last checkpoint.
"""
import argparse
import json
import os
import signal
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import Dataset, apply_symmetries, move_maps  # noqa: E402
from model import Net  # noqa: E402

CHECKPOINT = "checkpoint.pt"
MOMENTUM, WEIGHT_DECAY = 0.9, 1e-4
# Arguments that define a run: a checkpoint only resumes with the same values (--steps: see check_resume).
RUN_KEYS = ("seed", "blocks", "channels", "lr", "batch", "warmup", "value_weight", "init")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", nargs="+", required=True, help="training .tgnp files")
    p.add_argument("--heldout", help="held-out .tgnp file for evaluation")
    p.add_argument("--checkpoint-dir", required=True, help="checkpoint and log.jsonl go here (outside the repository)")
    p.add_argument("--steps", type=int, required=True, help="total optimizer steps")
    p.add_argument("--blocks", type=int, default=6)
    p.add_argument("--channels", type=int, default=64)
    p.add_argument("--lr", type=float, default=0.05)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--warmup", type=int, default=500, help="linear warm-up steps")
    p.add_argument("--value-weight", type=float, default=0.25)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--init", help="start from the weights of this checkpoint (file or directory); "
                   "optimizer and schedule start afresh")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--checkpoint-every", type=int, default=500)
    p.add_argument("--log-every", type=int, default=100)
    p.add_argument("--eval-every", type=int, default=2000)
    p.add_argument("--eval-positions", type=int, default=20000)
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return p.parse_args(argv)


def decay_start(steps):
    return int(0.75 * steps)


def lr_at(step, lr, steps, warmup):
    """Learning rate of update number `step` (0-based): warm-up, constant, linear decay to 0.1*lr over the last 25%."""
    f = min(1.0, (step + 1) / warmup) if warmup > 0 else 1.0
    d0 = decay_start(steps)
    if step >= d0:
        f *= 1.0 - 0.9 * min(1.0, (step + 1 - d0) / (steps - d0))
    return lr * f


def to_tensors(planes, moves, results):
    return torch.from_numpy(planes.astype(np.float32)), torch.from_numpy(moves), torch.from_numpy(results)


def make_batch(ds, maps, seed, step, batch):
    """The batch of update `step`: depends only on (data, seed, step, batch), so a resumed run sees the same batches."""
    rng = np.random.default_rng([seed, step])
    idx = rng.integers(0, ds.n, batch)
    syms = rng.integers(0, 8, batch)
    planes, moves, results = ds.get(idx)
    planes, moves = apply_symmetries(planes, moves, syms, maps)
    return to_tensors(planes, moves, results)


def losses(policy, value, moves, results):
    """Policy cross-entropy, value MSE over positions with a known result (and their count), top-1 hits."""
    ploss = F.cross_entropy(policy, moves)
    known = (results != 0).float()
    nknown = known.sum()
    vmse = (((value[:, 0] - results) ** 2) * known).sum() / nknown.clamp(min=1)
    top1 = (policy.argmax(1) == moves).float().mean()
    return ploss, vmse, nknown, top1


def evaluate(model, ds, positions, stop=lambda: False, batch=1024):
    """Held-out figures on the first `positions` positions, no symmetry. None if stop() became true."""
    model.eval()
    n = min(positions, ds.n)
    tot = dict(ploss=0.0, top1=0.0, top5=0.0, vse=0.0, known=0.0)
    with torch.no_grad():
        for a in range(0, n, batch):
            if stop():
                model.train()
                return None
            planes, moves, results = to_tensors(*ds.get(np.arange(a, min(n, a + batch))))
            policy, value = model(planes)
            tot["ploss"] += F.cross_entropy(policy, moves, reduction="sum").item()
            top5 = policy.topk(5, 1).indices
            tot["top1"] += (top5[:, 0] == moves).sum().item()
            tot["top5"] += (top5 == moves[:, None]).any(1).sum().item()
            known = results != 0
            tot["vse"] += ((value[:, 0] - results)[known] ** 2).sum().item()
            tot["known"] += known.sum().item()
    model.train()
    return dict(positions=n, policy_loss=tot["ploss"] / n, top1=tot["top1"] / n, top5=tot["top5"] / n,
                value_mse=tot["vse"] / tot["known"] if tot["known"] else None, value_positions=int(tot["known"]))


def save_atomic(obj, path):
    tmp = path + ".tmp"
    torch.save(obj, tmp)
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load_checkpoint(path):
    if os.path.isdir(path):
        path = os.path.join(path, CHECKPOINT)
    return torch.load(path, map_location="cpu")


def data_ids(ds):
    return [[os.path.basename(f.path), f.n] for f in ds.files]


def check_resume(ck, args, ds):
    """Refuse to continue a checkpoint with arguments that define a different run."""
    old = ck["args"]
    diffs = [f"--{k.replace('_', '-')}: checkpoint {old.get(k)}, now {getattr(args, k)}"
             for k in RUN_KEYS if old.get(k) != getattr(args, k)]
    if ck["data_ids"] != data_ids(ds):
        diffs.append(f"--data: checkpoint {ck['data_ids']}, now {data_ids(ds)} ([file name, positions])")
    if old["steps"] != args.steps:
        step = ck["step"]
        if step > decay_start(old["steps"]) or step > decay_start(args.steps):
            diffs.append(f"--steps: checkpoint {old['steps']}, now {args.steps}; --steps can only change while the "
                         f"run is before the learning-rate decay of both schedules (step {step}, decay starts at "
                         f"{decay_start(old['steps'])} / {decay_start(args.steps)})")
    if diffs:
        sys.exit(f"{args.checkpoint_dir} holds a checkpoint of a different run (step {ck['step']}):\n  "
                 + "\n  ".join(diffs) + "\nUse another --checkpoint-dir, or the checkpoint's arguments.")
    if old["threads"] != args.threads:
        print(f"note: --threads {args.threads}, the checkpoint ran with {old['threads']} "
              "(results may differ in the last bits)", file=sys.stderr)


def trim_log(path, step):
    """Drop log lines written after the checkpoint we resume from (the killed run went on past it)."""
    if not os.path.exists(path):
        return
    with open(path) as f:
        lines = [ln for ln in f if ln.strip() and json.loads(ln)["step"] <= step]
    with open(path + ".tmp", "w") as f:
        f.writelines(lines)
    os.replace(path + ".tmp", path)


def run(args, argv=None):
    """Train until args.steps; returns 0, or 128+signal after a checkpoint when stopped by SIGTERM/SIGINT."""
    torch.set_num_threads(args.threads)
    torch.set_flush_denormal(True)  # denormal floats make CPU convolutions many times slower
    ds = Dataset(args.data)
    held = Dataset([args.heldout]) if args.heldout else None
    if held and held.planes != ds.planes:
        sys.exit(f"{args.heldout}: {held.planes} planes, training data has {ds.planes}")
    maps = move_maps(ds.size)
    torch.manual_seed(args.seed)
    model = Net(ds.planes, args.blocks, args.channels)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=MOMENTUM, nesterov=True, weight_decay=WEIGHT_DECAY)
    os.makedirs(args.checkpoint_dir, exist_ok=True)
    ck_path = os.path.join(args.checkpoint_dir, CHECKPOINT)
    log_path = os.path.join(args.checkpoint_dir, "log.jsonl")
    cmd = " ".join([sys.executable] + list(sys.argv if argv is None else argv))
    state = dict(step=0, last_eval=None, commands=[])
    if os.path.exists(ck_path):
        ck = load_checkpoint(ck_path)
        check_resume(ck, args, ds)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["optimizer"])
        state.update(step=ck["step"], last_eval=ck["last_eval"], commands=ck["commands"])
        trim_log(log_path, state["step"])
        print(f"resuming {ck_path} at step {state['step']}", file=sys.stderr)
    elif args.init:
        init = load_checkpoint(args.init)
        model.load_state_dict(init["model"])
        state["commands"] = init["commands"] + [f"# the run above, step {init['step']}, is --init of:"]
    state["commands"].append(cmd)

    def checkpoint():
        save_atomic(dict(model=model.state_dict(), optimizer=opt.state_dict(), step=state["step"],
                         positions=state["step"] * args.batch, args=vars(args), data_ids=data_ids(ds),
                         planes=ds.planes, size=ds.size, last_eval=state["last_eval"], commands=state["commands"],
                         torch=torch.__version__, saved=time.strftime("%Y-%m-%dT%H:%M:%S%z")), ck_path)

    def log(entry, text):
        with open(log_path, "a") as f:
            f.write(json.dumps(entry) + "\n")
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    def do_eval():
        e = evaluate(model, held, args.eval_positions, stop=lambda: bool(stop))
        if e is not None:
            state["last_eval"] = dict(step=state["step"], **e)
            vm = "-" if e["value_mse"] is None else f"{e['value_mse']:.4f}"
            log(dict(step=state["step"], positions=state["step"] * args.batch, eval=e),
                f"eval {state['step']}: top1 {e['top1']:.4f} top5 {e['top5']:.4f} "
                f"policy loss {e['policy_loss']:.4f} value mse {vm} ({e['positions']} positions)")

    stop = []
    handler = lambda signum, frame: stop.append(signum)  # noqa: E731
    old_handlers = {s: signal.signal(s, handler) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        model.train()
        win = dict(ploss=0.0, vse=0.0, known=0.0, top1=0.0, n=0, t=0.0)
        while state["step"] < args.steps and not stop:
            t0 = time.perf_counter()
            step = state["step"]
            lr = lr_at(step, args.lr, args.steps, args.warmup)
            for g in opt.param_groups:
                g["lr"] = lr
            planes, moves, results = make_batch(ds, maps, args.seed, step, args.batch)
            policy, value = model(planes)
            ploss, vmse, nknown, top1 = losses(policy, value, moves, results)
            opt.zero_grad()
            (ploss + args.value_weight * vmse).backward()
            opt.step()
            state["step"] = step = step + 1
            win["ploss"] += ploss.item()
            win["vse"] += vmse.item() * nknown.item()
            win["known"] += nknown.item()
            win["top1"] += top1.item()
            win["n"] += 1
            win["t"] += time.perf_counter() - t0
            if step % args.log_every == 0 or step == args.steps:
                n = win["n"]
                e = dict(step=step, positions=step * args.batch, lr=lr, window=n, policy_loss=win["ploss"] / n,
                         top1=win["top1"] / n, value_mse=win["vse"] / win["known"] if win["known"] else None,
                         pos_per_s=n * args.batch / win["t"])
                vm = "-" if e["value_mse"] is None else f"{e['value_mse']:.4f}"
                log(e, f"step {step} pos {e['positions']} lr {lr:.5f} policy loss {e['policy_loss']:.4f} "
                       f"top1 {e['top1']:.4f} value mse {vm} {e['pos_per_s']:.0f} pos/s")
                win = dict.fromkeys(win, 0)
            if held and (step % args.eval_every == 0 or step == args.steps):
                do_eval()
            if step % args.checkpoint_every == 0 or step == args.steps:
                checkpoint()
        if stop:
            checkpoint()
            print(f"stopped by signal {stop[0]} at step {state['step']}; checkpoint saved", file=sys.stderr)
            return 128 + stop[0]
        if held and (state["last_eval"] is None or state["last_eval"]["step"] != state["step"]):
            do_eval()  # e.g. resumed a finished run whose final eval was interrupted
            checkpoint()
        if not os.path.exists(ck_path):
            checkpoint()
        return 0
    finally:
        for s, h in old_handlers.items():
            signal.signal(s, h)


def main():
    args = parse_args()
    sys.exit(run(args))


if __name__ == "__main__":
    main()
