#!/usr/bin/env python3
"""Times the ANE model's matmul (refmath.ane.matmul) under every preset, and
spec and m1 with the exact accumulator, next to NumPy's float16 and float32
(BLAS) matmul of the same operands, in one run: milliseconds, multiply-adds
a second and the ratio to NumPy's float32 (which rounds differently: it is
a peer for speed only).  Times are CPU time of the process, the best of
several runs.

Usage: python3 bench/ane_matmul_speed.py [--build build] [--m 128]
           [--k 1024] [--n 1024]
"""
import argparse
import os
import sys
import time

import numpy as np


def best_cpu_time(fn, min_total=1.0, max_reps=20):
    fn()  # warm up
    times, start = [], time.perf_counter()
    while len(times) < max_reps and (time.perf_counter() - start < min_total or len(times) < 3):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--m", type=int, default=128)
    ap.add_argument("--k", type=int, default=1024)
    ap.add_argument("--n", type=int, default=1024)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    import refmath.ane as ane

    rng = np.random.default_rng(1)
    a = rng.standard_normal((args.m, args.k)).astype(np.float16)
    b = rng.standard_normal((args.k, args.n)).astype(np.float16)
    macs = args.m * args.k * args.n
    rows = [("numpy float16 a @ b", lambda: a @ b),
            ("numpy float32 a @ b", lambda: a.astype(np.float32) @ b.astype(np.float32))]
    for profile in ("spec", "m1", "m3", "m5"):
        rows.append((f"ane.matmul profile={profile}",
                     lambda p=profile: ane.matmul(a, b, profile=p)))
    for profile in ("spec", "m1"):
        rows.append((f"ane.matmul profile={profile} accumulator=exact",
                     lambda p=profile: ane.matmul(a, b, profile=p, accumulator="exact")))
    times = [(name, best_cpu_time(fn)) for name, fn in rows]
    peer = times[1][1]
    print(f"[{args.m}, {args.k}] @ [{args.k}, {args.n}]: {macs / 1e6:.0f} M multiply-adds, CPU time of the process (every thread)")
    print(f"{'':44} {'ms':>9} {'M MAC/s':>9} {'vs numpy f32':>13}")
    for name, t in times:
        print(f"{name:44} {t * 1e3:9.1f} {macs / t / 1e6:9.0f} {peer / t:12.2f}x")


if __name__ == "__main__":
    main()
