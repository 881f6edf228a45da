"""An independent port of TFLite Micro's int8 layer arithmetic, written from
the text of docs/mcu.md ("Layers of TFLite Micro") in NumPy and Python
integers.  The tests of refmath.mcu take their expected values from here,
never from the library.

Every int32 operation wraps modulo 2^32, as docs/mcu.md says refmath (and
the core) do.
"""
import math

import numpy as np

I32_MIN, I32_MAX = -(1 << 31), (1 << 31) - 1


def wrap32(v):
    """v modulo 2^32 as a signed int32 value (ints or int64 arrays)."""
    if isinstance(v, np.ndarray):
        return ((v.astype(np.int64) + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)
    return ((int(v) + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


# --- scalar fixed point (Python integers) --------------------------------

def srdhm(a, b):
    """Saturating rounding doubling high multiply: the high 32 bits of
    2ab, the nudge 2^30 (or 1 - 2^30 for a negative product) added before
    the truncating division by 2^31; INT32_MIN * INT32_MIN saturates."""
    if a == b == I32_MIN:
        return I32_MAX
    ab = a * b
    nudge = (1 << 30) if ab >= 0 else 1 - (1 << 30)
    t = ab + nudge
    q = abs(t) >> 31
    return q if t >= 0 else -q


def rdbpot(x, e):
    """Divide by 2^e, rounding halves away from zero."""
    mask = (1 << e) - 1
    rem = x & mask
    threshold = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> e) + (1 if rem > threshold else 0)


def mbqm(x, m, shift):
    """MultiplyByQuantizedMultiplier, double rounding: x * 2^max(shift, 0)
    (wrapping), the doubling high multiply, the rounding divide by
    2^max(-shift, 0)."""
    left, right = max(shift, 0), max(-shift, 0)
    return rdbpot(srdhm(wrap32(x << left), m), right)


def quantize_multiplier(real):
    """(multiplier, shift) with real = multiplier * 2^(shift - 31)."""
    if real == 0:
        return 0, 0
    f, e = math.frexp(real)
    q = int(math.floor(abs(f) * 2.0**31 + 0.5))  # exact: f has 53 bits
    q = q if f > 0 else -q
    if q == 1 << 31:
        q, e = q // 2, e + 1
    if e < -31:
        return 0, 0
    return q, e


def f32(x):
    return float(np.float32(x))


# --- vectorized fixed point (int64 arrays holding int32 values) ----------

def srdhm_v(a, b):
    a = np.asarray(a, np.int64)
    b = np.asarray(b, np.int64)
    ab = a * b  # |ab| <= 2^62
    t = ab + np.where(ab >= 0, 1 << 30, 1 - (1 << 30))
    q = np.abs(t) >> 31
    r = np.where(t >= 0, q, -q)
    return np.where((a == I32_MIN) & (b == I32_MIN), I32_MAX, r)


def rdbpot_v(x, e):
    x = np.asarray(x, np.int64)
    e = np.asarray(e, np.int64)
    mask = (np.int64(1) << e) - 1
    rem = x & mask
    threshold = (mask >> 1) + (x < 0)
    return (x >> e) + (rem > threshold)


def mbqm_v(x, m, shift):
    shift = np.asarray(shift, np.int64)
    left, right = np.maximum(shift, 0), np.maximum(-shift, 0)
    return rdbpot_v(srdhm_v(wrap32(np.asarray(x, np.int64) << left), m),
                    right)


# --- layers --------------------------------------------------------------

def padded_axis(padding, size, f, s, d=1):
    """(out, pad) of one axis: eff = (f - 1) d + 1, SAME out
    (in + s - 1) / s, VALID (in + s - eff) / s, pad = total / 2."""
    eff = (f - 1) * d + 1
    out = (size + s - 1) // s if padding == "same" else (size + s - eff) // s
    total = max(0, (out - 1) * s + eff - size)
    return out, total // 2


def _taps(x, fh, fw, stride, dilation, padding, fill):
    """x NHWC -> for each tap (ky, kx): the [N, OH, OW, C] input values at
    it (fill outside the image) and whether each is inside."""
    n, h, w, c = x.shape
    (sh, sw), (dh, dw) = stride, dilation
    oh, ph = padded_axis(padding, h, fh, sh, dh)
    ow, pw = padded_axis(padding, w, fw, sw, dw)
    for ky in range(fh):
        iy = np.arange(oh) * sh - ph + dh * ky
        for kx in range(fw):
            ix = np.arange(ow) * sw - pw + dw * kx
            oky, okx = (iy >= 0) & (iy < h), (ix >= 0) & (ix < w)
            vals = x[:, np.clip(iy, 0, h - 1)][:, :, np.clip(ix, 0, w - 1)]
            inside = (oky[:, None] & okx[None, :])[None, :, :, None]
            yield ky, kx, np.where(inside, vals, fill), inside


def mbqm_s64_v(acc, m, shift):
    """The int64 accumulator's requantization: the multiplier reduced to 16
    bits, rm = (m + 2^15) >> 16 (0x7FFF from m >= 0x7FFF0000), then
    (acc * rm + 2^(t-1)) >> t with t = 15 - shift, truncated to int32."""
    m = np.asarray(m, np.int64)
    rm = np.where(m >= 0x7FFF0000, 0x7FFF, (m + (1 << 15)) >> 16)
    t = 15 - np.asarray(shift, np.int64)
    return wrap32((np.asarray(acc, np.int64) * rm + (np.int64(1) << (t - 1)))
                  >> t)


def requantize_s64_v(acc, m, shift):
    """CMSIS-NN's RequantizeS64: the same 16-bit rm, then
    ((int32)((acc * rm) >> (14 - shift)) + 1) >> 1, the int32 steps
    wrapping."""
    m = np.asarray(m, np.int64)
    rm = np.where(m >= 0x7FFF0000, 0x7FFF, (m + (1 << 15)) >> 16)
    v = wrap32((np.asarray(acc, np.int64) * rm) >> (14 - np.asarray(shift, np.int64)))
    return wrap32(v + 1) >> 1


def _finish(acc, bias, m, shift, out_zp, lo, hi, acc64=False, cmsis=False):
    """The accumulator plus bias, requantized, offset, clamped; acc64: the
    int16 layers' int64 accumulator (no wrap at 32 bits), through TFLite's
    one-rounding multiply or, cmsis, RequantizeS64."""
    if acc64:
        if bias is not None:
            acc = acc + np.asarray(bias, np.int64)
        scale = requantize_s64_v if cmsis else mbqm_s64_v
        return np.clip(scale(acc, m, shift), lo, hi)
    if bias is not None:
        acc = wrap32(acc + np.asarray(bias, np.int64))
    y = wrap32(mbqm_v(wrap32(acc), m, shift) + out_zp)
    return np.clip(y, lo, hi)


def conv2d(x, w, bias, m, shift, in_zp=0, out_zp=0, stride=(1, 1),
           dilation=(1, 1), padding="valid", lo=-128, hi=127, acc64=False,
           cmsis=False):
    """CONV_2D: filter OHWI, groups = C_IN / filter depth; padded taps
    contribute nothing (zero in the offset-added domain).  cmsis (int16,
    one group): CMSIS-NN's conv, im2col columns (ky KW + kx) C_IN + i below
    512 summed in int32, the rest in int64, then RequantizeS64."""
    x = np.asarray(x, np.int64) - in_zp
    w = np.asarray(w, np.int64)
    c_out, fh, fw, fc = w.shape
    groups = x.shape[3] // fc
    per_group = c_out // groups
    head = tail = 0
    for ky, kx, v, _ in _taps(x, fh, fw, stride, dilation, padding, 0):
        # Input channel of output o, tap i: (o // per_group) * fc + i.
        idx = (np.arange(c_out) // per_group)[:, None] * fc + np.arange(fc)
        prod = v[..., idx] * w[:, ky, kx, :]
        in_head = (ky * fw + kx) * fc + np.arange(fc) < (512 if cmsis else 1 << 62)
        head = head + prod[..., in_head].sum(axis=-1)
        tail = tail + prod[..., ~in_head].sum(axis=-1)
    acc = wrap32(head) + tail if cmsis else head + tail
    return _finish(acc, bias, m, shift, out_zp, lo, hi, acc64, cmsis)


def depthwise_conv2d(x, w, bias, m, shift, depth_multiplier=1, in_zp=0,
                     out_zp=0, stride=(1, 1), dilation=(1, 1),
                     padding="valid", lo=-128, hi=127, acc64=False,
                     cmsis=False):
    """DEPTHWISE_CONV_2D: filter 1HWO, output o = k + c * depth_multiplier
    reads input channel c.  cmsis: the int64 sum through RequantizeS64."""
    x = np.asarray(x, np.int64) - in_zp
    w = np.asarray(w, np.int64)
    _, fh, fw, c_out = w.shape
    src = np.arange(c_out) // depth_multiplier
    acc = None
    for ky, kx, v, _ in _taps(x, fh, fw, stride, dilation, padding, 0):
        part = v[..., src] * w[0, ky, kx, :]
        acc = part if acc is None else acc + part
    return _finish(acc, bias, m, shift, out_zp, lo, hi, acc64, cmsis)


def avg_pool(x, fh, fw, stride=(1, 1), padding="valid", lo=-128, hi=127):
    """AVERAGE_POOL_2D: raw values over the in-image taps, (s + k/2)/k for
    s > 0 and (s - k/2)/k otherwise, division truncating toward zero."""
    x = np.asarray(x, np.int64)
    s = k = 0
    for _, _, v, inside in _taps(x, fh, fw, stride, (1, 1), padding, 0):
        s, k = s + v, k + inside.astype(np.int64)
    num = np.where(s > 0, s + k // 2, s - k // 2)
    q = np.abs(num) // k
    return np.clip(np.where(num < 0, -q, q), lo, hi)


def max_pool(x, fh, fw, stride=(1, 1), padding="valid", lo=-128, hi=127):
    x = np.asarray(x, np.int64)
    best = None
    for _, _, v, _ in _taps(x, fh, fw, stride, (1, 1), padding, -128):
        best = v if best is None else np.maximum(best, v)
    return np.clip(best, lo, hi)


def fully_connected(x, w, bias, m, shift, in_zp=0, out_zp=0, lo=-128,
                    hi=127):
    """FULLY_CONNECTED, weights [C_OUT, C_IN], symmetric."""
    acc = (np.asarray(x, np.int64) - in_zp) @ np.asarray(w, np.int64).T
    return _finish(acc, bias, m, shift, out_zp, lo, hi)


def fully_connected_s16(x, w, bias, m, shift, cmsis=True, lo=-32768,
                       hi=32767):
    """int16 FULLY_CONNECTED: the int64 sum plus bias through RequantizeS64
    (CMSIS-NN, the default) or TFLite's 64-bit multiply."""
    acc = np.asarray(x, np.int64) @ np.asarray(w, np.int64).T
    return _finish(acc, bias, m, shift, 0, lo, hi, acc64=True, cmsis=cmsis)


def fc_requant(in_scale, w_scale, out_scale):
    """Fully connected: the product of the scales in float32 first."""
    return quantize_multiplier(f32(f32(in_scale) * f32(w_scale))
                               / f32(out_scale))


def conv_requant(in_scale, w_scales, out_scale):
    pairs = [quantize_multiplier(f32(in_scale) * f32(s) / f32(out_scale))
             for s in w_scales]
    return (np.array([p[0] for p in pairs], np.int64),
            np.array([p[1] for p in pairs], np.int64))


# --- softmax: gemmlowp's exp and 1 / (1 + x) in Python integers ----------

def _mul_pot(x, e):
    """x * 2^e saturating for e > 0, the rounding divide for e < 0."""
    if e < 0:
        return rdbpot(x, -e)
    return max(I32_MIN, min(I32_MAX, x << e))


def _fixed(v, frac_bits):
    """v in fixed point with frac_bits fraction bits, to nearest."""
    q = math.floor(abs(v) * 2.0**frac_bits + 0.5)
    return q if v >= 0 else -q


def _exp_quarter(a):
    """exp on [-1/4, 0): a Taylor step around -1/8, Q0.31 in and out."""
    c = _fixed(math.exp(-1 / 8), 31)
    third = _fixed(1 / 3, 31)
    x = wrap32(a + (1 << 28))  # a + 1/8
    x2 = srdhm(x, x)
    x3 = srdhm(x2, x)
    x4 = srdhm(x2, x2)
    x4_4 = rdbpot(x4, 2)
    poly = rdbpot(wrap32(srdhm(wrap32(x4_4 + x3), third) + x2), 1)
    return wrap32(c + srdhm(c, wrap32(x + poly)))


# exp(-2^k) in Q0.31 for the bits of the remainder, k = -2..4.
_EXP_STEPS = [(k, _fixed(math.exp(-2.0**k), 31)) for k in range(-2, 5)]


def exp_on_negative_values(a):
    """exp(a) for a Q5.26 value a <= 0, as Q0.31."""
    quarter = 1 << 24
    r = wrap32((a & (quarter - 1)) - quarter)
    result = _exp_quarter(_mul_pot(r, 5))
    rem = wrap32(r - a)
    for k, mult in _EXP_STEPS:
        if rem & (1 << (26 + k)):
            result = srdhm(result, mult)
    return I32_MAX if a == 0 else result


def _one_over_one_plus_x(a):
    """1 / (1 + a) for a Q0.31 a in [0, 1), as Q0.31 (three Newton
    steps in Q2.29 from 48/17 - 32/17 d)."""
    t = a + I32_MAX
    half = (t + (1 if t >= 0 else -1))
    half = abs(half) // 2 * (1 if half >= 0 else -1)
    x = wrap32(_fixed(48 / 17, 29) + srdhm(half, _fixed(-32 / 17, 29)))
    for _ in range(3):
        hx = srdhm(half, x)
        one_minus = wrap32((1 << 29) - hx)
        x = wrap32(x + _mul_pot(srdhm(x, one_minus), 2))
    return _mul_pot(x, 1)


def softmax_prepare(beta, in_scale):
    """(multiplier, left shift, diff_min) as Prepare makes them."""
    r = min(f32(beta) * f32(in_scale) * 2.0**26, 2.0**31 - 1)
    m, shift = quantize_multiplier(r)
    diff_min = -math.floor(31 * 2.0**26 / 2.0**shift)
    return m, shift, diff_min


def softmax(x, beta, in_scale, out_bits=8):
    """SOFTMAX over the last axis, int8 in, int8 (zero point -128) or int16
    (zero point -32768) out; None if a row's exponent check fails."""
    m, shift, diff_min = softmax_prepare(beta, in_scale)
    x = np.asarray(x, np.int64)
    out = np.zeros(x.shape, np.int64)
    lo = -(1 << (out_bits - 1))
    for idx in np.ndindex(*x.shape[:-1]):
        row = [int(v) for v in x[idx]]
        mx = max([-128] + row)
        exps = []
        for v in row:
            d = v - mx
            exps.append(exp_on_negative_values(srdhm(wrap32(d << shift), m))
                        if d >= diff_min else None)
        total = 0
        for e in exps:
            if e is not None:
                total = wrap32(total + rdbpot(e, 12))
        u = total & 0xFFFFFFFF
        h = 32 - u.bit_length()
        nbou = 12 - h
        recip = _one_over_one_plus_x(wrap32(((u << h) & 0xFFFFFFFF)
                                            - (1 << 31)))
        e_out = nbou + 31 - out_bits
        if not 0 <= e_out <= 31:
            return None
        for c, e in enumerate(exps):
            if e is None:
                out[idx + (c,)] = lo
            else:
                y = rdbpot(srdhm(recip, e), e_out) + lo
                out[idx + (c,)] = min(max(y, lo), -lo - 1)
    return out


# --- add, mul, requantize -------------------------------------------------

def add(a, b, s1, zp1, s2, zp2, s_out, zp_out, lo=-128, hi=127):
    """ADD: left shift 20, input ratios s_i / (2 max), output ratio
    2 max / (2^20 s_out), each scaled with a shift <= 0."""
    twice_max = 2 * max(f32(s1), f32(s2))
    m1 = quantize_multiplier(f32(s1) / twice_max)
    m2 = quantize_multiplier(f32(s2) / twice_max)
    mo = quantize_multiplier(twice_max / (2.0**20 * f32(s_out)))
    a1 = mbqm_v(wrap32((np.asarray(a, np.int64) - zp1) << 20), *m1)
    a2 = mbqm_v(wrap32((np.asarray(b, np.int64) - zp2) << 20), *m2)
    y = wrap32(mbqm_v(wrap32(a1 + a2), *mo) + zp_out)
    return np.clip(y, lo, hi)


def mul(a, b, s1, zp1, s2, zp2, s_out, zp_out, lo=-128, hi=127,
        ns_mve=False):
    """MUL; ns_mve: ns-cmsis-nn's loop on the first 8 floor(n / 8)
    elements, offsets and output zero point added in 16 bits (wrapping),
    the requantized product saturated to int16 first."""
    m = quantize_multiplier(f32(s1) * f32(s2) / f32(s_out))
    a, b = np.asarray(a, np.int64), np.asarray(b, np.int64)
    p = wrap32((a - zp1) * (b - zp2))
    y = np.clip(wrap32(mbqm_v(p, *m) + zp_out), lo, hi)
    if ns_mve:
        n = a.size // 8 * 8
        w16 = np.vectorize(wrap16)
        pv = w16(a.ravel()[:n] + wrap16(-zp1)) * w16(b.ravel()[:n] + wrap16(-zp2))
        r = np.clip(mbqm_v(pv, *m), -32768, 32767)
        y = y.ravel().copy()
        y[:n] = np.clip(w16(r + wrap16(zp_out)), lo, hi)
        y = y.reshape(a.shape)
    return y


def requantize(x, in_scale, in_zp, out_scale, out_zp, out_bits):
    m = quantize_multiplier(f32(in_scale) / f32(out_scale))
    y = wrap32(mbqm_v(wrap32(np.asarray(x, np.int64) - in_zp), *m) + out_zp)
    return np.clip(y, -(1 << (out_bits - 1)), (1 << (out_bits - 1)) - 1)


def mean(x, axes, in_scale, in_zp, out_scale, out_zp, bits=8):
    """MEAN (QuantizedMeanOrSum): the raw values summed modulo 2^32, the
    division by the count N folded into the multiplier, m' = m 2^s // N
    with s = min(floor(log2 N), 32, 31 + shift), shift' = shift - s, then
    mbqm(sum - zp_in N) + zp_out, clamped.  Reduced axes dropped."""
    x = np.asarray(x, np.int64)
    axes = tuple(sorted({a % x.ndim for a in axes}))
    n = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    if x.size == 0 or n == 0:
        return np.zeros([d for i, d in enumerate(x.shape) if i not in axes],
                        np.int64)
    m, shift = quantize_multiplier(f32(in_scale) / f32(out_scale))
    s = min(n.bit_length() - 1, 32, 31 + shift)
    m2, shift2 = (m << s) // n, shift - s
    total = wrap32(x.sum(axis=axes) if axes else x)
    y = mbqm_v(wrap32(total - in_zp * n), m2, shift2) + out_zp
    lim = 1 << (bits - 1)
    return np.clip(y, -lim, lim - 1)


def _lut16(in_scale, in_zp, out_scale, fn):
    """LUTPopulate<int16_t> in binary32: 512 samples of fn, each less half
    the linear interpolation's error at the segment's midpoint, then the
    end of the range."""
    f = np.float32

    def rnd(x):  # std::round on a binary32 value
        return f(math.copysign(math.floor(abs(float(x)) + 0.5), float(x)))
    in_scale, out_scale = f(in_scale), f(out_scale)
    lo, hi = in_scale * f(-32768 - in_zp), in_scale * f(32767 - in_zp)
    inv = f(65536) / (out_scale * f(32767) - out_scale * f(-32768))
    step = (hi - lo) / f(512)
    table = []
    for i in range(512):
        at = lo + f(i) * step
        val, mid = fn(at), fn(at + step / f(2))
        nxt = fn(lo + f(i + 1) * step)
        interp = rnd((nxt * inv + rnd(val * inv)) / f(2))
        bias = rnd((interp - rnd(mid * inv)) / f(2))
        table.append(int(min(max(rnd(val * inv) - bias, -32768), 32767)))
    table.append(int(min(max(rnd(fn(hi) * inv), -32768), 32767)))
    return table


def _exp32(x):
    """exp correctly rounded to binary32 (via binary64, whose error is far
    below a binary32 half-ulp at these arguments)."""
    return np.float32(math.exp(float(x)))


def _lookup16(v, table):
    i, off = 256 + (v >> 7), v & 0x7F
    slope = wrap16(table[i + 1] - table[i])
    return wrap16(table[i] + wrap16((slope * off + 64) >> 7))


def wrap16(v):
    return ((int(v) + 32768) & 0xFFFF) - 32768


def softmax_s16(x, beta, in_scale, cmsis=False):
    """int16 SOFTMAX over the last axis (TFLite's SoftmaxInt16, or
    CMSIS-NN's arm_softmax_s16: int32 wrap of the reciprocal's input and
    no clamp of the output)."""
    m, shift = quantize_multiplier(f32(in_scale) * f32(beta) / (10.0 / 65535.0))
    r = 2.0 / 65535
    exp_t = _lut16(10.0 / 65535, 32767, r, _exp32)
    rec_t = _lut16(1.0 / 65535, -32768, r,
                   lambda v: np.float32(1) / (np.float32(1) + np.float32(v)))
    x = np.asarray(x, np.int64)
    out = np.empty(x.shape, np.int64)
    for idx in np.ndindex(x.shape[:-1]):
        row = [int(v) for v in x[idx]]
        top = max(row)
        e = []
        for v in row:
            d = mbqm(v - top, m, shift)
            e.append(_lookup16(min(max(d + 32767, -32768), 32767), exp_t))
        s = sum(e)
        h = 32 - s.bit_length()
        t = (s << (h - 1)) + (1 << 13)
        t = (wrap32(t) if cmsis else t) >> 14
        c = wrap16(t - 98304) if cmsis else min(max(t - 98304, -32768), 32767)
        rec = _lookup16(c, rec_t)
        rs = 31 - h
        res = [(v * rec + (1 << (rs - 1))) >> rs for v in e]
        out[idx] = [wrap16(v) if cmsis else min(max(v, 0), 32767) for v in res]
    return out
