#!/usr/bin/env python3
"""sin and cos of float32 backends against the truth as |x| grows, written
as ulp_tables/trig-backends.md (docs/compare.md, "sin and cos of large
arguments").

For each decade [10^k, 10^(k+1)) from 10^-1 to 10^30 (and [0, 0.1)):
inputs uniform in log |x| with random signs, plus the binary32 numbers
nearest the multiples of pi/2 in the decade that the sampling may miss;
the outputs of numpy.sin/cos (float32 in, float32 out), torch.sin/cos on
the CPU (python3-torch; the column is left out without it) and
refmath.correct.sin/cos, each measured by refmath.compare against the
true value (MPFR where a rounding is close): the largest error in ulps
and the share of results that are not correctly rounded.

Usage: PYTHONPATH=build/python python3 tools/ulp_tables/trig_backends.py
           [--per-decade 20000] [--seed 1] [--md ulp_tables/trig-backends.md]
About 4 minutes on the 2-core machine with the defaults.
"""
import argparse
import math
import sys

import numpy as np

import refmath

try:
    import torch
except ImportError:  # the column is left out
    torch = None


def decade_inputs(k, n, rng):
    """n float32 inputs with |x| in [10^k, 10^(k+1)) (k = None: [0, 0.1)),
    uniform in log |x|, random signs, plus the nearest float32 to a few
    multiples of pi/2 there."""
    if k is None:
        mag = rng.uniform(0.0, 0.1, n)
    else:
        mag = 10.0 ** rng.uniform(k, k + 1, n)
    x = (mag * rng.choice([-1.0, 1.0], n)).astype(np.float32)
    if k is not None and k >= 0:
        lo, hi = 10.0 ** k, 10.0 ** (k + 1)
        j = np.unique(np.floor(10.0 ** rng.uniform(math.log10(lo / (math.pi / 2)),
                                                   math.log10(hi / (math.pi / 2)), 64)))
        x = np.concatenate([x, (j * (math.pi / 2)).astype(np.float32)])
    return x[np.isfinite(x)]


def measure(function, x, y):
    """(max ulp, share not correctly rounded) of outputs y against f(x)."""
    report = refmath.compare(function, x, np.asarray(y, np.float32),
                             variant="correct")
    truth = report.to_dict()["backend"]["vs_truth"]
    return truth["max_ulp"], 1.0 - truth["correctly_rounded"] / report.count


def backends():
    cols = [("numpy", {"sin": np.sin, "cos": np.cos})]
    if torch is not None:
        cols.append(("torch", {
            "sin": lambda x: torch.sin(torch.from_numpy(x)).numpy(),
            "cos": lambda x: torch.cos(torch.from_numpy(x)).numpy()}))
    cols.append(("refmath correct", {"sin": refmath.correct.sin,
                                     "cos": refmath.correct.cos}))
    return cols


def cell(max_ulp, share):
    return "%.3g (%.2g%%)" % (max_ulp, 100.0 * share)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-decade", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--md", default="ulp_tables/trig-backends.md")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    cols = backends()
    decades = [None] + list(range(-1, 30))
    rows = {f: [] for f in ("sin", "cos")}
    for i, k in enumerate(decades):
        x = decade_inputs(k, args.per_decade, rng)
        label = "[0, 0.1)" if k is None else "[1e%d, 1e%d)" % (k, k + 1)
        for f in rows:
            rows[f].append((label, [cell(*measure(f, x, fns[f](x)))
                                    for _, fns in cols]))
        print("\r  %d of %d decades" % (i + 1, len(decades)), end="",
              file=sys.stderr, flush=True)
    print(file=sys.stderr)
    names = [name for name, _ in cols]
    lines = [
        "# sin and cos of float32 backends against the truth",
        "",
        "Written by `tools/ulp_tables/trig_backends.py` (--per-decade %d, "
        "--seed %d): per decade of |x|, the largest error in ulps against "
        "the true value and, in parentheses, the share of results that are "
        "not correctly rounded (refmath.compare; MPFR where a rounding is "
        "close). numpy %s%s." % (
            args.per_decade, args.seed, np.__version__,
            ", torch %s (CPU)" % torch.__version__ if torch is not None else
            "; torch not installed"),
        ""]
    for f in rows:
        lines += ["## %s" % f, "",
                  "| \\|x\\| | " + " | ".join(names) + " |",
                  "|---|" + "---|" * len(names)]
        lines += ["| %s | %s |" % (label, " | ".join(c)) for label, c in rows[f]]
        lines.append("")
    with open(args.md, "w") as out:
        out.write("\n".join(lines))
    print("wrote", args.md)


if __name__ == "__main__":
    main()
