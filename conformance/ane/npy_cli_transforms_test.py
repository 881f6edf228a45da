#!/usr/bin/env python3
"""`refmath ane fft2`, `power`, `reduce-mean`, `transpose` and `reshape` against
expectations that do not come from refmath: numpy.fft.fft2 and
numpy.linalg.svd within the documented envelopes, NumPy's transpose and reshape bit
for bit, a step-by-step float16 recomputation of the mean, values worked
by hand, and the one-line errors.

Usage: npy_cli_transforms_test.py PATH/TO/refmath"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from npy_cli_lib import Cli  # noqa: E402

F16 = np.float16
# Relative error bounds of the folded 2-D transform (docs/ane-envelopes.md,
# "2-D transforms": dense up to 6.1e-4, staged up to 8.1e-4), widened by
# 1.5 as the library's own envelope tests do.
DENSE_2D, STAGED_2D = 1.5 * 6.1e-4, 1.5 * 8.1e-4
# sigma within four binary16 roundings (u = 2^-11) of the double SVD's.
SIGMA_TOLERANCE = 4 * 2.0 ** -11


def load_complex(t):
    return np.load(t.path("yr.npy")).astype(np.float64) + 1j * np.load(t.path("yi.npy"))


def fft2_checks(t):
    outs = ["--out-re", t.path("yr.npy"), "--out-im", t.path("yi.npy")]
    # An impulse at [0, 0]: every twiddle it meets is exactly 1 (times 1/N,
    # then 1/M), so the normalized spectrum is 2^-7 everywhere for 8 x 16,
    # folded or not (binary16(1/128) is exact).
    imp = np.zeros((8, 16), F16)
    imp[0, 0] = 1
    for options in [[], ["--method", "staged"], ["--no-fold"]]:
        t.ok("ane", "fft2", "--re", t.save("imp", imp), *options, *outs)
        t.expect_bits("impulse re %s" % options, t.path("yr.npy"), np.full((8, 16), 2.0 ** -7, F16))
        t.expect_bits("impulse im %s" % options, t.path("yi.npy"), np.zeros((8, 16), F16))
    # Random planes [2, 16, 32] against numpy.fft.fft2 / (M N), each plane
    # on its own; the shape is kept.
    rng = np.random.default_rng(21)
    re, im = rng.normal(size=(2, 16, 32)).astype(F16), rng.normal(size=(2, 16, 32)).astype(F16)
    x = re.astype(np.float64) + 1j * im.astype(np.float64)
    ref = np.fft.fft2(x) / (16 * 32)
    for method, bound in [("dense", DENSE_2D), ("staged", STAGED_2D)]:
        t.ok("ane", "fft2", "--re", t.save("re", re), "--im", t.save("im", im), "--method", method,
             *outs)
        y = load_complex(t)
        t.check(y.shape == re.shape, "fft2 keeps the shape")
        err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
        t.check(err < bound, "fft2 %s relative error %g" % (method, err))
    # 64 x 64 values in [16, 32): the unscaled DC term is their sum, about
    # 98000, past 65504.  Folded, every intermediate stays near the input
    # scale; --no-fold overflows before its final scale.
    big = rng.uniform(16, 32, size=(64, 64)).astype(F16)
    ref = np.fft.fft2(big.astype(np.float64)) / (64 * 64)
    t.check(big.astype(np.float64).sum() > 65504, "the DC sum passes 65504")
    t.ok("ane", "fft2", "--re", t.save("big", big), *outs)
    y = load_complex(t)
    err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
    t.check(err < DENSE_2D, "folded 64 x 64 relative error %g" % err)
    t.ok("ane", "fft2", "--re", t.save("big", big), "--no-fold", *outs)
    t.check(not np.all(np.isfinite(load_complex(t))), "--no-fold overflows")


def singular_matrix(rng, m, n, sigma):
    """U diag(sigma .. sigma / 10) V^T, rounded to float16."""
    u, _ = np.linalg.qr(rng.normal(size=(m, n)))
    v, _ = np.linalg.qr(rng.normal(size=(n, n)))
    return ((u * np.geomspace(sigma, sigma / 10, n)) @ v.T).astype(F16)


def power_checks(t):
    rng = np.random.default_rng(5)
    out = t.path("v.npy")
    # sigma_1 = 300 and 1000: A^T (A v) would be 9e4 and 1e6, past
    # float16; normalized between A and A^T the estimate stays finite.
    for sigma in [3.0, 300.0, 1000.0]:
        a = singular_matrix(rng, 20, 8, sigma)
        _, s, vt = np.linalg.svd(a.astype(np.float64))
        got = float(t.ok("ane", "power", "--a", t.save("pa", a), "--out", out))
        t.check(abs(got / s[0] - 1) <= SIGMA_TOLERANCE,
                "power sigma %g: %r vs svd %r" % (sigma, got, s[0]))
        v = np.load(out)
        t.check(v.dtype == np.float64 and v.shape == (8,), "v is float64 [n]")
        t.check(abs(abs(v @ vt[0]) / np.linalg.norm(v) - 1) < 1e-3,
                "v along the right singular vector, sigma %g" % sigma)
    # The start vector and the step count: (1, 0) on [[2, 0], [0, 1]] is
    # already the singular vector, and one step keeps it: sigma = 2.
    d = t.save("d", np.array([[2, 0], [0, 1]], F16))
    r = t.ok("ane", "power", "--a", d, "--v0", t.save("e1", np.array([1.0, 0.0])),
             "--iterations", "1", "--out", out)
    t.check(r == "2\n", "power of diag(2, 1) from e1: %r" % r)
    t.expect_bits("v = e1", out, np.array([1.0, 0.0]))
    # Rows summing to zero: the default start (all ones) is in A's null
    # space; a v = 0 is a breakdown: the estimate (nan) on stdout, v zeros,
    # one line on stderr, exit 1.
    null = t.save("null", np.array([[1, -1], [-1, 1]], F16))
    proc = t.run("ane", "power", "--a", null, "--out", out)
    t.check(proc.returncode == 1 and proc.stdout == "nan\n" and
            proc.stderr.count("\n") == 1 and "breakdown: a v or a^T u was zero" in proc.stderr,
            "power breakdown: %d %r %r" % (proc.returncode, proc.stdout, proc.stderr))
    t.expect_bits("breakdown v", out, np.zeros(2))


def mean_checks(t):
    """The mean along an axis: the sum (a float16 running sum, or the
    float32 accumulator of the matmul route rounded once to float16),
    times float16(1 / K), each step rounded, recomputed here in float64
    and rounded with NumPy's correctly rounding casts."""
    rng = np.random.default_rng(8)
    x = (rng.normal(size=(3, 4, 37)) * 100).astype(F16)
    out = t.path("m.npy")

    def by_steps(row, route):
        s = np.float64(row[0])
        for v in row[1:]:
            if route == "narrow":
                s = np.float64(F16(s + np.float64(v)))
            else:
                s = np.float64(np.float32(s + np.float64(v)))
        inverse = np.float64(F16(1.0 / len(row)))
        return F16(np.float64(F16(s)) * inverse)

    for axis in [-1, 0, 1]:
        moved = np.moveaxis(x, axis, -1)
        for route in ["narrow", "matmul"]:
            want = np.array([by_steps(r, route) for r in moved.reshape(-1, moved.shape[-1])], F16)
            want = np.moveaxis(want.reshape(moved.shape[:-1] + (1,)), -1, axis)
            t.ok("ane", "reduce-mean", "--in", t.save("mx", x), "--axis", axis, "--route", route,
                 "--out", out)
            t.expect_bits("reduce-mean axis %d %s" % (axis, route), out, want)
    # [1, 2, 4]: 7 * float16(1/3) rounds to 2.33203125, one unit below the
    # correctly rounded 7/3.
    t.ok("ane", "reduce-mean", "--in", t.save("m3", np.array([1, 2, 4], F16)), "--out", out)
    t.expect_bits("mean of 1, 2, 4", out, np.array([0x40AA], np.uint16).view(F16))


