#!/usr/bin/env python3
"""Independent port of the fp32 transcendentals (exact and fast variants).

Reimplements, in numpy float32 arithmetic, the normative algorithms of
"Exact fp32 transcendental functions" (sections exp, ExpNonPositive, log,
sigmoid, tanh, erf / 1 + erf, GELU), plus the project's clarifications where
the spec is silent, and the project's fast variant (sections "Fast
exponential" and "Fast-mode erf GELU", fused Horner steps elsewhere; see
the comment that opens the functions below). It recomputes the SHA-256 digests of the golden input
set and compares them with golden/exact.sha256 or golden/fast.sha256.

Arithmetic model: every operation below is one IEEE binary32 operation
rounded to nearest even. numpy float32 arrays give exactly that provided
every operand stays float32 (Python floats or float64 constants would
promote), so every constant goes through f32() and every function result is
checked to be float32. numpy does not flush subnormals. Integer operations
on bit patterns are done in uint32 / int32 and wrap modulo 2^32; >> is
applied to int32 and is therefore arithmetic. The fast variant's fused
multiply-add, which numpy lacks, is emulated exactly by fma() below.

Usage (needs numpy; on Debian /usr/bin/python3 with python3-numpy):
    python3 tools/spec_port/spec_port.py [--variant exact|fast]
        [--golden FILE] [--function NAME]... [--refmath build/bin/refmath]
        [--random N [--seed S]] [--check-fma N]
    python3 tools/spec_port/spec_port.py --exhaustive [--variant V]
        [--function NAME]...
The second form recomputes the rows of golden/exhaustive.sha256 (every
binary32 input, 2^32 per row; minutes per function).
"""

import argparse
import functools
import hashlib
import math
import os
import struct
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

try:
    import numpy as np
except ImportError:  # pragma: no cover - environment problem, not a result
    sys.stderr.write("spec_port: numpy is required (try /usr/bin/python3 "
                     "with the python3-numpy package)\n")
    sys.exit(2)

F32 = np.float32
U32 = np.uint32
I32 = np.int32


# ---------------------------------------------------------------------------
# Constants and bit helpers
# ---------------------------------------------------------------------------

def f32(text):
    """The binary32 value nearest to the decimal `text` (ties to even).

    Converting decimal -> double -> float could double-round; this rounds
    the exact decimal value once, as a C/C# compiler does for a float
    literal.
    """
    exact = Fraction(text)
    guess = F32(float(text))
    bits = int(np.array([guess], dtype=F32).view(U32)[0])
    candidates = []
    for b in (bits - 1, bits, bits + 1):
        b &= 0xFFFFFFFF
        v = np.array([b], dtype=U32).view(F32)[0]
        if np.isfinite(v):
            candidates.append((abs(Fraction(float(v)) - exact), b & 1, v))
    candidates.sort(key=lambda c: (c[0], c[1]))  # nearest, then even
    return F32(candidates[0][2])


def from_bits(u):
    """Reinterpret uint32 (array or int) bit patterns as float32."""
    return np.asarray(u, dtype=U32).view(F32)


def to_bits(x):
    """Reinterpret float32 values as uint32 bit patterns."""
    x = np.asarray(x)
    assert x.dtype == F32, x.dtype  # never convert silently
    return x.view(U32)


def bits_const(b):
    return from_bits(np.array([b], dtype=U32))[0]


# Rules: "round to nearest integer" magic constant M = 1.5 * 2^23.
M = F32(12582912.0)
M_BITS = U32(0x4B400000)

CANONICAL_NAN_BITS = U32(0x7FC00000)
SIGN_MASK = U32(0x80000000)

ONE = F32(1.0)
TWO = F32(2.0)
ZERO = F32(0.0)
HALF = F32(0.5)
POS_INF = F32(np.inf)
NEG_INF = F32(-np.inf)
NEG_ZERO = bits_const(0x80000000)
FLT_MAX = bits_const(0x7F7FFFFF)

# exp (shared by log's ln2 split).
LOG2E = f32("1.44269502")
LN2_HI = f32("0.693145751953125")  # 14 significant bits: n*LN2_HI exact
LN2_LO = f32("1.4286068e-6")
EXP_Q = [f32(c) for c in ("0.0013814613", "0.00836871", "0.04166839",
                          "0.16666521", "0.49999994")]  # highest first
EXP_OVERFLOW = f32("88.72283172607422")       # x > this -> +inf
EXP_UNDERFLOW = f32("-103.97207641601562")    # x < this -> +0
EXP_NONPOS_UNDERFLOW = f32("-87.33654")       # ExpNonPositive: x < this -> +0

# log.
FLT_MIN = f32("1.17549435e-38")
TWO_POW_24 = F32(16777216.0)
SUBNORMAL_EXP_CORRECTION = F32(24.0)
SQRT_HALF_BITS = U32(0x3F3504F3)
MANTISSA_MASK = U32(0x007FFFFF)
LOG_W = [f32(c) for c in ("0.0909090936", "0.111111112", "0.142857149",
                          "0.200000003", "0.333333343")]  # 1/11 .. 1/3

# tanh.
TANH_SMALL = f32("0.6")
TANH_P = [f32(c) for c in ("-0.0058951583", "0.020795971", "-0.05378383",
                           "0.13331924", "-0.333333")]

