#!/usr/bin/env python3
"""The ufunc's speed against the C API and NumPy (not a test).

One run: refmath.exp over 1M float32 values (into a preallocated out= and
allocating), refmath_eval_f32 on the same array through the extension
(the GIL released, nothing else), and numpy.exp; the best of REPEATS
timings each, and the ratios.  The ufunc should be within 10% of the C
API.

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_ufunc_speed.py
       [--n N] [--repeats R] [--function F] [--variant V]
"""
import argparse
import time

import numpy as np

import refmath
from refmath import _refmath


def best(fn, repeats):
    fn()  # warm: pages touched, dispatch resolved
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1 << 20)
    ap.add_argument("--repeats", type=int, default=50)
    ap.add_argument("--function", default="exp")
    ap.add_argument("--variant", default="exact")
    a = ap.parse_args()
    x = np.random.default_rng(0).uniform(-80, 80, a.n).astype(np.float32)
    y = np.empty_like(x)
    ufunc = getattr(getattr(refmath, a.variant), a.function)
    np_f = getattr(np, a.function, None)
    rows = [
        ("C API (refmath_eval_f32)",
         lambda: _refmath.eval_into(a.function, a.variant, "best", x, y)),
        ("ufunc, out=", lambda: ufunc(x, out=y)),
        ("ufunc, allocating", lambda: ufunc(x)),
        ("ufunc, strided x[::2] (%d)" % (a.n // 2),
         lambda: ufunc(x[::2], out=y[: a.n // 2])),
    ]
    if np_f is not None:
        rows.append(("numpy.%s, out=" % a.function, lambda: np_f(x, out=y)))
    times = [(name, best(fn, a.repeats)) for name, fn in rows]
    capi = times[0][1]
    print("refmath %s %s over %d float32 values, target %s, best of %d "
          "runs" % (a.variant, a.function, a.n, _refmath.best_target(
              a.variant), a.repeats))
    for name, t in times:
        print("  %-30s %8.3f ms  %5.3f x the C API" % (name, t * 1e3,
                                                       t / capi))


if __name__ == "__main__":
    main()
