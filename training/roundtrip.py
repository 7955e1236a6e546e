#!/usr/bin/python3
"""Tiny train -> export round trip for the Node tests (a few seconds of CPU).

  /usr/bin/python3 training/roundtrip.py --data FILE.tgnp --out DIR

Trains a 1-block, 8-channel net for 20 steps on FILE, then writes into DIR:
  model.onnx     (input "planes" [batch,P,S,S], outputs "policy" [batch,S*S+1], "value" [batch,1])
  model.json     provenance
  input.bin      the first 4 positions of FILE (fewer if it has fewer) as float32 little-endian [n,P,S,S]
  expected.json  {"shape": [n,P,S,S], "policy": [[...]], "value": [[...]]}: the torch model's outputs on input.bin
"""
import argparse
import json
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export  # noqa: E402
import train  # noqa: E402
from data import TgnpFile  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--positions", type=int, default=4)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as ckdir:
        argv = ["--data", a.data, "--checkpoint-dir", ckdir, "--steps", str(a.steps), "--blocks", "1",
                "--channels", "8", "--batch", "32", "--warmup", "5", "--threads", "1", "--quiet",
                "--log-every", str(a.steps), "--checkpoint-every", str(a.steps)]
        status = train.run(train.parse_args(argv), ["training/train.py"] + argv)
        if status:
            sys.exit(status)
        model, ck = export.load_model(ckdir)
    onnx_path = os.path.join(a.out, "model.onnx")
    export.export_onnx(model, ck["planes"], ck["size"], onnx_path)
    with open(os.path.join(a.out, "model.json"), "w") as f:
        json.dump(export.provenance(ck, onnx_path), f, indent=2)
    f = TgnpFile(a.data)
    planes = f.get(np.arange(min(a.positions, f.n)))[0].astype("<f4")
    planes.tofile(os.path.join(a.out, "input.bin"))
    with open(os.path.join(a.out, "expected.json"), "w") as out:
        json.dump(export.torch_outputs(model, planes), out)


if __name__ == "__main__":
    main()
