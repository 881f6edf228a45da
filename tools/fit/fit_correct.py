#!/usr/bin/env python3
"""Coefficients of the correctly rounded variant's binary64 evaluation.

Writes simd/correct/correct_coeffs.h: the polynomials of docs/correct.md with their
binary64 coefficients (hexadecimal floats) and, for each, the approximation
error of the polynomial with those rounded coefficients, measured in
mpmath at 200 bits on a dense grid (the error curves are smooth; the grid
has 4000 points per interval plus the ends).

    /usr/bin/python3 tools/fit/fit_correct.py [--out simd/correct/correct_coeffs.h]

Deterministic; about 30 s.  Needs python3-mpmath.
"""
import argparse
import struct

import mpmath as mp

mp.mp.prec = 200
GRID = 4000


def to_double(v):
    return float(mp.mpf(v))


def hexd(v):
    return float.hex(v)


def grid(lo, hi, n=GRID):
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    return [lo + (hi - lo) * k / n for k in range(n + 1)]


def horner(coeffs, t):
    """coeffs lowest first, evaluated exactly (mpmath)."""
    acc = mp.mpf(0)
    for c in reversed(coeffs):
        acc = acc * t + mp.mpf(c)
    return acc


def cheb_lowest_first(f, lo, hi, degree):
    poly, _ = mp.chebyfit(f, [lo, hi], degree + 1, error=True)
    return [to_double(c) for c in reversed(poly)]


def fit_r_plus_r2q(f, q_at_0, h, degree):
    """f(r) = r + r^2 Q(r) on |r| <= h: Q (lowest first) and the relative
    error of the whole with Q's binary64 coefficients."""
    def q(r):
        return q_at_0 if r == 0 else (f(r) - r) / (r * r)

    coeffs = cheb_lowest_first(q, -h, h, degree)
    err = max(abs((r + r * r * horner(coeffs, r)) / f(r) - 1)
              for r in grid(-h, h) if r != 0)
    return coeffs, err


def expm1_core():
    """expm1(r) = r + r^2 Q(r) on |r| <= 0.35 (covers ln2/2 with margin)."""
    coeffs, err = fit_r_plus_r2q(mp.expm1, mp.mpf(0.5), mp.mpf(0.35), 9)
    return coeffs, err, "r in [-0.35, 0.35]"


def expm1_quick(degree):
    """expm1(r) = r + r^2 Q(r) on |r| <= ln2/16 (with margin): the quick
    paths of exp (Q of degree 4) and tanh (degree 5), after the reduction
    by 2^(j/8)."""
    h = mp.log(2) / 16 * mp.mpf("1.0005")
    coeffs, err = fit_r_plus_r2q(mp.expm1, mp.mpf(0.5), h, degree)
    return coeffs, err, f"|r| <= {mp.nstr(h, 6)}"


def log_core():
    """log((1+s)/(1-s)) = 2s + s w R(w), w = s^2, |s| <= 0.1716."""
    smax = mp.mpf(0.1716)
    wmax = smax * smax

    def r_of_w(w):
        if w == 0:
            return mp.mpf(2) / 3
        s = mp.sqrt(w)
        return (mp.log((1 + s) / (1 - s)) - 2 * s) / (s * w)

    coeffs = cheb_lowest_first(r_of_w, 0, wmax, 6)
    err = max(abs((2 * s + s * s * s * horner(coeffs, s * s)) /
                  mp.log((1 + s) / (1 - s)) - 1)
              for s in grid(mp.mpf(2) ** -30, smax))
    return coeffs, err, "s in [0, 0.1716]"


def cbrt_start():
    """cbrt(m) ~ P(m) on m in [1, 8]: the starting value of cbrt's two
    Halley steps (simd/root/correct_cbrt-inl.h), which need only |P/cbrt - 1|
    well below 1/50."""
    coeffs = cheb_lowest_first(mp.cbrt, 1, 8, 3)
    err = max(abs(horner(coeffs, m) / mp.cbrt(m) - 1) for m in grid(1, 8))
    return coeffs, err, "m in [1, 8]"


