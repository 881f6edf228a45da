#!/usr/bin/env python3
"""The `refmath mcu` subcommands over .npy files against expectations that
do not come from refmath's MCU code: the requantization and quantization
formulas of docs/mcu.md written again in NumPy, the library tests'
hand-computed cases, NumPy's exact sums, the golden tables of
golden/mcu.sha256 measured against an oracle table built in NumPy from
`refmath eval` (the exact fp32 kernels), and the one-line errors.

Usage: npy_cli_test.py PATH/TO/refmath PATH/TO/golden/mcu.sha256"""
import hashlib
import os
import re
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from npy_cli_lib import Cli  # noqa: E402

HALF_Q31 = 1 << 30  # 0.5


# --- docs/mcu.md's integer formulas, on Python integers (no wraparound
# needed for the values used here).
def doubling_high_mul(a, b):
    return (a * b + (1 << 30)) >> 31


def rounding_divide_by_pot(x, e):
    if e == 0:
        return x
    q = (abs(x) + (1 << (e - 1))) >> e  # halves away from zero
    return q if x >= 0 else -q


def requantize(v, m, s):
    return rounding_divide_by_pot(doubling_high_mul(v * (1 << max(s, 0)), m), max(-s, 0))


def requantize_s64(v, m, s):
    rm = 0x7FFF if m >= 0x7FFF0000 else (m + (1 << 15)) >> 16
    return (((v * rm) >> (14 - s)) + 1) >> 1


def fc_s8_checks(t):
    x = t.save("x", np.array([1, 2, -3], np.int8))
    w = t.save("w", np.array([[1, 0, 2], [-1, 4, 1]], np.int8))
    b = t.save("b", np.array([10, -5], np.int32))
    out = t.path("y.npy")
    base = ["mcu", "fc", "--type", "s8", "--input", x, "--weights", w, "--out", out]
    # The library tests' hand computations (fully_connected_test.cc).
    t.ok(*base, "--bias", b, "--input-zero-point", -1, "--output-zero-point", 5,
         "--act-max", 8, "--multiplier", HALF_Q31, "--shift", 0)
    t.expect_bits("s8 zero points, bias, clamp", out, np.array([8, 7], np.int8))
    t.ok(*base, "--bias", b, "--input-zero-point", -1, "--output-zero-point", 5,
         "--multiplier", "%d,%d" % (HALF_Q31, HALF_Q31), "--shift", "1,-1")
    t.expect_bits("s8 per channel", out, np.array([13, 6], np.int8))
    t.ok(*base, "--bias", b, "--input-zero-point", -1, "--output-zero-point", 5,
         "--weight-zero-point", 1, "--multiplier", HALF_Q31, "--shift", 1)
    t.expect_bits("s8 weight zero point", out, np.array([10, 5], np.int8))
    rows = t.save("rows", np.array([[1, 2, -3], [0, 0, 0]], np.int8))
    t.ok("mcu", "fc", "--type", "s8", "--input", rows, "--weights", w, "--out", out,
         "--multiplier", HALF_Q31, "--shift", 1)
    t.expect_bits("s8 two rows", out, np.array([[-5, 4], [0, 0]], np.int8))
    # Random layers against the formulas: int32 sums, the two roundings.
    rng = np.random.default_rng(21)
    xi = rng.integers(-128, 128, (2, 3, 9), dtype=np.int8)
    wi = rng.integers(-127, 128, (5, 9), dtype=np.int8)
    bi = rng.integers(-3000, 3000, 5, dtype=np.int32)
    mult = [1518500250, 1073741824, 2000000000, 1288490189, 1600000000]
    shift = [-8, -7, -9, -6, -10]
    acc = (xi.astype(np.int64) + 3) @ (wi.astype(np.int64) - 2).T + bi
    want = np.empty_like(acc)
    for idx in np.ndindex(acc.shape):
        n = idx[-1]
        want[idx] = requantize(int(acc[idx]), mult[n], shift[n]) - 7
    want = np.clip(want, -100, 100).astype(np.int8)
    t.ok("mcu", "fc", "--type", "s8", "--input", t.save("xi", xi), "--weights", t.save("wi", wi),
         "--bias", t.save("bi", bi), "--input-zero-point", -3, "--weight-zero-point", 2,
         "--output-zero-point", -7, "--act-min", -100, "--act-max", 100,
         "--multiplier", ",".join(map(str, mult)), "--shift", ",".join(map(str, shift)),
         "--out", out)
    t.expect_bits("s8 random layer, [2, 3, C_IN] rows", out, want)


