#!/usr/bin/python3
"""Independent recomputation of golden/ane-ops.sha256 with NumPy.

Each row of the module is an op of the ANE fp16 model (docs/ane.md) on
inputs drawn by a fixed formula, under one preset profile.  This port
follows the definitions in docs/ane.md, not the C++ code: reads flush
subnormals to signed zero on the device presets; sums, differences and
products of two binary16 values are exact in binary64 and quotients
rounded once there round to the right binary16 (a format of at least
2 * 11 + 2 bits); the rounding to binary16 is NumPy's float64 -> float16
cast (nearest, ties to even), with ties moved away from zero where the
profile says so; a matmul output is Dot's: each product rounded to
binary16, summed in binary16 tiles where the profile has them, each tile
sum added to a binary32 register (NumPy float32 additions, in k order) or
summed exactly, then rounded with the output tie and saturated.  The
exponential is the binary16 rounding of refmath's exact binary32 kernel
(`refmath eval`), which golden_numpy_check.py justifies separately.

Usage: ops_port.py PATH/TO/refmath GOLDEN_FILE
Exit 0 if every row of GOLDEN_FILE is reproduced, 1 otherwise.
"""
import hashlib
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

from golden_numpy_check import read_golden  # the golden file's rows, by name

NAN16 = 0x7E00
MIN_NORMAL = 2.0 ** -14

# name: (tile, output ties away from zero, saturation, flush subnormals,
#        crop-DMA limit of width-offset slices, reduction block)
SPEC = (1, False, 65520.0, False, 0, 0)
PRESETS = {
    'spec': SPEC,
    'm1': (4, False, 32768.0, True, 0, 0),
    'm3': (1, False, 32768.0, True, 0, 0),
    'm5': (1, True, 32768.0, True, 0, 0),
    'a13': SPEC[:4] + (4094.0, 192),
    'a14': SPEC[:4] + (0, 192),
    'a15': SPEC[:4] + (0, 384),
    'a16': SPEC[:4] + (0, 384),
    'a17': SPEC[:4] + (0, 384),
}


class Profile:
    def __init__(self, name, exact=False):
        self.name = name
        (self.tile, self.away, self.saturation, self.flush, self.crop,
         self.block) = PRESETS[name]
        self.exact = exact


def pattern(seed, n):
    """AneOpPattern: the top 16 bits of i * 0x9E3779B1 + seed * 0x85EBCA77."""
    i = np.arange(n, dtype=np.uint64)
    v = (i * 0x9E3779B1 + seed * 0x85EBCA77) & 0xFFFFFFFF
    return (v >> 16).astype(np.uint16)


def draw(shape, seed, kind):
    h = pattern(seed, int(np.prod(shape)))
    sign, mantissa, field = h & 0x8000, h & 0x03FF, (h >> 10) & 0x1F
    if kind == 'finite':
        h = np.where(field == 31, sign | (30 << 10) | mantissa, h)
    elif kind == 'mid':
        h = sign | ((6 + (field & 15)) << 10) | mantissa
    elif kind == 'positive':
        h = ((13 + (field & 3)) << 10) | mantissa
    elif kind == 'large':
        h = ((20 + (field & 3)) << 10) | mantissa
    elif kind == 'small':
        h = sign | ((11 + (field & 3)) << 10) | mantissa
    return h.astype(np.uint16).reshape(shape)


def value(bits):
    return bits.view(np.float16).astype(np.float64)


def read(bits, p):
    v = value(bits)
    if p.flush:
        v = np.where(np.abs(v) < MIN_NORMAL, np.copysign(0.0, v), v)
    return v