# erf.
ERF_SMALL = f32("0.5")
ERF_P = [f32(c) for c in ("-0.0007692853", "0.0052003083", "-0.02686312",
                          "0.11283774", "-0.37612638", "1.1283792")]
ERF_G = [f32(c) for c in (
    "-0.00057763467", "0.0017893383", "-0.00010074016", "-0.004373198",
    "0.0034639547", "0.0015023724", "-0.0009413088", "-0.0018891813",
    "-0.0002586738", "0.0052144383", "-0.0103428485", "0.015788378",
    "-0.018338649", "0.008167262", "0.035529688", "-0.1543716",
    "0.42758358")]  # degree 16, highest first
DEKKER_SPLIT = F32(4097.0)
ERF_ZLO_LIMIT = F32(64.0)  # zLo is 0 for ax >= 64

# GELU.
INV_SQRT2 = f32("0.70710677")
GELU_TANH_SCALE = f32("0.79788456")
GELU_TANH_CUBIC = f32("0.044715")

# Fast exponential (FastMath.Exp).
FAST_EXP_HI = f32("88.3")                     # x > this: clamped to it
FAST_EXP_LO = f32("-87.3")                    # x < this: clamped, then +0
FAST_EXP_Q = [f32(c) for c in ("0.008312525", "0.041890115", "0.16667114",
                               "0.4999923")]  # degree 3, highest first
NEG_LN2_HI = -LN2_HI                          # negation is exact
NEG_LN2_LO = -LN2_LO

# Fast-mode erf GELU; the coefficients are read from this file at run time.
GELU_FAST_CLAMP = f32("5.6")
GELU_COEFFS_FILE = os.path.join("tools", "fit", "gelu_rational_coeffs.txt")

assert len(ERF_G) == 17
assert [int(v) for v in np.array([FAST_EXP_HI, FAST_EXP_LO, GELU_FAST_CLAMP],
                                 dtype=F32).view(U32)] == [
    0x42B0999A, 0xC2AE999A, 0x40B33333]  # as in SPECIAL_VALUE_BITS


def select(cond, a, b):
    """Lane selection cond ? a : b. Refuses anything but float32, so a
    promotion to float64 anywhere upstream cannot go unnoticed."""
    out = np.where(cond, a, b)
    assert out.dtype == F32, out.dtype
    return out


def select_bits(cond, a, b):
    """select() for uint32 bit patterns."""
    out = np.where(cond, a, b)
    assert out.dtype == U32, out.dtype
    return out


def fma(a, b, c):
    """Fused multiply-add: a*b + c rounded once to binary32 (nearest even,
    subnormals kept, overflow to +-inf), on float32 arrays.

    numpy has no fma, so it is emulated in binary64. The product s = a*b is
    exact there (two 24-bit significands, exponents far inside the range).
    The binary64 sum t = s + c rounds, and rounding t again to binary32
    would round twice (wrong when t lands on a binary32 rounding midpoint
    that the exact value is not on). So t is turned into s + c rounded to
    odd: TwoSum gives the exact error of t (no overflow, |s| <= 2^256), and
    when it is non-zero and t's last significand bit is even, t moves one
    binary64 unit toward the exact value. Rounding to odd in 53 bits, then
    to nearest even in 24 or fewer bits (binary32 normal or subnormal), is
    the same as one rounding (Boldo and Melquiond, 2008); the binary32
    overflow threshold 2^128 - 2^103 has an even last binary64 bit, so it
    is decided on the right side too. Infinities and NaNs go through the
    binary64 operations unchanged. --check-fma tests this against exact
    rational arithmetic.
    """
    a, b, c = np.asarray(a), np.asarray(b), np.asarray(c)
    assert a.dtype == F32 and b.dtype == F32 and c.dtype == F32
    s = a.astype(np.float64) * b.astype(np.float64)     # exact
    c64 = c.astype(np.float64)
    shape = np.broadcast(a, b, c).shape
    t = np.atleast_1d(s + c64)
    back = t - s                                        # TwoSum (Knuth)
    err = (s - (t - back)) + (c64 - back)
    tb = t.view(np.int64)
    to_odd = (err != 0) & np.isfinite(t) & ((tb & 1) == 0)
    step = np.where(np.signbit(err) == np.signbit(t), 1, -1).astype(np.int64)
    tb = tb + np.where(to_odd, step, 0).astype(np.int64)
    out = tb.view(np.float64).astype(F32)               # rounds once more
    return out.reshape(shape)


def horner(coeffs, v, fused=False):
    """Horner's rule from the highest coefficient: q = c + q*v per step
    (product rounded, then sum rounded), or q = fma(q, v, c) when fused."""
    q = np.full_like(v, coeffs[0])
    for c in coeffs[1:]:
        q = fma(q, v, c) if fused else c + q * v
    return q


def abs32(x):
    """|x| by clearing the sign bit (a bit operation, no rounding)."""
    return from_bits(to_bits(x) & ~SIGN_MASK)


def or_sign(value, x):
    """value with the sign bit of x OR-ed in."""
    return from_bits(to_bits(value) | (to_bits(x) & SIGN_MASK))


def pow2(n_int):
    """float(bits((n+127) << 23)) with wrapping int32 arithmetic."""
    return from_bits((n_int.astype(U32) + U32(127)) << U32(23))


def nan_rule(x, result):
    """Clarification: a NaN input or a NaN result gives 0x7FC00000."""
    bad = np.isnan(x) | np.isnan(result)
    return select(bad, from_bits(np.full(x.shape, CANONICAL_NAN_BITS)),
                  result)


