"""Bit-exact emulation of the fast-mode erf GELU in binary32.

Two independent implementations:

* numpy (vectorised, used for the large grids).  float32 multiply, add and
  divide are IEEE operations in numpy.  The fused multiply-add is formed in
  binary64: the product of two binary32 numbers is exact there, the sum is
  rounded to binary64 with its exact error recovered by TwoSum, the binary64
  value is turned into the round-to-odd result, and that is rounded to
  binary32.  Round-to-odd with 53 >= 24 + 2 bits makes the second rounding
  correct, so the result equals the correctly rounded fma.

* gmpy2 (scalar, MPFR with the binary32 format: precision 24, emin -148,
  emax 128, subnormals), used to cross-check the numpy version.

The evaluated formula (spec, "Fast-mode erf GELU"):
    c = min(|x|, 5.6f); z = c*c
    P = Horner fma from p5 down to p0; Q = Horner fma from q5 down, last 1
    erf = copysign((c*P)/Q, x)
    gelu = (0.5f*x) * (1 + erf); gelu = -0 for x < -5.6f
"""

import gmpy2
import numpy as np
from gmpy2 import mpfr

F32 = np.float32
CLAMP = F32(5.6)


def fma32(a, b, c):
    """Correctly rounded binary32 fma of float32 arrays (or scalars)."""
    p = np.asarray(a, dtype=np.float64) * np.asarray(b, dtype=np.float64)  # exact
    cd = np.asarray(c, dtype=np.float64)
    s = p + cd
    bb = s - p
    e = (p - (s - bb)) + (cd - bb)                    # s + e == p + c exactly
    bits = s.view(np.int64)
    sticky = (e != 0) & ((bits & 1) == 0)
    step = np.where((e > 0) == (s > 0), 1, -1).astype(np.int64)
    bits = np.where(sticky, bits + step, bits)        # round to odd
    return bits.view(np.float64).astype(np.float32)


def erf_fast(x, co):
    """co: 11 coefficients (p0..p5, q1..q5), anything convertible to float32
    exactly (they must already be binary32 values)."""
    x = np.asarray(x, dtype=np.float32)
    c = np.minimum(np.abs(x), CLAMP)
    z = c * c
    p = [F32(v) for v in co[:6]]
    q = [F32(v) for v in co[6:]]
    P = np.full_like(z, p[5])
    for k in (4, 3, 2, 1, 0):
        P = fma32(P, z, p[k])
    Q = np.full_like(z, q[4])
    for k in (3, 2, 1, 0):
        Q = fma32(Q, z, q[k])
    Q = fma32(Q, z, F32(1))
    E = (c * P) / Q
    return np.copysign(E, x)


def gelu_from_erf(x, E):
    x = np.asarray(x, dtype=np.float32)
    g = (F32(0.5) * x) * (F32(1) + E)
    return np.where(x < -CLAMP, F32(-0.0), g)


def gelu_fast(x, co):
    return gelu_from_erf(x, erf_fast(x, co))


# ------------------------------------------------------- MPFR version ----

def _ctx():
    return gmpy2.local_context(gmpy2.ieee(32), round=gmpy2.RoundToNearest)


def erf_fast_mpfr(x, co):
    """Scalar reference emulation; x a Python float holding a binary32 value.
    Returns (erf, gelu) as Python floats."""
    with _ctx():
        x = mpfr(x)
        cf = [mpfr(float(v)) for v in co]
        clamp = mpfr(5.6)
        c = min(abs(x), clamp)
        z = c * c
        P = cf[5]
        for k in (4, 3, 2, 1, 0):
            P = gmpy2.fma(P, z, cf[k])
        Q = cf[10]
        for k in (9, 8, 7, 6):
            Q = gmpy2.fma(Q, z, cf[k])
        Q = gmpy2.fma(Q, z, mpfr(1))
        E = (c * P) / Q
        E = gmpy2.copy_sign(E, x)
        if x < -clamp:
            g = -mpfr(0)  # (mpfr("-0") parses as +0 in this context)
        else:
            g = (mpfr(0.5) * x) * (mpfr(1) + E)
        return float(E), float(g)