def round16(x, p, away=False):
    """The binary16 patterns nearest to the float64 values x."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all='ignore'):
        h = x.astype(np.float16).view(np.uint16).copy()
        if away:
            # At a tie the even neighbour h and the other one are equally
            # far from x (both differences exact); take the larger magnitude.
            back = value(h)
            finite = np.isfinite(back) & np.isfinite(x) & (back != x)
            step = np.where(np.abs(x) > np.abs(back), 1, -1)
            other = (h.astype(np.int32) + np.where(finite, step, 0)).astype(np.uint16)
            tie = finite & (np.abs(x - back) == np.abs(value(other) - x))
            bigger = np.abs(value(other)) > np.abs(back)
            h = np.where(tie & bigger, other, h)
    if p.flush:
        small = (np.abs(value(h)) < MIN_NORMAL)
        h = np.where(small, h & 0x8000, h)
    return np.where(np.isnan(x), NAN16, h).astype(np.uint16)


def elementwise(f):
    def op(a, b, p):
        with np.errstate(all='ignore'):
            return round16(f(read(a, p), read(b, p)), p)
    return op


def minmax(pick_first):
    def op(a, b, p):
        x, y = np.broadcast_arrays(read(a, p), read(b, p))
        first = pick_first(x, y) | ((x == y) & (np.signbit(x) == pick_first(-1.0, 1.0)))
        r = round16(np.where(first, x, y), p)
        return np.where(np.isnan(x) | np.isnan(y), NAN16, r).astype(np.uint16)
    return op


def truth(f):
    def op(a, b, p):
        return np.where(f(read(a, p), read(b, p)), 0x3C00, 0).astype(np.uint16)
    return op


def select(cond, a, b, p):
    return np.where(read(cond, p) != 0, a, b).astype(np.uint16)


def matmul(a, b, p):
    """Dot for every output of a @ b (batch axes broadcast), vectorized
    over the outputs."""
    k_len = a.shape[-1]
    ra, rb = read(a, p), read(b, p)
    acc = None
    tile = None
    with np.errstate(all='ignore'):
        for k in range(k_len):
            product = value(round16(ra[..., k, None] * rb[..., k, None, :], p))
            if acc is None:
                acc = np.full(product.shape, -0.0, np.float64 if p.exact else np.float32)
            first = k % p.tile == 0
            tile = product if first else value(round16(tile + product, p))
            if (k + 1) % p.tile == 0 or k + 1 == k_len:
                # Exact sums: binary16 terms (multiples of 2^-24 below 2^16
                # for these inputs), at most 512 of them, within 53 bits.
                acc = acc + tile.astype(acc.dtype)
    h = round16(acc.astype(np.float64), p, away=p.away)
    big = ~np.isnan(value(h)) & (np.abs(value(h)) >= p.saturation)
    return np.where(big, (h & 0x8000) | 0x7C00, h).astype(np.uint16)


def ones(k, n):
    return np.full((k, n), 0x3C00, np.uint16)


def wide_sum(x, p):
    """x @ ones along the last axis; on a chip with a reduction block
    shorter than the row, each block summed so first, then the partials."""
    k = x.shape[-1]
    if not p.block or k <= p.block:
        return matmul(x, ones(k, 1), p)
    starts = range(0, k, p.block)
    partials = np.concatenate(
        [matmul(x[..., s:s + p.block], ones(min(p.block, k - s), 1), p)
         for s in starts], axis=-1)
    return matmul(partials, ones(len(starts), 1), p)


def slice_offset(x, offset, width, p):
    """x[..., offset:offset + width]; past the first column, a13's
    crop-DMA turns magnitudes above 4094 into infinities."""
    s = x[..., offset:offset + width]
    if offset and p.crop:
        v = value(s)
        s = np.where(~np.isnan(v) & (np.abs(v) > p.crop), (s & 0x8000) | 0x7C00, s)
    return s.astype(np.uint16)


def reduce_sum(x, p):
    """The narrow sum along the last axis, each addition rounded as outputs."""
    s = round16(read(x[..., 0], p), p, away=p.away)
    for i in range(1, x.shape[-1]):
        s = round16(read(s, p) + read(x[..., i], p), p, away=p.away)
    return s[..., None]


def reduce_max(x, p):
    m = np.full(x.shape[:-1], 0xFC00, np.uint16)
    for i in range(x.shape[-1]):
        m = minmax(np.greater)(m, x[..., i], p)
    return m[..., None]


def kernel16(name, x, p, refmath, tmp):
    """The model's exp / tanh: refmath's exact binary32 kernel on the read
    input, rounded to binary16."""
    src, dst = os.path.join(tmp, 'in.f32'), os.path.join(tmp, 'out.f32')
    read(x, p).astype('<f4').tofile(src)
    subprocess.run([refmath, 'eval', '--function', name, '--in', src,
                    '--out', dst], check=True)
    y = np.fromfile(dst, dtype='<f4').astype(np.float64)
    return round16(y, p).reshape(x.shape)


def softmax(x, p, refmath, tmp):
    d = elementwise(np.subtract)(x, reduce_max(x, p), p)
    e = kernel16('exp', d, p, refmath, tmp)
    return elementwise(np.divide)(e, wide_sum(e, p), p)


add, sub, mul = (elementwise(f) for f in (np.add, np.subtract, np.multiply))


def const(v, p):
    return round16(np.float64(v), p)


def unary(f):
    def op(x, p):
        with np.errstate(all='ignore'):
            return round16(f(read(x, p)), p)
    return op


def mean(x, p, wide=True):
    """The sum along the last axis (matmul route or narrow) times 1/K."""
    s = wide_sum(x, p) if wide else reduce_sum(x, p)
    return mul(s, const(1.0 / x.shape[-1], p), p)


def inverse_root(v, eps, p):
    return unary(lambda r: 1.0 / r)(unary(np.sqrt)(add(v, const(eps, p), p), p), p)


def layer_norm(x, gamma, beta, eps, p):
    d = sub(x, mean(x, p), p)
    y = mul(d, inverse_root(mean(mul(d, d, p), p), eps, p), p)
    return add(mul(y, gamma, p), beta, p)


def rms_norm(x, gamma, eps, p):
    y = mul(x, inverse_root(mean(mul(x, x, p), p), eps, p), p)
    return y if gamma is None else mul(y, gamma, p)


def gelu(x, p, refmath, tmp):
    """0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), one op a step."""
    u = add(x, mul(const(0.044715, p), mul(mul(x, x, p), x, p), p), p)
    t = kernel16('tanh', mul(const(0.7978845608028654, p), u, p), p, refmath, tmp)
    return mul(mul(const(0.5, p), x, p), add(np.uint16(0x3C00), t, p), p)


def attention_causal(q, k, v, p, refmath, tmp):
    """softmax((q @ k^T) * fp16(1/sqrt(D)), keys after the query -inf) @ v."""
    s = mul(matmul(q, np.swapaxes(k, -1, -2), p), const(1 / np.sqrt(q.shape[-1]), p), p)
    lq, lk = s.shape[-2:]
    keep = np.arange(lk)[None, :] <= np.arange(lq)[:, None]
    s = np.where(keep, s, np.uint16(0xFC00)).astype(np.uint16)
    return matmul(softmax(s, p, refmath, tmp), v, p)


def conv2d(x, w, stride, pad, p):
    """w [O, C*KH*KW] @ im2col(x) per image, rows in (channel, i, j) order,
    the padding +0."""
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    padded = np.zeros((n, c, h + 2 * pad[0], wd + 2 * pad[1]), np.uint16)
    padded[:, :, pad[0]:pad[0] + h, pad[1]:pad[1] + wd] = x
    ho = (h + 2 * pad[0] - kh) // stride[0] + 1
    wo = (wd + 2 * pad[1] - kw) // stride[1] + 1
    out = []
    for img in padded:
        cols = [img[ch, i:i + stride[0] * ho:stride[0], j:j + stride[1] * wo:stride[1]]
                .reshape(-1) for ch in range(c) for i in range(kh) for j in range(kw)]
        out.append(matmul(w.reshape(o, -1), np.stack(cols), p).reshape(o, ho, wo))
    return np.stack(out)


# --- The 2-D DFT (docs/ane-envelopes.md): a complex tensor is a pair of
# binary16 arrays (re, im) of shape [rows, n].
TWO_PI = 6.283185307179586476925286766559  # the double nearest 2 pi


def unit_root(num, den, sign):
    """exp(sign 2 pi i num / den) in double, the angle from num mod den."""
    angle = TWO_PI * (num % den) / den
    return math.cos(angle), sign * math.sin(angle)


def complex_from(re, im, p):
    """Host doubles rounded to binary16 as the device's input cast."""
    return round16(np.array(re), p), round16(np.array(im), p)


