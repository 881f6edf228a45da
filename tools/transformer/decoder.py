#!/usr/bin/env python3
"""A small decoder-only transformer written with refmath.tensor, decoding
greedily with the same tokens and the same logits bits on every target,
thread count and batch (docs/transformer.md).

The model is the tensor module's "decoder" case (src/conform/decoder_case.h):
token embedding, RMS norm, multi-head causal attention with RoPE and grouped
key/value heads, a SwiGLU MLP and a vocabulary head, weights from the golden
generator (no download).  Its outputs digest to the row
``exact:decoder:8x64`` of golden/tensor.sha256.

Usage: decoder.py [--batch B] [--steps N] [--variant V] [--threads T]
                  [--target T]
prints each sequence's tokens and the SHA-256 of the case's outputs."""
import argparse
import hashlib
import os
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "spec_port"))
import tensor_port as port  # noqa: E402
from tensor_port import generated  # noqa: E402  (the golden generator)

F32 = np.float32
SHAPE = dict(vocab=32, dim=16, heads=2, kv_heads=1, head_dim=8, ffn=32,
             layers=2)
EPS = F32(1e-6)
# RoPE's frequencies 10000^(-2i/8), as the binary32 nearest each.
FREQ = np.array([1.0, 0.1, 0.01, 0.001], dtype=F32)
CASE_NUMBER = 75  # the case's position in golden/tensor.sha256's table


def weights(number=CASE_NUMBER, s=SHAPE):
    """Input 0 the embedding (e = 0); layer l's nine from 1 + 9l (gains
    e = 0, matrices e = -2); then the final gain and the head."""
    def w(index, shape, e):
        return generated(number, index, int(np.prod(shape)), e).reshape(shape)

    qd, kd, d, f = (s["heads"] * s["head_dim"], s["kv_heads"] * s["head_dim"],
                    s["dim"], s["ffn"])
    layers = []
    for layer in range(s["layers"]):
        b = 1 + 9 * layer
        layers.append(dict(
            attn_gain=w(b, (d,), 0), wq=w(b + 1, (d, qd), -2),
            wk=w(b + 2, (d, kd), -2), wv=w(b + 3, (d, kd), -2),
            wo=w(b + 4, (qd, d), -2), mlp_gain=w(b + 5, (d,), 0),
            w_gate=w(b + 6, (d, f), -2), w_up=w(b + 7, (d, f), -2),
            w_down=w(b + 8, (f, d), -2)))
    end = 1 + 9 * s["layers"]
    return dict(embed=w(0, (s["vocab"], d), 0), layers=layers,
                final_gain=w(end, (d,), 0), head=w(end + 1, (d, s["vocab"]), -2))


def prompt(j, number=CASE_NUMBER, vocab=SHAPE["vocab"]):
    """Sequence j's prompt: 3 + 2j tokens, (7i + 13j + 5 number) mod vocab."""
    return [(7 * i + 13 * j + 5 * number) % vocab for i in range(3 + 2 * j)]


class RefmathOps:
    """The model's operations by refmath.tensor (keywords: variant,
    threads, target), RoPE's sin and cos by refmath.correct.sincos."""

    def __init__(self, **kw):
        import refmath  # only here: the port's side runs without it
        self.refmath = refmath
        self.kw = kw

    def sincos(self, angle):
        return self.refmath.correct.sincos(angle)

    def rms_norm(self, x, g):
        return self.refmath.tensor.rms_norm(x, g, eps=EPS, **self.kw)

    def matmul(self, a, b):
        return self.refmath.tensor.matmul(a, b, **self.kw)

    def rope(self, x, cos, sin):
        return self.refmath.tensor.rope(x, cos, sin, **self.kw)

    def attention(self, q, k, v, causal=True):
        return self.refmath.tensor.attention(q, k, v, causal=causal, **self.kw)

    def add(self, a, b):
        return self.refmath.tensor.add(a, b, **self.kw)

    def swiglu(self, gate, up):
        return self.refmath.tensor.swiglu(gate, up, **self.kw)