def cbrt_quick_start():
    """m^(-1/3) ~ P(m) on m in [1, 2]: the start of the quick path of cbrt
    (simd/root/correct_quick_cbrt-inl.h), whose two Newton steps for the
    reciprocal cube root need |P m^(1/3) - 1| below 2^-14."""
    def f(m):
        return 1 / mp.cbrt(m)
    coeffs = cheb_lowest_first(f, 1, 2, 4)
    err = max(abs(horner(coeffs, m) / f(m) - 1) for m in grid(1, 2))
    return coeffs, err, "m in [1, 2]"


# The quick path of log (simd/log/correct_quick_log-inl.h).  x = 2^e m is split
# by subtracting LOG_QUICK_OFFSET from the binary64 bits of x: e is the
# difference's exponent field, the interval j its top 4 significand bits,
# m = x 2^-e lies in [0x1.76p-1, 0x1.76p+0).  Interval LOG_QUICK_ONE holds
# m = 1 (it is the one where x = 1 has k = 16 e + j = 8).
LOG_QUICK_OFFSET = 0x3FE7600000000000
LOG_QUICK_ONE = 8
LOG_QUICK_RBITS = 12
LOG_QUICK_H = mp.mpf("0.03")


def bits_to_mpf(b):
    return mp.mpf(struct.unpack("<d", struct.pack("<Q", b))[0])


def round_sig(v, bits):
    """v rounded to nearest with `bits` significant bits."""
    scale = mp.mpf(2) ** (bits - 1 - int(mp.floor(mp.log(abs(v), 2))))
    return mp.nint(v * scale) / scale


def log_quick_tables():
    """The 16 intervals [lo, hi) of m, R_j (LOG_QUICK_RBITS significant bits,
    1 on the interval holding 1) so that r = m R_j - 1 is exact, the bound
    on |r|, C = RN(ln 2 / 16) and T_j = RN(-ln R_j - j C)."""
    c = to_double(mp.log(2) / 16)
    rows = []
    rmax = mp.mpf(0)
    for j in range(16):
        lo = bits_to_mpf(LOG_QUICK_OFFSET + (j << 48))
        hi = bits_to_mpf(LOG_QUICK_OFFSET + ((j + 1) << 48))
        assert (lo <= 1 < hi) == (j == LOG_QUICK_ONE)
        big_r = mp.mpf(1) if j == LOG_QUICK_ONE else round_sig(2 / (lo + hi),
                                                               LOG_QUICK_RBITS)
        assert to_double(big_r) == big_r
        rmax = max(rmax, abs(lo * big_r - 1), abs(hi * big_r - 1))
        t = to_double(-mp.log(big_r) - j * mp.mpf(c))
        rows.append((j, lo, hi, to_double(big_r), t))
    assert rmax < LOG_QUICK_H
    assert rows[LOG_QUICK_ONE][4] == -LOG_QUICK_ONE * c  # t = 0 at x = 1
    return rows, rmax, c


def log1p_quick():
    """log1p(r) = r + r^2 Q(r) on |r| <= LOG_QUICK_H, which holds every
    r = m R_j - 1 of log_quick_tables."""
    coeffs, err = fit_r_plus_r2q(mp.log1p, mp.mpf(-0.5), LOG_QUICK_H, 6)
    return coeffs, err, f"|r| <= {mp.nstr(LOG_QUICK_H, 6)}"


