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

softmax, log-softmax, layer norm and RMS norm are measured against their
true values: src/verify/tensor_truth.h evaluates each formula of
docs/tensor-ops.md in exact mathematics (every sum exact; exp, log1p, sqrt
and the divisions in MPFR at 128 bits) and rounds the result to binary64
once, so a figure in binary32 ulps is within 2^-29 ulp of the one measured
against the exact value.  build/bin/refmath_tensor_truth computes it over
.npy rows.  Two figures per cell: the error in ulps of each true value
(the spacing at its binary32 rounding), and the error in ulps of the row's
largest true magnitude (normwise).  Their worst cases also come from a
search: hill climbing on each method's own error, elementwise and
normwise separately, at a few lengths.

Usage: python3 tools/ulp_tables/tensor_accuracy.py [--archive build/librefmath.a]
           [--truth build/bin/refmath_tensor_truth] [--md ulp_tables/tensor.md]
           [--max-n 16777216] [--search-steps 200]
           [--row-search-steps 256:200,4096:120,65536:30] [--row-search-candidates 4]
Needs build/ (librefmath.a and refmath_tensor_truth) and, for the torch
column, python3-torch; about 8 minutes on one core.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
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


class Truth:
    """The true values of a row operation (src/verify/tensor_truth.h: exact
    sums, exp/log/sqrt in MPFR at 128 bits, rounded to binary64 at the
    end), computed by build/bin/refmath_tensor_truth over .npy files."""

    def __init__(self, exe):
        if not os.access(exe, os.X_OK):
            sys.exit("tensor_accuracy: %s not built (cmake --build build "
                     "--target refmath_tensor_truth)" % exe)
        self.exe = exe
        self._dir = tempfile.TemporaryDirectory()

    def __call__(self, op, x, g=None, eps=None):
        d = self._dir.name
        np.save(os.path.join(d, "x.npy"), x)
        args = [self.exe, "--op", op, "--x", os.path.join(d, "x.npy"),
                "--out", os.path.join(d, "y.npy")]
        if g is not None:
            np.save(os.path.join(d, "g.npy"), g)
            args += ["--scale", os.path.join(d, "g.npy")]
        if eps is not None:
            args += ["--eps", repr(float(eps))]
        subprocess.run(args, check=True)
        return np.load(os.path.join(d, "y.npy"))


# The norms' eps (binary32, as the C API takes it; the same value goes to
# torch and to the true values) and each row operation's input standard
# deviation.
EPS = {"layer_norm": F32(1e-5), "rms_norm": F32(1e-6)}
SCALE = {"softmax": 4, "log_softmax": 4, "layer_norm": 1, "rms_norm": 1}


def refmath_op(rm, op, variant):
    if op == "softmax":
        return lambda x, g: rm.softmax(x, variant=variant)
    if op == "log_softmax":
        return lambda x, g: rm.softmax(x, variant=variant, log=True)
    if op == "layer_norm":
        return lambda x, g: rm.layer_norm(x, g, None, float(EPS[op]), variant=variant)
    return lambda x, g: rm.rms_norm(x, g, float(EPS[op]), variant=variant)


def torch_op(op):
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(1)

    def run(x, g):
        t = torch.from_numpy(x)
        if op == "softmax":
            return torch.softmax(t, -1).numpy()
        if op == "log_softmax":
            return torch.log_softmax(t, -1).numpy()
        tg = torch.from_numpy(g)
        eps = float(EPS[op])
        if op == "layer_norm":
            return torch.nn.functional.layer_norm(t, (x.shape[1],), tg, None, eps).numpy()
        ms = (t * t).mean(-1, keepdim=True)
        return (t * torch.rsqrt(ms + eps) * tg).numpy()
    return run


def methods_of(rm, op):
    theirs = torch_op(op)
    return [("refmath exact", refmath_op(rm, op, EXACT)),
            ("refmath fast", refmath_op(rm, op, FAST)),
            ("torch", theirs)]