class PortOps:
    """The same operations by the NumPy port of docs/tensor-ops.md
    (tools/spec_port/tensor_port.py), sin, cos and silu correctly rounded
    with mpmath: an implementation that shares no code with refmath's.
    sin and cos are kept by input bits, since every step needs the same
    table again."""

    def __init__(self, fused=False):
        self.fused = fused
        self.memo = {"sin": {}, "cos": {}}  # input bits -> result

    def _rounded(self, name, x, formula, specials):
        keys = [int(k) for k in x.ravel().view(np.uint32)]
        memo = self.memo[name]
        new = np.array(sorted(set(keys) - memo.keys()), dtype=np.uint32)
        values = port.correctly_rounded(new.view(F32), formula, specials)
        memo.update(zip((int(k) for k in new), values))
        return np.array([memo[k] for k in keys], dtype=F32).reshape(x.shape)

    def sincos(self, angle):
        return (self._rounded("sin", angle, mpmath.sin, {0: F32(0)}),
                self._rounded("cos", angle, mpmath.cos, {0: F32(1)}))

    def rms_norm(self, x, g):
        return port.rms_norm(x, g, EPS, self.fused)

    def matmul(self, a, b):
        return port.matmul(a, b, self.fused)

    def rope(self, x, cos, sin):
        return port.rope(x, cos, sin, False)

    def attention(self, q, k, v, causal=True):
        return port.attention_heads(q, k, v, None, None, None, causal,
                                    self.fused)

    def add(self, a, b):
        return port.canonical_nan(a + b)

    def swiglu(self, gate, up):
        return port.canonical_nan(port.silu(gate) * up)


def frequencies(hd):
    """RoPE's 10000^(-2i/hd): FREQ for the model's hd = 8; for other head
    sizes (the benchmark's larger shapes) the binary64 power rounded to
    binary32."""
    if hd == 8:
        return FREQ
    return (10000.0 ** (-np.arange(0, hd, 2) / hd)).astype(F32)


def rope_tables(ops, length, hd=8):
    """cos and sin [length, hd/2] of the angles float32(p) * f[i]."""
    angle = np.arange(length, dtype=F32)[:, None] * frequencies(hd)[None, :]
    sin, cos = ops.sincos(angle)
    return cos, sin


def heads(x, batch, length, count, hd):
    """[B*L, count*hd] as [B, count, L, hd]."""
    return np.ascontiguousarray(
        x.reshape(batch, length, count, hd).transpose(0, 2, 1, 3))


def merge(x):
    """[B, H, L, hd] back to [B*L, H*hd]."""
    b, h, length, hd = x.shape
    return np.ascontiguousarray(x.transpose(0, 2, 1, 3)).reshape(
        b * length, h * hd)


def layer_forward(ops, w, s, h, cos, sin, batch, length, cache=None):
    """h + attention, then + the MLP, each on the RMS-normed h.  With a
    cache (a dict), the keys and values of earlier positions are taken
    from it and the new ones appended: the queries then attend to every
    cached key, which is causal attention for one new position."""
    hd = s["head_dim"]
    x = ops.rms_norm(h, w["attn_gain"])
    q, k, v = (ops.matmul(x, w[m]) for m in ("wq", "wk", "wv"))
    q4 = ops.rope(heads(q, batch, length, s["heads"], hd), cos, sin)
    k4 = ops.rope(heads(k, batch, length, s["kv_heads"], hd), cos, sin)
    v4 = heads(v, batch, length, s["kv_heads"], hd)
    if cache is not None and "k" in cache:
        k4 = np.concatenate([cache["k"], k4], axis=2)
        v4 = np.concatenate([cache["v"], v4], axis=2)
    if cache is not None:
        cache["k"], cache["v"] = k4, v4
    a = ops.attention(q4, k4, v4, causal=k4.shape[2] == length)
    h = ops.add(h, ops.matmul(merge(a), w["wo"]))
    x = ops.rms_norm(h, w["mlp_gain"])
    gate = ops.swiglu(ops.matmul(x, w["w_gate"]), ops.matmul(x, w["w_up"]))
    return ops.add(h, ops.matmul(gate, w["w_down"]))