def round_to_int(x):
    """exp step 1: t = x*log2e + M; n = t - M; n_int = bits(t) - bits(M)."""
    t = x * LOG2E + M
    n = t - M
    n_int = (to_bits(t) - M_BITS).view(I32)
    return n, n_int


def exp_core(x, fused=False):
    """exp steps 1-3: returns (p, n_int). fused: Horner steps use fma."""
    n, n_int = round_to_int(x)                      # step 1
    r = (x - n * LN2_HI) - n * LN2_LO               # step 2
    q = horner(EXP_Q, r, fused)                     # step 3
    p = ONE + (r + (r * r) * q)                     # unfused in both variants
    return p, n_int


# ---------------------------------------------------------------------------
# The functions (one per spec section)
#
# Each takes fused=False (exact variant). fused=True gives the fast
# variant's version, which the project defines as the same algorithm with
# every Horner step c + q*r replaced by fma(q, r, c) and nothing else
# changed (range reductions, erf's zLo, exp's p = 1 + (r + (r*r)*q) stay
# unfused). The exp inside sigmoid, tanh, erf and the GELUs is that fused
# exact-algorithm exp, not FastMath.Exp.
# ---------------------------------------------------------------------------

def exp(x, fused=False):
    p, n_int = exp_core(x, fused)
    # Step 4: two exact power-of-two scalings.
    a = n_int >> I32(1)                             # arithmetic shift
    b = (n_int.astype(U32) - a.astype(U32)).view(I32)
    result = (p * pow2(a)) * pow2(b)
    # Step 5: specials, selected at the end.
    result = select(x > EXP_OVERFLOW, POS_INF, result)
    result = select(x < EXP_UNDERFLOW, ZERO, result)
    return nan_rule(x, result)


def exp_nonpositive(x, fused=False):
    p, n_int = exp_core(x, fused)                   # steps 1-3
    result = p * pow2(n_int)                        # one scaling
    result = select(x < EXP_NONPOS_UNDERFLOW, ZERO, result)
    # Outside the domain (x > 0); the clarification keeps it defined.
    result = select(x > EXP_OVERFLOW, POS_INF, result)
    return nan_rule(x, result)


def log(x, fused=False):
    # Step 1: scale subnormals (and zero; negatives too, selected away).
    subnormal = x < FLT_MIN
    xs = select(subnormal, x * TWO_POW_24, x)
    # Step 2: exponent and mantissa in [sqrt(1/2), sqrt(2)).
    ix = to_bits(xs) - SQRT_HALF_BITS               # wraps mod 2^32
    e = ix.view(I32) >> I32(23)                     # arithmetic
    m = from_bits((ix & MANTISSA_MASK) + SQRT_HALF_BITS)
    fe = from_bits(e.astype(U32) + M_BITS) - M      # float(e)
    ef = select(subnormal, fe - SUBNORMAL_EXP_CORRECTION, fe)
    # Step 3.
    f = m - ONE
    s = f / (TWO + f)
    z = s * s
    w = horner(LOG_W, z, fused)
    s2 = s + s
    logm = s2 + s2 * (z * w)
    # Step 4.
    result = ef * LN2_HI + (logm + ef * LN2_LO)
    # Step 5, in the decided order.
    result = select(x > FLT_MAX, POS_INF, result)
    result = select(x < ZERO, F32(np.nan), result)
    result = select(x == ZERO, NEG_INF, result)
    return nan_rule(x, result)


def sigmoid(x, fused=False):
    s = exp(ZERO - abs32(x), fused)
    num = select(x >= ZERO, ONE, s)
    result = num / (ONE + s)
    return nan_rule(x, result)


def tanh(x, fused=False):
    ax = abs32(x)
    z = ax * ax
    # ax < 0.6: odd polynomial.
    P = horner(TANH_P, z, fused)
    small = ax + ax * (z * P)
    # Otherwise: 1 - 2/(exp(2ax) + 1).
    E = exp(ax + ax, fused)
    large = ONE - TWO / (E + ONE)
    result = select(ax < TANH_SMALL, small, large)
    result = or_sign(result, x)                     # sign OR-ed in last
    return nan_rule(x, result)


def _erf_parts(x, fused=False):
    """Shared part of the erf section. Returns (ax, erf_small, erfc)."""
    ax = abs32(x)
    z = ax * ax
    # ax < 0.5.
    P = horner(ERF_P, z, fused)
    erf_small = ax * P
    # ax >= 0.5.
    t = ONE / ax
    s = t - ONE
    G = horner(ERF_G, s, fused)
    # x*x = z + zLo exactly (Dekker split); unfused in both variants.
    split = ax * DEKKER_SPLIT
    hi = split - (split - ax)
    lo = ax - hi
    z_lo = ((hi * hi - z) + TWO * (hi * lo)) + lo * lo
    z_lo = select(ax >= ERF_ZLO_LIMIT, ZERO, z_lo)
    exp_neg_z = exp(ZERO - z, fused) * (ONE - z_lo)
    erfc = exp_neg_z * (t * G)
    return ax, erf_small, erfc


def erf(x, fused=False):
    ax, erf_small, erfc = _erf_parts(x, fused)
    erf_large = ONE - erfc
    result = select(ax < ERF_SMALL, erf_small, erf_large)
    result = or_sign(result, x)
    result = select(np.isinf(x), or_sign(np.full_like(x, ONE), x), result)
    return nan_rule(x, result)


