#!/usr/bin/env python3
"""refmath compare's truth against a second one, on a million inputs.

The second truth is glibc's double precision exp, log, tanh, erf and erfc
(Python's math module), rounded to binary32 by NumPy; a result's distance
to it is |y - f(x)| / spacing(CR), with NumPy's spacing.  Backends: NumPy's
own float32 exp, log and tanh; erf rounded from double with every fifth
result one ulp up; 1 + erf(x) summed in double (which cancels for x < 0:
errors of millions of ulp).  Random binary32 inputs in each function's
hot range, a million in all.

Stated tolerances (the double truth is good to a few 1e-16 relative, so
its rounding can differ from the true one only within ~1e-8 ulp of a
midpoint, expected about 0.01 times per million inputs):
- correctly rounded counts, backend's and oracle's: equal, or off by at
  most 2;
- every per-input ulp of the CSV: within 1e-6 + 1e-8 * ulp of the second
  truth's (the CSV has 9 significant digits), except at the inputs where
  the two truths round differently (at most 2).

Usage: compare_glibc_test.py PATH/TO/refmath  (python3 with numpy)"""
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

from cli_checks import BIN, check, verdict

RNG = np.random.default_rng(20240612)



def inputs(fn, n):
    if fn == "log":
        return np.exp2(RNG.uniform(-4, 4, n)).astype(np.float32)  # [1/16, 16]
    lo, hi = {"exp": (-16, 16), "tanh": (-10, 10), "erf": (-6, 6), "one_plus_erf": (-6, 6)}[fn]
    return RNG.uniform(lo, hi, n).astype(np.float32)


def glibc(fn, x):
    f = {"exp": math.exp, "log": math.log, "tanh": math.tanh, "erf": math.erf,
         "one_plus_erf": lambda v: math.erfc(-v)}[fn]
    return np.array([f(v) for v in x.astype(np.float64).tolist()])


def backend(fn, x):
    if fn in ("exp", "log", "tanh"):
        return getattr(np, fn)(x)
    if fn == "erf":
        y = glibc("erf", x).astype(np.float32)
        y[::5] = np.nextafter(y[::5], np.copysign(np.float32(np.inf), y[::5]))
        return y
    return (1.0 + glibc("erf", x)).astype(np.float32)


def run_compare(tmp, fn, x, y):
    xp, yp = os.path.join(tmp, "x.bin"), os.path.join(tmp, "y.bin")
    jp, cp = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.csv")
    x.tofile(xp)
    y.tofile(yp)
    r = subprocess.run([BIN, "compare", "--function", fn, "--inputs", xp, "--outputs", yp,
                        "--json", jp, "--csv", cp], capture_output=True, text=True)
    check(r.returncode == 0, "%s: compare exit %d %s" % (fn, r.returncode, r.stderr))
    if r.returncode != 0:
        return None, None
    ulps = np.loadtxt(cp, delimiter=",", skiprows=1, usecols=(5, 6), ndmin=2)
    subprocess.run([BIN, "eval", "--function", fn, "--in", xp, "--out", yp], check=True)
    return json.load(open(jp)), (ulps, np.fromfile(yp, dtype=np.float32))


def check_function(tmp, fn, n):
    x = inputs(fn, n)
    truth = glibc(fn, x)
    cr = truth.astype(np.float32)
    spacing = np.spacing(np.abs(cr)).astype(np.float64)
    y = backend(fn, x)
    js, (ulps, oracle) = run_compare(tmp, fn, x, y)
    if js is None:
        return
    for who, got, col in (("backend", y, 0), ("oracle", oracle, 1)):
        stats = js[who]["vs_truth"]
        want_cr = int(np.count_nonzero(got.view(np.uint32) == cr.view(np.uint32)))
        check(abs(stats["correctly_rounded"] - want_cr) <= 2,
              "%s %s: correctly rounded %d, second truth %d"
              % (fn, who, stats["correctly_rounded"], want_cr))
        want = np.abs(got.astype(np.float64) - truth) / spacing
        off = np.abs(ulps[:, col] - want) > 1e-6 + 1e-8 * want
        check(np.count_nonzero(off) <= 2,
              "%s %s: %d per-input ulps differ, first at %s: %s vs %s"
              % (fn, who, np.count_nonzero(off), np.flatnonzero(off)[:3],
                 ulps[off, col][:3], want[off][:3]))
        check(abs(stats["max_ulp"] - want.max()) <= 1e-6 + 1e-8 * want.max(),
              "%s %s: max %r, second truth %r" % (fn, who, stats["max_ulp"], want.max()))
        print("%-12s %-7s n=%d  correctly rounded %d (second truth %d)  max %.3f ulp"
              % (fn, who, n, stats["correctly_rounded"], want_cr, stats["max_ulp"]))


def main():
    counts = {"exp": 250000, "log": 200000, "tanh": 200000, "erf": 200000,
              "one_plus_erf": 150000}  # a million in all
    with tempfile.TemporaryDirectory() as tmp:
        for fn, n in counts.items():
            check_function(tmp, fn, n)
    return verdict("compare vs glibc")


sys.exit(main())