def twiddles(n, sign, scale, p):
    roots = [[unit_root(k * j, n, sign) for j in range(n)] for k in range(n)]
    return complex_from([[scale * c for c, _ in row] for row in roots],
                        [[scale * s for _, s in row] for row in roots], p)


def complex_matmul(x, w, p):
    (xr, xi), (wr, wi) = x, w
    return (sub(matmul(xr, wr, p), matmul(xi, wi, p), p),
            add(matmul(xr, wi, p), matmul(xi, wr, p), p))


def complex_mul(x, w, p):
    (xr, xi), (wr, wi) = x, w
    return sub(mul(xr, wr, p), mul(xi, wi, p), p), add(mul(xr, wi, p), mul(xi, wr, p), p)


def regroup(x, batch, r, c):
    """Each of `batch` [r, c] blocks transposed: [batch * c, r]."""
    return tuple(np.ascontiguousarray(t.reshape(batch, r, c).transpose(0, 2, 1))
                 .reshape(batch * c, r) for t in x)


def stage_factors(n):
    """Prime factors, largest first, each into the smallest of three
    groups; the groups above 1 in ascending order."""
    primes, m, d = [], n, 2
    while d * d <= m:
        while m % d == 0:
            primes.append(d)
            m //= d
        d += 1
    if m > 1:
        primes.append(m)
    groups = [1, 1, 1]
    for q in sorted(primes, reverse=True):
        groups[groups.index(min(groups))] *= q
    return sorted(g for g in groups if g > 1) or [1]


