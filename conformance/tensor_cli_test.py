#!/usr/bin/env python3
"""`refmath tensor` over .npy files against expectations that do not come
from refmath's code: the NumPy port of docs/tensor-ops.md
(tools/spec_port/tensor_port.py), hand-computed cases, the same bits for
every --threads and --target, --format binary16 and bfloat16 against
NumPy's widening and a rounding of the test's own, and the one-line
errors of bad input (exit 2, nothing written).

Usage: tensor_cli_test.py PATH/TO/refmath"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools", "spec_port"))
from npy_cli_lib import Cli  # noqa: E402
import tensor_port as port  # noqa: E402

F32 = np.float32
F16 = np.float16
U16 = np.uint16
U32 = np.uint32


def rand(shape, seed, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(F32)


def usable_targets(cli):
    return [t for t in cli.ok("targets").split() if t]


def against_port(cli):
    x = rand((5, 1030), 1, 4.0)
    g, b = rand(1030, 2), rand(1030, 3)
    a, bm = rand((9, 300), 4), rand((300, 7), 5)
    ba, bb = rand((2, 1, 3, 300), 12), rand((4, 300, 2), 13)
    vec = rand(300, 14)
    bt, cr = rand((7, 300), 15), rand((9, 1), 16)
    hq, hk, hv = rand((2, 4, 5, 8), 17), rand((2, 2, 7, 8), 18), rand((2, 2, 7, 3), 19)
    hkeep = (rand((4, 1, 7), 20) > -0.5).astype(F32)
    q, k, v, m = rand((6, 8), 6), rand((40, 8), 7), rand((40, 5), 8), rand((6, 40), 9)
    cos5, sin5, cos6 = rand((5, 4), 21), rand((5, 4), 22), rand((6, 4), 23)
    paths = {n: cli.save(n, arr) for n, arr in
             dict(x=x, g=g, b=b, a=a, bm=bm, ba=ba, bb=bb, vec=vec, bt=bt,
                  cr=cr, hq=hq, hk=hk, hv=hv, hkeep=hkeep, q=q, k=k, v=v,
                  m=m, cos5=cos5, sin5=sin5, cos6=cos6).items()}
    eps = port.sp.f32("1e-5")
    for variant in ("exact", "fast"):
        fused = variant == "fast"
        cases = [
            ("softmax", ["--in", paths["x"]], port.softmax(x, fused)),
            ("log-softmax", ["--in", paths["x"]], port.softmax(x, fused, log=True)),
            ("layer-norm", ["--in", paths["x"], "--scale", paths["g"], "--bias",
                            paths["b"]], port.layer_norm(x, g, b, eps, fused)),
            ("rms-norm", ["--in", paths["x"], "--scale", paths["g"]],
             port.rms_norm(x, g, eps, fused)),
            ("matmul", ["--in", paths["a"], "--in2", paths["bm"]],
             port.matmul(a, bm, fused)),
            ("matmul", ["--in", paths["ba"], "--in2", paths["bb"]],
             port.matmul_nd(ba, bb, fused)),
            ("matmul", ["--in", paths["vec"], "--in2", paths["bb"]],
             port.matmul_nd(vec, bb, fused)),
            ("gemm", ["--in", paths["a"], "--in2", paths["bt"], "--in3",
                      paths["cr"], "--alpha", "0.5",
                      "--beta", "-2", "--trans-b"],
             port.gemm(a, bt, cr, 0.5, -2.0, False, True, fused)),
            ("attention", ["--in", paths["q"], "--in2", paths["k"], "--in3", paths["v"],
                           "--mask", paths["m"]], port.attention(q, k, v, m, fused)),
            ("attention", ["--in", paths["hq"], "--in2", paths["hk"], "--in3", paths["hv"],
                           "--keep", paths["hkeep"], "--scale-by", "0.25", "--causal"],
             port.attention_heads(hq, hk, hv, None, hkeep, 0.25, True, fused)),
            ("sum", ["--in", paths["x"]], port.canonical_sum(x)),
            ("sum", ["--in", paths["x"], "--mode", "exact"],
             np.array([port.correctly_rounded_sum(r.copy()) for r in x], dtype=F32)),
            ("mean", ["--in", paths["x"], "--axis", "0"],
             port.canonical_sum(np.ascontiguousarray(x.T)) / F32(5)),
            ("dot", ["--in", paths["g"], "--in2", paths["b"]],
             port.canonical_sum(g[None, :], b[None, :], fused).reshape(())),
            ("silu", ["--in", paths["q"]], port.silu(q)),
            ("gelu-tanh", ["--in", paths["x"]], port.elementwise(
                "gelu_tanh", x, 0, 0, False, fused)),
            ("add", ["--in", paths["x"], "--in2", paths["g"]],
             port.canonical_nan(x + g)),
            ("swiglu", ["--in", paths["a"], "--in2", paths["a"]],
             port.silu(a) * a),
            ("rope", ["--in", paths["hq"], "--in2", paths["cos5"], "--in3",
                      paths["sin5"]], port.rope(hq, cos5, sin5, False)),
            ("rope", ["--in", paths["q"], "--in2", paths["cos6"], "--in3",
                      paths["cos6"], "--interleaved"],
             port.rope(q, cos6, cos6, True)),
        ]
        for op, args, want in cases:
            out = cli.path("%s-%s.npy" % (op, variant))
            cli.ok("tensor", op, *args, "--variant", variant, "--out", out)
            cli.expect_bits("%s %s %s vs the NumPy port" % (op, variant, args[-1]),
                            out, np.asarray(want, dtype=F32))


def widen_bf16(bits):
    """bfloat16 bit patterns as the float32 values they are the top half of."""
    return (np.asarray(bits, U16).astype(U32) << U32(16)).view(F32)


def round_bf16(x):
    """float32 to bfloat16 bits, to nearest with ties to even (overflow
    carries into the exponent and gives inf); a NaN is 0x7FC0."""
    b = np.asarray(x, F32).view(U32)
    rounded = ((b + U32(0x7FFF) + ((b >> U32(16)) & U32(1))) >> U32(16)).astype(U16)
    return np.where(np.isnan(x), U16(0x7FC0), rounded)


def round_f16(x):
    """float32 to binary16 bits: NumPy's conversion (to nearest even); a NaN
    is 0x7E00."""
    x = np.asarray(x, F32)
    return np.where(np.isnan(x), U16(0x7E00), x.astype(F16).view(U16))


# Per format: the half array for float32 values, its float32 widening and
# the bits of float32 results rounded once, each from NumPy or the above.
HALF_FORMATS = {
    "binary16": (lambda x: np.asarray(x, F32).astype(F16),
                 lambda h: h.astype(F32), round_f16),
    "bfloat16": (round_bf16, widen_bf16, round_bf16),
}


def half_storage(cli):
    """--format binary16 and bfloat16: each op on half files gives the bits
    of the float32 op on their NumPy widening, rounded once by the test."""
    # Pairs to add: a tie that stays even, a tie that goes up to even, a
    # sum beyond the format, a NaN.
    pairs = {"binary16": [(1.0, 2.0 ** -11), (1.0 + 2.0 ** -10, 2.0 ** -11),
                          (60000.0, 60000.0), (2.0 ** -24, np.nan)],
             "bfloat16": [(1.0, 2.0 ** -8), (1.0 + 2.0 ** -7, 2.0 ** -8),
                          (3e38, 3e38), (2.0 ** -133, np.nan)]}
    for fmt, (to_half, widen, narrow) in HALF_FORMATS.items():
        ties = np.array(pairs[fmt], F32)
        arrays = dict(
            x=to_half(rand((6, 70), 31, 3.0)),
            g=to_half(rand(70, 32)),
            b=to_half(rand(70, 33)),
            a=to_half(rand((2, 5, 40), 34)),
            bm=to_half(rand((40, 3), 35)),
            ta=to_half(ties[:, 0]),
            tb=to_half(ties[:, 1]),
            q=to_half(rand((1, 2, 3, 8), 36)),
            k=to_half(rand((1, 2, 9, 8), 37)),
            v=to_half(rand((1, 2, 9, 4), 38)),
            keep=to_half((rand((2, 1, 9), 39) > -0.5).astype(F32)),
        )
        half = {n: cli.save("%s-%s" % (fmt, n), h) for n, h in arrays.items()}
        wide = {n: cli.save("%s-%s-f32" % (fmt, n), widen(h)) for n, h in arrays.items()}
        cases = [
            ("softmax", ["--in", "x"], []),
            ("softmax", ["--in", "x", "--axis", "0"], []),
            ("layer-norm", ["--in", "x", "--scale", "g", "--bias", "b"],
             ["out-mean", "out-inv-std-dev"]),
            ("matmul", ["--in", "a", "--in2", "bm"], []),
            ("add", ["--in", "ta", "--in2", "tb"], []),
            ("add", ["--in", "x", "--in2", "g"], []),
            ("attention", ["--in", "q", "--in2", "k", "--in3", "v", "--keep", "keep"], []),
        ]
        for i, (op, args, stats) in enumerate(cases):
            what = "%s --format %s %s" % (op, fmt, " ".join(args))
            outputs = ["out"] + stats
            got = {o: cli.path("%s-%d-%s.npy" % (fmt, i, o)) for o in outputs}
            want = {o: cli.path("%s-%d-%s-f32.npy" % (fmt, i, o)) for o in outputs}
            cli.ok("tensor", op, *[half.get(a, a) for a in args], "--format", fmt,
                   *sum((["--" + o, got[o]] for o in outputs), []))
            cli.ok("tensor", op, *[wide.get(a, a) for a in args],
                   *sum((["--" + o, want[o]] for o in outputs), []))
            for o in outputs:
                out = np.load(got[o])
                expected = narrow(np.load(want[o]))
                dtype = F16 if fmt == "binary16" else U16
                cli.check(out.dtype == dtype and out.shape == expected.shape and
                          np.array_equal(out.view(U16), expected),
                          "%s --%s: got %s %s %s, want %s %s" % (
                              what, o, out.dtype, out.shape, out.view(U16).ravel()[:8],
                              expected.shape, expected.ravel()[:8]))
        # The ties and the overflow, by hand: 1 + half an ulp stays 1,
        # (1 + ulp) + half an ulp goes up to even, the sum beyond the format
        # is +inf, the NaN is the format's quiet NaN.
        one_up = 0x3C02 if fmt == "binary16" else 0x3F82
        inf, qnan = (0x7C00, 0x7E00) if fmt == "binary16" else (0x7F80, 0x7FC0)
        ties_case = [c[1] for c in cases].index(["--in", "ta", "--in2", "tb"])
        out = np.load(cli.path("%s-%d-out.npy" % (fmt, ties_case))).view(U16)
        cli.check(out.tolist()[:3] == [0x3C00 if fmt == "binary16" else 0x3F80, one_up, inf]
                  and out[3] == qnan,
                  "add --format %s of ties, overflow and NaN: %s" % (
                      fmt, [hex(v) for v in out.tolist()]))
        # Raw files: 2-byte elements in and out.
        raw_in = cli.path("%s-g.bin" % fmt)
        raw_out = cli.path("%s-raw-out.bin" % fmt)
        arrays["g"].view(U16).astype("<u2").tofile(raw_in)
        cli.ok("tensor", "softmax", "--in", raw_in, "--format", fmt, "--out", raw_out)
        f32_out = cli.path("%s-raw-f32.npy" % fmt)
        cli.ok("tensor", "softmax", "--in", wide["g"], "--out", f32_out)
        cli.check(np.array_equal(np.fromfile(raw_out, "<u2"), narrow(np.load(f32_out))),
                  "softmax --format %s of a raw file" % fmt)


def half_refusals(cli):
    f32 = cli.save("r-f32", np.ones((3, 4), F32))
    f16 = cli.save("r-f16", np.ones((3, 4), F16))
    u16 = cli.save("r-u16", np.ones((3, 4), U16))
    odd = cli.path("r-odd.bin")
    with open(odd, "wb") as f:
        f.write(b"\0\0\0")
    out, mean = cli.path("never.npy"), cli.path("never-mean.npy")
    cli.expect_error("float32 with --format binary16",
                     "wrong dtype '<f4' (float32), expected float16",
                     "tensor", "softmax", "--in", f32, "--format", "binary16", "--out", out)
    cli.expect_error("float16 with --format bfloat16",
                     "wrong dtype '<f2' (float16), expected uint16",
                     "tensor", "softmax", "--in", f16, "--format", "bfloat16", "--out", out)
    cli.expect_error("uint16 as --in2 with --format binary16",
                     "wrong dtype '<u2' (uint16), expected float16",
                     "tensor", "add", "--in", f16, "--in2", u16, "--format", "binary16",
                     "--out", out)
    cli.expect_error("float16 without --format",
                     "wrong dtype '<f2' (float16), expected float32",
                     "tensor", "softmax", "--in", f16, "--out", out)
    cli.expect_error("raw file of an odd length", "not a multiple of 2",
                     "tensor", "softmax", "--in", odd, "--format", "bfloat16", "--out", out)
    cli.expect_error("layer-norm scale of the wrong dtype", "wrong dtype '<f4'",
                     "tensor", "layer-norm", "--in", u16, "--scale", f32,
                     "--format", "bfloat16", "--out", out, "--out-mean", mean)
    cli.check(not os.path.exists(mean), "a refused layer-norm left %s behind" % mean)
    for bad in ("binary64", "float16"):
        cli.expect_error("--format %r" % bad,
                         "unknown --format '%s' (valid: binary32, binary16, bfloat16)" % bad,
                         "tensor", "softmax", "--in", f32, "--format", bad, "--out", out)
    help_text = cli.ok("help", "tensor")
    cli.check("--format FMT" in help_text, "help tensor lists --format")


def hand_computed(cli):
    # (1 + 2^-24) ... the canonical order keeps 2^24 + 2 where a loop loses it.
    x = np.zeros(17, dtype=F32)
    x[0], x[2], x[3] = 2.0 ** 24, 1, 1
    out = cli.path("s.npy")
    cli.ok("tensor", "sum", "--in", cli.save("hx", x), "--out", out)
    cli.expect_bits("sum 2^24 + 1 + 1", out, np.array(16777218, dtype=F32))
    cli.ok("tensor", "softmax", "--in", cli.save("z", np.zeros((2, 4), F32)),
           "--out", out)
    cli.expect_bits("softmax of zeros", out, np.full((2, 4), 0.25, F32))


def same_everywhere(cli):
    x = cli.save("big", rand((64, 4100), 11, 3.0))
    first = None
    for t in usable_targets(cli):
        for threads in ("1", "3", "8"):
            for variant in ("exact",):
                out = cli.path("e-%s-%s.npy" % (t, threads))
                cli.ok("tensor", "log-softmax", "--in", x, "--out", out, "--target", t,
                       "--threads", threads, "--variant", variant)
                got = cli.bits(out)
                if first is None:
                    first = got
                cli.check(np.array_equal(got, first),
                          "log-softmax on %s with %s threads differs" % (t, threads))


def bad_input(cli):
    good = cli.save("good", np.ones((3, 4), F32))
    wide = cli.save("wide", np.ones((3, 4), np.float64))
    empty = cli.save("empty", np.ones((3, 0), F32))
    out = cli.path("never.npy")
    cli.expect_error("shape mismatch", "shapes do not fit together: --in (3, 4), --in2 (3, 4)",
                     "tensor", "matmul", "--in", good, "--in2", good, "--out", out)
    cli.expect_error("float64 operand", "wrong dtype '<f8'",
                     "tensor", "softmax", "--in", wide, "--out", out)
    cli.expect_error("axis out of range", "axis out of range: --axis 2",
                     "tensor", "sum", "--in", good, "--axis", "2", "--out", out)
    cli.expect_error("empty axis", "zero-length axis where one is needed: --in (3, 0)",
                     "tensor", "softmax", "--in", empty, "--out", out)
    cli.expect_error("mean of an empty axis", "zero-length axis",
                     "tensor", "mean", "--in", empty, "--out", out)
    cli.expect_error("scale of the wrong length", "shapes do not fit together",
                     "tensor", "layer-norm", "--in", good, "--scale", good, "--out", out)
    cli.expect_error("negative eps", "--eps must be a finite number >= 0",
                     "tensor", "rms-norm", "--in", good, "--eps", "-1", "--out", out)
    cli.expect_error("unknown op", "unknown operation 'frob'",
                     "tensor", "frob", "--in", good, "--out", out)
    cli.expect_error("option of another op", "--mode",
                     "tensor", "softmax", "--in", good, "--mode", "exact", "--out", out)
    cli.expect_error("bad mode", "unknown --mode 'sloppy'",
                     "tensor", "sum", "--in", good, "--mode", "sloppy", "--out", out)
    cli.expect_error("correct variant", "the variants exact and fast",
                     "tensor", "softmax", "--in", good, "--variant", "correct", "--out", out)
    cli.expect_error("missing operand", "--in2",
                     "tensor", "dot", "--in", good, "--out", out)
    cli.expect_error("unwritable output", "never.npy", "tensor", "softmax", "--in", good,
                     "--out", os.path.join(cli.path("no-such-dir"), "never.npy"))
    cli.expect_error("no operation", "an operation is needed", "tensor")
    help_text = cli.ok("help", "tensor")
    cli.check("--threads N" in help_text and "(default: 0)" in help_text,
              "help tensor lists --threads with its default")


def main():
    cli = Cli(sys.argv[1], "tensor_cli")
    with np.errstate(all="ignore"):
        against_port(cli)
    hand_computed(cli)
    with np.errstate(all="ignore"):
        half_storage(cli)
    same_everywhere(cli)
    bad_input(cli)
    half_refusals(cli)
    cli.finish()


if __name__ == "__main__":
    main()