def fc_s16_checks(t):
    out = t.path("y.npy")
    x = t.save("x16", np.array([1000, -2000], np.int16))
    w = t.save("w16", np.array([[3, -1]], np.int8))
    t.ok("mcu", "fc", "--type", "s16", "--input", x, "--weights", w, "--bias",
         t.save("b500", np.array([500], np.int64)), "--multiplier", HALF_Q31, "--shift", 0,
         "--out", out)
    t.expect_bits("s16 5500 * 0.5", out, np.array([2750], np.int16))
    # A bias beyond int32: (2^32 + 5000) * 0.5 / 2^14 clamps to 32767.
    t.ok("mcu", "fc", "--type", "s16", "--input", x, "--weights", w, "--bias",
         t.save("bbig", np.array([1 << 32], np.int64)), "--multiplier", HALF_Q31, "--shift",
         -14, "--out", out)
    t.expect_bits("s16 int64 bias", out, np.array([32767], np.int16))
    rng = np.random.default_rng(22)
    xi = rng.integers(-32768, 32768, (4, 7), dtype=np.int16)
    wi = rng.integers(-127, 128, (3, 7), dtype=np.int8)
    bi = rng.integers(-(1 << 30), 1 << 30, 3, dtype=np.int32)  # int32 bias accepted too
    acc = xi.astype(np.int64) @ wi.astype(np.int64).T + bi
    want = np.clip([[requantize_s64(int(v), 1518500250, -10) for v in row] for row in acc],
                   -32768, 32767).astype(np.int16)
    t.ok("mcu", "fc", "--type", "s16", "--input", t.save("xs", xi), "--weights",
         t.save("ws", wi), "--bias", t.save("bs", bi), "--multiplier", 1518500250,
         "--shift", -10, "--out", out)
    t.expect_bits("s16 random layer", out, want)


