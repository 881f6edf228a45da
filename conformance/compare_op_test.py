#!/usr/bin/env python3
"""refmath compare --op: tensor outputs against truths derived here by hand
or with Python's decimal module (never by refmath), the errors placed at
known elements; the backend equal to `refmath tensor`'s own output; the
correctly rounded output judged nearer the truth; --json - alone on
stdout; half-precision outputs in their format's ulps; the one-line
errors of bad input (exit 2, nothing written).

Usage: compare_op_test.py PATH/TO/refmath"""
import json
import os
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from npy_cli_lib import Cli  # noqa: E402

F32 = np.float32
getcontext().prec = 40


def report(cli, *args):
    """Runs compare --op with --json -; returns (exit status, JSON, stderr)."""
    r = cli.run("compare", *args, "--json", "-")
    try:
        doc = json.loads(r.stdout)
    except ValueError:
        cli.check(False, "%s: stdout is not JSON alone: %r %r" % (args, r.stdout[:300], r.stderr))
        # A document no check accepts, so that the run goes on.
        return r.returncode, {"columns": [], "closer": {}}, r.stderr
    return r.returncode, doc, r.stderr


def column(doc, name):
    found = [c for c in doc["columns"] if c["name"] == name]
    return found[0] if found else {}


def up(v, k):
    """v moved k binary32 values up."""
    for _ in range(k):
        v = np.nextafter(v, F32(np.inf))
    return v


def down(v, k):
    for _ in range(k):
        v = np.nextafter(v, F32(-np.inf))
    return v


def known_ulps(cli):
    # Rows of four equal entries: the softmax is 1/4 exactly.  The binary32
    # spacing at 1/4 is 2^-25 above and 2^-26 below, and ulps are counted
    # at the truth (2^-25): 3 up is 3 ulp, 5 up 5 ulp, 2 down 1 ulp.
    x = np.array([[1.5, 1.5, 1.5, 1.5], [-7, -7, -7, -7], [100, 100, 100, 100]], F32)
    y = np.full((3, 4), F32(0.25))
    y[0, 1] = up(y[0, 1], 3)
    y[1, 2] = up(y[1, 2], 5)
    y[2, 0] = down(y[2, 0], 2)
    status, doc, err = report(cli, "--op", "softmax", "--in", cli.save("x", x),
                              "--outputs", cli.save("y", y))
    b = column(doc, "backend")
    cli.check(status == 0 and doc["verdict"] == "no bound set", "softmax: no bound set, exit 0")
    cli.check(b.get("max_ulp") == 5 and b.get("at_index") == 6, "softmax max 5 ulp at 6: %s" % b)
    cli.check(b["mean_ulp"] == 0.75, "softmax mean (3 + 5 + 1) / 12: %s" % b["mean_ulp"])
    norm = Decimal(35).sqrt() / Decimal(2) ** 25 / Decimal("0.75").sqrt()
    cli.check(abs(Decimal(b["normwise"]) / norm - 1) < Decimal("1e-14"),
              "softmax normwise %r, want %s" % (b["normwise"], norm))
    cli.check(b["nan_inf_disagreements"] == 0, "softmax: no NaN/inf disagreement")
    e = column(doc, "refmath exact")
    cli.check(e["max_ulp"] == 0, "refmath exact softmax of equal entries is 1/4: %s" % e)
    cli.check(b["identical_to_exact"] == 9, "softmax: 9 bit-identical: %s" % b)
    cli.check(doc["closer"] == {"backend": 0, "exact": 3, "tie": 9},
              "softmax nearer counts: %s" % doc["closer"])
    cli.check(err.startswith("refmath compare: softmax") and "NO BOUND SET: backend max 5 ulp" in err,
              "softmax: the text report on stderr: %r" % err[:300])
    # The same under a bound: 5 is beyond 4.9 (exit 1), within 5 (exit 0).
    r = cli.run("compare", "--op", "softmax", "--in", cli.path("x.npy"),
                "--outputs", cli.path("y.npy"), "--max-ulp", "4.9")
    cli.check(r.returncode == 1 and "FAIL: backend max 5 ulp from the truth beyond --max-ulp 4.9"
              in r.stdout, "softmax --max-ulp 4.9: %d %r" % (r.returncode, r.stdout[-300:]))
    r = cli.run("compare", "--op", "log_softmax", "--in", cli.path("x.npy"),
                "--outputs", cli.path("y.npy"), "--max-ulp", "5")
    cli.check(r.returncode == 1, "log_softmax spelling accepted, 1/4 is far from log(1/4)")
    # A NaN where the truth is 1/4 is a disagreement (left out of the
    # figures, and it fails the run without a bound); a NaN where the row
    # holds a NaN is the truth.
    xn = x.copy()
    xn[2, 3] = np.nan
    yn = np.full((3, 4), F32(0.25))
    yn[0, 0] = np.nan
    yn[2, :] = np.nan
    status, doc, err = report(cli, "--op", "softmax", "--in", cli.save("xn", xn),
                              "--outputs", cli.save("yn", yn))
    b = column(doc, "backend")
    cli.check(status == 1 and doc["verdict"] == "fail" and b["nan_inf_disagreements"] == 1 and
              b["max_ulp"] == 0 and doc["closer"] == {"backend": 0, "exact": 1, "tie": 11},
              "NaN disagreement: exit %d, %s %s" % (status, b, doc["closer"]))
    # layer norm of [1, 3] with eps 0 is [-1, 1]; RMS norm of [1, -1, 1, -1]
    # with eps 3 is +-1/2; scale 2 and bias 1/4 make [-1.75, 2.25].
    ln = cli.save("ln", np.array([[1, 3], [5, 7]], F32))
    want = np.array([[-1, 1], [-1, 1]], F32)
    want[1, 1] = up(want[1, 1], 2)  # 2 ulp at 1 (spacing 2^-23)
    status, doc, _ = report(cli, "--op", "layer-norm", "--in", ln, "--eps", "0",
                            "--outputs", cli.save("lny", want))
    b = column(doc, "backend")
    cli.check(b["max_ulp"] == 2 and b["at_index"] == 3 and b["mean_ulp"] == 0.5,
              "layer norm 2 ulp at 3: %s" % b)
    status, doc, _ = report(cli, "--op", "layer-norm", "--in", ln, "--eps", "0",
                            "--scale", cli.save("g", np.array([2, 2], F32)),
                            "--bias", cli.save("bb", np.array([0.25, 0.25], F32)),
                            "--outputs", cli.save("lnsb", np.array([[-1.75, 2.25]] * 2, F32)))
    cli.check(column(doc, "backend")["max_ulp"] == 0, "layer norm with scale and bias exact")
    status, doc, _ = report(cli, "--op", "rms-norm", "--in",
                            cli.save("rms", np.array([[1, -1, 1, -1]], F32)), "--eps", "3",
                            "--outputs", cli.save("rmsy", np.array([[0.5, -0.5, 0.5, -0.5]], F32)))
    cli.check(column(doc, "backend")["max_ulp"] == 0 and status == 0, "rms norm eps 3 exact")