def one_plus_erf(x, fused=False):
    ax, erf_small, erfc = _erf_parts(x, fused)
    small = ONE + or_sign(erf_small, x)
    large = select(x < ZERO, erfc, TWO - erfc)
    result = select(ax < ERF_SMALL, small, large)
    return nan_rule(x, result)


def _gelu_specials(x, result):
    result = select(x == NEG_INF, NEG_ZERO, result)
    result = select(x == POS_INF, POS_INF, result)
    return nan_rule(x, result)


def gelu_erf(x):
    """Exact variant only; the fast variant has its own algorithm
    (gelu_erf_fast)."""
    y = x * INV_SQRT2
    result = (HALF * x) * one_plus_erf(y)
    return _gelu_specials(x, result)


def gelu_tanh(x, fused=False):
    u = GELU_TANH_SCALE * (x + GELU_TANH_CUBIC * ((x * x) * x))
    result = x * sigmoid(u + u, fused)
    return _gelu_specials(x, result)


# ---------------------------------------------------------------------------
# Fast variant: the two sections with their own algorithm
# ---------------------------------------------------------------------------

def fast_exp(x):
    """Spec "Fast exponential" (FastMath.Exp), with the project's reading:
    clamp by comparisons (x > 88.3 -> 88.3, then < -87.3 -> -87.3; NaN
    stays NaN), one 2^n scaling, +0 for x < -87.3. x > 88.3 (and +inf)
    therefore gives exp(88.3f)'s value, not +inf."""
    xc = select(x > FAST_EXP_HI, FAST_EXP_HI, x)
    xc = select(xc < FAST_EXP_LO, FAST_EXP_LO, xc)
    t = fma(xc, LOG2E, M)
    n = t - M
    n_int = (to_bits(t) - M_BITS).view(I32)
    r = fma(n, NEG_LN2_HI, xc)
    r = fma(n, NEG_LN2_LO, r)
    q = horner(FAST_EXP_Q, r, fused=True)
    p = ONE + fma(r * r, q, r)                      # r*r rounded, fma, add
    result = p * pow2(n_int)
    result = select(x < FAST_EXP_LO, ZERO, result)
    return nan_rule(x, result)


def read_gelu_coeffs(path):
    """The fast erf GELU's coefficients from tools/fit's output file
    (lines `name 0xBITS decimal`), taken by their bit patterns. Returns the
    Horner lists (highest first) [p5 .. p0] and [q5 .. q1, 1]."""
    found = {}
    with open(path) as fh:
        for line in fh:
            parts = line.split()
            if len(parts) == 3 and not line.startswith("#"):
                name, hexbits, decimal = parts
                value = bits_const(int(hexbits, 16))
                # The decimal column (9 significant digits) must name the
                # same binary32; a mismatch means a damaged file.
                assert f32(decimal) == value, line
                found[name] = value
    p = [found["p%d" % k] for k in range(5, -1, -1)]
    q = [found["q%d" % k] for k in range(5, 0, -1)] + [ONE]
    return p, q


def gelu_erf_fast(x, coeffs):
    """Spec "Fast-mode erf GELU" with the project's coefficients:
    c = min(|x|, 5.6f) (as ax > 5.6f ? 5.6f : ax, so NaN stays NaN),
    z = c*c, P and Q by fma Horner, erf = ((c*P)/Q) with x's sign bit
    OR-ed in, gelu = (0.5f*x) * (1 + erf), -0 for x < -5.6f, then the
    GELU specials and the NaN rule."""
    p_coeffs, q_coeffs = coeffs
    ax = abs32(x)
    c = select(ax > GELU_FAST_CLAMP, GELU_FAST_CLAMP, ax)
    z = c * c
    P = horner(p_coeffs, z, fused=True)
    Q = horner(q_coeffs, z, fused=True)
    e = (c * P) / Q
    erf_value = or_sign(e, x)
    result = (HALF * x) * (ONE + erf_value)
    result = select(x < -GELU_FAST_CLAMP, NEG_ZERO, result)
    return _gelu_specials(x, result)


FUNCTION_NAMES = ["exp", "exp_nonpositive", "log", "sigmoid", "tanh", "erf",
                  "one_plus_erf", "gelu_erf", "gelu_tanh"]

FUNCTIONS = {
    "exp": exp,
    "exp_nonpositive": exp_nonpositive,
    "log": log,
    "sigmoid": sigmoid,
    "tanh": tanh,
    "erf": erf,
    "one_plus_erf": one_plus_erf,
    "gelu_erf": gelu_erf,
    "gelu_tanh": gelu_tanh,
}


def variant_functions(variant, gelu_coeffs_path):
    """name -> function of one float32 array, for "exact" or "fast"."""
    if variant == "exact":
        return dict(FUNCTIONS)
    table = {name: functools.partial(FUNCTIONS[name], fused=True)
             for name in FUNCTION_NAMES if name not in ("exp", "gelu_erf")}
    table["exp"] = fast_exp
    table["gelu_erf"] = functools.partial(
        gelu_erf_fast, coeffs=read_gelu_coeffs(gelu_coeffs_path))
    return {name: table[name] for name in FUNCTION_NAMES}


# ---------------------------------------------------------------------------
# Golden input set
# ---------------------------------------------------------------------------