def dense_dft(x, sign, scale, p):
    return complex_matmul(x, twiddles(x[0].shape[1], sign, scale, p), p)


def staged_dft(x, factors, sign, scale, p):
    """Cooley-Tukey with n = a * b: input index a_i * b + b_i, output
    k1 + a * k2; the scale in the first stage's twiddles."""
    if len(factors) == 1:
        return dense_dft(x, sign, scale, p)
    rows, n = x[0].shape
    a = factors[0]
    b = n // a
    y = dense_dft(regroup(x, rows, a, b), sign, scale, p)
    cross = [[unit_root(j * k1, n, sign) for k1 in range(a)] for j in range(b)] * rows
    y = complex_mul(y, complex_from([[c for c, _ in r] for r in cross],
                                    [[s for _, s in r] for r in cross], p), p)
    z = staged_dft(regroup(y, rows, b, a), factors[1:], sign, 1.0, p)
    return tuple(t.reshape(rows, n) for t in regroup(z, rows, a, b))


def dft2(x, m, staged, p):
    """Each [m, n] plane of x [batch * m, n]: rows with 1/n folded into the
    twiddles, then columns with 1/m; re and im stacked."""
    def forward(v, scale):
        n = v[0].shape[1]
        return (staged_dft(v, stage_factors(n), -1, scale, p) if staged
                else dense_dft(v, -1, scale, p))
    rows, n = x[0].shape
    batch = rows // m
    done = forward(x, 1.0 / n)
    done = forward(regroup(done, batch, m, n), 1.0 / m)
    return np.stack(regroup(done, batch, n, m))


# --- Power iteration (krylov.h): vectors as [1, n] rows.
def gemv(a, v, p):
    return matmul(a, v.reshape(-1, 1), p).reshape(1, -1)


def norm(u, p):
    return unary(np.sqrt)(wide_sum(mul(u, u, p), p), p)


def scaled_norm(u, p):
    m = reduce_max(unary(np.abs)(u, p), p)
    v = value(m)[0, 0]
    if np.isnan(v) or read(m, p)[0, 0] == 0 or np.isinf(v):
        return m
    return mul(m, norm(elementwise(np.divide)(u, m, p), p), p)


def power(a, steps, p):
    """sigma = |a v| and v after `steps` normalized power steps from the
    unit vector of ones; v all zero after a breakdown."""
    divide = elementwise(np.divide)
    v = round16(np.full((1, a.shape[1]), 1.0 / math.sqrt(a.shape[1])), p)
    for _ in range(steps):
        u = gemv(a, v, p)
        w = gemv(a.T, divide(u, scaled_norm(u, p), p), p)
        v = divide(w, scaled_norm(w, p), p)
    sigma = scaled_norm(gemv(a, v, p), p)[0]
    s = value(sigma)[0]
    if not np.isfinite(s) or s == 0 or not np.isfinite(value(v)).all():
        v = np.zeros_like(v)
    sigma = np.where(np.isnan(s), NAN16, sigma).astype(np.uint16)
    return np.concatenate([sigma, v[0]])


def block(x, w1, w2, p, refmath, tmp):
    """h = x + attention(n, n, n, causal), n = rms_norm(x);
    y = h + gelu(rms_norm(h) @ w1) @ w2."""
    n = rms_norm(x, None, 1e-5, p)
    h = add(x, attention_causal(n, n, n, p, refmath, tmp), p)
    up = gelu(matmul(rms_norm(h, None, 1e-5, p), w1, p), p, refmath, tmp)
    return add(h, matmul(up, w2, p), p)