def sum_and_matmul(cli):
    # Left to right in float32: 2^24 + 1 + 1 rounds to 2^24 (exact 2^24 + 2,
    # spacing 2: 1 ulp); 1 + 2^-30 - 1 gives 0 (exact 2^-30, spacing 2^-53:
    # 2^23 ulp).
    x = np.array([[2.0 ** 24, 1, 1], [1, 2.0 ** -30, -1]], F32)
    y = np.array([2.0 ** 24, 0], F32)
    status, doc, _ = report(cli, "--op", "sum", "--in", cli.save("sx", x),
                            "--outputs", cli.save("sy", y))
    b = column(doc, "backend")
    cli.check(b["max_ulp"] == 2 ** 23 and b["at_index"] == 1, "sum: 2^23 ulp at 1: %s" % b)
    cli.check(b["mean_ulp"] == (2 ** 23 + 1) / 2, "sum mean: %s" % b["mean_ulp"])
    c = column(doc, "refmath correctly rounded")
    cli.check(c["max_ulp"] == 0, "correctly rounded sum is exact here: %s" % c)
    # The axis: the same rows as columns.
    status, doc, _ = report(cli, "--op", "sum", "--in", cli.save("sxt", x.T.copy()),
                            "--axis", "0", "--outputs", cli.path("sy.npy"))
    cli.check(column(doc, "backend")["max_ulp"] == 2 ** 23, "sum --axis 0")
    # matmul of those rows with a column of ones is the same two sums.
    status, doc, _ = report(cli, "--op", "matmul", "--in", cli.path("sx.npy"),
                            "--in2", cli.save("ones", np.ones((3, 1), F32)),
                            "--outputs", cli.save("my", y.reshape(2, 1)))
    b = column(doc, "backend")
    norm = Fraction(4 + Fraction(1, 2 ** 60)) / ((2 ** 24 + 2) ** 2 + Fraction(1, 2 ** 60))
    cli.check(b["max_ulp"] == 2 ** 23 and b["at_index"] == 1, "matmul: 2^23 ulp at 1: %s" % b)
    cli.check(abs(b["normwise"] ** 2 / float(norm) - 1) < 1e-14, "matmul normwise %r" % b["normwise"])
    cli.check(doc["out_shape"] == [2, 1] and doc["in_shape"] == [2, 3], "matmul shapes")
    # Batched: the same rows in two batch elements, B broadcast over them.
    status, doc, _ = report(cli, "--op", "matmul", "--in", cli.save("bx", np.stack([x, x])),
                            "--in2", cli.path("ones.npy"),
                            "--outputs", cli.save("by", np.stack([y, y]).reshape(2, 2, 1)))
    b = column(doc, "backend")
    cli.check(b["max_ulp"] == 2 ** 23 and b["at_index"] == 1, "batched matmul: %s" % b)
    cli.check(doc["out_shape"] == [2, 2, 1], "batched matmul shape")
    # gemm: 2 * (the same rows) + -1 * (2^24 + 2, 2^-30): exact 2^24 + 2 and
    # 2^-30, the backend's 2^24 + 2 and 0.
    status, doc, _ = report(cli, "--op", "gemm", "--in", cli.path("sx.npy"),
                            "--in2", cli.path("ones.npy"), "--in3",
                            cli.save("gc", np.array([[2.0 ** 24 + 2], [2.0 ** -30]], F32)),
                            "--alpha", "2", "--beta", "-1",
                            "--outputs", cli.save("gy", np.array([[2.0 ** 24 + 2], [0]], F32)))
    b = column(doc, "backend")
    cli.check(b["max_ulp"] == 2 ** 23 and b["at_index"] == 1, "gemm: 2^23 ulp at 1: %s" % b)
    cli.check(doc["gemm"] == {"alpha": 2, "beta": -1, "trans_a": False, "trans_b": False},
              "gemm options %s" % doc["gemm"])
    # attention with heads: q = 0, causal: query i the mean of v[0..i].
    status, doc, _ = report(cli, "--op", "attention",
                            "--in", cli.save("aq", np.zeros((1, 2, 2, 3), F32)),
                            "--in2", cli.save("ak", np.ones((1, 1, 2, 3), F32)),
                            "--in3", cli.save("av", np.array([1, 3], F32).reshape(1, 1, 2, 1)),
                            "--causal", "--scale-by", "0.5",
                            "--outputs", cli.save("ay", np.array([1, 2, 1, 2], F32).reshape(1, 2, 2, 1)))
    b = column(doc, "backend")
    cli.check(b["max_ulp"] == 0 and b["identical_to_exact"] == 4, "attention heads: %s" % b)
    cli.check(doc["attention"] == {"keep": None, "scale": 0.5, "causal": True},
              "attention options %s" % doc["attention"])


