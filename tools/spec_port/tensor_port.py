#!/usr/bin/env python3
"""Independent port of the tensor operations (docs/tensor-ops.md).

Recomputes, in numpy float32 arithmetic, every row of golden/tensor.sha256
from the text of docs/tensor-ops.md and of docs/golden-hashes.md ("Tensor
module": the cases, the input generator, the special matrix) and compares
the digests.  ExpNonPositive, log and the fused multiply-add come from
spec_port.py, the port of the elementwise functions.  Every operation is
one binary32 operation on float32 arrays, rounded to nearest even;
vectorised over rows, blocks and accumulators, which changes no order the
text fixes.

Usage: python3 tools/spec_port/tensor_port.py [--golden FILE]
           [--variant exact|fast] [--case SUBSTRING]...
Exit status 0 when every computed row matches, 1 otherwise, 2 on bad
usage or an unreadable golden file.
"""

import argparse
import hashlib
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec_port as sp  # noqa: E402
import mpmath  # noqa: E402
import numpy as np  # noqa: E402

F32, U32 = np.float32, np.uint32
BLOCK, ACCS, KBLOCK = 4096, 16, 256
NEG_ZERO = sp.from_bits(np.array([0x80000000], dtype=U32))[0]
NAN = sp.from_bits(np.array([0x7FC00000], dtype=U32))[0]


def canonical_nan(y):
    y = np.asarray(y, dtype=F32)
    return np.where(np.isnan(y), NAN, y).astype(F32)


def tree(p):
    """The pairwise tree along the last axis (odd last element carried)."""
    while p.shape[-1] > 1:
        c = p.shape[-1]
        h = c // 2
        q = p[..., 0:2 * h:2] + p[..., 1:2 * h:2]
        if c % 2:
            q = np.concatenate([q, p[..., c - 1:c]], axis=-1)
        p = q
    return p[..., 0]