GOLDEN_STRIDE = 4099

# MUST EQUAL the list in src/verify/golden_inputs.h (kSpecialValueBits), in order.
# The "inputs" digest check at run time proves that it does.
SPECIAL_VALUE_BITS = [
    0x00000000, 0x80000000,  # +0, -0
    0x7F800000, 0xFF800000,  # +inf, -inf
    0x7FC00000, 0xFFC00000,  # quiet NaNs, both signs
    0x7FC00001, 0xFFFFFFFF,  # quiet NaNs with payloads
    0x7F800001, 0xFF800001,  # signalling NaNs, smallest payload
    0x7FA00000, 0x7FBFFFFF,  # signalling NaNs, other payloads
    0x00000001, 0x80000001,  # smallest subnormals
    0x00400000, 0x80400000,  # 2^-127
    0x007FFFFF, 0x807FFFFF,  # largest subnormals
    0x00800000, 0x80800000,  # FLT_MIN
    0x00800001, 0x80800001,  # FLT_MIN's upper neighbours
    0x7F7FFFFF, 0xFF7FFFFF,  # FLT_MAX
    0x7F7FFFFE, 0xFF7FFFFE,  # FLT_MAX's lower neighbours
    0x3F800000, 0x3F7FFFFF, 0x3F800001,  # 1
    0xBF800000, 0xBF7FFFFF, 0xBF800001,  # -1
    0x42B17217, 0x42B17216, 0x42B17218,  # 88.72283172607422
    0xC2CFF1B4, 0xC2CFF1B3, 0xC2CFF1B5,  # -103.97207641601562
    0xC2AEAC4F, 0xC2AEAC4E, 0xC2AEAC50,  # -87.33654
    0x3F19999A, 0x3F199999, 0x3F19999B,  # 0.6
    0xBF19999A, 0xBF199999, 0xBF19999B,  # -0.6
    0x3F000000, 0x3EFFFFFF, 0x3F000001,  # 0.5
    0xBF000000, 0xBEFFFFFF, 0xBF000001,  # -0.5
    0x42800000, 0x427FFFFF, 0x42800001,  # 64
    0xC2800000, 0xC27FFFFF, 0xC2800001,  # -64
    0x42B0999A, 0x42B09999, 0x42B0999B,  # 88.3
    0xC2AE999A, 0xC2AE9999, 0xC2AE999B,  # -87.3
    0x40B33333, 0x40B33332, 0x40B33334,  # 5.6
    0xC0B33333, 0xC0B33332, 0xC0B33334,  # -5.6
]


def golden_inputs():
    strided = np.arange(0, 1 << 32, GOLDEN_STRIDE, dtype=np.uint64)
    bits = np.concatenate([strided.astype(U32),
                           np.array(SPECIAL_VALUE_BITS, dtype=U32)])
    return from_bits(bits)


def digest(values):
    data = np.ascontiguousarray(values).view(U32).astype("<u4").tobytes()
    return hashlib.sha256(data).hexdigest()


def read_golden(path):
    table = {}
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            if len(parts) == 2:
                table[parts[1]] = parts[0]
    return table


EXHAUSTIVE_CHUNK = 1 << 22
EXHAUSTIVE_BLOCK = 1 << 24


def exhaustive_digest(function):
    """golden/exhaustive.sha256's digest of function: every binary32 bit
    pattern in order, each output as a little-endian uint32, cut into 256
    blocks of 2^24 outputs; the SHA-256 of the blocks' SHA-256 digests,
    each written as 64 lower-case hex digits and a newline."""
    lines = []
    for block in range(0, 1 << 32, EXHAUSTIVE_BLOCK):
        sha = hashlib.sha256()
        for first in range(block, block + EXHAUSTIVE_BLOCK, EXHAUSTIVE_CHUNK):
            bits = np.arange(first, first + EXHAUSTIVE_CHUNK,
                             dtype=np.uint64).astype(U32)
            out = function(from_bits(bits))
            assert out.dtype == F32 and out.shape == bits.shape
            sha.update(np.ascontiguousarray(out).view(U32).astype("<u4").tobytes())
        lines.append(sha.hexdigest() + "\n")
    return hashlib.sha256("".join(lines).encode("ascii")).hexdigest()


def read_exhaustive(path):
    """{(function, variant): digest} from golden/exhaustive.sha256."""
    table = {}
    with open(path) as fh:
        for line in fh:
            parts = line.split()
            if len(parts) == 3 and not line.startswith("#"):
                table[(parts[1], parts[2])] = parts[0]
    return table


# ---------------------------------------------------------------------------
# Self-test of fma() against exact rational arithmetic (--check-fma)
# ---------------------------------------------------------------------------

def fma_reference(a, b, c):
    """Bits of a*b + c rounded once to binary32, from fractions.Fraction.
    a, b, c: finite Python floats holding binary32 values."""
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        # IEEE 754: an exact zero sum is +0, except (-0) + (-0) = -0.
        product_neg = (math.copysign(1.0, a) * math.copysign(1.0, b)) < 0
        both_neg = (a == 0 or b == 0) and product_neg \
            and math.copysign(1.0, c) < 0
        return 0x80000000 if both_neg else 0
    sign = 0x80000000 if exact < 0 else 0
    mag = abs(exact)
    e = mag.numerator.bit_length() - mag.denominator.bit_length()
    if Fraction(2) ** e > mag:
        e -= 1                                    # 2^e <= mag < 2^(e+1)
    k = max(e, -126) - 23                         # binary32 quantum 2^k
    scaled = mag / Fraction(2) ** k
    n = scaled.numerator // scaled.denominator
    rest = scaled - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1                                    # nearest, ties to even
    if Fraction(n) * Fraction(2) ** k >= Fraction(2) ** 128:
        return sign | 0x7F800000
    value = math.ldexp(n, k)                      # exact: n <= 2^24
    return sign | struct.unpack("<I", struct.pack("<f", value))[0]