def reductions(cli):
    # prod of 2^100, 2^100, 2^-140, 2^-10 is exactly 2^50; a binary32
    # product overflows on the way (refmath's too, docs/tensor-ops.md): inf
    # against a finite truth is a NaN/inf disagreement in every column.
    x = np.array([[2.0 ** 100, 2.0 ** 100, 2.0 ** -140, 2.0 ** -10]], F32)
    status, doc, _ = report(cli, "--op", "prod", "--in", cli.save("px", x),
                            "--outputs", cli.save("py", np.array([np.inf], F32)))
    b = column(doc, "backend")
    cli.check(b.get("nan_inf_disagreements") == 1 and status == 1,
              "prod overflowed on the way: %s, exit %d" % (b, status))
    cli.check(column(doc, "refmath exact").get("nan_inf_disagreements") == 1,
              "refmath's binary32 prod overflows too: %s" % doc["columns"])
    # logsumexp of (0, 0) is ln 2: 0x3F317218 is its nearest binary32
    # (0.0320 ulp below), one value up is 1.0320 ulp away.
    z = cli.save("lz", np.zeros((1, 2), F32))
    ln2 = np.array([0x3F317218], np.uint32).view(F32)
    for k, want in ((0, 0.03195), (1, 1.03195)):
        status, doc, _ = report(cli, "--op", "logsumexp", "--in", z,
                                "--outputs", cli.save("ly", up(ln2, k)))
        got = column(doc, "backend").get("max_ulp", -1)
        cli.check(abs(got - want) < 1e-3, "logsumexp(0, 0) %d up: %s ulp" % (k, got))
    # mean over axis 0 and max: a backend equal to refmath is bit-identical.
    m = np.array([[1, 2, 3], [2, 2, 4]], F32)
    status, doc, _ = report(cli, "--op", "mean", "--axis", "0", "--in",
                            cli.save("mx", m), "--outputs",
                            cli.save("my", np.array([1.5, 2, 3.5], F32)),
                            "--max-ulp", "0")
    cli.check(status == 0 and column(doc, "backend")["identical_to_exact"] == 3,
              "mean --axis 0: exit %d %s" % (status, doc["columns"]))