def transpose_checks(t):
    x = (np.random.default_rng(2).normal(size=(2, 3, 4, 5)) * 1000).astype(F16)
    x.flat[:4] = [np.nan, -0.0, np.inf, 6e-8]
    x.view(np.uint16).flat[0] = 0x7E01  # a NaN payload
    out = t.path("t.npy")
    for axes in [None, (0, 2, 1, 3), (3, -4, 1, 2)]:
        option = [] if axes is None else ["--axes", ",".join(map(str, axes))]
        t.ok("ane", "transpose", "--in", t.save("tx", x), *option, "--out", out)
        t.expect_bits("transpose %s" % (axes,), out, np.transpose(x, axes))
    # float32 is rounded by the input cast first, then moved.
    f = np.array([[0.1, 1e-6], [3.3, -2.0]], np.float32)
    t.ok("ane", "transpose", "--in", t.save("tf", f), "--out", out)
    t.expect_bits("float32 transposed", out, f.astype(F16).T)
    # reshape: NumPy's row-major reshape, NaN payloads and -0 kept.
    for shape in [(120,), (6, 20), (5, 4, 3, 2)]:
        t.ok("ane", "reshape", "--in", t.save("rx", x), "--shape", ",".join(map(str, shape)),
             "--out", out)
        t.expect_bits("reshape to %s" % (shape,), out, x.reshape(shape))