def fc_float_checks(t):
    out = t.path("y.npy")
    f16 = np.float16

    def run(dtype, kernel, x, w, b, *extra):
        t.ok("mcu", "fc", "--type", "f16" if dtype == f16 else "f32", "--input",
             t.save("fx", np.array(x, dtype)), "--weights", t.save("fw", np.array(w, dtype)),
             "--bias", t.save("fb", np.array(b, dtype)), *kernel, *extra, "--out", out)
        return np.load(out)

    # bias 2048, x = w = [1, 1], five outputs: the standard kernel's four
    # blocked outputs add 1 + 1 to 2048 one at a time (ties back to 2048),
    # the fifth (lanes) sums 2 first: 2050; packed all 2048, legacy 2050.
    ones = ([1, 1], np.ones((5, 2)), [2048] * 5)
    run(f16, [], *ones)
    t.expect_bits("f16 standard", out, np.array([2048] * 4 + [2050], f16))
    run(f16, ["--layout", "packed"], *ones)
    t.expect_bits("f16 packed", out, np.full(5, 2048, f16))
    run(f16, ["--legacy"], *ones)
    t.expect_bits("f16 legacy", out, np.full(5, 2050, f16))
    # Nine ones against [2048, 1 x 8]: the lane tree reads 2056 (0x6804).
    run(f16, ["--legacy"], [1] * 9, [[2048] + [1] * 8], [0])
    t.expect_bits("f16 lane tree", out, np.array([0x6804], np.uint16).view(f16))
    # The clamp: maxnm then minnm turns a NaN into the lower bound.
    run(f16, ["--layout", "packed"], [np.nan], [[1], [1]], [0, 0], "--act-min", -2, "--act-max", 2)
    t.expect_bits("f16 NaN clamps low", out, np.array([-2, -2], f16))
    # fp32: bias 2^24, 1 + 1: sequential 2^24, lanes 2^24 + 2.
    run(np.float32, [], [1, 1], np.ones((5, 2)), [2 ** 24] * 5)
    t.expect_bits("f32 standard", out, np.array([2 ** 24] * 4 + [2 ** 24 + 2], np.float32))
    run(np.float32, ["--layout", "packed"], [1, 1], np.ones((5, 2)), [2 ** 24] * 5)
    t.expect_bits("f32 packed", out, np.full(5, 2 ** 24, np.float32))
    # Small integers: every order is exact, so NumPy's sum is the answer;
    # a 1x1 convolution over NHWC [1, 2, 2, C_IN] keeps the pixel axes.
    rng = np.random.default_rng(23)
    x = rng.integers(-4, 5, (1, 2, 2, 12))
    w = rng.integers(-4, 5, (8, 12))
    b = rng.integers(-8, 9, 8)
    for dtype in [f16, np.float32]:
        for kernel in [[], ["--layout", "packed"]]:
            got = run(dtype, kernel, x, w, b)
            t.expect_bits("exact conv %s %s" % (dtype.__name__, kernel), out,
                          (x @ w.T + b).astype(dtype))
            t.check(got.shape == (1, 2, 2, 8), "conv shape")


def quantize_checks(t):
    out = t.path("q.npy")

    def quantize(values, scale, rule, zp=0, dtype="s8", bits=None):
        x = np.array(values, np.float32) if bits is None else np.array(bits, np.uint32).view(np.float32)
        t.ok("mcu", "quantize", "--in", t.save("qx", x), "--scale", scale, "--rule", rule,
             "--zero-point", zp, "--type", dtype, "--out", out)
        return np.load(out).tolist()

    # quantize_test.cc's cases.
    t.check(quantize([2.5, -2.5, 0.5, 3.5], 1, "tflm") == [3, -3, 1, 4], "tflm ties away")
    t.check(quantize([2.5, -2.5, 0.5, 3.5], 1, "mve") == [2, -2, 0, 4], "mve ties to even")
    t.check(quantize([2.5], 1, "tflm", zp=-10) == [-7], "zero point after rounding")
    near = [0x3FC66666, 0x407CCCCC]  # 1.55f, 3.9499998f at scale 0.1f
    t.check(quantize(None, 0.1, "tflm", bits=near) == [15, 39], "tflm near ties")
    t.check(quantize(None, 0.1, "mve", bits=near) == [16, 40], "mve near ties")
    t.check(quantize([1000, -1000, np.inf, -np.inf, np.nan], 1, "tflm", zp=5) ==
            [127, -128, 127, -128, 5], "clamps and NaN")
    t.check(quantize([1e30, -2.5], 1e-3, "tflm", dtype="s16") == [32767, -2500], "s16")
    # Random values against the two formulas in NumPy (binary32 division,
    # or product with the binary32 reciprocal).
    rng = np.random.default_rng(24)
    x = rng.uniform(-20, 20, (7, 30)).astype(np.float32)
    s = np.float32(0.07)
    q_div = np.float32(x / s).astype(np.float64)
    tflm = np.sign(q_div) * np.floor(np.abs(q_div) + 0.5)
    mve = np.rint(np.float32(x * (np.float32(1) / s)).astype(np.float64))
    for rule, q in [("tflm", tflm), ("mve", mve)]:
        t.ok("mcu", "quantize", "--in", t.save("rx", x), "--scale", 0.07, "--zero-point", 4,
             "--rule", rule, "--out", out)
        t.expect_bits("quantize random " + rule, out, np.clip(q + 4, -128, 127).astype(np.int8))