def emit_log_quick(w):
    rows, rmax, c = log_quick_tables()
    w("// log's quick path: x = 2^e m, m in [0x1.76p-1, 0x1.76p+0), from the")
    w("// binary64 bits of x minus kLogQuickOffsetBits (e: the exponent field of")
    w("// the difference, j: its top 4 significand bits).  r = m R_j - 1 is exact")
    w(f"// (R_j has at most {LOG_QUICK_RBITS} significant bits, m at most 24); "
      f"|r| <= {mp.nstr(rmax, 6)}.")
    w("// ln x = (16 e + j) C + T_j + log1p(r) with C = RN(ln 2 / 16) and")
    w("// T_j = RN(-ln R_j - j C), mpmath at 200 bits.  The interval holding 1 "
      f"(j = {LOG_QUICK_ONE})")
    w(f"// has R = 1 and T = -{LOG_QUICK_ONE} C exactly.")
    w(f"constexpr unsigned long long kLogQuickOffsetBits = "
      f"0x{LOG_QUICK_OFFSET:016x}ull;")
    w(f"constexpr double kLogQuickC = {hexd(c)};  // RN(ln 2 / 16)")
    w(f"// R_j: 2 / (lo + hi) rounded to {LOG_QUICK_RBITS} significant bits "
      "for the interval m in [lo, hi).")
    w("alignas(64) constexpr double kLogQuickR[16] = {")
    for j, lo, hi, big_r, _ in rows:
        w(f"    {hexd(big_r)},  // j = {j}: m in [{mp.nstr(lo, 8)}, "
          f"{mp.nstr(hi, 8)})")
    w("};")
    w("// T_j = RN(-ln R_j - j C).")
    w("alignas(64) constexpr double kLogQuickT[16] = {")
    for j, _, _, _, t in rows:
        w(f"    {hexd(t)},  // j = {j}")
    w("};")
    w("")


def erf_small():
    """erf(x) = x P(x^2) for |x| <= 1/8."""
    xmax = mp.mpf(1) / 8

    def p_of_w(w):
        if w == 0:
            return 2 / mp.sqrt(mp.pi)
        x = mp.sqrt(w)
        return mp.erf(x) / x

    coeffs = cheb_lowest_first(p_of_w, 0, xmax * xmax, 5)
    err = max(abs(x * horner(coeffs, x * x) / mp.erf(x) - 1)
              for x in grid(mp.mpf(2) ** -30, xmax))
    return coeffs, err, "|x| <= 1/8"


ERF_FIRST, ERF_LAST, ERF_DEGREE = 2, 62, 7


def erf_interval(i):
    """erf(c + t) for |t| <= 1/32, c = i/16 + 1/32: a Chebyshev fit in t of
    degree ERF_DEGREE (lowest coefficient first) and its relative error."""
    c = mp.mpf(i) / 16 + mp.mpf(1) / 32
    h = mp.mpf(1) / 32
    coeffs = cheb_lowest_first(lambda t: mp.erf(c + t), -h, h, ERF_DEGREE)
    err = max(abs(horner(coeffs, t) - mp.erf(c + t)) / mp.erf(c + t)
              for t in grid(-h, h, 400))
    return coeffs, err


ERFCX_FIRST, ERFCX_LAST = 8, 167


def erfcx(z):
    return mp.exp(z * z) * mp.erfc(z)


def erfcx_interval(i):
    """erfcx(c + t) = e^((c+t)^2) erfc(c + t) for |t| <= 1/32, c = i/16 +
    1/32: a Chebyshev fit in t of degree ERF_DEGREE and its relative
    error."""
    c = mp.mpf(i) / 16 + mp.mpf(1) / 32
    h = mp.mpf(1) / 32
    coeffs = cheb_lowest_first(lambda t: erfcx(c + t), -h, h, ERF_DEGREE)
    err = max(abs(horner(coeffs, t) / erfcx(c + t) - 1)
              for t in grid(-h, h, 200))
    return coeffs, err


ERF_QUICK_INTERVALS, ERF_QUICK_DEGREE = 16, 9
ERF_QUICK_CLAMP = mp.mpf("3.9375")
ERFCX_QUICK_DEGREE = 9