def round32(q):
    """The binary32 nearest the Fraction q (ties to even), as np.float32."""
    f = F32(float(q))
    best = None
    for c in (np.nextafter(f, F32(-np.inf)), f, np.nextafter(f, F32(np.inf))):
        d = abs(Fraction(float(c)) - q)
        if best is None or d < best[0] or (d == best[0] and int(c.view(np.uint32)) % 2 == 0):
            best = (d, c)
    return best[1]


def matmul_exact(cli):
    # Entries over a wide range of exponents, subnormals and cancelling
    # products among them; the truth is the exact dot product as a
    # Fraction, the backend that truth correctly rounded, then with
    # float32 sums.
    rng = np.random.default_rng(11)
    a = (rng.standard_normal((4, 50)) * 2.0 ** rng.integers(-60, 60, (4, 50))).astype(F32)
    b = (rng.standard_normal((50, 3)) * 2.0 ** rng.integers(-60, 60, (50, 3))).astype(F32)
    a[0, :5] = F32(1e-40)
    b[:5, 0] = F32(-3e-39)
    a[1, 7], a[1, 8] = F32(2.0 ** 90), F32(-2.0 ** 90)
    b[7, :], b[8, :] = F32(3), F32(3)
    exact = [[sum(Fraction(float(a[i, p])) * Fraction(float(b[p, j])) for p in range(50))
              for j in range(3)] for i in range(4)]
    rounded = np.array([[round32(q) for q in row] for row in exact], F32)
    status, doc, _ = report(cli, "--op", "matmul", "--in", cli.save("wa", a), "--in2", cli.save("wb", b),
                            "--outputs", cli.save("wy", rounded))
    bk = column(doc, "backend")
    cli.check(bk["max_ulp"] <= 0.5 and doc["closer"]["exact"] == 0,
              "correctly rounded matmul: %s %s" % (bk, doc["closer"]))
    naive = np.zeros((4, 3), F32)
    for p in range(50):
        naive += a[:, p:p + 1] * b[p:p + 1, :]
    ulps = [abs(Fraction(float(naive[i, j])) - exact[i][j]) /
            Fraction(float(np.spacing(abs(rounded[i, j])))) for i in range(4) for j in range(3)]
    status, doc, _ = report(cli, "--op", "matmul", "--in", cli.path("wa.npy"), "--in2", cli.path("wb.npy"),
                            "--outputs", cli.save("wn", naive))
    bk = column(doc, "backend")
    want = max(ulps)
    cli.check(abs(bk["max_ulp"] - float(want)) <= 1e-8 * max(1, float(want)) and
              bk["at_index"] == ulps.index(want), "float32 loop matmul: %s, want %s at %d" % (
                  bk, float(want), ulps.index(want)))


