#!/usr/bin/env python3
"""refmath compare against backends whose errors are known exactly.

The truth here is computed independently of refmath: Python's decimal
module at 60 significant digits (exp and ln correctly rounded to that
precision; tanh, sigmoid and the GELUs from their definitions, with
0.044715 as the exact decimal; erf from its Taylor series), converted to
exact fractions and rounded to binary32, binary16 and bfloat16 by the
formats' definitions.  The backends:

- the correctly rounded value itself: 0 to 0.5 ulp, every result counted
  correctly rounded, and nearer the truth than the oracle wherever the
  two differ;
- the next value up in magnitude: exactly 1 + (|CR| - |f(x)|) / spacing,
  always in [0.5, 1.5], none correctly rounded;
- at inputs where f(x) is exactly representable (exp(0) = 1, log(1) = 0,
  tanh(0) = erf(0) = 0, sigmoid(0) = 1/2): exactly 0, 1 and 0.5 ulp.

Every per-input figure of compare's CSV must match to 1e-6 ulp.  Stdlib
only.

Usage: compare_truth_test.py PATH/TO/refmath"""
import decimal
import json
import os
import random
import struct
import sys
import tempfile
from decimal import Decimal
from fractions import Fraction

from cli_checks import check, run, verdict

decimal.getcontext().prec = 60
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459230781640629")
TOL = 1e-6  # ulp




# ------------------------------------------------------------ the truth

def d_tanh(x):
    e = (2 * x).exp()
    return (e - 1) / (e + 1)


def d_erf(z):
    total, term, n = Decimal(0), z, 0  # term = (-1)^n z^(2n+1) / n!
    while True:
        piece = term / (2 * n + 1)
        total += piece
        if abs(piece) < Decimal("1e-75"):
            break
        n += 1
        term = -term * z * z / n
    return 2 / PI.sqrt() * total


def d_gelu_tanh(x, c=Decimal("0.044715")):
    u = (2 / PI).sqrt() * (x + c * x ** 3)
    return x / 2 * (1 + d_tanh(u))


TRUTH = {
    "exp": lambda x: x.exp(),
    "log": lambda x: x.ln(),
    "tanh": d_tanh,
    "sigmoid": lambda x: 1 / (1 + (-x).exp()),
    "erf": d_erf,
    "gelu_tanh": d_gelu_tanh,
    "gelu_erf": lambda x: x / 2 * (1 + d_erf(x / Decimal(2).sqrt())),
}

# (significand bits with the leading one, smallest normal exponent, largest)
FORMATS = {"float32": (24, -126, 127), "float16": (11, -14, 15), "bfloat16": (8, -126, 127)}


def exponent(a):
    """floor(log2(a)) of a positive Fraction."""
    e = a.numerator.bit_length() - a.denominator.bit_length()
    return e - 1 if Fraction(2) ** e > a else e


def spacing(c, fmt):
    p, emin, _ = FORMATS[fmt]
    e = emin if c == 0 else max(exponent(abs(c)), emin)
    return Fraction(2) ** (e - p + 1)


def round_to(t, fmt):
    """Nearest value of the format, ties to even (finite results only)."""
    if t == 0:
        return Fraction(0)
    q = spacing(t, fmt)
    c = round(abs(t) / q) * q  # round() on a Fraction ties to even
    p, _, emax = FORMATS[fmt]
    assert c < Fraction(2) ** (emax + 1), "overflow: keep inputs in range"
    return c if t > 0 else -c


def bits(value, fmt):
    v = float(value)  # exact: a value of the format
    if fmt == "float32":
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if fmt == "float16":
        return struct.unpack("<H", struct.pack("<e", v))[0]
    return struct.unpack("<I", struct.pack("<f", v))[0] >> 16


def value_of(b, fmt):
    if fmt == "float32":
        return Fraction(struct.unpack("<f", struct.pack("<I", b))[0])
    if fmt == "float16":
        return Fraction(struct.unpack("<e", struct.pack("<H", b))[0])
    return Fraction(struct.unpack("<f", struct.pack("<I", b << 16))[0])