def row_errors(got, ref):
    """Per row: the max error in binary32 ulps at each true value (the
    spacing at its binary32 rounding, 2^-149 below 2^-126), and the max
    error in ulps of the row's largest true magnitude (normwise).  A NaN or
    infinite result where the true value is finite counts as infinite."""
    ref32 = ref.astype(F32)
    spacing = np.spacing(np.abs(ref32)).astype(np.float64)
    spacing = np.where(np.abs(ref) < 2.0 ** -126, 2.0 ** -149, spacing)
    err = np.abs(got.astype(np.float64) - ref)
    err = np.where(np.isfinite(err), err, np.inf)
    row_max = np.abs(ref).max(axis=1, keepdims=True).astype(F32)
    row_spacing = np.spacing(row_max).astype(np.float64)
    return (err / spacing).max(axis=1), (err / row_spacing).max(axis=1)


def cell(elementwise, normwise):
    return "%.2f / %.2f" % (elementwise, normwise)


def inputs(op, rows, n, seed):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((rows, n)) * SCALE[op]).astype(F32)
    g = rng.standard_normal(n).astype(F32)
    return x, g


ROW_OPS = ("softmax", "log_softmax", "layer_norm", "rms_norm")


def op_table(rm, op, first_column, lines):
    """Opens op's table in `lines`; returns its methods (columns)."""
    methods = methods_of(rm, op)
    lines += ["", "### " + op, "",
              "| %s | " % first_column + " | ".join(m for m, _ in methods) + " |",
              "|---|" + "---|" * len(methods)]
    return methods