def forward(ops, w, tokens, s=SHAPE, caches=None, start=0):
    """logits [B*L, vocab] of right-padded tokens [B, L] at positions
    start.. (start > 0 with one cache per layer holding the positions
    before; one new position then)."""
    batch, length = tokens.shape
    h = w["embed"][tokens.ravel()]
    cos, sin = rope_tables(ops, start + length, s["head_dim"])
    cos, sin = cos[start:], sin[start:]
    for i, layer in enumerate(w["layers"]):
        h = layer_forward(ops, layer, s, h, cos, sin, batch, length,
                          None if caches is None else caches[i])
    return ops.matmul(ops.rms_norm(h, w["final_gain"]), w["head"])


def decode_cached(ops, j, steps=64, number=CASE_NUMBER):
    """Greedy decoding of prompt j alone with a key/value cache: the prompt
    once, then one position per step; the results of decode(ops, 1,
    steps, number, first=j), which runs the whole sequence every step."""
    w = weights(number)
    seq = prompt(j, number)
    caches = [{} for _ in w["layers"]]
    fresh, seen = list(seq), []  # fresh: the positions not yet cached
    for _ in range(steps):
        last = forward(ops, w, np.array([fresh]), caches=caches,
                       start=len(seq) - len(fresh))[-1]
        seen.append(last.copy())
        seq.append(int(np.argmax(last)))
        fresh = seq[-1:]
    return [(np.array(seen), seq[-steps:])]


def decode(ops, batch=8, steps=64, number=CASE_NUMBER, first=0):
    """Greedy decoding of prompts first .. first+batch-1 as one
    right-padded batch (padding token 0): per sequence, the logits at its
    last position before each step [steps, vocab] and its new tokens."""
    w = weights(number)
    seqs = [prompt(j, number) for j in range(first, first + batch)]
    seen = [[] for _ in range(batch)]
    for _ in range(steps):
        length = max(len(q) for q in seqs)
        tokens = np.zeros((batch, length), dtype=np.int64)
        for b, q in enumerate(seqs):
            tokens[b, :len(q)] = q
        logits = forward(ops, w, tokens).reshape(batch, length, -1)
        for b, q in enumerate(seqs):
            last = logits[b, len(q) - 1]
            seen[b].append(last.copy())
            q.append(int(np.argmax(last)))  # the first of the largest
    return [(np.array(seen[b]), seqs[b][-steps:]) for b in range(batch)]


def case_outputs(results):
    """The case's outputs as RunDecoder writes them: per sequence its
    logits, then its tokens as float32."""
    return np.concatenate([np.concatenate([l.ravel(), np.array(t, F32)])
                           for l, t in results])


def digest(results):
    data = case_outputs(results).astype("<f4").view("<u4")
    return hashlib.sha256(data.tobytes()).hexdigest()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--batch", type=int, default=8, choices=range(1, 9))
    p.add_argument("--steps", type=int, default=64)
    p.add_argument("--variant", default="exact", choices=["exact", "fast"])
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--target", default=None)
    a = p.parse_args(argv)
    ops = RefmathOps(variant=a.variant, threads=a.threads, target=a.target)
    results = decode(ops, a.batch, a.steps)
    for b, (_, tokens) in enumerate(results):
        print("sequence %d: prompt %s -> %s" % (b, prompt(b), tokens))
    print("%s  %s:decoder:%dx%d" % (digest(results), a.variant, a.batch,
                                    a.steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