def _fma_cases(count, rng):
    """Triples (a, b, c) as float32 arrays, in five families:
    random bit patterns; operands whose exponents make a*b and c overlap
    (including subnormal and overflowing results); c = -(a*b rounded) and
    its neighbours (cancellation, tiny results); constructed double-rounding
    traps, where a*b + c is a hair off a binary32 rounding midpoint and its
    binary64 rounding lands exactly on it; and operands with sparse
    significands (long runs of zeros or ones in a*b + c)."""
    per = count // 5

    def make(sign, exponent, mantissa):
        # (-1)^sign * mantissa * 2^(exponent - 23); mantissa < 2^24.
        v = np.ldexp(mantissa.astype(np.float64), exponent - 23)
        v = np.where(sign == 1, -v, v)
        return v.astype(F32)

    def signs(n):
        return rng.integers(0, 2, n)

    def mantissas(n):
        return rng.integers(1 << 23, 1 << 24, n)

    def finite_bits(n):
        bits = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(U32)
        exp_field = (bits >> U32(23)) & U32(0xFF)
        return from_bits(select_bits(exp_field == 0xFF, bits ^ U32(1 << 30),
                                     bits))

    families = []
    # 1. Random finite bit patterns.
    families.append((finite_bits(per), finite_bits(per), finite_bits(per)))
    # 2. Overlapping exponents: product exponent in [-160, 131].
    ep = rng.integers(-160, 132, per)
    ea = np.clip(rng.integers(-100, 128, per), ep - 127, ep + 149)
    eb = np.clip(ep - ea, -149, 127)
    ec = np.clip(ep + rng.integers(-50, 31, per), -160, 127)
    families.append((make(signs(per), ea, mantissas(per)),
                     make(signs(per), eb, mantissas(per)),
                     make(signs(per), ec, mantissas(per))))
    # 3. Cancellation: c is -(a*b) rounded, or one of its 3 neighbours
    # either side (results down to the subnormal range).
    ep = rng.integers(-170, 127, per)
    ea = rng.integers(-90, 64, per)
    a3 = make(signs(per), ea, mantissas(per))
    b3 = make(signs(per), np.clip(ep - ea, -149, 127), mantissas(per))
    near = (-(a3.astype(np.float64) * b3.astype(np.float64))).astype(F32)
    offset = rng.integers(-3, 4, per).astype(np.int64)
    c3 = to_bits(near).astype(np.int64) + offset
    c3 = from_bits(np.where(c3 < 0, 0, c3).astype(U32))
    c3 = np.where(np.isfinite(c3), c3, near)
    families.append((a3, b3, c3))
    # 4. Double-rounding traps. c has quantum u (2^-149 for subnormal c);
    # a*b = h*(2^46 - d^2)/2^46 with h = u/2 (or u/4 when c is a power of
    # two: the quantum below it is u/2), a = (2^23 + d) 2^ea and
    # b = (2^23 - d) 2^eb; or a*b = K h (1 - 2^(2j-46)) with a small odd K,
    # a = K (2^(23-j) + 1) 2^ea and b = (2^23 - 2^j) 2^eb. Either way a*b + c
    # is at most 2^-28 h away from a midpoint between binary32 neighbours,
    # and its binary64 rounding is that midpoint; with c odd, rounding the
    # binary64 sum to binary32 gives the wrong neighbour.
    cb = finite_bits(per)
    cb = np.where(rng.integers(0, 4, per) == 0,
                  make(signs(per), rng.integers(-149, 128, per),
                       np.full(per, 1 << 23)), cb)     # some powers of two
    cb = np.where(rng.integers(0, 8, per) == 0,
                  from_bits(to_bits(cb) & U32(0x807FFFFF)), cb)  # subnormal
    cexp = ((to_bits(cb) >> U32(23)) & U32(0xFF)).astype(np.int64)
    quantum = np.maximum(cexp, 1) - 150                # log2 of c's quantum
    power_of_two = (to_bits(cb) & MANTISSA_MASK) == 0
    log2h = quantum - np.where(power_of_two, rng.integers(1, 3, per), 1)
    simple = rng.integers(0, 2, per) == 1
    d = rng.integers(1, 1 << 9, per)
    j = rng.integers(1, 6, per)
    kk = 2 * rng.integers(0, 1 << 4, per) + 1
    kk = np.minimum(kk, (1 << (j + 1)) - 1)            # K fits j+1 bits
    ma = np.where(simple, (1 << 23) + d, kk * ((1 << (23 - j)) + 1))
    mb = np.where(simple, (1 << 23) - d, (1 << 23) - (1 << j))
    # a*b = ma*mb * 2^(e_a + e_b - 46) with e = make()'s exponent argument,
    # and ma*mb = 2^46 - d^2 (simple) or K 2^(46-j) - K 2^j (K form); so
    # e_a + e_b = log2h, or log2h + j, gives a*b ~ h or ~ K h.
    total = np.where(simple, log2h, log2h + j)
    ea4 = total // 2
    eb4 = total - ea4
    a4 = make(signs(per), ea4, ma)
    b4 = make(signs(per), eb4, mb)
    families.append((a4, b4, cb))
    # 5. Sparse significands: one to three bits set, or the complement.
    def sparse(n):
        m = np.zeros(n, dtype=np.int64) | (1 << 23)
        for _ in range(3):
            bit = rng.integers(0, 23, n)
            m |= np.where(rng.integers(0, 2, n) == 1, 1 << bit, 0)
        flip = rng.integers(0, 2, n) == 1
        return np.where(flip, ((1 << 24) - 1) ^ (m & ((1 << 23) - 1)), m)
    rest = count - 4 * per
    ep = rng.integers(-160, 128, rest)
    ea = rng.integers(-80, 64, rest)
    families.append((make(signs(rest), ea, sparse(rest)),
                     make(signs(rest), np.clip(ep - ea, -149, 127),
                          sparse(rest)),
                     make(signs(rest),
                          np.clip(ep + rng.integers(-60, 11, rest), -149, 127),
                          sparse(rest))))
    a = np.concatenate([f[0] for f in families])
    b = np.concatenate([f[1] for f in families])
    c = np.concatenate([f[2] for f in families])
    keep = np.isfinite(a) & np.isfinite(b) & np.isfinite(c)
    return a[keep], b[keep], c[keep]