def dequantize_checks(t):
    out = t.path("d.npy")

    def dequantize(q, scale, zp, *flags, dtype=np.int8):
        t.ok("mcu", "dequantize", "--in", t.save("dq", np.array(q, dtype)), "--scale", scale,
             "--zero-point", zp, *flags, "--out", out)
        return t.bits(out).tolist()

    t.check(dequantize([5, -128, 3], 0.5, 3) == [0x3F800000, 0xC2830000, 0], "by hand")
    t.check(dequantize([3], 0.1, 0) == [0x3E99999A], "3 * 0.1f rounded once")
    tiny = repr(float(np.array(0x100, np.uint32).view(np.float32)))  # 2^-141
    t.check(dequantize([2, -2], tiny, 0) == [0x200, 0x80000200], "subnormal kept")
    t.check(dequantize([2, -2], tiny, 0, "--flush-subnormal") == [0, 0x80000000],
            "subnormal flushed")
    q = np.random.default_rng(25).integers(-32768, 32768, 500, dtype=np.int16)
    t.ok("mcu", "dequantize", "--in", t.save("dq16", q), "--scale", 0.013, "--zero-point", -11,
         "--out", out)
    t.expect_bits("dequantize random int16", out,
                  ((q.astype(np.float64) + 11) * np.float64(np.float32(0.013))).astype(np.float32))


# --- mcu compare: golden tables against an oracle table built here.
OPS = {  # output scale, output zero point, sigmoid?
    "logistic_s8": (1 / 256, -128, True), "tanh_s8": (1 / 128, 0, False),
    "sigmoid_s16": (2.0 ** -15, 0, True), "tanh_s16": (2.0 ** -15, 0, False),
}


def oracle_table(t, op, scale, zp):
    """refmath's exact fp32 sigmoid / tanh of the dequantized inputs,
    quantized to the op's output with the TFLite rule (docs/mcu.md)."""
    out_scale, out_zp, sigmoid = OPS[op]
    lo, hi = (-32768, 32767) if op.endswith("16") else (-128, 127)
    q = np.arange(lo, hi + 1)
    x = ((q - zp) * np.float64(np.float32(scale))).astype(np.float32)
    x.tofile(t.path("ox.bin"))
    t.ok("eval", "--function", "sigmoid" if sigmoid else "tanh", "--in", t.path("ox.bin"),
         "--out", t.path("oy.bin"))
    y = np.fromfile(t.path("oy.bin"), np.float32)
    v = np.float32(y / np.float32(out_scale)).astype(np.float64)
    return np.clip(np.sign(v) * np.floor(np.abs(v) + 0.5) + out_zp, lo, hi).astype(np.int64)


def report_value(text, label):
    m = re.search(r"^%s: (\d+)" % re.escape(label), text, re.M)
    return int(m.group(1)) if m else None


def histogram(text):
    block = text.split("(LSB: entries):\n")[1]
    return {int(a): int(b) for a, b in re.findall(r"^  (\d+): (\d+)$", block.split("worst")[0], re.M)}


def compare_golden(t, golden):
    digests = {}
    for line in open(golden):
        if line.strip() and not line.startswith("#"):
            digest, name = line.split()
            digests[name] = digest
    cases = [("tanh_s8", "0.1", -10, "tanh_s8:scale=0.1:zp=-10"),
             ("logistic_s8", "0.0235", 127, "logistic_s8:scale=0.0235:zp=127"),
             ("sigmoid_s16", "0.001", None, "sigmoid_s16:scale=0.001:mult=25165:shift=11"),
             ("tanh_s16", "0.001", None, "tanh_s16:scale=0.001:mult=25165:shift=11")]
    for op, scale, zp, row in cases:
        params = ["--op", op, "--input-scale", scale] + ([] if zp is None else ["--input-zero-point", zp])
        t.ok("mcu", "table", *params, "--out", t.path("dev.bin"))
        data = open(t.path("dev.bin"), "rb").read()
        t.check(hashlib.sha256(data).hexdigest() == digests[row], "golden row " + row)
        device = np.frombuffer(data, np.int8 if zp is not None else "<i2").astype(np.int64)
        ideal = oracle_table(t, op, float(scale), zp or 0)
        diff = np.abs(device - ideal)
        r = t.run("mcu", "compare", *params, "--table", t.path("dev.bin"), "--max-lsb", 3)
        t.check(r.returncode == (0 if diff.max() <= 3 else 1), row + ": exit status")
        t.check(report_value(r.stdout, "max |device - ideal|") == diff.max(), row + ": max")
        t.check(report_value(r.stdout, "differing entries") == np.count_nonzero(diff),
                row + ": differing %s vs %d" % (report_value(r.stdout, "differing entries"),
                                                 np.count_nonzero(diff)))
        want_hist = {int(d): int(n) for d, n in zip(*np.unique(diff, return_counts=True))}
        t.check(histogram(r.stdout) == want_hist, row + ": histogram")


