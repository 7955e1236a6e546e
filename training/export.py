#!/usr/bin/python3
"""Export a checkpoint to ONNX, with a provenance JSON beside it.

  /usr/bin/python3 training/export.py --checkpoint $TENGEN_DATA/net/run1 --out model.onnx \
      [--provenance extra.json] [--check-input x.npy --check-output torch-out.json]

ONNX: input "planes" float32 [batch, P, S, S]; outputs "policy" float32 [batch, S*S+1]
(raw logits, row-major points then pass) and "value" float32 [batch, 1] (tanh, side to move).
Batch and both spatial dimensions are dynamic.
"""
import argparse
import datetime
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Net  # noqa: E402
from train import load_checkpoint  # noqa: E402

OPSET = 13


def load_model(checkpoint):
    ck = load_checkpoint(checkpoint)
    a = ck["args"]
    model = Net(ck["planes"], a["blocks"], a["channels"])
    model.load_state_dict(ck["model"])
    model.eval()
    return model, ck


def export_onnx(model, planes, size, out):
    dummy = torch.zeros(1, planes, size, size)
    dummy[:, 0] = 1
    torch.onnx.export(model, dummy, out, input_names=["planes"], output_names=["policy", "value"],
                      dynamic_axes={"planes": {0: "batch", 2: "height", 3: "width"},
                                    "policy": {0: "batch", 1: "moves"}, "value": {0: "batch"}},
                      opset_version=OPSET, do_constant_folding=True)


def provenance(ck, out, extra=None):
    a = ck["args"]
    info = dict(
        onnx=os.path.basename(out), onnx_bytes=os.path.getsize(out), opset=OPSET,
        input=dict(name="planes", shape=["batch", ck["planes"], "S", "S"], dtype="float32"),
        outputs=dict(policy=["batch", "S*S+1"], value=["batch", 1]),
        blocks=a["blocks"], channels=a["channels"], planes=ck["planes"], board_size_trained=ck["size"],
        steps=ck["step"], steps_planned=a["steps"], positions_seen=ck["positions"], batch=a["batch"], lr=a["lr"],
        seed=a["seed"], value_weight=a["value_weight"], data_files=[n for n, _ in ck["data_ids"]],
        data_positions=sum(n for _, n in ck["data_ids"]),
        heldout_file=os.path.basename(a["heldout"]) if a.get("heldout") else None, heldout=ck["last_eval"],
        training_commands=ck["commands"], torch=torch.__version__, checkpoint_saved=ck["saved"],
        exported=datetime.datetime.now().astimezone().isoformat(timespec="seconds"))
    info.update(extra or {})
    return info


def torch_outputs(model, x):
    with torch.no_grad():
        policy, value = model(torch.from_numpy(np.ascontiguousarray(x, dtype=np.float32)))
    return dict(shape=list(x.shape), policy=policy.tolist(), value=value.tolist())


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--checkpoint", required=True, help="checkpoint directory or file")
    p.add_argument("--out", help="model.onnx; model.json is written beside it")
    p.add_argument("--provenance", help="JSON file whose fields are added to model.json")
    p.add_argument("--check-input", help=".npy float32 [N,P,S,S]: run the torch model on it")
    p.add_argument("--check-output", help="JSON file for the torch outputs of --check-input")
    a = p.parse_args()
    if not a.out and not a.check_input:
        p.error("nothing to do: give --out and/or --check-input")
    if bool(a.check_input) != bool(a.check_output):
        p.error("--check-input and --check-output go together")
    torch.set_num_threads(2)
    model, ck = load_model(a.checkpoint)
    if a.out:
        export_onnx(model, ck["planes"], ck["size"], a.out)
        extra = json.load(open(a.provenance)) if a.provenance else None
        info = provenance(ck, a.out, extra)
        with open(os.path.splitext(a.out)[0] + ".json", "w") as f:
            json.dump(info, f, indent=2)
        print(f"{a.out}: {info['onnx_bytes']} bytes, {info['blocks']}x{info['channels']}, step {info['steps']}",
              file=sys.stderr)
    if a.check_input:
        with open(a.check_output, "w") as f:
            json.dump(torch_outputs(model, np.load(a.check_input)), f)


if __name__ == "__main__":
    main()
