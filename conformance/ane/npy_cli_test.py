#!/usr/bin/env python3
"""The `refmath ane` subcommands over .npy files against expectations that
do not come from refmath: NumPy's float16 arithmetic where it is exact,
the figures of the spec and the device notes (docs/ane.md), NumPy's DFT,
solves and least squares within the model's documented envelopes, bit
patterns computed by hand or with NumPy, and the one-line errors.

Usage: npy_cli_test.py PATH/TO/refmath"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from npy_cli_lib import Cli  # noqa: E402

PROFILES = ["spec", "m1", "m3", "m5"]
F16 = np.float16


def half(value):
    return np.array(value, dtype=F16).view(np.uint16)


def matmul_checks(t):
    # Small integers: every product and sum is exact in binary16, so NumPy's
    # float16 result is the model's under every profile.
    a = np.array([[1, 2, 3], [4, 5, 6]], dtype=F16)
    b = np.array([[1, 0], [0, 1], [1, 1]], dtype=F16)
    pa, pb, out = t.save("a", a), t.save("b", b), t.path("c.npy")
    for p in PROFILES:
        t.ok("ane", "matmul", "--a", pa, "--b", pb, "--out", out, "--profile", p)
        t.expect_bits("matmul " + p, out, (a.astype(np.float64) @ b).astype(F16))
    # A batch [2, 2, 3] @ [3, 2] and a vector b: NumPy's shapes.
    batch = t.save("batch", np.stack([a, a]))
    t.ok("ane", "matmul", "--a", batch, "--b", pb, "--out", out)
    t.expect_bits("batched matmul", out, (np.stack([a, a]).astype(np.float64) @ b).astype(F16))
    t.ok("ane", "matmul", "--a", pa, "--b", t.save("v", np.array([1, 1, 1], F16)), "--out", out)
    t.expect_bits("matrix @ vector", out, np.array([6, 15], F16))
    # 1.1 is binary16 1.099609375; its square rounds to 1.208984375 before
    # the sum: 100 of them read 120.875 (0x578E), not 120.9375.
    x = t.save("x11", np.full(100, 1.1, F16))
    t.ok("ane", "matmul", "--a", x, "--b", x, "--out", out)
    t.expect_bits("products rounded first", out, np.array(0x578E, np.uint16).view(F16))
    # Infinities and NaN in the sum, both accumulators.
    for acc in ["fp32", "exact"]:
        for u, v, want in [([300, 1], [300, 1], np.inf), ([300, -300], [300, 300], np.nan),
                           ([-0.0, -0.0], [1, 1], -0.0)]:
            t.ok("ane", "matmul", "--a", t.save("u", np.array(u, F16)), "--b",
                 t.save("w", np.array(v, F16)), "--out", out, "--accumulator", acc)
            want_bits = 0x7E00 if np.isnan(want) else half(want)
            t.check(t.bits(out) == want_bits, "matmul %s %s: %s" % (acc, u, t.bits(out)))
    # float32 operands are rounded to binary16 on the way in.
    t.ok("ane", "matmul", "--a", t.save("f32", np.array([[0.1, 0.2]], np.float32)),
         "--b", t.save("one", np.array([1, 0], np.float32)), "--out", out)
    t.expect_bits("float32 input cast", out, np.array([F16(0.1)]))


def reduction_figures(t):
    """The spec's and the notes' figures (docs/ane.md), through the command
    line: each row as a [1, K] tensor summed along the last axis."""
    out = t.path("s.npy")

    def total(row, profile, route):
        t.ok("ane", "reduce-sum", "--in", t.save("row", np.array([row], F16)), "--out", out,
             "--profile", profile, "--route", route)
        got = np.load(out)
        t.check(got.shape == (1, 1) and got.dtype == F16, "reduce-sum keeps the axis")
        return float(got.ravel()[0])

    ones = [1.0] * 16384
    for p in PROFILES:
        t.check(total(ones, p, "matmul") == 16384, "16384 ones through the matmul, " + p)
        t.check(total(ones, p, "narrow") == (4096 if p == "m5" else 2048), "narrow stall, " + p)
        t.check(total([16000] + [1] * 8, p, "matmul") == 16008, "+1 next to 16000, " + p)
        t.check(total([2048, 1], p, "matmul") == (2050 if p == "m5" else 2048), "2048 + 1, " + p)
        t.check(total([4096] + [1] * 1024, p, "matmul") == (5116 if p == "m1" else 5120),
                "m1 tile of 4, " + p)
        over = total([1000] * 33, p, "matmul")
        t.check(over == (32992 if p == "spec" else np.inf), "33 x 1000, %s: %s" % (p, over))
        t.check(total([1000] * 32, p, "matmul") == 32000, "32 x 1000, " + p)
        t.check(total([257] + [256] * 7, p, "narrow") == (2050 if p == "m5" else 2048),
                "[257, 256 x 7] narrow, " + p)
    t.check(total([16000] + [1] * 8, "spec", "narrow") == 16000, "narrow 16000 + 8 ones")
    # Another axis: column sums of [[1, 2, 3], [4, 5, 6]], keepdims.
    t.ok("ane", "reduce-sum", "--in", t.save("m", np.array([[1, 2, 3], [4, 5, 6]], F16)),
         "--axis", "0", "--route", "matmul", "--out", out)
    t.expect_bits("column sums", out, np.array([[5, 7, 9]], F16))
    t.ok("ane", "reduce-sum", "--in", t.save("col", np.ones((4096, 2), F16)), "--axis", "0",
         "--out", out)
    t.expect_bits("narrow column of 4096 ones", out, np.array([[2048, 2048]], F16))


def softmax_checks(t):
    out = t.path("y.npy")
    t.ok("ane", "softmax", "--in", t.save("eq", np.full((1, 4), 3, F16)), "--out", out)
    t.expect_bits("equal inputs: 1/4 each", out, np.full((1, 4), 0.25, F16))
    # Against the double softmax: exp, the matmul output and the division
    # each round once to binary16, so the relative error is below
    # 3 * 2^-11 plus the fp32 kernel's and accumulator's (docs/ane.md).
    x = np.array([[0, 1, 2, 3], [-1, 5, 6, 2]], np.float64)
    t.ok("ane", "softmax", "--in", t.save("sx", x.astype(F16)), "--out", out)
    want = np.exp(x) / np.exp(x).sum(axis=1, keepdims=True)
    err = np.abs(np.load(out).astype(np.float64) - want) / want
    t.check(err.max() <= 3 * 2.0 ** -11 + 2.0 ** -20, "softmax error %g" % err.max())
    # Along axis 0 it is the softmax of the transpose, transposed back.
    t.ok("ane", "softmax", "--in", t.save("sxt", np.ascontiguousarray(x.T.astype(F16))), "--axis", "0", "--out", out)
    t.ok("ane", "softmax", "--in", t.save("sx2", x.astype(F16)), "--out", t.path("y2.npy"))
    t.expect_bits("axis 0 is the transposed axis -1", out, np.load(t.path("y2.npy")).T)


def fft_checks(t):
    outs = ["--out-re", t.path("yr.npy"), "--out-im", t.path("yi.npy")]
    # An impulse: every twiddle of row 0 is exactly 1, so the spectrum is
    # exactly ones (and zeros), under both methods.
    imp = t.save("imp", np.eye(1, 16, dtype=F16)[0])
    for method in ["dense", "staged"]:
        t.ok("ane", "fft", "--re", imp, "--method", method, *outs)
        t.expect_bits("impulse re " + method, t.path("yr.npy"), np.ones(16, F16))
        t.expect_bits("impulse im " + method, t.path("yi.npy"), np.zeros(16, F16))
    # Random data against NumPy, within the envelope (docs/ane-envelopes.md:
    # dense ~4e-4, staged ~8e-4 relative in the 2-norm); the shape [2, 3, 64]
    # is kept, every leading index a row.
    rng = np.random.default_rng(7)
    re, im = rng.normal(size=(2, 3, 64)).astype(F16), rng.normal(size=(2, 3, 64)).astype(F16)
    x = re.astype(np.float64) + 1j * im.astype(np.float64)
    pre, pim = t.save("re", re), t.save("im", im)
    for cmd, ref in [("fft", np.fft.fft(x)), ("ifft", np.fft.ifft(x))]:
        for method in ["dense", "staged"]:
            t.ok("ane", cmd, "--re", pre, "--im", pim, "--method", method, *outs)
            yr, yi = np.load(t.path("yr.npy")), np.load(t.path("yi.npy"))
            t.check(yr.dtype == F16 and yr.shape == re.shape, "%s keeps the shape" % cmd)
            y = yr.astype(np.float64) + 1j * yi.astype(np.float64)
            err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
            t.check(err < 2e-3, "%s %s relative error %g" % (cmd, method, err))
    # --scale folds into the twiddles: 1/16 on ones gives [1, 0, ...].
    t.ok("ane", "fft", "--re", t.save("ones", np.ones(16, F16)), "--scale", "0.0625", *outs)
    t.check(np.load(t.path("yr.npy"))[0] == 1, "scaled DC term")


def solve_checks(t):
    rng = np.random.default_rng(11)
    q, _ = np.linalg.qr(rng.normal(size=(6, 6)))
    a = (q * np.geomspace(4, 1, 6)) @ q.T  # SPD, condition 4
    a16 = a.astype(F16)
    b16 = rng.uniform(-1, 1, 6).astype(F16)
    ref = np.linalg.solve(a16.astype(np.float64), b16.astype(np.float64))
    pa, pb, out = t.save("A", a16), t.save("bv", b16), t.path("x.npy")
    for method in [["cg", "--iterations", "6"], ["gmres"]]:
        t.ok("ane", "solve", "--method", *method, "--a", pa, "--b", pb, "--out", out)
        x = np.load(out)
        t.check(x.dtype == np.float64 and x.shape == (6,), "solve output float64 [n]")
        err = np.linalg.norm(x - ref) / np.linalg.norm(ref)
        t.check(err < 1e-2, "%s relative error %g" % (method[0], err))
    t.ok("ane", "solve", "--method", "refine", "--x0", t.save("x0", np.zeros(6)),
         "--a", pa, "--b", pb, "--out", out)
    err = np.linalg.norm(np.load(out) - ref) / np.linalg.norm(ref)
    t.check(err < 1e-2, "refine from zero: relative error %g" % err)
    tall = rng.normal(size=(20, 4)).astype(F16)
    tb = rng.normal(size=20).astype(F16)
    lref = np.linalg.lstsq(tall.astype(np.float64), tb.astype(np.float64), rcond=None)[0]
    for method in ["normal", "lsqr"]:
        # Four CG steps solve the 4 x 4 normal equations; more would run
        # past convergence into the underflow breakdown below.
        t.ok("ane", "solve", "--method", method, "--iterations", "4" if method == "normal" else "40",
             "--a", t.save("T", tall), "--b", t.save("tb", tb), "--out", out)
        err = np.linalg.norm(np.load(out) - lref) / np.linalg.norm(lref)
        t.check(err < 2e-2, "%s relative error %g" % (method, err))
    # CG run past convergence: r.r underflows to 0 and CG stops there
    # (docs/ane-envelopes.md) rather than dividing 0 by 0.
    small = np.array([[4, 1, 0], [1, 3, 1], [0, 1, 2]], F16)
    sb = np.array([1, 2, 3], F16)
    t.ok("ane", "solve", "--method", "cg", "--a", t.save("S", small), "--b", t.save("sb", sb),
         "--out", out)
    sref = np.linalg.solve(small.astype(np.float64), sb.astype(np.float64))
    err = np.linalg.norm(np.load(out) - sref) / np.linalg.norm(sref)
    t.check(err < 1e-2, "cg past convergence: relative error %g" % err)
    cg_overflow_checks(t, out)
    cg_large_right_side_checks(t, out)


def cg_overflow_checks(t, out):
    """Unscaled diag(1, 49152), b = (1, 2^-8): the first step's
    alpha = fp16(1 / 1.75) gives y = alpha b; the second direction's A p
    overflows.  Exit 1 with the breakdown on stderr and y written."""
    a = t.save("D", np.array([[1, 0], [0, 49152]], F16))
    b = t.save("db", np.array([1, 2.0 ** -8], F16))
    alpha = np.float16(1) / np.float16(1.75)
    want = np.array([alpha, alpha * np.float16(2.0 ** -8)]).astype(np.float64)
    for steps in ["2", "40"]:
        t.expect_error("cg breakdown, %s steps" % steps, "x is the last finite iterate", "ane",
                       "solve", "--method", "cg", "--no-jacobi", "--iterations", steps,
                       "--a", a, "--b", b, "--out", out, status=1, output="")
        t.expect_bits("breakdown x, %s steps" % steps, out, want)
    # One step is no breakdown; with the Jacobi scaling A is I.
    t.ok("ane", "solve", "--method", "cg", "--no-jacobi", "--iterations", "1", "--a", a, "--b", b,
         "--out", out)
    t.expect_bits("one step", out, want)
    t.ok("ane", "solve", "--method", "cg", "--a", a, "--b", b, "--out", out)
    t.check(np.load(out)[0] == 1, "scaled: x[0] = 1")


def cg_large_right_side_checks(t, out):
    """SPD n = 48, cond 1e3, diagonal about 70 .. 300, |b| about 700: the
    scaled right side's r.r and p.Ap once left the binary16 range and x
    came back all zero with exit 0."""
    rng = np.random.default_rng(1000)
    q, _ = np.linalg.qr(rng.normal(size=(48, 48)))
    a = ((q * np.geomspace(1000, 1, 48)) @ q.T).astype(F16)
    b = (a.astype(np.float64) @ rng.normal(size=48)).astype(F16)
    ref = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    t.check(np.abs(b).max() > 500, "a right side past 500: %g" % np.abs(b).max())
    for steps in ["10", "40"]:
        t.ok("ane", "solve", "--method", "cg", "--iterations", steps, "--a", t.save("L", a),
             "--b", t.save("lb", b), "--out", out)
        err = np.linalg.norm(np.load(out) - ref) / np.linalg.norm(ref)
        t.check(err < 1, "cg, large b, %s steps: relative error %g" % (steps, err))


def compress_checks(t):
    out = t.path("wq.npy")
    # NumPy: np.float32(1.27) / 127 is 0.01f, float16 0x211F; q * scale
    # rounded to float16 (the library's own test, by hand).
    w = np.array([[0.5, -1.27, 0.0, 1.27]], np.float32)
    r = t.ok("ane", "compress", "--in", t.save("w8", w), "--encoding", "int8", "--out", out)
    t.expect_bits("int8 row", out, np.array([[0x3800, 0xBD15, 0x0000, 0x3D15]],
                                            np.uint16).view(F16))
    q = np.load(out).astype(np.float64)
    frob = np.linalg.norm(q - w) / np.linalg.norm(w.astype(np.float64))
    t.check(r.startswith("int8: Frobenius relative error ") and
            abs(float(r.split()[-1]) - frob) <= 1e-6 * frob, "int8 summary %r vs %g" % (r, frob))
    # fp16: NumPy's float16 cast; sparse: zeros of either sign come back +0.
    g = np.random.default_rng(3).normal(size=(4, 8)).astype(np.float32)
    t.ok("ane", "compress", "--in", t.save("g", g), "--encoding", "fp16", "--out", out)
    t.expect_bits("fp16", out, g.astype(F16))
    s = np.array([[0, -0.0, 1.5, 0], [0, 0, 0, -2.25]], np.float32)
    t.ok("ane", "compress", "--in", t.save("s", s), "--encoding", "sparse", "--out", out)
    t.expect_bits("sparse", out, np.array([[0, 0, 1.5, 0], [0, 0, 0, -2.25]], F16))
    # Four distinct values: int4 keeps each as its own centroid, exactly.
    few = np.tile(np.array([-1, 0, 0.5, 2], np.float32), (4, 4))
    t.ok("ane", "compress", "--in", t.save("few", few), "--encoding", "int4", "--out", out)
    t.expect_bits("int4 few values", out, few.astype(F16))
    # auto with the gate: a weight that is mostly zero goes sparse.
    x = t.save("gx", np.random.default_rng(4).normal(size=(3, 4)).astype(F16))
    r = t.ok("ane", "compress", "--in", t.save("s2", s), "--encoding", "auto",
             "--gate-input", x, "--out", out)
    t.check(r.splitlines()[-1] == "auto: sparse", "auto picks sparse: %r" % r)


def errors(t):
    a = t.save("ea", np.ones((2, 3), F16))
    b = t.save("eb", np.ones((3, 2), F16))
    out = t.path("never.npy")
    raw = t.path("raw.bin")
    open(raw, "wb").write(b"\0" * 12)
    e = t.expect_error
    e("missing --b", "missing required option --b", "ane", "matmul", "--a", a, "--out", out)
    e("not a .npy", "bad magic", "ane", "matmul", "--a", raw, "--b", b, "--out", out)
    e("int8 operand", "wrong dtype '|i1' (int8), expected float32 '<f4', float16 '<f2' or float64 '<f8'",
      "ane", "matmul", "--a", t.save("i8", np.ones((2, 3), np.int8)), "--b", b, "--out", out)
    e("rank 5", "more than 4 axes", "ane", "matmul", "--a", t.save("r5", np.ones((1, 1, 1, 2, 3), F16)),
      "--b", b, "--out", out)
    e("Fortran order", "Fortran order is not supported for shape (3, 2)", "ane", "matmul", "--a",
      a, "--b", t.save("fortran", np.asfortranarray(np.ones((3, 2), F16))), "--out", out)
    e("inner sizes", "inner sizes differ", "ane", "matmul", "--a", a, "--b", a, "--out", out)
    e("unknown profile", "unknown profile 'm9' (valid: spec, m1, m3, m5, a13, a14, a15, a16, a17)", "ane", "matmul",
      "--a", a, "--b", b, "--out", out, "--profile", "m9")
    e("unknown accumulator", "unknown accumulator 'fp16' (valid: fp32, exact)", "ane", "matmul",
      "--a", a, "--b", b, "--out", out, "--accumulator", "fp16")
    e("tile 0", "--tile must be an integer in 1..65536", "ane", "matmul", "--a", a, "--b", b,
      "--out", out, "--tile", "0")
    e("unwritable output", "no/such/dir", "ane", "matmul", "--a", a, "--b", b, "--out",
      t.path("no/such/dir/c.npy"))
    e("bad axis", "axis 2 out of range for (2, 3)", "ane", "reduce-sum", "--in", a, "--axis", "2",
      "--out", out)
    e("axis not a number", "--axis must be an integer in -4..3", "ane", "softmax", "--in", a,
      "--axis", "x", "--out", out)
    e("bad route", "unknown --route 'wide'", "ane", "reduce-sum", "--in", a, "--route", "wide",
      "--out", out)
    outs = ["--out-re", out, "--out-im", t.path("never_im.npy")]
    e("re/im shapes", "--re has shape (2, 3) but --im (3, 2)", "ane", "fft", "--re", a, "--im", b,
      *outs)
    e("scalar fft", "needs a last axis", "ane", "fft", "--re", t.save("sc", np.array(1, F16)), *outs)
    e("ifft has no scale", "unknown option '--scale'", "ane", "ifft", "--re", a, "--scale", "2", *outs)
    e("bad method", "unknown --method 'fast'", "ane", "fft", "--re", a, "--method", "fast", *outs)
    e("same outputs", "name the same file", "ane", "fft", "--re", a, "--out-re", out, "--out-im", out)
    e("second output unwritable", "no/dir", "ane", "fft", "--re", a, "--out-re", out, "--out-im",
      t.path("no/dir/im.npy"))
    e("unknown solver", "unknown --method 'lu'", "ane", "solve", "--method", "lu", "--a", a,
      "--b", b, "--out", out)
    sq = t.save("sq", np.eye(3, dtype=F16))
    v3 = t.save("v3", np.ones(3, F16))
    e("cg needs a square A", "this method needs A [n, n]", "ane", "solve", "--method", "cg",
      "--a", a, "--b", t.save("v2", np.ones(2, F16)), "--out", out)
    e("b length", "and b [rows of A]", "ane", "solve", "--method", "gmres", "--a", sq, "--b",
      t.save("v4", np.ones(4, F16)), "--out", out)
    e("x0 for cg", "--x0 does not apply to --method cg", "ane", "solve", "--method", "cg", "--a",
      sq, "--b", v3, "--x0", v3, "--out", out)
    e("refine without x0", "missing required option --x0", "ane", "solve", "--method", "refine",
      "--a", sq, "--b", v3, "--out", out)
    e("x0 length", "--x0: shape (2,) is not (3,)", "ane", "solve", "--method", "refine", "--a", sq,
      "--b", v3, "--x0", t.save("x02", np.zeros(2)), "--out", out)
    e("negative iterations", "--iterations must be an integer in 0..", "ane", "solve", "--method",
      "cg", "--a", sq, "--b", v3, "--iterations", "-1", "--out", out)
    w = t.save("cw", np.ones((2, 4), np.float32))
    e("unknown encoding", "unknown --encoding 'int2'", "ane", "compress", "--in", w, "--encoding",
      "int2", "--out", out)
    e("auto needs a gate input", "missing required option --gate-input", "ane", "compress", "--in",
      w, "--encoding", "auto", "--out", out)
    e("gate input columns", "--gate-input: shape (2, 3) is not [batch, 4]", "ane", "compress",
      "--in", w, "--encoding", "auto", "--gate-input", a, "--out", out)
    e("3-d weight", "is not a non-empty [rows, cols]", "ane", "compress", "--in",
      t.save("w3", np.ones((1, 2, 2), np.float32)), "--encoding", "int8", "--out", out)
    e("float64 weight", "wrong dtype '<f8' (float64), expected float32 '<f4' or float16 '<f2'", "ane", "compress",
      "--in", t.save("w64", np.ones((2, 2))), "--encoding", "int8", "--out", out)
    e("NaN weight", "int8 is not offered: a weight is NaN or infinite", "ane", "compress", "--in",
      t.save("wn", np.array([[1, np.nan]], np.float32)), "--encoding", "int8", "--out", out)
    e("dense weight as sparse", "sparse is offered only when at most half", "ane", "compress",
      "--in", w, "--encoding", "sparse", "--out", out)
    t.check(not os.path.exists(t.path("never_im.npy")), "a failed fft left --out-im behind")


def help_checks(t):
    """Each subcommand's --help is its own entry: its form and its options
    with their defaults."""
    for sub, form, option in [("matmul", "ane matmul --a FILE", "--profile P"),
                              ("reduce-sum", "--route narrow|matmul", "(default: narrow)"),
                              ("softmax", "ane softmax --in FILE", "(default: -1)"),
                              ("fft", "ane fft --re FILE", "(default: dense)"),
                              ("ifft", "ane ifft --re FILE", "(default: dense)"),
                              ("solve", "ane solve --method", "(default: 40 for cg"),
                              ("compress", "ane compress --in FILE", "(default: 0.005)")]:
        text = t.ok("ane", sub, "--help")
        t.check(form in text and option in text, "ane %s --help: %r, %r" % (sub, form, option))


def main():
    t = Cli(sys.argv[1], "ane npy_cli_test")
    help_checks(t)
    matmul_checks(t)
    reduction_figures(t)
    softmax_checks(t)
    fft_checks(t)
    solve_checks(t)
    compress_checks(t)
    errors(t)
    t.finish()


main()