def attention(cli):
    # Q = 0: every score is 0, the weights 1/4, the output the mean of V's
    # rows, exact.  A mask of -inf on keys 2 and 3 leaves the mean of the
    # first two; a mask row all -inf gives NaN.
    q, k = np.zeros((2, 3), F32), np.ones((4, 3), F32)
    v = np.array([[1, 2], [3, 4], [5, 6], [7, 9]], F32)
    qp, kp, vp = cli.save("q", q), cli.save("k", k), cli.save("v", v)
    y = np.array([[4, 5.25], [4, 5.25]], F32)
    y[1, 1] = up(y[1, 1], 2)
    status, doc, _ = report(cli, "--op", "attention", "--in", qp, "--in2", kp, "--in3", vp,
                            "--outputs", cli.save("ay", y))
    b = column(doc, "backend")
    cli.check(b["max_ulp"] == 2 and b["at_index"] == 3 and doc["out_shape"] == [2, 2],
              "attention: 2 ulp at 3: %s" % b)
    mask = np.array([[0, 0, -np.inf, -np.inf], [-np.inf] * 4], F32)
    status, doc, _ = report(cli, "--op", "attention", "--in", qp, "--in2", kp, "--in3", vp,
                            "--mask", cli.save("mask", mask),
                            "--outputs", cli.save("my2", np.array([[2, 3], [np.nan, np.nan]], F32)))
    b = column(doc, "backend")
    cli.check(b["max_ulp"] == 0 and b["nan_inf_disagreements"] == 0 and status == 0,
              "attention mask: %s" % b)
    # d = 3: scores 0 and (1 + 1 + 1) / sqrt(3) = sqrt(3); V = (1, 0) gives
    # 1 / (1 + e^sqrt(3)), from decimal; the output one float32 above it.
    q = np.ones((1, 3), F32)
    k = np.array([[0, 0, 0], [1, 1, 1]], F32)
    v = np.array([[1], [0]], F32)
    true = 1 / (1 + Decimal(3).sqrt().exp())
    y = up(round32(Fraction(true)), 1)
    ulp = abs(Decimal(float(y)) - true) / Decimal(float(np.spacing(round32(Fraction(true)))))
    status, doc, _ = report(cli, "--op", "attention", "--in", cli.save("q3", q),
                            "--in2", cli.save("k3", k), "--in3", cli.save("v3", v),
                            "--outputs", cli.save("y3", np.array([[y]], F32)))
    b = column(doc, "backend")
    cli.check(abs(Decimal(b["max_ulp"]) - ulp) < Decimal("1e-6"),
              "attention with sqrt(3): %s, want %s" % (b, ulp))
    # refmath's own attention is bit-identical to the exact column.
    rng = np.random.default_rng(5)
    q, k, v = (rng.standard_normal(s).astype(F32) for s in ((5, 8), (7, 8), (7, 3)))
    paths = [cli.save(n, a) for n, a in (("rq", q), ("rk", k), ("rv", v))]
    cli.ok("tensor", "attention", "--in", paths[0], "--in2", paths[1], "--in3", paths[2],
           "--out", cli.path("ra.npy"))
    status, doc, _ = report(cli, "--op", "attention", "--in", paths[0], "--in2", paths[1],
                            "--in3", paths[2], "--outputs", cli.path("ra.npy"))
    b = column(doc, "backend")
    cli.check(b["identical_to_exact"] == 15 and doc["closer"]["tie"] == 15,
              "refmath tensor's attention is bit-identical: %s" % b)


def against_refmath_and_rounded(cli):
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((8, 64)) * 4).astype(F32)
    xp = cli.save("rx", x)
    # refmath's own output (the tensor command) is bit-identical to the
    # exact column, and along another axis too.
    ref = cli.path("ref.npy")
    cli.ok("tensor", "softmax", "--in", xp, "--out", ref)
    status, doc, _ = report(cli, "--op", "softmax", "--in", xp, "--outputs", ref)
    b = column(doc, "backend")
    cli.check(b["identical_to_exact"] == x.size and doc["closer"]["tie"] == x.size,
              "refmath tensor's softmax is bit-identical: %s %s" % (b, doc["closer"]))
    cli.save("rxt", x.T.copy())
    status, doc, _ = report(cli, "--op", "softmax", "--in", cli.path("rxt.npy"), "--axis", "0",
                            "--outputs", cli.save("refax", np.load(ref).T.copy()))
    cli.check(column(doc, "backend")["identical_to_exact"] == x.size,
              "softmax along axis 0 of X^T is refmath's along rows, bit for bit")
    # The softmax correctly rounded, from decimal at 40 digits: never
    # farther from the truth than refmath exact, within 0.5 ulp.
    rounded = np.empty_like(x)
    for i, row in enumerate(x):
        m = max(Decimal(float(v)) for v in row)
        e = [(Decimal(float(v)) - m).exp() for v in row]
        s = sum(e)
        rounded[i] = [F32(float(t / s)) for t in e]
    status, doc, _ = report(cli, "--op", "softmax", "--in", xp,
                            "--outputs", cli.save("cr", rounded))
    b, e = column(doc, "backend"), column(doc, "refmath exact")
    cli.check(b["max_ulp"] <= 0.5 + 1e-6, "correctly rounded softmax within 0.5 ulp: %s" % b)
    cli.check(doc["closer"]["exact"] == 0 and doc["closer"]["backend"] > 0 and e["max_ulp"] > 0.5,
              "correctly rounded output nearer the truth: %s, exact %s" % (doc["closer"], e))


