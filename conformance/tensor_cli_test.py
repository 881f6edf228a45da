#!/usr/bin/env python3
"""`refmath tensor` over .npy files against expectations that do not come
from refmath's code: the NumPy port of docs/tensor-ops.md
(tools/spec_port/tensor_port.py), hand-computed cases, the same bits for
every --threads and --target, and the one-line errors of bad input (exit
2, nothing written).

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
    same_everywhere(cli)
    bad_input(cli)
    cli.finish()


if __name__ == "__main__":
    main()
