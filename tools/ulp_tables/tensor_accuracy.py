#!/usr/bin/env python3
"""Accuracy of the tensor operations (docs/tensor-ops.md), written as
ulp_tables/tensor.md.

Sums are measured against the exact sum: every binary32 is an integer
multiple of 2^-149, so the exact sum of a row is an integer (summed per
exponent in int64, then in Python's unbounded integers) and the error of a
result is |result - exact| in units of the binary32 spacing at the exact
sum.  Beside refmath's canonical and correctly rounded sums: numpy.sum
(pairwise, float32) and a left-to-right float32 loop (np.cumsum).  The
worst cases come from a search (hill climbing on the error) as well as
from random rows.

softmax, log-softmax, layer norm and RMS norm are measured against a
binary64 evaluation of their formulas whose sums are math.fsum (exact sums
rounded once); its own error is far below 2^-20 binary32 ulp, so the
figures are the binary32 results' errors.

Usage: python3 tools/ulp_tables/tensor_accuracy.py [--archive build/librefmath.a]
           [--md ulp_tables/tensor.md] [--max-n 16777216]
"""
import argparse
import math
import os
import sys
from fractions import Fraction

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench"))
sys.path.insert(0, os.path.join(HERE, "..", "spec_port"))
from tensor_ctypes import EXACT, FAST, CORRECTLY_ROUNDED, Refmath  # noqa: E402
import tensor_port  # noqa: E402

F32 = np.float32


def exact_sum(x):
    """The exact sum of float32 values as a Fraction (the NumPy port's
    integer sum, tools/spec_port/tensor_port.py)."""
    return Fraction(tensor_port.exact_integer_sum(x), 1 << 149)


def spacing32(value):
    """The binary32 spacing at |value| (a Fraction or float): 2^(e-23) for
    2^e <= |value| < 2^(e+1), 2^-149 below 2^-126."""
    v = abs(float(value))
    if v == 0 or v < 2.0 ** -126:
        return Fraction(1, 1 << 149)
    e = math.frexp(v)[1] - 1
    return Fraction(2) ** (e - 23)


def ulp_error(got, exact):
    if not np.isfinite(got):
        return float("inf")
    return float(abs(Fraction(float(got)) - exact) / spacing32(exact))


def sum_methods(rm):
    return [
        ("refmath canonical", lambda x: rm.sum(x)),
        ("refmath correctly rounded", lambda x: rm.sum(x, mode=CORRECTLY_ROUNDED)),
        ("numpy.sum (pairwise)", lambda x: np.sum(x, dtype=F32)),
        ("float32 loop", lambda x: np.cumsum(x, dtype=F32)[-1]),
    ]


def sum_table(rm, lines, max_n):
    methods = sum_methods(rm)
    lines += ["", "## Sums of positive values, uniform on [0, 1)", "",
              "Max error in ulp of the exact sum over the random rows (3 rows per "
              "length; 1 above 1M).", "",
              "| n | " + " | ".join(m for m, _ in methods) + " |",
              "|---|" + "---|" * len(methods)]
    n = 16
    while n <= max_n:
        worst = [0.0] * len(methods)
        for seed in range(3 if n <= (1 << 20) else 1):
            x = np.random.default_rng(seed * 7919 + n).random(n, dtype=F32)
            ex = exact_sum(x)
            for i, (_, fn) in enumerate(methods):
                worst[i] = max(worst[i], ulp_error(F32(fn(x)), ex))
        lines.append("| %d | " % n + " | ".join("%.3f" % w for w in worst) + " |")
        print(lines[-1], flush=True)
        n *= 16 if n < 4096 else 4