def half_precision(cli):
    # softmax of two equal entries is 1/2 exactly.  binary16's spacing at
    # 1/2 is 2^-11 and bfloat16's 2^-8, so the next value up (0x3801,
    # 0x3F01) is 1 ulp of its format, and the one below 1/2 (0x37FF,
    # 0x3EFF; spacing halved below a power of two, counted at the truth)
    # half an ulp.
    x = np.zeros((2, 2), F32)
    for fmt, half, dtype in (("binary16", 0x3800, np.float16),
                             ("bfloat16", 0x3F00, np.uint16)):
        bits = np.array([[half, half + 1], [half - 1, half]], np.uint16)
        y = bits.view(np.float16) if dtype == np.float16 else bits
        xs = x.astype(np.float16) if dtype == np.float16 else x.view(np.uint32).astype(np.uint16)
        status, doc, _ = report(cli, "--op", "softmax", "--in", cli.save("hx_" + fmt, xs),
                                "--outputs", cli.save("hy_" + fmt, y), "--format", fmt)
        b, e = column(doc, "backend"), column(doc, "refmath exact")
        cli.check(status == 0 and doc.get("ulps_of") == fmt, "%s: ulps of %s" % (fmt, doc.get("ulps_of")))
        cli.check(b.get("max_ulp") == 1 and b.get("at_index") == 1 and b.get("mean_ulp") == 0.375,
                  "%s: 1 ulp at 1, mean (1 + 0.5) / 4: %s" % (fmt, b))
        cli.check(e.get("max_ulp") == 0 and b.get("identical_to_exact") == 2,
                  "%s: refmath's 1/2, two outputs the same bits: %s %s" % (fmt, e, b))
    # Random rows: refmath's columns are its binary32 results rounded to the
    # format once, so within half an ulp of it plus the binary32 error
    # (a few binary32 ulps, under 2^-10 of a bfloat16 ulp), and clearly
    # more than a binary32 result would be (about 2^-16 ulp).
    r = np.random.default_rng(7).normal(0, 3, (16, 300)).astype(F32)
    rb = (r.view(np.uint32) >> 16).astype(np.uint16)  # truncated: bfloat16 values
    wide = (rb.astype(np.uint32) << 16).view(F32)
    z = np.exp(wide.astype(np.float64) - wide.max(axis=1, keepdims=True))
    ref = (z / z.sum(axis=1, keepdims=True)).astype(F32)
    yb = (ref.view(np.uint32) >> 16).astype(np.uint16)  # truncated: up to 1 ulp off
    status, doc, _ = report(cli, "--op", "softmax", "--in", cli.save("rb", rb),
                            "--outputs", cli.save("yb", yb), "--format", "bfloat16",
                            "--max-ulp", "1.01")
    e = column(doc, "refmath exact")
    cli.check(0.01 < e.get("max_ulp", 0) <= 0.5 + 2 ** -10,
              "bfloat16 refmath exact within half an ulp, rounded: %s" % e)
    b = column(doc, "backend")
    cli.check(status == 0 and 0.5 < b.get("max_ulp", 0) < 1.01 and doc["closer"]["backend"] == 0,
              "truncated bfloat16 within 1 ulp, never nearer: %s %s" % (b, doc.get("closer")))
    good16 = cli.save("good16", np.ones((3, 4), np.float16))
    good32 = cli.save("good32", np.ones((3, 4), F32))
    out = cli.path("never16.json")
    cli.expect_error("float32 outputs for binary16", "wrong dtype '<f4' (float32), expected float16",
                     "compare", "--op", "softmax", "--in", good16, "--outputs", good32,
                     "--format", "binary16", "--json", out, output=out)
    cli.expect_error("bad format", "--format: expected binary32, binary16 or bfloat16, got 'half'",
                     "compare", "--op", "softmax", "--in", good16, "--outputs", good16,
                     "--format", "half", "--json", out, output=out)
    cli.expect_error("float16 in a bfloat16 call", "good16.npy: wrong dtype '<f2' (float16), expected float32 '<f4' or uint16",
                     "compare", "--op", "softmax", "--in", good16, "--outputs", cli.save("u", np.ones((3, 4), np.uint16)),
                     "--format", "bfloat16", "--json", out, output=out)