def quick_interval(i):
    """Interval i of the erf and erfc quick paths: i = round(4a) clamped to
    15, c = i/4, t = a - c in [lo, hi]: [0, 1/8] for interval 0, up to the
    clamp (3/16) for interval 15, |t| <= 1/8 between."""
    c = mp.mpf(i) / 4
    h = mp.mpf(1) / 8
    lo = 0 if i == 0 else -h
    hi = ERF_QUICK_CLAMP - c if i == ERF_QUICK_INTERVALS - 1 else h
    return c, lo, hi


def erf_quick_interval(i):
    """The quick path of erf: i = round(4a) clamped to 15, c = i/4, t = a - c.
    Interval 0 is [0, 1/8] with erf(t) = t Q(t), Q a Chebyshev fit of degree
    ERF_QUICK_DEGREE - 1 to erf(t)/t (so the constant coefficient is 0 and
    the relative error stays bounded as t -> 0); intervals 1..14 are
    |t| <= 1/8; interval 15 reaches the clamp, t in [-1/8, 3/16].  Returns
    the ERF_QUICK_DEGREE + 1 coefficients, lowest first, the relative
    error on a grid of 2000 points, and t's range."""
    c, lo, hi = quick_interval(i)
    if i == 0:
        def q(t):
            return mp.erf(t) / t if t != 0 else 2 / mp.sqrt(mp.pi)
        coeffs = [0.0] + cheb_lowest_first(q, lo, hi, ERF_QUICK_DEGREE - 1)
        pts = grid(lo, hi, 2000)[1:] + [mp.mpf(2) ** -126, mp.mpf(2) ** -40]
        err = max(abs(horner(coeffs, t) / mp.erf(t) - 1) for t in pts)
        return coeffs, err, (lo, hi)
    coeffs = cheb_lowest_first(lambda t: mp.erf(c + t), lo, hi,
                               ERF_QUICK_DEGREE)
    err = max(abs(horner(coeffs, t) / mp.erf(c + t) - 1)
              for t in grid(lo, hi, 2000))
    return coeffs, err, (lo, hi)


def emit_coefficient_major(w, name, degree, fits):
    """A quick path's interval table, coefficient-major: row j holds
    coefficient degree - j (highest first) of every interval, so that a row
    is one 16-entry lookup table; fits are (coefficients lowest first,
    error, range) per interval."""
    w(f"alignas(64) constexpr double {name}[{degree + 1}][{len(fits)}] = {{")
    for j in range(degree, -1, -1):
        w("    {" + ", ".join(hexd(coeffs[j]) for coeffs, _, _ in fits) + "},")
    w("};")
    w("")


def emit_erf_quick(w):
    """The quick path's table of erf, with its errors per interval."""
    fits = [erf_quick_interval(i) for i in range(ERF_QUICK_INTERVALS)]
    worst = max(err for _, err, _ in fits)
    w(f"// The quick path of erf: erf(c + t), c = i/4, i = 0..{ERF_QUICK_INTERVALS - 1}, "
      f"degree {ERF_QUICK_DEGREE}; interval 0 is")
    w("// t in [0, 1/8] with a zero constant coefficient (t Q(t)), intervals "
      "1..14 |t| <= 1/8,")
    w(f"// interval 15 t in [-1/8, {mp.nstr(ERF_QUICK_CLAMP - mp.mpf(15) / 4, 4)}]. "
      "Row j holds coefficient "
      f"{ERF_QUICK_DEGREE} - j of every interval.")
    w(f"// Largest relative error {mp.nstr(worst, 3)} "
      f"(2^{mp.nstr(mp.log(worst, 2), 4)}); per interval, 2^:")
    per = [mp.nstr(mp.log(err, 2), 4) for _, err, _ in fits]
    w("//   " + " ".join(per[:8]))
    w("//   " + " ".join(per[8:]))
    emit_coefficient_major(w, "kErfQuick", ERF_QUICK_DEGREE, fits)