def search_worst(fn, n, steps, seed):
    """Hill climbing on one method's ulp error over positive rows of n."""
    rng = np.random.default_rng(seed)
    x = rng.random(n, dtype=F32)
    best = ulp_error(F32(fn(x)), exact_sum(x))
    for _ in range(steps):
        y = x.copy()
        idx = rng.integers(0, n, size=max(1, n // 64))
        y[idx] = rng.random(len(idx), dtype=F32) * F32(2.0) ** rng.integers(-12, 1, len(idx))
        err = ulp_error(F32(fn(y)), exact_sum(y))
        if err > best:
            x, best = y, err
    return best


def search_table(rm, lines, steps):
    methods = sum_methods(rm)
    lines += ["", "## Sums: worst case found by search", "",
              "Hill climbing (%d steps from a random positive row, mutating 1/64 of the "
              "elements at a time to values of random scale) on each method's own error; "
              "max ulp of the exact sum." % steps, "",
              "| n | " + " | ".join(m for m, _ in methods) + " |",
              "|---|" + "---|" * len(methods)]
    for n in (256, 4096, 65536):
        row = [search_worst(fn, n, steps, 11) for _, fn in methods]
        lines.append("| %d | " % n + " | ".join("%.3f" % w for w in row) + " |")
        print(lines[-1], flush=True)


def reference_rows(op, x, g):
    """binary64 formulas with exact (fsum) sums, row by row."""
    x64 = x.astype(np.float64)
    out = np.empty_like(x64)
    for r in range(x.shape[0]):
        row = x64[r]
        if op in ("softmax", "log_softmax"):
            d = row - row.max()
            e = np.exp(d)
            s = math.fsum(e)
            out[r] = e / s if op == "softmax" else d - math.log(s)
        elif op == "layer_norm":
            mu = math.fsum(row) / len(row)
            dv = row - mu
            var = math.fsum(dv * dv) / len(row)
            out[r] = dv / math.sqrt(var + 1e-5) * g
        else:
            ms = math.fsum(row * row) / len(row)
            out[r] = row / math.sqrt(ms + 1e-6) * g
    return out


def max_ulp(got, ref):
    """Max error in binary32 ulp at each reference value, and max error in
    ulp of the row's largest reference magnitude ("normwise")."""
    ref32 = ref.astype(F32)
    spacing = np.spacing(np.abs(ref32)).astype(np.float64)
    spacing = np.where(np.abs(ref) < 2.0 ** -126, 2.0 ** -149, spacing)
    err = np.abs(got.astype(np.float64) - ref)
    row_max = np.abs(ref).max(axis=1, keepdims=True).astype(F32)
    row_spacing = np.spacing(row_max).astype(np.float64)
    return float(np.max(err / spacing)), float(np.max(err / row_spacing))


def torch_op(op):
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(1)
    n_eps = {"layer_norm": 1e-5, "rms_norm": 1e-6}

    def run(x, g):
        t = torch.from_numpy(x)
        if op == "softmax":
            return torch.softmax(t, -1).numpy()
        if op == "log_softmax":
            return torch.log_softmax(t, -1).numpy()
        tg = torch.from_numpy(g)
        if op == "layer_norm":
            return torch.nn.functional.layer_norm(t, (x.shape[1],), tg, None,
                                                  n_eps[op]).numpy()
        ms = (t * t).mean(-1, keepdim=True)
        return (t * torch.rsqrt(ms + n_eps[op]) * tg).numpy()
    return run


def rows_table(rm, lines, max_n):
    ops = [("softmax", lambda x, g, v: rm.softmax(x, variant=v)),
           ("log_softmax", lambda x, g, v: rm.softmax(x, variant=v, log=True)),
           ("layer_norm", lambda x, g, v: rm.layer_norm(x, g, None, 1e-5, variant=v)),
           ("rms_norm", lambda x, g, v: rm.rms_norm(x, g, 1e-6, variant=v))]
    lines += ["", "## softmax, log-softmax, layer norm, RMS norm", "",
              "Inputs normal with standard deviation 4 (softmax, log-softmax) or 1 "
              "(norms), scale g normal, no bias; against the binary64 reference.  Each "
              "cell: max error in ulp of the reference value / max error in ulp of the "
              "row's largest reference magnitude (normwise).  Outputs near zero carry "
              "the rounding of x - m or x - mean, which every binary32 evaluation of "
              "these formulas shares; the normwise figure shows the error at the row's "
              "scale.  torch: PyTorch's CPU kernel (RMS norm composed), one thread."]
    for op, fn in ops:
        theirs = torch_op(op)
        lines += ["", "### " + op, "",
                  "| n (rows) | refmath exact | refmath fast | torch |", "|---|---|---|---|"]
        n = 16
        while n <= max_n:
            rows = max(1, min(64, (1 << 20) // n))
            rng = np.random.default_rng(n)
            x = (rng.standard_normal((rows, n)) * (4 if "softmax" in op else 1)).astype(F32)
            g = rng.standard_normal(n).astype(F32)
            ref = reference_rows(op, x, g.astype(np.float64))
            cells = ["%.2f / %.2f" % max_ulp(fn(x, g, v), ref) for v in (EXACT, FAST)]
            cells.append("%.2f / %.2f" % max_ulp(theirs(x, g), ref) if theirs else "-")
            lines.append("| %d (%d) | " % (n, rows) + " | ".join(cells) + " |")
            print(lines[-1], flush=True)
            n *= 16 if n < 4096 else 4


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--archive", default=os.path.join(HERE, "..", "..", "build", "librefmath.a"))
    p.add_argument("--md", default=None)
    p.add_argument("--max-n", type=int, default=1 << 24)
    p.add_argument("--search-steps", type=int, default=300)
    args = p.parse_args()
    rm = Refmath(args.archive)
    lines = ["# Tensor operations: measured accuracy", "",
             "Written by `tools/ulp_tables/tensor_accuracy.py` (definitions in its "
             "docstring; the operations in [docs/tensor-ops.md](../docs/tensor-ops.md)).  "
             "Every figure is a measurement on the inputs described, not a bound."]
    with np.errstate(all="ignore"):
        sum_table(rm, lines, args.max_n)
        search_table(rm, lines, args.search_steps)
        rows_table(rm, lines, min(args.max_n, 1 << 22))
    text = "\n".join(lines) + "\n"
    if args.md:
        with open(args.md, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
