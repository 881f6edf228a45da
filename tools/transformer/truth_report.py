#!/usr/bin/env python3
"""How far PyTorch's and refmath's logits of the decoder
(tools/transformer/decoder.py) are from the true value of the whole
model, and whether torch's greedy decoding gives refmath's tokens
(docs/transformer.md).

The truth: the model's formulas taken as exact mathematics on its binary32
weights, token embeddings and RoPE angles (each angle is the binary32
product float32(p) * FREQ[i], as the model defines it), evaluated in
mpmath at --prec bits (default 100), on the sequences refmath decoded
(teacher forcing), then rounded once to binary64.  torch runs the same
weights in float32 as a Hugging Face Llama layer writes it (x *
rsqrt(mean(x^2) + eps) * g, x*cos + rotate_half(x)*sin with torch's own
sin and cos, softmax(q k^T / sqrt(d) + causal mask) v, silu(g) * u).

Usage: truth_report.py [--batch B] [--steps N] [--prec BITS]
prints a Markdown table."""
import argparse
import math
import os
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import decoder as dec  # noqa: E402

F32 = np.float32


def _mp(a):
    """A float array as an object array of mpmath numbers (exact)."""
    out = np.empty(a.shape, dtype=object)
    for i, v in enumerate(np.asarray(a, dtype=np.float64).ravel()):
        out.flat[i] = mpmath.mpf(v)
    return out