def erfcx_quick_interval(i):
    """The quick path of erfc: erfcx(c + t), c = i/4, i = round(4a) clamped
    to 15 as for erf's quick path (interval 0 is t in [0, 1/8], interval 15
    t in [-1/8, 3/16]).  Returns the ERFCX_QUICK_DEGREE + 1 coefficients,
    lowest first, the relative error on a grid of 2000 points and t's
    range."""
    c, lo, hi = quick_interval(i)
    coeffs = cheb_lowest_first(lambda t: erfcx(c + t), lo, hi,
                               ERFCX_QUICK_DEGREE)
    err = max(abs(horner(coeffs, t) / erfcx(c + t) - 1)
              for t in grid(lo, hi, 2000))
    return coeffs, err, (lo, hi)


def horner_rounding_bound(coeffs, t, fused):
    """First-order bound, in units of u, of the rounding errors of Horner's
    rule s_n = c_n, s_j = s_(j+1) t + c_j in binary64, as a multiple of
    |s_0|: step j's rounding reaches s_0 multiplied by t^j, and it is
    u |s_j| fused, u (|s_j| + |t s_(j+1)|) with the product rounded too."""
    n = len(coeffs) - 1
    s = [mp.mpf(0)] * (n + 2)
    s[n] = mp.mpf(coeffs[n])
    for j in range(n - 1, -1, -1):
        s[j] = s[j + 1] * t + mp.mpf(coeffs[j])
    total = mp.mpf(0)
    for j in range(n):
        term = abs(s[j]) if fused else abs(s[j]) + abs(t * s[j + 1])
        total += abs(t) ** j * term
    return total / abs(s[0])


# The quick path of erfc beyond 1 + erf's intervals
# (simd/erf/correct_quick_erfc-inl.h): a erfc(a) e^(a^2) as a polynomial in
# w = 1/a^2 for a in [ERFC_ASYM_LO, ERFC_ASYM_HI] (the asymptotic series'
# 1/sqrt(pi) (1 - w/2 + 3w^2/4 - ...), which diverges, fitted instead).
ERFC_ASYM_LO = mp.mpf("3.9375")
ERFC_ASYM_HI = mp.mpf("10.125")
ERFC_ASYM_DEGREE = 10


def erfc_asym_quick():
    """a erfc(a) e^(a^2) ~ P(w), w = 1/a^2: coefficients, the relative error
    with them, and where (w's range and Horner's rounding bounds)."""
    def g(w):
        a = 1 / mp.sqrt(w)
        return a * mp.erfc(a) * mp.exp(a * a)
    lo, hi = 1 / ERFC_ASYM_HI**2, 1 / ERFC_ASYM_LO**2
    coeffs = cheb_lowest_first(g, lo, hi, ERFC_ASYM_DEGREE)
    err = max(abs(horner(coeffs, w) / g(w) - 1) for w in grid(lo, hi))
    fused, twice = (max(horner_rounding_bound(coeffs, w, f)
                        for w in grid(lo, hi, 400)) for f in (True, False))
    return coeffs, err, (
        f"w = 1/a^2 for a in [{ERFC_ASYM_LO}, {ERFC_ASYM_HI}]\n(Horner's "
        f"rounding errors at most {mp.nstr(fused, 3)} u fused, "
        f"{mp.nstr(twice, 3)} u twice\nrounded)")


def fit_odd(f, p_at_0, hi, degree, where):
    """f(v) = v P(v^2) for v^2 in [0, hi], P a Chebyshev fit in z = v^2:
    coefficients, the relative error with them, and where (with Horner's
    rounding bounds)."""
    def p(z):
        if z == 0:
            return p_at_0
        v = mp.sqrt(z)
        return f(v) / v
    coeffs = cheb_lowest_first(p, 0, hi, degree)
    err = max(abs(horner(coeffs, z) / p(z) - 1) for z in grid(0, hi))
    fused, twice = (max(horner_rounding_bound(coeffs, z, f)
                        for z in grid(0, hi, 400)) for f in (True, False))
    return coeffs, err, (
        f"{where} (Horner's rounding errors at most\n{mp.nstr(fused, 3)} u "
        f"fused, {mp.nstr(twice, 3)} u twice rounded)")