def cases(refmath, tmp):
    a = np.arange(1 << 16, dtype=np.uint16).reshape(256, 256)
    b, cond = draw((256, 256), 1, 'any'), draw((256, 256), 2, 'any')
    row, col = draw((64, 1, 8), 3, 'mid'), draw((1, 32, 8), 4, 'mid')
    ma, mb = draw((2, 24, 96), 5, 'mid'), draw((96, 40), 6, 'mid')
    fa, fb = draw((16, 64), 7, 'finite'), draw((64, 16), 8, 'finite')
    sums = draw((16, 512), 9, 'positive')
    anyx = draw((16, 300), 10, 'any')
    mid = draw((64, 8), 11, 'mid')
    logits = draw((16, 128), 12, 'mid')
    large = draw((4, 512), 13, 'large')
    feat = draw((8, 96), 14, 'small')
    gamma, beta = draw((96,), 15, 'small'), draw((96,), 16, 'small')
    q, k, v = draw((2, 8, 16), 17, 'small'), draw((2, 12, 16), 18, 'small'), draw((2, 12, 8), 19, 'small')
    image, kernel = draw((1, 3, 9, 8), 20, 'small'), draw((4, 3, 3, 2), 21, 'small')
    cube = draw((4, 6, 10), 22, 'any')
    planes = draw((16, 12), 23, 'small'), draw((16, 12), 24, 'small')
    tall = draw((12, 8), 25, 'small')
    x, w1, w2 = draw((2, 8, 16), 26, 'small'), draw((16, 32), 27, 'small'), draw((32, 16), 28, 'small')
    exact = lambda p: Profile(p.name, exact=True)  # noqa: E731
    return {
        'add': lambda p: elementwise(np.add)(a, b, p),
        'sub': lambda p: elementwise(np.subtract)(a, b, p),
        'mul': lambda p: elementwise(np.multiply)(a, b, p),
        'div': lambda p: elementwise(np.divide)(a, b, p),
        'min': lambda p: minmax(np.less)(a, b, p),
        'max': lambda p: minmax(np.greater)(a, b, p),
        'greater': lambda p: truth(np.greater)(a, b, p),
        'equal': lambda p: truth(np.equal)(a, b, p),
        'select': lambda p: select(cond, a, b, p),
        'add_broadcast': lambda p: elementwise(np.add)(row, col, p),
        'matmul': lambda p: matmul(ma, mb, p),
        'matmul_exact': lambda p: matmul(ma, mb, exact(p)),
        'matmul_finite': lambda p: matmul(fa, fb, p),
        'reduce_sum': lambda p: reduce_sum(sums, p),
        'reduce_sum_matmul': lambda p: wide_sum(sums, p),
        'reduce_sum_matmul_axis0': lambda p: wide_sum(sums.T, p).T,
        'reduce_max': lambda p: reduce_max(anyx, p),
        'reduce_max_axis0': lambda p: reduce_max(anyx.T, p).T,
        'cumsum_axis0': lambda p: matmul(mid.T, np.triu(ones(64, 64)), p).T,
        'cumsum_large': lambda p: matmul(large, np.triu(ones(512, 512)), p),
        'reduce_mean_matmul': lambda p: mean(sums, p),
        'reduce_mean_axis0': lambda p: mean(sums.T, p, wide=False).T,
        'permute': lambda p: np.transpose(cube, (2, 0, 1)),
        'layer_norm': lambda p: layer_norm(feat, gamma, beta, 1e-5, p),
        'rms_norm': lambda p: rms_norm(feat, gamma, 1e-5, p),
        'gelu': lambda p: gelu(a, p, refmath, tmp),
        'attention_causal': lambda p: attention_causal(q, k, v, p, refmath, tmp),
        'conv2d': lambda p: conv2d(image, kernel, (2, 1), (1, 1), p),
        'slice_offset': lambda p: slice_offset(fa, 3, 40, p),
        'softmax': lambda p: softmax(logits, p, refmath, tmp),
        'fft2_dense': lambda p: dft2(planes, 8, False, p),
        'fft2_staged': lambda p: dft2(planes, 8, True, p),
        'power': lambda p: power(tall, 10, p),
        'block': lambda p: block(x, w1, w2, p, refmath, tmp),
    }


def main():
    refmath, golden_path = sys.argv[1], sys.argv[2]
    golden = read_golden(golden_path)
    failures, seen = 0, set()
    with tempfile.TemporaryDirectory() as tmp:
        for case, run in cases(refmath, tmp).items():
            for name in PRESETS:
                p = Profile(name)
                row = f'{case}:{name}'
                seen.add(row)
                out = np.ascontiguousarray(run(p)).astype('<u2')
                got = hashlib.sha256(out.tobytes()).hexdigest()
                if golden.get(row) != got:
                    print(f'FAIL {row}: ' + ('no such golden row' if row not in golden
                                              else 'independent digest differs'))
                    failures += 1
                else:
                    print(f'ok   {row}')
    for row in sorted(set(golden) - seen):
        print(f'FAIL {row}: golden row the port does not compute')
        failures += 1
    print(f'{failures} failure(s) in {len(golden)} rows')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