def elementwise(cli):
    # add: 1 + 2^-24 is halfway between 1 and its successor: both are half
    # an ulp (2^-23 at 1) from it, equally near.
    a = np.array([1, 2], F32)
    b = np.array([2 ** -24, 0.5], F32)
    for y0 in (F32(1), up(F32(1), 1)):
        status, doc, _ = report(cli, "--op", "add", "--in", cli.save("aa", a), "--in2",
                                cli.save("ab", b), "--outputs",
                                cli.save("ay", np.array([y0, 2.5], F32)))
        bk = column(doc, "backend")
        cli.check(bk.get("max_ulp") == 0.5 and bk.get("at_index") == 0 and
                  doc["closer"] == {"backend": 0, "exact": 0, "tie": 2} and doc["axis"] is None,
                  "add: half an ulp either way, a tie: %s %s" % (bk, doc.get("closer")))
    # b broadcast from the right: a (2, 2) plus b (2,).
    status, doc, _ = report(cli, "--op", "add", "--in", cli.save("a2", np.array([[1, 2], [3, 4]], F32)),
                            "--in2", cli.save("b2", np.array([10, 20], F32)), "--outputs",
                            cli.save("y2", np.array([[11, 22], [13, 24]], F32)))
    cli.check(column(doc, "backend").get("max_ulp") == 0, "add broadcasts b: %s" % doc.get("columns"))
    # RoPE of x = (1, 2, 3, 4) with cos 0 and sin 1: rotate-half pairs
    # (x0, x2), (x1, x3) give (-3, -4, 1, 2); interleaved pairs (x0, x1),
    # (x2, x3) give (-2, 1, -4, 3).
    x = cli.save("rx", np.array([[1, 2, 3, 4]], F32))
    c = cli.save("rc", np.zeros((1, 2), F32))
    sn = cli.save("rs", np.ones((1, 2), F32))
    half = cli.save("rhalf", np.array([[-3, -4, 1, 2]], F32))
    inter = cli.save("rint", np.array([[-2, 1, -4, 3]], F32))
    for outputs, flags, exact in ((half, [], True), (inter, ["--interleaved"], True),
                                  (half, ["--interleaved"], False)):
        status, doc, _ = report(cli, "--op", "rope", "--in", x, "--in2", c, "--in3", sn,
                                "--outputs", outputs, *flags)
        m = column(doc, "backend").get("max_ulp")
        cli.check((m == 0) == exact and doc.get("interleaved") == bool(flags),
                  "rope %s %s: max ulp %s" % (outputs, flags, m))
    # 3 * 0.5 - 4 * 0.75 = -1.5 and 4 * 0.5 + 3 * 0.75 = 4.25 exactly; the
    # second moved up 2 binary32 values is 2 ulp.
    status, doc, _ = report(cli, "--op", "rope", "--in", cli.save("qx", np.array([3, 4], F32)),
                            "--in2", cli.save("qc", np.array([0.5], F32)),
                            "--in3", cli.save("qs", np.array([0.75], F32)),
                            "--outputs", cli.save("qy", np.array([-1.5, up(F32(4.25), 2)], F32)))
    bk = column(doc, "backend")
    cli.check(bk.get("max_ulp") == 2 and bk.get("at_index") == 1, "rope 2 ulp at 1: %s" % bk)
    # swiglu and silu at 0 are 0; silu(100) * 3 is 300 less about 1e-41,
    # far below an ulp of 300.
    g = cli.save("sg", np.array([0, 100], F32))
    u = cli.save("su", np.array([5, 3], F32))
    status, doc, _ = report(cli, "--op", "swiglu", "--in", g, "--in2", u, "--outputs",
                            cli.save("sy", np.array([0, 300], F32)))
    bk = column(doc, "backend")
    cli.check(status == 0 and bk.get("max_ulp", 1) < 1e-30 and bk["identical_to_exact"] == 2,
              "swiglu (0, 300): %s" % bk)
    status, doc, _ = report(cli, "--op", "silu", "--in", g, "--outputs",
                            cli.save("siy", np.array([0, 100], F32)))
    cli.check(column(doc, "refmath exact").get("max_ulp", 1) < 1e-30, "silu (0, 100): %s" % doc.get("columns"))
    out = cli.path("never_ew.json")
    for what, pattern, args in [
            ("swiglu without up", "swiglu needs --in and --in2, no --in3", ["--op", "swiglu", "--in", g]),
            ("silu with in2", "silu takes --in alone", ["--op", "silu", "--in", g, "--in2", u]),
            ("interleaved on add", "--interleaved is rope's option",
             ["--op", "add", "--in", g, "--in2", u, "--interleaved"]),
            ("axis on add", "add takes no --axis", ["--op", "add", "--in", g, "--in2", u, "--axis", "0"]),
            ("add shapes", "add needs b (--in2) that broadcasts",
             ["--op", "add", "--in", g, "--in2", cli.save("b3", np.ones(3, F32))]),
            ("rope odd", "rope needs x (--in) with an even last axis",
             ["--op", "rope", "--in", cli.save("odd", np.ones((1, 3), F32)), "--in2", c, "--in3", sn])]:
        cli.expect_error(what, pattern, "compare", *args, "--outputs", g, "--json", out, output=out)