# The quick paths of sinpi and cospi (simd/trig/correct_quick_sinpi-inl.h),
# of sin and cos (correct_quick_sin-inl.h) and of asin and acos
# (correct_quick_atan-inl.h): one odd polynomial each.  sin(pi t) for
# |t| <= 1/2; sin theta for |theta| <= pi/2 + 2^-30; asin v for 0 <= v <=
# 1/2 (v = |x|, or sqrt((1 - |x|)/2) above 1/2).
SINPI_QUICK_DEGREE = 7
SIN_QUICK_DEGREE = 7
ASIN_QUICK_DEGREE = 10


def sinpi_quick():
    return fit_odd(lambda t: mp.sin(mp.pi * t), mp.pi, mp.mpf(1) / 4,
                   SINPI_QUICK_DEGREE, "|t| <= 1/2")


def sin_quick():
    return fit_odd(mp.sin, mp.mpf(1), (mp.pi / 2 + mp.mpf(2) ** -30) ** 2,
                   SIN_QUICK_DEGREE, "|theta| <= pi/2 + 2^-30")


def asin_quick():
    return fit_odd(mp.asin, mp.mpf(1), mp.mpf(1) / 4, ASIN_QUICK_DEGREE,
                   "0 <= v <= 1/2")


def emit_erfcx_quick(w):
    """kErfcxQuick, coefficient-major like kErfQuick, with its approximation
    error and its Horner rounding bound (fused and twice rounded)."""
    fits = [erfcx_quick_interval(i) for i in range(ERF_QUICK_INTERVALS)]
    worst = max(err for _, err, _ in fits)
    evals = [max(horner_rounding_bound(coeffs, t, fused)
                 for t in grid(lo, hi, 400))
             for fused in (True, False) for coeffs, _, (lo, hi) in fits]
    half = len(fits)
    w("// The quick path of erfc: erfcx(c + t) = e^((c+t)^2) erfc(c + t), "
      "c = i/4, i = 0..15,")
    w(f"// degree {ERFCX_QUICK_DEGREE}, t's ranges as for kErfQuick. Row j "
      f"holds coefficient {ERFCX_QUICK_DEGREE} - j")
    w(f"// of every interval. Largest relative error {mp.nstr(worst, 3)} "
      f"(2^{mp.nstr(mp.log(worst, 2), 4)});")
    w(f"// Horner's rounding errors at most {mp.nstr(max(evals[:half]), 3)} u "
      f"fused, {mp.nstr(max(evals[half:]), 3)} u twice rounded.")
    emit_coefficient_major(w, "kErfcxQuick", ERFCX_QUICK_DEGREE, fits)


def emit_intervals(w, heading, name, first, last, fit, terms_constant=False):
    """One table of interval polynomials: the heading (its error figure
    filled in), the first and last interval, the rows highest coefficient
    first."""
    worst = mp.mpf(0)
    rows = []
    for i in range(first, last + 1):
        coeffs, err = fit(i)
        worst = max(worst, err)
        rows.append("    {" + ", ".join(hexd(c) for c in reversed(coeffs)) +
                    "},")
    for line in heading(f"{mp.nstr(worst, 3)} (2^{mp.nstr(mp.log(worst, 2), 4)})"):
        w(line)
    w(f"constexpr int {name}FirstInterval = {first};")
    w(f"constexpr int {name}LastInterval = {last};")
    if terms_constant:
        w(f"constexpr int {name}Terms = {ERF_DEGREE + 1};")
    w(f"alignas(64) constexpr double {name}Table[{last - first + 1}]"
      f"[{ERF_DEGREE + 1}] = {{")
    for r in rows:
        w(r)
    w("};")
    w("")


