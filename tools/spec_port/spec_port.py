#!/usr/bin/env python3
"""Independent port of the exact fp32 transcendentals, from the spec text.

Reimplements, in numpy float32 arithmetic, the normative algorithms of
"Exact fp32 transcendental functions" (sections exp, ExpNonPositive, log,
sigmoid, tanh, erf / 1 + erf, GELU; the fast-mode sections are not ported),
plus the project's clarifications where the spec is silent. It recomputes
the SHA-256 digests of the golden input set and compares them with
golden/exact.sha256.

Arithmetic model: every operation below is one IEEE binary32 operation
rounded to nearest even. numpy float32 arrays give exactly that provided
every operand stays float32 (Python floats or float64 constants would
promote), so every constant goes through f32() and every function result is
checked to be float32. numpy does not flush subnormals. Integer operations
on bit patterns are done in uint32 / int32 and wrap modulo 2^32; >> is
applied to int32 and is therefore arithmetic.

Usage (needs numpy; on Debian /usr/bin/python3 with python3-numpy):
    python3 tools/spec_port/spec_port.py [--golden golden/exact.sha256]
        [--function NAME]... [--refmath build/bin/refmath]
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
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

assert len(ERF_G) == 17


def select(cond, a, b):
    """Lane selection cond ? a : b. Refuses anything but float32, so a
    promotion to float64 anywhere upstream cannot go unnoticed."""
    out = np.where(cond, a, b)
    assert out.dtype == F32, out.dtype
    return out


def horner(coeffs, v):
    """Horner's rule from the highest coefficient: q = c + q*v per step
    (product rounded, then sum rounded)."""
    q = np.full_like(v, coeffs[0])
    for c in coeffs[1:]:
        q = c + q * v
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


def exp_core(x):
    """exp steps 1-3: returns (p, n_int)."""
    n, n_int = round_to_int(x)                      # step 1
    r = (x - n * LN2_HI) - n * LN2_LO               # step 2
    q = horner(EXP_Q, r)                            # step 3
    p = ONE + (r + (r * r) * q)
    return p, n_int


# ---------------------------------------------------------------------------
# The functions (one per spec section)
# ---------------------------------------------------------------------------

def exp(x):
    p, n_int = exp_core(x)
    # Step 4: two exact power-of-two scalings.
    a = n_int >> I32(1)                             # arithmetic shift
    b = (n_int.astype(U32) - a.astype(U32)).view(I32)
    result = (p * pow2(a)) * pow2(b)
    # Step 5: specials, selected at the end.
    result = select(x > EXP_OVERFLOW, POS_INF, result)
    result = select(x < EXP_UNDERFLOW, ZERO, result)
    return nan_rule(x, result)


def exp_nonpositive(x):
    p, n_int = exp_core(x)                          # steps 1-3
    result = p * pow2(n_int)                        # one scaling
    result = select(x < EXP_NONPOS_UNDERFLOW, ZERO, result)
    # Outside the domain (x > 0); the clarification keeps it defined.
    result = select(x > EXP_OVERFLOW, POS_INF, result)
    return nan_rule(x, result)


def log(x):
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
    w = horner(LOG_W, z)
    s2 = s + s
    logm = s2 + s2 * (z * w)
    # Step 4.
    result = ef * LN2_HI + (logm + ef * LN2_LO)
    # Step 5, in the decided order.
    result = select(x > FLT_MAX, POS_INF, result)
    result = select(x < ZERO, F32(np.nan), result)
    result = select(x == ZERO, NEG_INF, result)
    return nan_rule(x, result)


def sigmoid(x):
    s = exp(ZERO - abs32(x))
    num = select(x >= ZERO, ONE, s)
    result = num / (ONE + s)
    return nan_rule(x, result)


def tanh(x):
    ax = abs32(x)
    z = ax * ax
    # ax < 0.6: odd polynomial.
    P = horner(TANH_P, z)
    small = ax + ax * (z * P)
    # Otherwise: 1 - 2/(exp(2ax) + 1).
    E = exp(ax + ax)
    large = ONE - TWO / (E + ONE)
    result = select(ax < TANH_SMALL, small, large)
    result = or_sign(result, x)                     # sign OR-ed in last
    return nan_rule(x, result)


def _erf_parts(x):
    """Shared part of the erf section. Returns (ax, erf_small, erfc)."""
    ax = abs32(x)
    z = ax * ax
    # ax < 0.5.
    P = horner(ERF_P, z)
    erf_small = ax * P
    # ax >= 0.5.
    t = ONE / ax
    s = t - ONE
    G = horner(ERF_G, s)
    # x*x = z + zLo exactly (Dekker split).
    split = ax * DEKKER_SPLIT
    hi = split - (split - ax)
    lo = ax - hi
    z_lo = ((hi * hi - z) + TWO * (hi * lo)) + lo * lo
    z_lo = select(ax >= ERF_ZLO_LIMIT, ZERO, z_lo)
    exp_neg_z = exp(ZERO - z) * (ONE - z_lo)
    erfc = exp_neg_z * (t * G)
    return ax, erf_small, erfc


def erf(x):
    ax, erf_small, erfc = _erf_parts(x)
    erf_large = ONE - erfc
    result = select(ax < ERF_SMALL, erf_small, erf_large)
    result = or_sign(result, x)
    result = select(np.isinf(x), or_sign(np.full_like(x, ONE), x), result)
    return nan_rule(x, result)


def one_plus_erf(x):
    ax, erf_small, erfc = _erf_parts(x)
    small = ONE + or_sign(erf_small, x)
    large = select(x < ZERO, erfc, TWO - erfc)
    result = select(ax < ERF_SMALL, small, large)
    return nan_rule(x, result)


def _gelu_specials(x, result):
    result = select(x == NEG_INF, NEG_ZERO, result)
    result = select(x == POS_INF, POS_INF, result)
    return nan_rule(x, result)


def gelu_erf(x):
    y = x * INV_SQRT2
    result = (HALF * x) * one_plus_erf(y)
    return _gelu_specials(x, result)


def gelu_tanh(x):
    u = GELU_TANH_SCALE * (x + GELU_TANH_CUBIC * ((x * x) * x))
    result = x * sigmoid(u + u)
    return _gelu_specials(x, result)


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


# ---------------------------------------------------------------------------
# Golden input set
# ---------------------------------------------------------------------------

GOLDEN_STRIDE = 4099

# MUST EQUAL the list in src/golden_inputs.cc (SpecialValueBits), in order.
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


# ---------------------------------------------------------------------------
# Diagnostics against the C++ tool
# ---------------------------------------------------------------------------

def refmath_outputs(binary, name, inputs):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "in.bin")
        dst = os.path.join(tmp, "out.bin")
        inputs.astype("<f4").tofile(src)
        subprocess.run([binary, "eval", "--function", name, "--variant",
                        "exact", "--target", "scalar", "--in", src,
                        "--out", dst], check=True)
        return np.fromfile(dst, dtype="<u4").astype(U32)


def report_difference(binary, name, inputs, ours):
    theirs = refmath_outputs(binary, name, inputs)
    mine = to_bits(ours)
    diff = np.nonzero(theirs != mine)[0]
    if diff.size == 0:
        print("    refmath eval agrees with the port on every input "
              "(digest or input-set problem?)")
        return
    i = int(diff[0])
    xb = int(to_bits(inputs)[i])
    print("    %d differing inputs; first at index %d: x=0x%08X (%r)"
          % (diff.size, i, xb, float(inputs[i])))
    print("      refmath (expected) 0x%08X   port (actual) 0x%08X"
          % (int(theirs[i]), int(mine[i])))


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    default_golden = os.path.join(here, "..", "..", "golden", "exact.sha256")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--golden", default=default_golden,
                    help="digest file (default: golden/exact.sha256)")
    ap.add_argument("--function", action="append", choices=list(FUNCTIONS),
                    help="only this function (repeatable)")
    ap.add_argument("--refmath", metavar="BIN",
                    help="refmath tool, used to name the first differing "
                         "input on a mismatch")
    args = ap.parse_args(argv)

    golden = read_golden(args.golden)
    names = args.function or list(FUNCTIONS)
    inputs = golden_inputs()
    ok = True
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
            out = FUNCTIONS[name](inputs)
            assert out.dtype == F32 and out.shape == inputs.shape, name
            good = row(name, digest(out))
            if not good:
                ok = False
                if args.refmath:
                    report_difference(args.refmath, name, inputs, out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