def bad_input(cli):
    good = cli.save("good", np.ones((3, 4), F32))
    wide = cli.save("wide", np.ones((3, 4), np.float64))
    short = cli.save("short", np.ones(3, F32))
    out = cli.path("never.json")
    cases = [
        ("unknown op", "unknown --op 'frob'", ["--op", "frob", "--in", good, "--outputs", good]),
        ("shape mismatch", "shape mismatch: --outputs (3,), the op gives (3, 4)",
         ["--op", "softmax", "--in", good, "--outputs", short]),
        ("float64", "wrong dtype '<f8'", ["--op", "softmax", "--in", good, "--outputs", wide]),
        ("bad axis", "--axis 2 for --in of shape (3, 4)",
         ["--op", "softmax", "--in", good, "--axis", "2", "--outputs", good]),
        ("missing file", "nope.npy", ["--op", "sum", "--in", cli.path("nope.npy"), "--outputs", short]),
        ("matmul without B", "matmul needs --in2", ["--op", "matmul", "--in", good, "--outputs", good]),
        ("matmul shapes", "matmul needs A (..., m, k) and B (..., k, n)",
         ["--op", "matmul", "--in", good, "--in2", good, "--outputs", good]),
        ("eps on softmax", "--eps is the norms' option",
         ["--op", "softmax", "--in", good, "--eps", "1", "--outputs", good]),
        ("bias on rms-norm", "rms-norm takes no --bias",
         ["--op", "rms-norm", "--in", good, "--bias", short, "--outputs", good]),
        ("scale length", "--scale (3,) must hold the row length 4",
         ["--op", "layer-norm", "--in", good, "--scale", short, "--outputs", good]),
        ("no outputs", "--outputs", ["--op", "softmax", "--in", good]),
        ("attention without V", "attention needs --in2 (K) and --in3 (V)",
         ["--op", "attention", "--in", good, "--in2", good, "--outputs", good]),
        ("attention shapes", "attention needs Q (Lq, d), K (Lk, d), V (Lk, dv)",
         ["--op", "attention", "--in", good, "--in2", short, "--in3", good, "--outputs", good]),
        ("mask off attention", "--mask is attention's option",
         ["--op", "softmax", "--in", good, "--mask", good, "--outputs", good]),
    ]
    for what, pattern, args in cases:
        cli.expect_error(what, pattern, "compare", *args, "--json", out, output=out)
    cli.expect_error("json over an input", "--json would overwrite the input", "compare",
                     "--op", "softmax", "--in", good, "--outputs", good, "--json", good)


def main():
    cli = Cli(sys.argv[1], "compare_op")
    for section in (known_ulps, sum_and_matmul, reductions, matmul_exact, attention,
                    against_refmath_and_rounded, half_precision, elementwise,
                    bad_input):
        try:
            section(cli)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            # A report without the fields checked: a failure, not the end.
            cli.check(False, "%s: %r" % (section.__name__, e))
    cli.finish()


if __name__ == "__main__":
    main()