def compare_synthetic(t):
    """The oracle table itself with three entries moved by hand."""
    ideal = oracle_table(t, "tanh_s8", 0.1, -10)
    device = ideal.copy()
    device[128 + 5] += 2
    device[128 - 3] -= 1
    device[128 + 7] -= 1
    table = t.save("t8", device.astype(np.int8).reshape(16, 16))  # any shape
    params = ["mcu", "compare", "--op", "tanh_s8", "--input-scale", 0.1, "--input-zero-point", -10]
    r = t.run(*params, "--table", table, "--worst", 2)
    t.check(r.returncode == 1, "beyond the default --max-lsb 1: exit 1")
    t.check(histogram(r.stdout) == {0: 253, 1: 2, 2: 1}, "synthetic histogram")
    worst = re.findall(r"^  (-?\d+): (-?\d+) (-?\d+), ([+-]\d+)$", r.stdout, re.M)
    t.check([(int(a), int(d)) for a, _, _, d in worst] == [(5, 2), (-3, -1)],
            "worst entries, largest first, then by input: %s" % worst)
    t.check(r.stdout.rstrip().endswith("FAIL: max 2 LSB > --max-lsb 1"), "verdict line")
    r = t.run(*params, "--table", table, "--max-lsb", 2)
    t.check(r.returncode == 0 and "PASS" in r.stdout, "within --max-lsb 2: exit 0")
    device.astype(np.int8).tofile(t.path("raw8.bin"))
    r = t.run(*params, "--table", t.path("raw8.bin"))
    t.check(report_value(r.stdout, "differing entries") == 3, "raw int8 table")