def emit(out):
    lines = []
    w = lines.append
    w("// Generated by tools/fit/fit_correct.py: the polynomials of the")
    w("// correctly rounded variant (docs/correct.md).  Each comment gives the")
    w("// relative approximation error of the polynomial with these binary64")
    w("// coefficients, measured in mpmath at 200 bits.  Do not edit.")
    w("#ifndef REFMATH_SIMD_CORRECT_COEFFS_H_")
    w("#define REFMATH_SIMD_CORRECT_COEFFS_H_")
    w("")
    w("namespace refmath {")
    w("namespace correct {")
    w("")
    for name, (coeffs, err, where), what in (
            ("kExpm1Q", expm1_core(), "expm1(r) = r + r^2 Q(r)"),
            ("kExpm1QuickQ", expm1_quick(4), "expm1(r) = r + r^2 Q(r)"),
            ("kExpm1QuickQ5", expm1_quick(5), "expm1(r) = r + r^2 Q(r)"),
            ("kLogR", log_core(), "log((1+s)/(1-s)) = 2s + s^3 R(s^2)"),
            ("kLog1pQuickQ", log1p_quick(), "log1p(r) = r + r^2 Q(r)"),
            ("kErfSmall", erf_small(), "erf(x) = x P(x^2)"),
            ("kCbrtStart", cbrt_start(), "cbrt(m) ~ P(m)"),
            ("kCbrtQuickStart", cbrt_quick_start(), "m^(-1/3) ~ P(m)"),
            ("kErfcAsymQuick", erfc_asym_quick(),
             "a erfc(a) e^(a^2) ~ P(w)"),
            ("kSinpiQuick", sinpi_quick(), "sin(pi t) = t P(t^2)"),
            ("kAsinQuick", asin_quick(), "asin v = v P(v^2)"),
            ("kSinQuick", sin_quick(), "sin theta = theta P(theta^2)")):
        text = (f"{what}, {where}: relative error {mp.nstr(err, 3)} "
                f"(2^{mp.nstr(mp.log(err, 2), 4)}).  Highest coefficient first.")
        for line in text.split("\n"):
            w(f"// {line}")
        w(f"constexpr double {name}[] = {{")
        for c in reversed(coeffs):
            w(f"    {hexd(c)},")
        w("};")
        w("")
        if name == "kLog1pQuickQ":
            emit_log_quick(w)
    emit_intervals(w, lambda err: [
        f"// erf(c + t), c = i/16 + 1/32, |t| <= 1/32, for i = {ERF_FIRST}.."
        f"{ERF_LAST}: Chebyshev fits of",
        f"// degree {ERF_DEGREE}, highest coefficient first; largest relative "
        f"error {err}."], "kErf", ERF_FIRST, ERF_LAST, erf_interval, True)
    emit_intervals(w, lambda err: [
        f"// erfcx(c + t) = e^((c+t)^2) erfc(c + t), c = i/16 + 1/32, |t| <= 1/32,"
        f" for i = {ERFCX_FIRST}..{ERFCX_LAST}:",
        f"// Chebyshev fits of degree {ERF_DEGREE}, highest coefficient first; "
        f"largest relative error {err}."], "kErfcx", ERFCX_FIRST, ERFCX_LAST,
        erfcx_interval)
    emit_erf_quick(w)
    emit_erfcx_quick(w)
    w("}  // namespace correct")
    w("}  // namespace refmath")
    w("")
    w("#endif  // REFMATH_SIMD_CORRECT_COEFFS_H_")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="simd/correct/correct_coeffs.h")
    emit(ap.parse_args().out)


if __name__ == "__main__":
    main()