# Non-finite operands, intermediate overflow and zero signs: (a, b, c,
# expected bits), None for "any NaN".
_FMA_SPECIAL_CASES = [
    (np.inf, 0.0, 1.0, None), (np.inf, 2.0, -np.inf, None),
    (np.inf, 2.0, 1.0, 0x7F800000), (-np.inf, 2.0, np.inf, None),
    (np.nan, 1.0, 1.0, None), (1.0, 1.0, np.nan, None),
    (1.0, 1.0, np.inf, 0x7F800000), (3.0e38, 2.0, -np.inf, 0xFF800000),
    (3.0e38, 2.0, -3.0e38, 0x7F61B1E6),   # a*b overflows, the fma does not
    (3.0e38, 3.0e38, -np.inf, 0xFF800000), (0.0, -1.0, 0.0, 0x00000000),
    (-0.0, 1.0, -0.0, 0x80000000), (1.0e-30, 1.0e-30, 0.0, 0x00000000),
    (-1.0e-30, 1.0e-30, -0.0, 0x80000000),
]


def check_fma(count, seed):
    """Compares fma() with fma_reference() on `count` triples and a list of
    special cases; prints one summary row; returns True when all agree."""
    rng = np.random.default_rng(seed)
    a, b, c = _fma_cases(count, rng)
    with np.errstate(all="ignore"):
        ours = to_bits(fma(a, b, c))
        naive = to_bits((a.astype(np.float64) * b.astype(np.float64)
                         + c.astype(np.float64)).astype(F32))
    ref = np.array([fma_reference(float(x), float(y), float(z))
                    for x, y, z in zip(a, b, c)], dtype=U32)
    bad = np.nonzero(ours != ref)[0]
    mag = ref & ~SIGN_MASK
    subnormal = int(np.count_nonzero((mag > 0) & (mag < 0x00800000)))
    overflow = int(np.count_nonzero(mag == 0x7F800000))
    trap = naive != ref
    double_rounded = int(np.count_nonzero(trap))
    trap_subnormal = int(np.count_nonzero(trap & (mag < 0x00800000)))
    # Special cases, checked against IEEE 754 by hand.
    special_bad = 0
    for x, y, z, want in _FMA_SPECIAL_CASES:
        with np.errstate(all="ignore"):
            got = int(to_bits(fma(np.array([x], dtype=F32), F32(y),
                                  F32(z)))[0])
        if want is None:
            special_bad += not ((got & 0x7F800000) == 0x7F800000
                                and (got & 0x007FFFFF) != 0)
        else:
            special_bad += got != want
    ok = bad.size == 0 and special_bad == 0
    print("fma  %d triples (%d where binary64-then-binary32 rounding is "
          "wrong, %d of them subnormal; %d subnormal and %d overflowing "
          "results) and %d special cases: %d + %d differ from exact "
          "rational rounding  %s"
          % (a.size, double_rounded, trap_subnormal, subnormal, overflow,
             len(_FMA_SPECIAL_CASES), bad.size, special_bad,
             "match" if ok else "MISMATCH"))
    for i in bad[:5]:
        print("    a=0x%08X b=0x%08X c=0x%08X: fma() 0x%08X, exact 0x%08X"
              % (int(to_bits(a)[i]), int(to_bits(b)[i]), int(to_bits(c)[i]),
                 int(ours[i]), int(ref[i])))
    return ok


# ---------------------------------------------------------------------------
# Diagnostics against the C++ tool
# ---------------------------------------------------------------------------