def f2b(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def b2f(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


# ------------------------------------------------------------ running compare

def write(path, values, fmt):
    code = "I" if fmt == "float32" else "H"
    open(path, "wb").write(struct.pack("<%d%s" % (len(values), code), *values))


def compare(tmp, fn, x_bits, out_bits, fmt):
    """Runs compare; returns (exit status, JSON, CSV rows as field lists)."""
    xin, yout = os.path.join(tmp, "x.bin"), os.path.join(tmp, "y.bin")
    js, csv = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.csv")
    write(xin, x_bits, "float32")
    write(yout, out_bits, fmt)
    r = run("compare", "--function", fn, "--inputs", xin, "--outputs", yout,
            "--outputs-dtype", fmt, "--json", js, "--csv", csv, "--max-ulp", "1e9")
    if r.returncode not in (0, 1):
        return r.returncode, None, None
    rows = [line.split(",") for line in open(csv).read().splitlines()[1:]]
    return r.returncode, json.load(open(js)), rows


def oracle_bits(tmp, fn, x_bits):
    xin, yout = os.path.join(tmp, "ox.bin"), os.path.join(tmp, "oy.bin")
    write(xin, x_bits, "float32")
    assert run("eval", "--function", fn, "--in", xin, "--out", yout).returncode == 0
    data = open(yout, "rb").read()
    return list(struct.unpack("<%dI" % len(x_bits), data))


def up_one(b, fmt):
    """The next value up in magnitude (bits + 1; zero to the smallest
    subnormal)."""
    return b + 1


# ------------------------------------------------------------ the checks

def check_backend(name, fn, fmt, x_bits, truths, backend, oracle32, tmp,
                  want_cr, ulp_range):
    """compare's figures for `backend` (bits of fmt) against the expected
    ones: per input, correctly rounded counts, maximum, nearer counts."""
    status, js, rows = compare(tmp, fn, x_bits, backend, fmt)
    if js is None:
        check(False, "%s: compare failed with status %d" % (name, status))
        return
    oracle = [bits(round_to(Fraction(b2f(o)), fmt), fmt) for o in oracle32]
    want_b, want_o = [], []
    closer = {"backend": 0, "oracle": 0, "tie": 0}
    for i, t in enumerate(truths):
        s = spacing(round_to(t, fmt), fmt)
        b, o = value_of(backend[i], fmt), value_of(oracle[i], fmt)
        want_b.append(abs(b - t) / s)
        want_o.append(abs(o - t) / s)
        d = abs(b - t) - abs(o - t)
        closer["backend" if d < 0 else "oracle" if d > 0 else "tie"] += 1
    bad = [i for i, row in enumerate(rows)
           if abs(float(row[5]) - float(want_b[i])) > TOL
           or abs(float(row[6]) - float(want_o[i])) > TOL
           or int(row[3], 16) != backend[i] or int(row[4], 16) != oracle[i]]
    check(len(rows) == len(truths) and not bad,
          "%s: per-input figures differ at %d inputs, first %s" % (name, len(bad), bad[:3]))
    lo, hi = ulp_range
    check(all(lo <= w <= hi for w in want_b), "%s: expected ulps within [%g, %g]" % (name, lo, hi))
    bt, ot = js["backend"]["vs_truth"], js["oracle"]["vs_truth"]
    cr = sum(1 for i, t in enumerate(truths) if backend[i] == bits(round_to(t, fmt), fmt))
    check(cr == want_cr, "%s: the backend is built with %d correctly rounded" % (name, want_cr))
    check(bt["correctly_rounded"] == want_cr, "%s: correctly rounded %d, want %d"
          % (name, bt["correctly_rounded"], want_cr))
    want_ocr = sum(1 for i, t in enumerate(truths) if oracle[i] == bits(round_to(t, fmt), fmt))
    check(ot["correctly_rounded"] == want_ocr, "%s: oracle correctly rounded %d, want %d"
          % (name, ot["correctly_rounded"], want_ocr))
    check(abs(bt["max_ulp"] - float(max(want_b))) <= TOL, "%s: max ulp %r, want %r"
          % (name, bt["max_ulp"], float(max(want_b))))
    check(abs(float(want_b[bt["at_index"]]) - bt["max_ulp"]) <= TOL, "%s: at_index" % name)
    mean = float(sum(want_b) / len(want_b))
    check(abs(bt["mean_ulp"] - mean) <= TOL, "%s: mean ulp" % name)
    check(js["closer"] == closer, "%s: closer %r, want %r" % (name, js["closer"], closer))


def random_inputs(rng, fn, n):
    lo, hi = {"exp": (-10, 10), "tanh": (-5, 5), "sigmoid": (-12, 12), "erf": (-3.5, 3.5),
              "gelu_tanh": (-4, 4), "gelu_erf": (-4, 4), "log": (-7, 7)}[fn]
    xs = set()
    while len(xs) < n:
        v = rng.uniform(lo, hi)
        v = 10 ** v if fn == "log" else v
        if abs(v) > 1e-3:
            xs.add(f2b(v))
    return sorted(xs)


def check_random(tmp, rng):
    counts = {"exp": 400, "log": 400, "tanh": 400, "sigmoid": 300, "erf": 250,
              "gelu_tanh": 250, "gelu_erf": 150}
    for fn, n in counts.items():
        x_bits = random_inputs(rng, fn, n)
        truths = [Fraction(TRUTH[fn](Decimal(b2f(b)))) for b in x_bits]
        oracle32 = oracle_bits(tmp, fn, x_bits)
        fmts = ["float32"] + (["float16", "bfloat16"] if fn in ("exp", "tanh", "gelu_tanh") else [])
        for fmt in fmts:
            if fmt == "float16" and fn == "exp":  # exp(10) overflows binary16
                keep = [i for i, b in enumerate(x_bits) if b2f(b) < 11]
            else:
                keep = range(len(x_bits))
            xs = [x_bits[i] for i in keep]
            ts = [truths[i] for i in keep]
            os32 = [oracle32[i] for i in keep]
            cr = [bits(round_to(t, fmt), fmt) for t in ts]
            check_backend("%s %s correctly rounded" % (fn, fmt), fn, fmt, xs, ts, cr, os32, tmp,
                          len(xs), (0, 0.5))
            up = [up_one(b, fmt) for b in cr]
            check_backend("%s %s one ulp up" % (fn, fmt), fn, fmt, xs, ts, up, os32, tmp,
                          0, (0.5, 1.5))
        if fn == "gelu_tanh":
            check_constant_matters(x_bits, truths)


def check_constant_matters(x_bits, truths):
    """The GELU tanh truth must use 0.044715 itself: with its binary32
    (0.0447150022...) some input moves by more than the test's tolerance,
    so the checks above would catch it."""
    c32 = Decimal(struct.unpack("<f", struct.pack("<f", 0.044715))[0])
    worst = 0
    for b, t in zip(x_bits, truths):
        other = Fraction(d_gelu_tanh(Decimal(b2f(b)), c32))
        worst = max(worst, abs(other - t) / spacing(round_to(t, "float32"), "float32"))
    check(worst > 100 * TOL, "the constant's binary32 would change GELU tanh by %g ulp only"
          % float(worst))


def check_exact_points(tmp):
    """f(x) exactly representable: errors are exact small numbers."""
    cases = [("exp", 0.0, 1.0, 1 + 2.0 ** -23, 1 - 2.0 ** -24),
             ("log", 1.0, 0.0, 2.0 ** -149, None),
             ("tanh", 0.0, 0.0, 2.0 ** -149, None),
             ("erf", 0.0, 0.0, 2.0 ** -149, None),
             ("sigmoid", 0.0, 0.5, 0.5 + 2.0 ** -24, 0.5 - 2.0 ** -25)]
    for fn, x, exact, up, down in cases:
        for y, want, cr in ((exact, 0, 1), (up, 1, 0), (down, 0.5, 0)):
            if y is None:
                continue
            status, js, rows = compare(tmp, fn, [f2b(x)], [f2b(y)], "float32")
            if js is None:
                check(False, "%s(%g) = %r: compare failed" % (fn, x, y))
                continue
            bt = js["backend"]["vs_truth"]
            check(bt["max_ulp"] == want and float(rows[0][5]) == want,
                  "%s(%g), backend %r: %r ulp, want exactly %r" % (fn, x, y, bt["max_ulp"], want))
            check(bt["correctly_rounded"] == cr, "%s(%g), backend %r: correctly rounded" % (fn, x, y))
            check(bt["at_index"] == 0 and bt["at_x"] == x, "%s(%g): at" % (fn, x))


def main():
    rng = random.Random(20240611)
    with tempfile.TemporaryDirectory() as tmp:
        check_exact_points(tmp)
        check_random(tmp, rng)
    return verdict("compare truth")


sys.exit(main())