def rows_table(rm, truth, lines, max_n):
    lines += ["", "## softmax, log-softmax, layer norm, RMS norm", "",
              "Inputs normal with standard deviation 4 (softmax, log-softmax) or 1 "
              "(norms), scale g normal, no bias, eps 1e-5 (layer norm) and 1e-6 (RMS "
              "norm) rounded to binary32; against the true values (exact sums, MPFR "
              "exp, log and sqrt).  Each cell: max error in ulp of the true value / "
              "max error in ulp of the row's largest true magnitude (normwise).  "
              "Outputs near zero carry the rounding of x - m or x - mean, which every "
              "binary32 evaluation of these formulas shares; the normwise figure shows "
              "the error at the row's scale.  torch: PyTorch's CPU kernel (RMS norm "
              "composed), one thread."]
    for op in ROW_OPS:
        methods = op_table(rm, op, "n (rows)", lines)
        n = 16
        while n <= max_n:
            rows = max(1, min(64, (1 << 20) // n))
            x, g = inputs(op, rows, n, n)
            ref = truth(op, x, g if "norm" in op else None, EPS.get(op))
            cells = []
            for _, fn in methods:
                if fn is None:
                    cells.append("-")
                    continue
                e, w = row_errors(fn(x, g), ref)
                cells.append(cell(e.max(), w.max()))
            lines.append("| %d (%d) | " % (n, rows) + " | ".join(cells) + " |")
            print(lines[-1], flush=True)
            n *= 16 if n < 4096 else 4


def mutate(op, x, rng):
    """1/64 of the row's elements (at least one) replaced by draws of the
    input distribution times 2^k, k uniform in -12..2."""
    y = x.copy()
    n = len(x)
    idx = rng.integers(0, n, size=max(1, n // 64))
    scale = SCALE[op] * 2.0 ** rng.integers(-12, 3, len(idx))
    y[idx] = (rng.standard_normal(len(idx)) * scale).astype(F32)
    return y


def climb(op, fn, truth, n, steps, candidates, objective, seed):
    """Hill climbing on one method's own error (objective 0: elementwise,
    1: normwise) over rows of n: each step tries `candidates` mutations of
    the worst row so far and keeps the worst of them if it is worse."""
    rng = np.random.default_rng(seed)
    x, g = inputs(op, 1, n, seed)
    g_or_none = g if "norm" in op else None
    best = row_errors(fn(x, g), truth(op, x, g_or_none, EPS.get(op)))[objective][0]
    for _ in range(steps):
        y = np.stack([mutate(op, x[0], rng) for _ in range(candidates)])
        errs = row_errors(fn(y, g), truth(op, y, g_or_none, EPS.get(op)))[objective]
        i = int(np.argmax(errs))
        if errs[i] > best:
            x, best = y[i:i + 1], errs[i]
    return best


def rows_search_table(rm, truth, lines, candidates, lengths):
    lines += ["", "## softmax, log-softmax, layer norm, RMS norm: worst case found by search",
              "",
              "Hill climbing on each method's own error, from one random row of n "
              "(drawn as in the table above), twice: once on the error in ulp of the true "
              "value, once on the normwise error; each step tries %d mutations of the "
              "worst row so far (1/64 of its elements replaced by draws of the input "
              "distribution times 2^k, k uniform in -12..2) and keeps the worst.  "
              "Steps: %s.  Each cell: the worst elementwise error found / the worst "
              "normwise error found (two searches), in ulp as above." % (
                  candidates, ", ".join("%d at n = %d" % (s, n) for n, s in lengths)),
              "",
              "The elementwise searches end where an output near zero is lost whole.  "
              "softmax: refmath's ExpNonPositive flushes exp below -87.34 to +0 "
              "(docs/algorithms.md), so an output whose true value is below about "
              "2^-126 comes out as +0, up to 2^23 ulp of the subnormal spacing; torch "
              "keeps such outputs as subnormals.  log-softmax: the largest output is "
              "-log(1 + o), o the sum of the other terms, and once o is below 2^-24 the "
              "binary32 sum is 1 and the output 0 in each method measured.  layer norm: "
              "outputs near zero carry the rounding of the mean.  The normwise figures "
              "compare the methods at the row's scale."]
    for op in ROW_OPS:
        methods = op_table(rm, op, "n", lines)
        for n, s in lengths:
            cells = []
            for _, fn in methods:
                if fn is None:
                    cells.append("-")
                    continue
                cells.append(cell(*(climb(op, fn, truth, n, s, candidates, objective, 29)
                                    for objective in (0, 1))))
            lines.append("| %d | " % n + " | ".join(cells) + " |")
            print(lines[-1], flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    build = os.path.join(HERE, "..", "..", "build")
    p.add_argument("--archive", default=os.path.join(build, "librefmath.a"))
    p.add_argument("--truth", default=os.path.join(build, "bin", "refmath_tensor_truth"))
    p.add_argument("--md", default=None)
    p.add_argument("--max-n", type=int, default=1 << 24)
    p.add_argument("--search-steps", type=int, default=200)
    p.add_argument("--row-search-steps", default="256:200,4096:120,65536:30",
                   help="N:STEPS,... for the row operations' search")
    p.add_argument("--row-search-candidates", type=int, default=4)
    args = p.parse_args()
    lengths = [tuple(int(v) for v in item.split(":"))
               for item in args.row_search_steps.split(",") if item]
    rm = Refmath(args.archive)
    truth = Truth(args.truth)
    lines = ["# Tensor operations: measured accuracy", "",
             "Written by `tools/ulp_tables/tensor_accuracy.py` (definitions in its "
             "docstring; the operations in [docs/tensor-ops.md](../docs/tensor-ops.md)).  "
             "Every figure is a measurement on the inputs described, not a bound."]
    with np.errstate(all="ignore"):
        sum_table(rm, lines, args.max_n)
        search_table(rm, lines, args.search_steps)
        rows_table(rm, truth, lines, min(args.max_n, 1 << 22))
        rows_search_table(rm, truth, lines, args.row_search_candidates, lengths)
    text = "\n".join(lines) + "\n"
    if args.md:
        with open(args.md, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
