"""Reading .tgnp training files and the 8 board symmetries.

File layout (little-endian), written by the engine:
  64-byte header: b"TGNP", uint32 version (1), uint32 P (planes), uint32 S (board size),
                  uint32 N (positions), zeros
  N x B bytes     planes [P, S, S] per position, np.packbits order (bitorder 'big'),
                  B = ceil(P*S*S/8)
  N x int16       move played: row*S + col, or S*S for a pass
  N x int8        result for the side to move: +1 won, -1 lost, 0 unknown
  N x uint16      move number in the game (information only)
"""
import os

import numpy as np

MAGIC = b"TGNP"
HEADER = 64


class TgnpFile:
    """One .tgnp file, memory-mapped; nothing is read until asked for."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            head = f.read(HEADER)
        if len(head) < HEADER or head[:4] != MAGIC:
            raise ValueError(f"{path}: not a TGNP file")
        version, self.planes, self.size, self.n = np.frombuffer(head, "<u4", 4, 4)
        self.planes, self.size, self.n = int(self.planes), int(self.size), int(self.n)
        if version != 1:
            raise ValueError(f"{path}: TGNP version {version}, expected 1")
        self.bits = self.planes * self.size * self.size
        self.bytes_per_pos = (self.bits + 7) // 8
        n, b = self.n, self.bytes_per_pos
        expected = HEADER + n * b + n * 2 + n + n * 2
        actual = os.path.getsize(path)
        if actual != expected:
            raise ValueError(f"{path}: {actual} bytes, header says {expected} (N={n}, P={self.planes}, S={self.size})")
        self.packed = np.memmap(path, np.uint8, "r", HEADER, (n, b))
        off = HEADER + n * b
        self.moves = np.memmap(path, "<i2", "r", off, (n,))
        self.results = np.memmap(path, np.int8, "r", off + 2 * n, (n,))
        self.move_numbers = np.memmap(path, "<u2", "r", off + 3 * n, (n,))
        if n and (self.moves.min() < 0 or self.moves.max() > self.size * self.size):
            raise ValueError(f"{path}: a move is outside 0..{self.size * self.size}")
        if n and (self.results.min() < -1 or self.results.max() > 1):
            raise ValueError(f"{path}: a result is outside -1..1")

    def get(self, idx):
        """Positions idx (any order) -> planes uint8 [n,P,S,S], moves int64 [n], results float32 [n]."""
        idx = np.asarray(idx, dtype=np.int64)
        order = np.argsort(idx, kind="stable")  # read the memmap in file order
        inv = np.empty_like(order)
        inv[order] = np.arange(len(order))
        s = idx[order]
        packed = self.packed[s][inv]
        planes = np.unpackbits(packed, axis=1, count=self.bits).reshape(-1, self.planes, self.size, self.size)
        return planes, self.moves[s][inv].astype(np.int64), self.results[s][inv].astype(np.float32)


class Dataset:
    """Several .tgnp files of the same P and S seen as one index range."""

    def __init__(self, paths):
        self.files = [TgnpFile(p) for p in paths]
        f0 = self.files[0]
        for f in self.files:
            if (f.planes, f.size) != (f0.planes, f0.size):
                raise ValueError(f"{f.path}: P={f.planes} S={f.size}, but {f0.path} has P={f0.planes} S={f0.size}")
        self.planes, self.size = f0.planes, f0.size
        self.starts = np.cumsum([0] + [f.n for f in self.files])
        self.n = int(self.starts[-1])

    def get(self, idx):
        idx = np.asarray(idx, dtype=np.int64)
        which = np.searchsorted(self.starts, idx, side="right") - 1
        planes = np.empty((len(idx), self.planes, self.size, self.size), np.uint8)
        moves = np.empty(len(idx), np.int64)
        results = np.empty(len(idx), np.float32)
        for k in np.unique(which):
            sel = np.nonzero(which == k)[0]
            planes[sel], moves[sel], results[sel] = self.files[k].get(idx[sel] - self.starts[k])
        return planes, moves, results


def transform(a, sym):
    """Symmetry sym (0..7) of the last two axes (row, col): transpose if bit 2, flip rows if bit 0, flip cols if bit 1."""
    if sym & 4:
        a = np.swapaxes(a, -1, -2)
    if sym & 1:
        a = a[..., ::-1, :]
    if sym & 2:
        a = a[..., ::-1]
    return a


def move_maps(size):
    """maps[sym][m] = move m after symmetry sym (the pass, size*size, maps to itself)."""
    grid = np.arange(size * size).reshape(size, size)
    maps = np.empty((8, size * size + 1), np.int64)
    for sym in range(8):
        t = transform(grid, sym).reshape(-1)  # t[p] = old point now at p
        maps[sym, t] = np.arange(size * size)
        maps[sym, size * size] = size * size
    return maps


def apply_symmetries(planes, moves, syms, maps):
    """Per-sample symmetries: planes [n,P,S,S], moves [n], syms [n] in 0..7. Returns new arrays."""
    out = np.empty_like(planes)
    for sym in np.unique(syms):
        sel = np.nonzero(syms == sym)[0]
        out[sel] = transform(planes[sel], sym)
    return out, maps[syms, moves]
