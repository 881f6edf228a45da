#!/usr/bin/env python3
"""refmath_tensor_truth over .npy and raw files: hand-derived true values
(bit for bit where they are binary64 values or 1/3, within one binary64
ulp of a 30-digit decimal evaluation otherwise), the shape kept, eps taken
as binary32, and the one-line errors of bad input (exit 2, nothing
written).

Usage: tensor_truth_cli_test.py PATH/TO/refmath_tensor_truth"""
import os
import sys
from decimal import Decimal, getcontext

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from npy_cli_lib import Cli  # noqa: E402

F32 = np.float32
getcontext().prec = 30


def exact_values(cli):
    out = cli.path("y.npy")
    # Equal entries: 1/3 in every row of a 3-d array, shape kept.
    x = np.full((2, 2, 3), F32(-7.25))
    cli.ok("--op", "softmax", "--x", cli.save("eq", x), "--out", out)
    cli.expect_bits("softmax of equal entries", out, np.full((2, 2, 3), 1.0 / 3))
    # [1, 3]: mean 2, variance 1 (divided by n); the second row's mean and
    # differences are far below a binary64 ulp of its values.
    x = np.array([[1, 3], [2.0 ** 100, 2.0 ** 100 + 2.0 ** 77]], F32)
    cli.ok("--op", "layer_norm", "--x", cli.save("ln", x), "--eps", "0", "--out", out)
    cli.expect_bits("layer norm of [1, 3] and an offset pair", out,
                    np.array([[-1.0, 1.0], [-1.0, 1.0]]))
    cli.ok("--op", "layer_norm", "--x", cli.save("ln1", x[:1]),
           "--scale", cli.save("g", np.array([2, 0.5], F32)),
           "--bias", cli.save("b", np.array([0.25, -1], F32)), "--out", out)
    cli.expect_bits("layer norm with scale and bias", out, np.array([[-1.75, -0.5]]))
    # eps under the root: mean square 1, sqrt(1 + 3) = 2.  Raw output.
    raw = cli.path("y.raw")
    cli.ok("--op", "rms_norm", "--x", cli.save("rms", np.array([[1, -1, 1, -1]], F32)),
           "--eps", "3", "--out", raw)
    got = np.fromfile(raw, dtype="<f8")
    cli.check(np.array_equal(got.view("<u8"), np.array([0.5, -0.5, 0.5, -0.5]).view("<u8")),
              "rms norm with eps 3, raw: got %s" % got)


def eps_is_binary32(cli):
    # [1, 3] with eps 0.1: the binary32 nearest 0.1 is
    # 0.100000001490116119384765625, so y = -+1 / sqrt(1 + that); with the
    # binary64 0.1 the result would differ by about 6e-10, millions of ulps.
    eps32 = Decimal("0.100000001490116119384765625")
    want = float(1 / (1 + eps32).sqrt())
    out = cli.path("e.npy")
    cli.ok("--op", "layer_norm", "--x", cli.save("e", np.array([[1, 3]], F32)),
           "--eps", "0.1", "--out", out)
    got = np.load(out)
    ulp = np.spacing(want)
    cli.check(abs(got[0, 1] - want) <= ulp and abs(got[0, 0] + want) <= ulp,
              "layer norm with eps 0.1: got %r, want +-%r" % (got, want))


def bad_input(cli):
    good = cli.save("good", np.ones((3, 4), F32))
    wide = cli.save("wide", np.ones((3, 4), np.float64))
    empty = cli.save("empty", np.ones((3, 0), F32))
    short = cli.save("short", np.ones(3, F32))
    out = cli.path("never.npy")
    cli.expect_error("unknown op", "unknown --op 'frob'",
                     "--op", "frob", "--x", good, "--out", out)
    cli.expect_error("norm option on softmax", "the norms' options",
                     "--op", "softmax", "--x", good, "--eps", "1", "--out", out)
    cli.expect_error("bias on RMS norm", "RMS norm takes no --bias",
                     "--op", "rms_norm", "--x", good, "--bias", short, "--out", out)
    cli.expect_error("scale of the wrong length", "holds 3 values, not the row length 4",
                     "--op", "layer_norm", "--x", good, "--scale", short, "--out", out)
    cli.expect_error("empty rows", "at least one element",
                     "--op", "softmax", "--x", empty, "--out", out)
    cli.expect_error("float64 input", "wrong dtype '<f8'",
                     "--op", "softmax", "--x", wide, "--out", out)
    cli.expect_error("negative eps", "--eps takes a finite number >= 0",
                     "--op", "rms_norm", "--x", good, "--eps", "-1", "--out", out)
    cli.expect_error("no output", "--out", "--op", "softmax", "--x", good)


def main():
    cli = Cli(sys.argv[1], "tensor_truth_cli")
    exact_values(cli)
    eps_is_binary32(cli)
    bad_input(cli)
    cli.finish()


if __name__ == "__main__":
    main()