def errors(t):
    a = t.save("ea", np.ones((2, 3), F16))
    v = t.save("ev", np.ones(3, F16))
    out = t.path("never.npy")
    e = t.expect_error
    outs = ["--out-re", out, "--out-im", t.path("never_im.npy")]
    e("fft2 of a vector", "--re: shape (3,) needs two last axes of 1 to 8192 elements each",
      "ane", "fft2", "--re", v, *outs)
    e("fft2 re/im shapes", "--re has shape (2, 3) but --im (3, 2)", "ane", "fft2", "--re", a,
      "--im", t.save("eb", np.ones((3, 2), F16)), *outs)
    e("fft2 bad method", "unknown --method 'fast' (valid: dense, staged)", "ane", "fft2", "--re",
      a, "--method", "fast", *outs)
    e("fft2 has no scale", "unknown option '--scale'", "ane", "fft2", "--re", a, "--scale", "2",
      *outs)
    e("fft2 missing --out-im", "missing required option --out-im", "ane", "fft2", "--re", a,
      "--out-re", out)
    e("power of a vector", "--a: shape (3,) is not a non-empty [m, n] matrix", "ane", "power",
      "--a", v)
    e("power v0 length", "--v0: shape (2,) is not (3,)", "ane", "power", "--a", a, "--v0",
      t.save("v2", np.ones(2)), "--out", out)
    e("power iterations", "--iterations must be an integer in 0..100000", "ane", "power", "--a",
      a, "--iterations", "-1")
    e("power unwritable --out", "no/such/dir", "ane", "power", "--a", a, "--out",
      t.path("no/such/dir/v.npy"))
    e("mean bad axis", "axis 2 out of range for (2, 3)", "ane", "reduce-mean", "--in", a,
      "--axis", "2", "--out", out)
    e("mean bad route", "unknown --route 'wide' (valid: narrow, matmul)", "ane", "reduce-mean",
      "--in", a, "--route", "wide", "--out", out)
    e("transpose repeated axis", "axes (0, 0) are not a permutation of the axes of (2, 3)", "ane",
      "transpose", "--in", a, "--axes", "0,0", "--out", out)
    e("transpose too few axes", "axes (1) are not a permutation", "ane", "transpose", "--in", a,
      "--axes", "1", "--out", out)
    e("transpose junk axes", "--axes must be comma-separated integers in -4..3 (got '1,x')",
      "ane", "transpose", "--in", a, "--axes", "1,x", "--out", out)
    e("transpose takes no --tile", "unknown option '--tile'", "ane", "transpose", "--in", a,
      "--tile", "2", "--out", out)
    e("reshape to another size", "cannot reshape (2, 3) to (4,)", "ane", "reshape", "--in", a,
      "--shape", "4", "--out", out)
    e("reshape without --shape", "missing required option --shape", "ane", "reshape", "--in", a,
      "--out", out)
    e("reshape zero size", "--shape must be 1 to 4 comma-separated sizes of at least 1 "
      "(got '6,0')", "ane", "reshape", "--in", a, "--shape", "6,0", "--out", out)
    e("reshape five axes", "--shape must be 1 to 4", "ane", "reshape", "--in", a, "--shape",
      "1,1,2,3,1", "--out", out)
    t.check(not os.path.exists(t.path("never_im.npy")), "a failed fft2 left --out-im behind")


def help_checks(t):
    for sub, form, option in [("fft2", "ane fft2 --re FILE", "--no-fold"),
                              ("power", "ane power --a FILE", "(default: 60)"),
                              ("reduce-mean", "ane reduce-mean --in FILE", "(default: narrow)"),
                              ("transpose", "ane transpose --in FILE", "(default: reversed)"),
                              ("reshape", "ane reshape --in FILE", "(required)")]:
        text = t.ok("ane", sub, "--help")
        t.check(form in text and option in text, "ane %s --help: %r, %r" % (sub, form, option))


def main():
    t = Cli(sys.argv[1], "ane npy_cli_transforms_test")
    help_checks(t)
    fft2_checks(t)
    power_checks(t)
    mean_checks(t)
    transpose_checks(t)
    errors(t)
    t.finish()


main()