def canonical_sum(x, y=None, fused=False):
    """S or D of each row of the (R, n) float32 array(s)."""
    rows, n = x.shape
    if n == 0:
        return np.zeros(rows, dtype=F32)
    blocks = -(-n // BLOCK)
    # Groups of ACCS terms a block holds; a single short block stops at its
    # last group, since the groups after it would add only padding.
    groups = BLOCK // ACCS if blocks > 1 else -(-n // ACCS)
    pad = blocks * groups * ACCS - n  # -0 terms (x = -0, y = +0): no change
    xp = np.concatenate([x, np.full((rows, pad), NEG_ZERO, dtype=F32)], 1)
    xp = xp.reshape(rows, blocks, groups, ACCS)
    if y is not None:
        yp = np.concatenate([y, np.zeros((rows, pad), dtype=F32)], 1)
        yp = yp.reshape(rows, blocks, groups, ACCS)
    acc = np.full((rows, blocks, ACCS), NEG_ZERO, dtype=F32)
    for g in range(groups):
        if y is None:
            acc = acc + xp[:, :, g, :]
        elif fused:
            acc = sp.fma(xp[:, :, g, :], yp[:, :, g, :], acc)
        else:
            acc = acc + xp[:, :, g, :] * yp[:, :, g, :]
    return canonical_nan(tree(tree(acc)))


def round_integer(total):
    """The binary32 nearest total * 2^-149 (ties to even)."""
    neg, mag = total < 0, abs(total)
    if mag == 0:
        return F32(0.0)
    shift = max(mag.bit_length() - 24, 0)
    q, rem = mag >> shift, mag & ((1 << shift) - 1)
    half = 1 << (shift - 1) if shift else 0
    if shift and (rem > half or (rem == half and q & 1)):
        q += 1
    with np.errstate(over="ignore"):
        value = F32(np.ldexp(float(q), shift - 149))
    return -value if neg else value


def correctly_rounded_sum(row):
    bits = row.view(U32).astype(np.int64)
    if np.isnan(row).any() or (np.isposinf(row).any() and
                               np.isneginf(row).any()):
        return NAN
    if np.isinf(row).any():
        return row[np.isinf(row)][0]
    if len(row) and (bits == 0x80000000).all():
        return NEG_ZERO
    return round_integer(exact_integer_sum(row))


def exact_integer_sum(row):
    """The exact sum of finite float32 values in units of 2^-149."""
    bits = row.view(U32).astype(np.int64)
    exp = (bits >> 23) & 0xFF
    mant = (bits & 0x7FFFFF) | np.where(exp > 0, 0x800000, 0)
    signed = np.where(bits >> 31 == 1, -mant, mant)
    total = 0
    for e in np.unique(exp):
        total += int(signed[exp == e].sum()) << (max(int(e), 1) - 1)
    return total


def matmul(a, b, fused):
    m, k = a.shape
    n = b.shape[1]
    if k == 0:
        return np.zeros((m, n), dtype=F32)
    parts = []
    for k0 in range(0, k, KBLOCK):
        p = np.full((m, n), NEG_ZERO, dtype=F32)
        for kk in range(k0, min(k0 + KBLOCK, k)):
            ak = np.ascontiguousarray(np.broadcast_to(a[:, kk:kk + 1], (m, n)))
            bk = np.ascontiguousarray(np.broadcast_to(b[kk:kk + 1, :], (m, n)))
            p = sp.fma(ak, bk, p) if fused else p + ak * bk
        parts.append(p)
    return canonical_nan(tree(np.stack(parts, axis=-1)))


def matmul_nd(a, b, fused):
    """numpy.matmul's shapes over matmul(): a 1-D a is one row and a 1-D b
    one column (their axis dropped from the result), the batch axes are
    broadcast, and each batch element is the 2-D matmul of its own
    matrices."""
    a2 = a[None, :] if a.ndim == 1 else a
    b2 = b[:, None] if b.ndim == 1 else b
    batch = np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
    a3 = np.broadcast_to(a2, batch + a2.shape[-2:])
    b3 = np.broadcast_to(b2, batch + b2.shape[-2:])
    out = np.empty(batch + (a2.shape[-2], b2.shape[-1]), dtype=F32)
    for idx in np.ndindex(*batch):
        out[idx] = matmul(np.ascontiguousarray(a3[idx]),
                          np.ascontiguousarray(b3[idx]), fused)
    if a.ndim == 1:
        out = out[..., 0, :]
    if b.ndim == 1:
        out = out[..., 0]
    return out


def gemm(a, b, c, alpha, beta, trans_a, trans_b, fused):
    """ONNX Gemm: P = matmul of A' and B' (transposed when asked), then
    alpha*P rounded, then beta*C rounded and added, C broadcast to
    P's shape."""
    p = matmul(np.ascontiguousarray(a.T if trans_a else a),
               np.ascontiguousarray(b.T if trans_b else b), fused)
    y = F32(alpha) * p
    if c is not None:
        y = y + F32(beta) * np.broadcast_to(c, p.shape)
    return canonical_nan(y)


def softmax(x, fused, log=False):
    nan_row = np.isnan(x).any(axis=1)
    m = np.where(nan_row, F32(0), np.max(np.where(np.isnan(x), F32(0), x),
                                         axis=1)).astype(F32)
    m = np.where(m == 0, F32(0.0), m).astype(F32)  # a zero max is +0
    shifted = x - m[:, None]
    e = sp.exp_nonpositive(shifted, fused)
    s = canonical_sum(e)
    if log:
        y = shifted - sp.log(s, fused)[:, None]
    else:
        y = e / s[:, None]
    y[nan_row] = NAN
    return canonical_nan(y)


def layer_norm(x, g, b, eps, fused, stats=False):
    """Layer norm of each row; stats: y, then the means, then 1 / sigma
    (ONNX's Mean and InvStdDev), one array."""
    n = F32(x.shape[1])
    mu = canonical_sum(x) / n
    d = x - mu[:, None]
    var = canonical_sum(d, d, fused) / n
    sigma = np.sqrt(var + eps)
    if stats:
        y = layer_norm(x, g, b, eps, fused)
        return np.concatenate([y.ravel(), canonical_nan(mu),
                               canonical_nan(F32(1) / sigma)])
    q = d / sigma[:, None]
    if g is not None and b is not None:
        return canonical_nan(sp.fma(q, np.broadcast_to(g, q.shape).copy(),
                                    np.broadcast_to(b, q.shape).copy())
                             if fused else q * g + b)
    return canonical_nan(q * g if g is not None else q)


def reduce_rows(op, x, fused):
    """The reductions of docs/tensor-ops.md ("reductions") of each row."""
    nan = np.isnan(x).any(axis=1)
    if op in ("max", "min"):
        m = np.max(x, axis=1) if op == "max" else np.min(x, axis=1)
        # A zero result: IEEE maximum puts +0 above -0, minimum -0 below.
        if op == "max":
            zero = np.where(((x == 0) & ~np.signbit(x)).any(axis=1), F32(0),
                            NEG_ZERO)
        else:
            zero = np.where(((x == 0) & np.signbit(x)).any(axis=1), NEG_ZERO,
                            F32(0))
        return canonical_nan(np.where(nan, NAN, np.where(m == 0, zero, m)))
    if op == "prod":
        p = np.ones(x.shape[0], dtype=F32)
        for j in range(x.shape[1]):
            p = p * x[:, j]
        return canonical_nan(p)
    if op in ("sum_square", "l2"):
        d = canonical_sum(x, x, fused)
        return canonical_nan(np.sqrt(d) if op == "l2" else d)
    if op == "l1":
        return canonical_nan(canonical_sum(np.abs(x)))
    # logsumexp: m + log(S(exp(x - m))); NaN rows NaN, infinite m itself.
    m = np.max(np.where(nan[:, None], F32(0), x), axis=1).astype(F32)
    inf = np.isinf(m)
    shifted = x - np.where(inf, F32(0), m)[:, None]
    s = canonical_sum(sp.exp_nonpositive(np.where(inf[:, None], F32(0), shifted),
                                         fused))
    y = np.where(inf, m, m + sp.log(s, fused))
    return canonical_nan(np.where(nan, NAN, y))


def rms_norm(x, g, eps, fused):
    ms = canonical_sum(x, x, fused) / F32(x.shape[1])
    q = x / np.sqrt(ms + eps)[:, None]
    return canonical_nan(q * g if g is not None else q)


def attention(q, k, v, mask, fused):
    t = matmul(q, np.ascontiguousarray(k.T), fused)
    t = t / np.sqrt(F32(q.shape[1]))
    if mask is not None:
        t = t + mask
    return matmul(softmax(t, fused), v, fused)


def attention_heads(q, k, v, mask, keep, scale, causal, fused):
    """Attention with batch and heads: q (B, H, L, d), k (B, Hkv, S, d), v
    (B, Hkv, S, dv); head h reads key/value head h // (H // Hkv).  Per
    slice: the scores, / sqrt(d) or * scale, + mask, -inf where keep
    leaves a key out (a zero), softmax, the product with V.  Causal: row i
    reads keys 0..min(i, S-1) only, its softmax over those and its
    product a matmul of that one row by V's first rows."""
    b, h, l, d = q.shape
    s, group = k.shape[2], h // k.shape[1]
    out = np.empty((b, h, l, v.shape[3]), dtype=F32)
    masks = None if mask is None else np.broadcast_to(mask, (b, h, l, s))
    keeps = None if keep is None else np.broadcast_to(keep, (b, h, l, s))
    for i in range(b):
        for j in range(h):
            kv = j // group
            t = matmul(np.ascontiguousarray(q[i, j]),
                       np.ascontiguousarray(k[i, kv].T), fused)
            t = t / np.sqrt(F32(d)) if scale is None else t * F32(scale)
            if masks is not None:
                t = t + masks[i, j]
            if keeps is not None:
                t[keeps[i, j] == 0] = -np.inf
            vs = np.ascontiguousarray(v[i, kv])
            with np.errstate(invalid="ignore"):  # a row keeping no key: NaN
                if not causal:
                    out[i, j] = matmul(softmax(t, fused), vs, fused)
                    continue
                for r in range(l):
                    n = min(r + 1, s)
                    p = softmax(np.ascontiguousarray(t[r:r + 1, :n]), fused)
                    out[i, j, r] = matmul(p, vs[:n], fused)[0]
    return out


# --- The golden cases (docs/golden-hashes.md, "Tensor module") -----------

SPECIAL_BITS = [
    0, 0, 0, 0, 0, 0, 0, 0,
    0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000,
    0xFF800000, 0xFF800000,
    0x3F800000, 0x40000000, 0x7FC00000, 0x40400000, 0x40800000, 0x40A00000,
    0x40C00000, 0x40E00000,
    0x7F800000, 0x00000000, 0x3F800000, 0x40000000, 0x40400000, 0x40800000,
    0x40A00000, 0x40C00000,
    0xFF800000, 0x00000000, 0xFF800000, 0x3F800000, 0x80000000, 0x40000000,
    0xFF800000, 0x40400000,
    0x7F7FFFFF, 0x7F7FFFFF, 0xFF7FFFFF, 0x00000001, 0x80000001, 0x71800000,
    0xF1800000, 0x3F000000]

# (op, dims, exponent, extra, special[, format]), in golden order; a case's
# position is its `number`, which seeds its inputs.
CASES = (
    [("sum", (1, n), 0, False, False)
     for n in (1, 15, 16, 17, 4095, 4096, 4097)] +
    [("sum", (3, 65537), 0, False, False),
     ("sum", (1, 2000003), 0, False, False),
     ("sum", (300, 37), 0, True, False),
     ("sum", (6, 8), 0, False, True)] +
    [("sum_cr", d, 0, False, False)
     for d in ((1, 17), (1, 4097), (3, 65537), (1, 2000003))] +
    [("sum_cr", (6, 8), 0, False, True),
     ("mean", (5, 1000), 0, False, False),
     ("mean", (300, 37), 0, True, False)] +
    [("dot", (n,), 0, False, False) for n in (17, 4097, 1000003)] +
    [("matmul", d, 0, False, False)
     for d in ((1, 1, 1), (5, 17, 3), (33, 300, 45), (64, 513, 64))] +
    [("softmax", d, 3, False, False)
     for d in ((1, 1), (3, 17), (7, 4097), (2, 100003))] +
    [("softmax", (6, 8), 0, False, True)] +
    [("log_softmax", d, 3, False, False)
     for d in ((1, 1), (3, 17), (7, 4097), (2, 100003))] +
    [("log_softmax", (6, 8), 0, False, True),
     ("layer_norm", (3, 17), 0, True, False),
     ("layer_norm", (7, 4097), 0, True, False),
     ("layer_norm", (5, 1000), 0, False, False),
     ("layer_norm", (6, 8), 0, False, True),
     ("rms_norm", (3, 17), 0, True, False),
     ("rms_norm", (7, 4097), 0, False, False),
     ("rms_norm", (6, 8), 0, False, True),
     ("attention", (17, 33, 16, 8), 0, True, False),
     ("attention", (64, 300, 64, 64), 0, False, False),
     ("max", (5, 1000), 0, False, False), ("max", (6, 8), 0, False, True),
     ("min", (300, 37), 0, True, False), ("min", (6, 8), 0, False, True),
     ("prod", (5, 17), 0, False, False), ("prod", (6, 8), 0, False, True),
     ("sum_square", (3, 4097), 0, False, False),
     ("sum_square", (6, 8), 0, False, True),
     ("l1", (3, 4097), 0, False, False), ("l1", (6, 8), 0, False, True),
     ("l2", (3, 4097), 0, False, False), ("l2", (6, 8), 0, False, True),
     ("logsumexp", (7, 4097), 3, False, False),
     ("logsumexp", (6, 8), 0, False, True),
     ("layer_norm_stats", (7, 4097), 0, True, False),
     ("layer_norm_stats", (6, 8), 0, False, True),
     ("silu", (3, 17), 3, False, False), ("silu", (6, 8), 0, False, True),
     ("softplus", (3, 17), 3, False, False),
     ("softplus", (6, 8), 0, False, True),
     ("gelu", (7, 4097), 2, False, False), ("gelu", (6, 8), 0, False, True),
     ("gelu_tanh", (7, 4097), 2, False, False),
     ("gelu_tanh", (6, 8), 0, False, True),
     ("swiglu", (5, 1000), 3, False, False),
     ("swiglu", (6, 8), 0, False, True),
     ("add", (5, 1000), 0, True, False), ("add", (6, 8), 0, False, True),
     ("rope", (33, 64), 0, False, False), ("rope", (33, 64), 0, True, False),
     ("rope", (6, 8), 0, False, True),
     ("decoder", (8, 64), 0, False, False)] +
    # Half-precision storage: (op, dims, exponent, extra, special, format).
    [("softmax", (7, 4097), 3, False, False, "bf16"),
     ("softmax", (6, 8), 0, False, True, "f16"),
     ("layer_norm", (7, 4097), 0, True, False, "bf16"),
     ("layer_norm_stats", (7, 4097), 0, True, False, "f16"),
     ("rms_norm", (7, 4097), 0, True, False, "bf16"),
     ("matmul", (33, 300, 45), 0, False, False, "f16"),
     ("matmul", (33, 300, 45), 0, False, False, "bf16"),
     ("attention", (17, 33, 16, 8), 0, True, False, "bf16"),
     ("sum", (3, 65537), 0, False, False, "f16"),
     ("gelu", (7, 4097), 2, False, False, "f16"),
     ("silu", (3, 17), 3, False, False, "bf16"),
     ("rope", (33, 64), 0, False, False, "f16"),
     ("add", (5, 1000), 0, True, False, "bf16")])
REDUCTIONS = ("max", "min", "prod", "sum_square", "l1", "l2", "logsumexp")
ELEMENTWISE = ("silu", "softplus", "gelu", "gelu_tanh", "swiglu", "add",
               "rope")


def nearest_f32(v):
    """The binary32 nearest the mpmath number v (finite, nonzero), its
    subnormals included; a value under half the least subnormal gives a
    zero of v's sign."""
    _, e = mpmath.frexp(v)  # |v| in [2^(e-1), 2^e)
    quantum = max(e - 24, -149)
    n = int(mpmath.nint(mpmath.ldexp(v, -quantum)))
    return F32(math.copysign(float(n) * 2.0 ** quantum, float(v)))


def correctly_rounded(x, formula, specials):
    """The correctly rounded formula(x) element by element at 160 bits;
    specials maps an input's bits to its result (the zeros, the
    infinities), NaN gives the canonical NaN."""
    out = np.empty(x.shape, F32)
    with mpmath.workprec(160):
        for i, v in enumerate(x.ravel()):
            key = int(np.array(v, F32).view(U32))
            if np.isnan(v):
                out.flat[i] = NAN
            elif key in specials:
                out.flat[i] = specials[key]
            else:
                out.flat[i] = nearest_f32(formula(mpmath.mpf(float(v))))
    return out


def silu_formula(v):
    return v / (1 + mpmath.exp(-v))


# silu(+-0) = +-0, silu(-inf) = -0, silu(+inf) = inf.
SILU_SPECIALS = {0: F32(0), 0x80000000: NEG_ZERO, 0xFF800000: NEG_ZERO,
                 0x7F800000: F32(np.inf)}


def silu(x):
    """x / (1 + e^-x), correctly rounded: in binary64 first (relative
    error under 2^-50), whose binary32 rounding is the correct one where
    the binary64 value moved by 2^-45 either way rounds alike; mpmath for
    the rest."""
    xd = x.astype(np.float64)
    with np.errstate(all="ignore"):
        yd = xd / (1.0 + np.exp(-xd))
        y = yd.astype(F32)
        lo = (yd * (1 - 2.0**-45)).astype(F32)
        hi = (yd * (1 + 2.0**-45)).astype(F32)
    hard = ~((lo == y) & (hi == y) & np.isfinite(x) & (x != 0))
    y[hard] = correctly_rounded(x[hard], silu_formula, SILU_SPECIALS)
    return y


def softplus(x):
    """log(1 + e^x); softplus(-inf) = +0, softplus(+inf) = inf."""
    return correctly_rounded(x, lambda v: mpmath.log1p(mpmath.exp(v)), {
        0xFF800000: F32(0), 0x7F800000: F32(np.inf)})


def rope(x, c, s, interleaved):
    """Each pair (x1, x2) with its c, s: (x1*c - x2*s, x2*c + x1*s), every
    product and sum a float32 operation of its own."""
    h = x.shape[-1] // 2
    pick = (slice(0, None, 2), slice(1, None, 2)) if interleaved else (
        slice(0, h), slice(h, None))
    x1, x2 = x[..., pick[0]], x[..., pick[1]]
    y = np.empty_like(x)
    y[..., pick[0]] = x1 * c - x2 * s
    y[..., pick[1]] = x2 * c + x1 * s
    return canonical_nan(y)


def elementwise(op, x, gen, exponent, extra, fused):
    """The elementwise cases on x (rows, n): swiglu's up and add's b are
    input 1 (add with extra: one row of n), rope's cos and sin inputs 1
    and 2 of (rows, n/2) with exponent 0; gen(index, n, exponent) makes
    them."""
    rows, n = x.shape
    if op == "silu":
        return silu(x)
    if op == "softplus":
        return softplus(x)
    if op == "gelu":
        if not fused:
            return sp.gelu_erf(x)
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                            "..")
        coeffs = sp.read_gelu_coeffs(os.path.join(root, sp.GELU_COEFFS_FILE))
        return sp.gelu_erf_fast(x, coeffs)
    if op == "gelu_tanh":
        return sp.gelu_tanh(x, fused)
    if op == "rope":
        c = gen(1, rows * n // 2, 0).reshape(rows, n // 2)
        s = gen(2, rows * n // 2, 0).reshape(rows, n // 2)
        return rope(x, c, s, extra)
    b = gen(1, n if (op == "add" and extra) else rows * n, exponent)
    if op == "add":
        return canonical_nan(x + (b if extra else b.reshape(rows, n)))
    return canonical_nan(silu(x) * b.reshape(rows, n))


def generated(number, index, n, exponent):
    """n values of the LCG s = s*1664525 + 1013904223 mod 2^32, seeded
    with number*16 + index + 1: (int(s >> 8) - 2^23) * 2^(exponent-23)."""
    mult, inc, mask = 1664525, 1013904223, 0xFFFFFFFF
    lanes = min(n, 1024)
    states, s = [], number * 16 + index + 1
    for _ in range(lanes):
        s = (s * mult + inc) & mask
        states.append(s)
    jump_a, jump_c = 1, 0  # the map s -> s after `lanes` steps
    for _ in range(lanes):
        jump_a, jump_c = (jump_a * mult) & mask, (jump_c * mult + inc) & mask
    cur = np.array(states, dtype=np.uint64)
    chunks = [cur]
    for _ in range(1, -(-n // max(lanes, 1))):
        cur = (cur * np.uint64(jump_a) + np.uint64(jump_c)) & np.uint64(mask)
        chunks.append(cur)
    s_all = np.concatenate(chunks)[:n] if n else np.zeros(0, np.uint64)
    ints = (s_all >> np.uint64(8)).astype(np.int64) - (1 << 23)
    return (ints.astype(np.float64) * 2.0 ** (exponent - 23)).astype(F32)


def case_name(case):
    op, dims, _, extra, special = case[:5]
    name = op + ":" + ("special" if special else "x".join(map(str, dims)))
    if extra and not special:
        name += {"attention": ":mask", "rope": ":interleaved",
                 "add": ":row"}.get(op, ":scale" if "norm" in op else ":axis0")
    return name + ("" if len(case) == 5 else ":" + case[5])


def stored(v, fmt):
    """float32 values rounded to the storage format and widened back:
    binary16 by NumPy's cast (to nearest even), bfloat16 by adding
    0x7FFF plus the kept part's last bit to the bits and cutting the low
    half; NaN canonical in both."""
    v = np.asarray(v, dtype=F32)
    if fmt == "f16":
        return v.astype(np.float16).astype(F32)
    if fmt == "bf16":
        b = v.view(U32).astype(np.uint64)
        b = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
        b[np.isnan(v)] = 0x7FC00000
        return b.astype(U32).view(F32)
    return v


def run_case(number, case, fused):
    """The case's outputs; a half-precision case rounds every input to its
    format first and the outputs to it last (docs/tensor-ops.md, "Half
    precision")."""
    fmt = case[5] if len(case) > 5 else None
    return stored(run_float32(number, case, fused, fmt), fmt)


def run_float32(number, case, fused, fmt):
    op, dims, exponent, extra, special = case[:5]
    shape = (6, 8) if special else dims

    def gen(index, count, e):
        return stored(generated(number, index, count, e), fmt)

    def inp(index, count):
        if special and index == 0:
            return stored(sp.from_bits(np.array(SPECIAL_BITS, dtype=U32)),
                          fmt).copy()
        return gen(index, count, exponent)

    if op in REDUCTIONS:
        x = inp(0, shape[0] * shape[1]).reshape(shape)
        return reduce_rows(op, np.ascontiguousarray(x.T if extra else x), fused)
    if op in ("sum", "sum_cr", "mean"):
        x = inp(0, shape[0] * shape[1]).reshape(shape)
        rows = x.T if extra else x
        if op == "sum_cr":
            return np.array([correctly_rounded_sum(r.copy()) for r in rows],
                            dtype=F32)
        s = canonical_sum(np.ascontiguousarray(rows))
        return canonical_nan(s / F32(rows.shape[1]) if op == "mean" else s)
    if op == "dot":
        x, y = inp(0, dims[0])[None, :], inp(1, dims[0])[None, :]
        return canonical_sum(x, y, fused)
    if op == "matmul":
        m, k, n = dims
        return matmul(inp(0, m * k).reshape(m, k), inp(1, k * n).reshape(k, n),
                      fused)
    if op == "decoder":  # the model of tools/transformer, on this port
        sys.path.insert(0, os.path.join(os.path.dirname(
            os.path.abspath(__file__)), "..", "transformer"))
        import decoder  # noqa: E402
        ops = decoder.PortOps(fused)  # each sequence with a key/value cache
        return decoder.case_outputs([r for j in range(dims[0]) for r in
                                     decoder.decode_cached(ops, j, dims[1],
                                                           number)])
    if op == "attention":
        lq, lk, d, dv = dims
        mask = inp(3, lq * lk).reshape(lq, lk) if extra else None
        return attention(inp(0, lq * d).reshape(lq, d),
                         inp(1, lk * d).reshape(lk, d),
                         inp(2, lk * dv).reshape(lk, dv), mask, fused)
    n = shape[1]
    x = inp(0, shape[0] * n).reshape(shape)
    if op in ELEMENTWISE:
        return elementwise(op, x, gen, exponent, extra, fused)
    g = gen(1, n, 0) if extra else None
    b = gen(2, n, 0) if extra else None
    if op in ("softmax", "log_softmax"):
        return softmax(x, fused, op == "log_softmax")
    if op in ("layer_norm", "layer_norm_stats"):
        return layer_norm(x, g, b, sp.f32("1e-5"), fused,
                          op == "layer_norm_stats")
    return rms_norm(x, g, sp.f32("1e-6"), fused)


def digest(values):
    data = np.ascontiguousarray(values, dtype=F32).ravel().view(U32)
    return hashlib.sha256(data.astype("<u4").tobytes()).hexdigest()


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--golden", default=os.path.join(
        here, "..", "..", "golden", "tensor.sha256"))
    parser.add_argument("--variant", choices=["exact", "fast"],
                        action="append")
    parser.add_argument("--case", action="append", default=[])
    args = parser.parse_args(argv)
    try:
        golden = sp.read_golden(args.golden)
    except OSError as e:
        sys.stderr.write("tensor_port: cannot read %s: %s\n" %
                         (args.golden, e.strerror))
        return 2
    failures = checked = 0
    with np.errstate(all="ignore"):
        for variant in args.variant or ["exact", "fast"]:
            for number, case in enumerate(CASES):
                row = variant + ":" + case_name(case)
                if args.case and not any(c in row for c in args.case):
                    continue
                got = digest(run_case(number, case, variant == "fast"))
                want = golden.get(row)
                checked += 1
                if got != want:
                    failures += 1
                    print("MISMATCH %s: port %s, golden %s" % (row, got, want))
    print("tensor_port: %d of %d rows reproduced" % (checked - failures,
                                                     checked))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