def errors(t):
    e = t.expect_error
    x8 = t.save("ex", np.ones((2, 3), np.int8))
    w8 = t.save("ew", np.ones((4, 3), np.int8))
    out = t.path("never.npy")
    fc = ["mcu", "fc", "--type", "s8", "--input", x8, "--weights", w8, "--out", out]
    req = ["--multiplier", HALF_Q31, "--shift", 0]
    e("unknown type", "unknown --type 's4'", "mcu", "fc", "--type", "s4", "--out", out)
    e("missing multiplier", "missing required option --multiplier", *fc, "--shift", 0)
    e("float input for s8", "wrong dtype '<f4' (float32), expected int8 '|i1'", "mcu", "fc", "--type", "s8",
      "--input", t.save("f", np.ones((2, 3), np.float32)), "--weights", w8, "--out", out, *req)
    e("int32 bias for s16 is fine, int8 is not", "expected int32 '<i4' or int64 '<i8'", "mcu", "fc", "--type",
      "s16", "--input", t.save("x16", np.ones((2, 3), np.int16)), "--weights", w8, "--bias",
      t.save("b8", np.ones(4, np.int8)), "--out", out, *req)
    e("inner sizes", "do not fit", *fc[:-3], t.save("w5", np.ones((4, 5), np.int8)), "--out", out, *req)
    e("bias length", "--bias: shape (3,) is not (4,)", *fc, "--bias",
      t.save("b3", np.ones(3, np.int32)), *req)
    e("per-channel count", "need 1 or C_OUT = 4 values (got 2 and 1)", *fc, "--multiplier",
      "1,2", "--shift", 0)
    e("shift range", "--shift values in -31..31", *fc, "--multiplier", 1, "--shift", 40)
    e("s16 shift range", "--shift values in -49..14", "mcu", "fc", "--type", "s16", "--input",
      t.save("y16", np.ones((2, 3), np.int16)), "--weights", w8, "--out", out, "--multiplier", 1,
      "--shift", 15)
    e("zero point range", "--input-zero-point must be an integer in -128..127", *fc, *req,
      "--input-zero-point", 128)
    e("clamp order", "--act-min 5 is above --act-max 4", *fc, *req, "--act-min", 5, "--act-max", 4)
    e("option of another type", "--layout does not apply to --type s8", *fc, *req, "--layout", "packed")
    e("legacy for f32", "--legacy does not apply to --type f32", "mcu", "fc", "--type", "f32",
      "--legacy", "--out", out)
    wf = t.save("wf", np.ones((4, 3), np.float32))
    xf = t.save("xf", np.ones((2, 3), np.float32))
    e("bad layout", "unknown --layout 'nhwc'", "mcu", "fc", "--type", "f32", "--input", xf,
      "--weights", wf, "--layout", "nhwc", "--out", out)
    e("c-out needs packed", "--c-out applies only to --layout packed", "mcu", "fc", "--type", "f32",
      "--input", xf, "--weights", wf, "--c-out", 4, "--out", out)
    e("bad accumulation", "unknown --accumulation 'exact' (valid: precise, fast, auto)", "mcu",
      "fc", "--type", "f32", "--input", xf, "--weights", wf, "--accumulation", "exact", "--out", out)
    wh = t.save("wh", np.ones((4, 3), np.float16))
    xh = t.save("xh", np.ones((2, 3), np.float16))
    e("legacy is not packed", "--legacy does not apply to --layout packed", "mcu", "fc", "--type",
      "f16", "--input", xh, "--weights", wh, "--layout", "packed", "--legacy", "--out", out)
    e("accumulation for s8", "--accumulation does not apply to --type s8", *fc, *req,
      "--accumulation", "fast")
    e("packed shape", "--weights: packed shape (1, 3, 3) is not (1, 3, 4)", "mcu", "fc", "--type",
      "f32", "--input", xf, "--weights", t.save("wp", np.ones((1, 3, 3), np.float32)), "--layout",
      "packed", "--c-out", 4, "--out", out)
    e("f16 with float32 data", "wrong dtype '<f4' (float32), expected float16 '<f2'", "mcu", "fc", "--type",
      "f16", "--input", xf, "--weights", wf, "--out", out)
    e("bad clamp number", "--act-min must be a decimal number", "mcu", "fc", "--type", "f32",
      "--input", xf, "--weights", wf, "--act-min", "0x1p3", "--out", out)
    e("bias too large", "beyond +-2^62", "mcu", "fc", "--type", "s16", "--input",
      t.save("z16", np.ones((1, 3), np.int16)), "--weights", w8, "--bias",
      t.save("bh", np.full(4, (1 << 62) + 1, np.int64)), "--out", out, *req)
    e("quantize scale", "--scale must be a positive finite binary32 number", "mcu", "quantize",
      "--in", xf, "--scale", 0, "--out", out)
    e("quantize huge scale", "positive finite binary32", "mcu", "quantize", "--in", xf, "--scale",
      "1e39", "--out", out)
    e("quantize int input", "expected float32 '<f4'", "mcu", "quantize", "--in", x8, "--scale", 1,
      "--out", out)
    e("quantize rule", "unknown --rule 'even'", "mcu", "quantize", "--in", xf, "--scale", 1,
      "--rule", "even", "--out", out)
    e("quantize s16 zero point", "--zero-point must be an integer in -32768..32767", "mcu",
      "quantize", "--in", xf, "--scale", 1, "--type", "s16", "--zero-point", 40000, "--out", out)
    e("dequantize float input", "expected float16 '<f2', int8 '|i1' or int16 '<i2'", "mcu", "dequantize", "--in", xf,
      "--scale", 1, "--out", out)
    e("dequantize zero point for int8", "--zero-point must be an integer in -128..127", "mcu",
      "dequantize", "--in", x8, "--scale", 1, "--zero-point", 200, "--out", out)
    e("truncated .npy", "data truncated", "mcu", "dequantize", "--in", truncated(t, x8), "--scale",
      1, "--out", out)
    cmp = ["mcu", "compare", "--op", "tanh_s8", "--input-scale", 0.1, "--input-zero-point", 0]
    open(t.path("short.bin"), "wb").write(b"\0" * 100)
    e("table size", "100 bytes is not a raw table", *cmp, "--table",
      t.path("short.bin"))
    shutil.copy(t.save("t8npy", np.zeros(256, np.int8)), t.path("t8npy.bin"))
    e("a .npy file not named .npy",
      "t8npy.bin: looks like a .npy file; read it from a file named *.npy", *cmp, "--table",
      t.path("t8npy.bin"))
    e("int16 table for an int8 op", "65536 entries, but tanh_s8 has 256", *cmp, "--table",
      t.save("t16", np.zeros(65536, np.int16)))
    e("npy table length", "int8 array of shape (255,) is not a table of 256 entries", *cmp,
      "--table", t.save("t255", np.zeros(255, np.int8)))
    e("float table", "wrong dtype '<f4' (float32), expected int8 '|i1' or int16 '<i2'", *cmp, "--table",
      t.save("tf", np.zeros(256, np.float32)))
    e("unknown op", "unknown --op 'relu_s8' (valid: logistic_s8, tanh_s8, sigmoid_s16, tanh_s16)",
      "mcu", "compare", "--op", "relu_s8", "--table", x8)
    e("int16 op with a zero point", "the int16 ops have zero point 0", "mcu", "compare", "--op",
      "tanh_s16", "--input-scale", 0.001, "--input-zero-point", 0, "--table", x8)
    e("int8 op without zero point", "missing required option --input-zero-point", "mcu", "compare",
      "--op", "tanh_s8", "--input-scale", 0.1, "--table", x8)
    e("missing table file", "cannot", *cmp, "--table", t.path("missing.bin"))
    e("bad --max-lsb", "--max-lsb must be an integer in 0..65535", *cmp, "--max-lsb", -1,
      "--table", x8)
    e("ops takes no argument", "unexpected argument 'x'", "mcu", "ops", "x")


def truncated(t, path):
    data = open(path, "rb").read()
    open(t.path("trunc.npy"), "wb").write(data[:-1])
    return t.path("trunc.npy")


def main():
    t = Cli(sys.argv[1], "mcu npy_cli_test")
    ops = t.ok("mcu", "ops").splitlines()
    t.check([line.split()[0] for line in ops] == list(OPS), "mcu ops lists the ops: %s" % ops)
    t.check(all(len(line.split()) > 3 for line in ops), "every op has a description")
    for sub, form, option in [("fc", "mcu fc --type s8", "--allow-approximate"),
                              ("quantize", "mcu quantize --in FILE", "(default: tflm)"),
                              ("dequantize", "mcu dequantize --in FILE", "--flush-subnormal"),
                              ("compare", "mcu compare --op OP", "(default: 1)"),
                              ("ops", "mcu ops", "the activation ops")]:
        text = t.ok("mcu", sub, "--help")
        t.check(form in text and option in text, "mcu %s --help" % sub)
    fc_s8_checks(t)
    fc_s16_checks(t)
    fc_float_checks(t)
    quantize_checks(t)
    dequantize_checks(t)
    compare_golden(t, sys.argv[2])
    compare_synthetic(t)
    errors(t)
    t.finish()


main()