class TruthOps:
    """The operations in mpmath on object arrays, nothing rounded to a
    binary format."""

    eps = None

    def __init__(self):
        self.eps = mpmath.mpf(float(dec.EPS))

    def sincos(self, angle):
        a = _mp(angle)
        return np.vectorize(mpmath.sin)(a), np.vectorize(mpmath.cos)(a)

    def rms_norm(self, x, g):
        x = _mp(x) if x.dtype != object else x
        inv = [1 / mpmath.sqrt(mpmath.fsum(v * v for v in row) / len(row) +
                               self.eps) for row in x]
        return x * np.array(inv, dtype=object)[:, None] * _mp(g)[None, :]

    def matmul(self, a, b):
        a = _mp(a) if a.dtype != object else a
        return np.dot(a, _mp(b) if b.dtype != object else b)

    def rope(self, x, cos, sin):
        h = x.shape[-1] // 2
        x1, x2 = x[..., :h], x[..., h:]
        return np.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1)

    def attention(self, q, k, v, causal=True):
        b, heads, length, d = q.shape
        group = heads // k.shape[1]
        root = mpmath.sqrt(d)
        out = np.empty((b, heads, length, v.shape[3]), dtype=object)
        for i in range(b):
            for j in range(heads):
                s = np.dot(q[i, j], k[i, j // group].T) / root
                for r in range(length):
                    keys = r + 1 if causal else k.shape[2]
                    e = [mpmath.exp(t) for t in s[r, :keys]]
                    total = mpmath.fsum(e)
                    p = np.array([x / total for x in e], dtype=object)
                    out[i, j, r] = np.dot(p, v[i, j // group, :keys])
        return out

    def add(self, a, b):
        return (_mp(a) if a.dtype != object else a) + b

    def swiglu(self, gate, up):
        silu = np.vectorize(lambda t: t / (1 + mpmath.exp(-t)))
        return silu(gate) * up


class TorchOps:
    """The operations in torch float32, written as a Llama layer is."""

    def __init__(self):
        import torch  # python3-torch, a real client
        self.torch = torch

    def _t(self, a):
        return self.torch.from_numpy(np.ascontiguousarray(a, dtype=F32))

    def sincos(self, angle):
        a = self._t(angle)
        return self.torch.sin(a).numpy(), self.torch.cos(a).numpy()

    def rms_norm(self, x, g):
        x = self._t(x)
        inv = self.torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + float(dec.EPS))
        return (self._t(g) * (x * inv)).numpy()

    def matmul(self, a, b):
        return self.torch.matmul(self._t(a), self._t(b)).numpy()

    def rope(self, x, cos, sin):
        x, c, s = self._t(x), self._t(cos), self._t(sin)
        c, s = self.torch.cat([c, c], -1), self.torch.cat([s, s], -1)
        h = x.shape[-1] // 2
        half = self.torch.cat([-x[..., h:], x[..., :h]], -1)
        return (x * c + half * s).numpy()

    def attention(self, q, k, v, causal=True):
        t = self.torch
        q, k, v = self._t(q), self._t(k), self._t(v)
        group = q.shape[1] // k.shape[1]
        k = k.repeat_interleave(group, 1)
        v = v.repeat_interleave(group, 1)
        s = t.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
        if causal:
            length = q.shape[2]
            s = s.masked_fill(t.ones(length, length).triu(1).bool(), -math.inf)
        return t.matmul(t.softmax(s, -1), v).numpy()

    def add(self, a, b):
        return (self._t(a) + self._t(b)).numpy()

    def swiglu(self, gate, up):
        f = self.torch.nn.functional
        return (f.silu(self._t(gate)) * self._t(up)).numpy()


def ulps(y, truth):
    """|y - t| in binary32 ulps of t (t rounded to binary64)."""
    t = np.abs(truth)
    e = np.floor(np.log2(np.where(t > 0, t, 2.0**-126)))
    ulp = 2.0 ** (np.maximum(e, -126) - 23)
    return np.abs(y.astype(np.float64) - truth) / ulp


def sequences(results, batch):
    """The final token sequences refmath decoded (prompt + new tokens)."""
    return [dec.prompt(j) + list(results[j][1]) for j in range(batch)]


def padded(seqs):
    length = max(len(s) for s in seqs)
    tokens = np.zeros((len(seqs), length), dtype=np.int64)
    for b, s in enumerate(seqs):
        tokens[b, :len(s)] = s
    return tokens


def report(batch, steps, prec):
    w = dec.weights()
    results = dec.decode(dec.RefmathOps(), batch, steps)
    seqs = sequences(results, batch)
    tokens = padded(seqs)
    real = np.zeros(tokens.shape, dtype=bool)
    for b, s in enumerate(seqs):
        real[b, :len(s)] = True
    real = real.ravel()
    with mpmath.workprec(prec):
        truth = dec.forward(TruthOps(), w, tokens)
        truth = np.array([float(v) for v in truth.ravel()]).reshape(
            truth.shape)[real]
    refmath = dec.RefmathOps().refmath
    backends = [("refmath " + v, dec.RefmathOps(variant=v))
                for v in ("exact", "fast") if refmath.targets(v)]
    try:
        backends.append(("torch " + TorchOps().torch.__version__, TorchOps()))
    except ImportError:
        pass
    rows, errors = [], {}
    for name, ops in backends:
        y = dec.forward(ops, w, tokens)[real]
        u = ulps(y, truth)
        errors[name] = u
        norm = np.linalg.norm(y - truth) / np.linalg.norm(truth)
        same = sum(r[1] == dec.decode(ops, 1, steps, first=j)[0][1]
                   for j, r in enumerate(results)) if name.startswith(
                       "torch") else batch
        rows.append("| %s | %.2f | %.3f | %.2e | %d of %d |" % (
            name, u.max(), u.mean(), norm, same, batch))
    print("Logits of %d sequences (%d positions, %d logits) against the "
          "truth at %d bits:\n" % (batch, real.sum(), truth.size, prec))
    print("| backend | max ulp | mean ulp | normwise | greedy tokens as "
          "refmath's |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    torch_name = [n for n in errors if n.startswith("torch")]
    if torch_name:
        a, b = errors["refmath exact"], errors[torch_name[0]]
        print("\nrefmath exact nearer the truth on %d logits, torch on %d, "
              "as near on %d." % ((a < b).sum(), (b < a).sum(),
                                  (a == b).sum()))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--batch", type=int, default=8, choices=range(1, 9))
    p.add_argument("--steps", type=int, default=64)
    p.add_argument("--prec", type=int, default=100)
    a = p.parse_args(argv)
    report(a.batch, a.steps, a.prec)
    return 0


if __name__ == "__main__":
    sys.exit(main())
