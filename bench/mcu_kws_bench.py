#!/usr/bin/env python3
"""Speed of the MCU paths' host emulation on the keyword-spotting DS-CNN
(refmath.mcu.ds_cnn): the time per inference of refmath.mcu.run_model
(int8, TFLite Micro's arithmetic), the int8 multiply-accumulates a second
it reaches, and conv2d alone on the network's pointwise shape, each beside
NumPy float32 doing the same layers (tools/mcu/kws_report.py's float32
model) in the same run.  One thread; the figures are medians of
interleaved repetitions.

Usage: PYTHONPATH=build/python python3 bench/mcu_kws_bench.py [--reps 15]
"""
import argparse
import os
import statistics
import sys
import time

# One thread for NumPy's BLAS too (set before NumPy loads it).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import refmath.mcu as mcu

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "tools", "mcu"))
import kws_report  # noqa: E402  (the float32 model)

# int8 target of docs/mcu.md: at least 1e8 multiply-accumulates a second.
TARGET_MACS = 1e8


def macs(x, layers):
    """Multiply-accumulates of one inference, layer by layer."""
    total, (h, w, c) = 0, x.shape[1:]
    for d in layers:
        op = d["op"]
        if op in ("conv2d", "depthwise_conv2d"):
            f = d["filter"]
            sh, sw = d.get("stride", (1, 1))
            h = kws_report.same_pads(h, f.shape[1], sh)[0]   # SAME
            w = kws_report.same_pads(w, f.shape[2], sw)[0]
            if op == "conv2d":
                total += h * w * f.shape[0] * f.shape[1] * f.shape[2] * c
                c = f.shape[0]
            else:
                total += h * w * c * f.shape[1] * f.shape[2]
        elif op == "fully_connected":
            total += d["filter"].size
    return total


def float_model(x, layers):
    f = kws_report.dequantize(x, layers[0]["input_scale"],
                              layers[0]["input_zero_point"])
    for d in layers:
        f = kws_report.float_layer(f, d)
    return f


def median_seconds(cases, reps):
    """Interleaved: each repetition runs every case once."""
    times = {name: [] for name in cases}
    for _ in range(reps):
        for name, fn in cases.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=15)
    a = p.parse_args()
    x, layers = mcu.ds_cnn()
    # The pointwise conv of the network on its [1, 25, 5, 64] activations.
    act = mcu.run_model(x, layers)[0]
    pw = layers[2]
    act_f = kws_report.dequantize(act, pw["input_scale"],
                                  pw["input_zero_point"])
    pw_macs = 25 * 5 * 64 * 64

    def conv_int8():
        mcu.run_model(act, [pw])

    cases = {
        "network int8 (refmath.mcu.run_model)": lambda: mcu.run_model(x, layers),
        "network float32 (NumPy)": lambda: float_model(x, layers),
        "pointwise conv2d int8 (refmath)": conv_int8,
        "pointwise conv2d float32 (NumPy)": lambda: kws_report.float_layer(
            act_f, pw),
    }
    for fn in cases.values():
        fn()                                    # warm up
    t = median_seconds(cases, a.reps)
    n = macs(x, layers)
    print("DS-CNN: %d multiply-accumulates per inference" % n)
    print("| case | time per call | multiply-accumulates / s |")
    print("|---|---:|---:|")
    for name, sec in t.items():
        m = n if name.startswith("network") else pw_macs
        print("| %s | %.3f ms | %.3g |" % (name, sec * 1e3, m / sec))
    net = t["network int8 (refmath.mcu.run_model)"]
    print("int8 network: %.3g multiply-accumulates/s, target >= %.0e: %s; "
          "%.2fx NumPy float32's time" % (
              n / net, TARGET_MACS, "met" if n / net >= TARGET_MACS else
              "NOT met", net / t["network float32 (NumPy)"]))


if __name__ == "__main__":
    main()
