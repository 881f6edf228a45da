"""refmath.tensor and refmath.compare with numpy's and ONNX's shapes:
batched matmul against the independent NumPy port of docs/tensor-ops.md
(tools/spec_port/tensor_port.py), batch invariance, and shape errors that
name the problem and write nothing.  Expected bits come from the port or
from small-integer cases whose every float operation is exact, never from
refmath."""
import os
import sys

import numpy as np
import pytest

import refmath
import refmath.tensor as rt

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "tools", "spec_port"))
import tensor_port as port  # noqa: E402

VARIANTS = [v for v in ("exact", "fast") if refmath.targets(v)]


def bits(a):
    return np.ascontiguousarray(a, dtype=np.float32).view(np.uint32)


def normal(seed, *shape):
    return np.random.default_rng(seed).normal(0, 1, shape).astype(np.float32)


MATMUL_SHAPES = [((2, 1, 5, 7), (3, 7, 4)), ((7,), (2, 7, 3)),
                 ((2, 3, 7), (7,)), ((7,), (7,)), ((4, 7), (1, 7, 300)),
                 ((3, 1, 2, 300), (1, 2, 300, 3))]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("shapes", MATMUL_SHAPES, ids=str)
def test_matmul_shapes_match_the_port(variant, shapes):
    a, b = normal(1, *shapes[0]), normal(2, *shapes[1])
    want = port.matmul_nd(a, b, variant == "fast")
    got = rt.matmul(a, b, variant=variant, threads=2)
    assert got.shape == np.matmul(a, b).shape == want.shape
    assert bits(got).tolist() == bits(want).tolist()


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_batch_element_has_its_bits_alone(variant):
    a, b = normal(3, 4, 3, 9, 260), normal(4, 3, 260, 5)
    whole = rt.matmul(a, b, variant=variant)
    for i in range(4):
        for j in range(3):
            alone = rt.matmul(a[i, j].copy(), b[j].copy(), variant=variant,
                              threads=1)
            assert bits(whole[i, j]).tolist() == bits(alone).tolist()
    # A strided view of the batch gives the same bits as its copy.
    view = a[::-2, :, ::3]
    assert (bits(rt.matmul(view, b)).tolist() ==
            bits(rt.matmul(view.copy(), b)).tolist())


def test_matmul_shape_errors_write_nothing():
    x = np.ones((2, 2, 3), np.float32)
    for a, b, out_shape, part in [
            (x, np.ones((3, 3, 4), np.float32), (2, 2, 4), "b (3, 3, 4)"),
            (x, np.ones((2, 4), np.float32), (2, 2, 4), "b (2, 4)"),
            (np.float32(1), x, (2, 3), "a ()"),
            (x, np.ones((3, 4), np.float32), (2, 4, 2), "out (2, 4, 2)")]:
        out = np.full(out_shape, 42, np.float32)
        with pytest.raises(ValueError) as info:
            rt.matmul(a, b, out=out)
        message = str(info.value)
        assert "\n" not in message
        assert message.startswith("refmath.tensor.matmul: shapes do not fit")
        assert part in message, message
        assert (out == 42).all()


def test_compare_batched_matmul():
    # Small integers: every product and sum exact, so refmath and the
    # truth agree to 0 ulp; a wrong batch element is found.
    a = np.arange(24, dtype=np.float32).reshape(2, 1, 3, 4) - 11
    b = np.arange(24, dtype=np.float32).reshape(3, 4, 2) % 5
    y = np.matmul(a.astype(np.float64), b).astype(np.float32)
    r = refmath.compare("matmul", (a, b), y, max_ulp=0)
    assert r and r.out_shape == [2, 3, 3, 2] and r.backend["max_ulp"] == 0
    assert r.exact["identical_to_exact"] == y.size == r.count
    y[1, 2, 0, 1] += 1
    r = refmath.compare("matmul", (a, b), y, max_ulp=0)
    assert not r and r.backend["at_index"] == 1 * 18 + 2 * 6 + 1
    with pytest.raises(ValueError, match="numpy.matmul's shapes"):
        refmath.compare("matmul", (a, b[:2, :3]), y)