def random_inputs(count, seed):
    """count float32 inputs for --random: a third uniform bit patterns (all
    of fp32, NaNs and infinities included), a third uniform reals in
    [-128, 128], a third uniform bit patterns with |x| in [2^-8, 128)."""
    rng = np.random.default_rng(seed)
    third = count // 3
    anything = rng.integers(0, 1 << 32, count - 2 * third, dtype=np.uint64)
    uniform = rng.uniform(-128.0, 128.0, third).astype(F32)
    lo, hi = 0x3B800000, 0x43000000               # 2^-8, 2^7
    moderate = rng.integers(lo, hi, third, dtype=np.uint64) \
        | (rng.integers(0, 2, third, dtype=np.uint64) << np.uint64(31))
    return np.concatenate([from_bits(anything.astype(U32)), uniform,
                           from_bits(moderate.astype(U32))])


def refmath_outputs(binary, name, variant, inputs):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "in.bin")
        dst = os.path.join(tmp, "out.bin")
        inputs.astype("<f4").tofile(src)
        subprocess.run([binary, "eval", "--function", name, "--variant",
                        variant, "--target", "scalar", "--in", src,
                        "--out", dst], check=True)
        return np.fromfile(dst, dtype="<u4").astype(U32)


def report_difference(binary, name, variant, inputs, ours, quiet_match=False):
    """Runs refmath eval on `inputs`; prints the number of differing outputs
    and the first one. Returns the number."""
    theirs = refmath_outputs(binary, name, variant, inputs)
    mine = to_bits(ours)
    diff = np.nonzero(theirs != mine)[0]
    if diff.size == 0:
        if not quiet_match:
            print("    refmath eval agrees with the port on every input "
                  "(digest or input-set problem?)")
        return 0
    i = int(diff[0])
    xb = int(to_bits(inputs)[i])
    print("    %d differing inputs; first at index %d: x=0x%08X (%r)"
          % (diff.size, i, xb, float(inputs[i])))
    print("      refmath (expected) 0x%08X   port (actual) 0x%08X"
          % (int(theirs[i]), int(mine[i])))
    return int(diff.size)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(here, "..", "..")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", choices=["exact", "fast"], default="exact",
                    help="kernel variant (default: exact)")
    ap.add_argument("--golden",
                    help="digest file (default: golden/VARIANT.sha256)")
    ap.add_argument("--function", action="append", choices=FUNCTION_NAMES,
                    help="only this function (repeatable)")
    ap.add_argument("--refmath", metavar="BIN",
                    help="refmath tool, used to name the first differing "
                         "input on a mismatch, and by --random")
    ap.add_argument("--random", metavar="N", type=int, default=0,
                    help="also compare with `refmath eval` (needs --refmath) "
                         "on N random inputs per function")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of --random and --check-fma (default 1)")
    ap.add_argument("--check-fma", metavar="N", type=int, default=0,
                    help="first test the fma emulation against exact "
                         "rational arithmetic on about N triples")
    ap.add_argument("--gelu-coeffs", metavar="FILE",
                    default=os.path.join(root, GELU_COEFFS_FILE),
                    help="fast erf GELU coefficients (default: %s)"
                         % GELU_COEFFS_FILE)
    ap.add_argument("--exhaustive", action="store_true",
                    help="recompute golden/exhaustive.sha256's rows of this "
                         "variant (all 2^32 inputs per function) instead")
    args = ap.parse_args(argv)
    if args.exhaustive:
        table = read_exhaustive(os.path.join(root, "golden",
                                             "exhaustive.sha256"))
        functions = variant_functions(args.variant, args.gelu_coeffs)
        ok = True
        with np.errstate(all="ignore"):
            for name in args.function or FUNCTION_NAMES:
                start = time.time()
                computed = exhaustive_digest(functions[name])
                expected = table.get((name, args.variant))
                status = "match" if computed == expected else (
                    "MISMATCH" if expected else "MISSING")
                print("%-16s %s  %s  %s  (%.0f s)" % (
                    name, args.variant, computed, status, time.time() - start),
                    flush=True)
                ok &= status == "match"
        return 0 if ok else 1
    if args.random and not args.refmath:
        ap.error("--random needs --refmath")
    golden_path = args.golden or os.path.join(
        root, "golden", "%s.sha256" % args.variant)

    ok = True
    if args.check_fma:
        ok &= check_fma(args.check_fma, args.seed)

    golden = read_golden(golden_path)
    names = args.function or FUNCTION_NAMES
    functions = variant_functions(args.variant, args.gelu_coeffs)
    inputs = golden_inputs()
    width = max(len(n) for n in ["inputs"] + names)

    def row(name, computed):
        expected = golden.get(name)
        status = "match" if computed == expected else (
            "MISMATCH" if expected else "MISSING")
        print("%-*s  %s  %s" % (width, name, computed, status))
        return status == "match"

    # The input digest proves SPECIAL_VALUE_BITS equals the C++ list.
    ok &= row("inputs", digest(inputs))

    with np.errstate(all="ignore"):
        for name in names:
            out = functions[name](inputs)
            assert out.dtype == F32 and out.shape == inputs.shape, name
            good = row(name, digest(out))
            if not good:
                ok = False
                if args.refmath:
                    report_difference(args.refmath, name, args.variant,
                                      inputs, out)

        if args.random:
            rand = random_inputs(args.random, args.seed)
            for name in names:
                start = time.time()
                out = functions[name](rand)
                count = report_difference(args.refmath, name, args.variant,
                                          rand, out, quiet_match=True)
                print("random %-*s  %d inputs, %d differ from refmath eval "
                      "(%.1f s)  %s" % (width, name, rand.size, count,
                                       time.time() - start,
                                       "match" if count == 0 else
                                       "MISMATCH"))
                ok &= count == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
