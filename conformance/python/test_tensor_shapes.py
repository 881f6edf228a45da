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


GEMM_CASES = [((5, 7), (7, 3), None, False, False),
              ((7, 5), (7, 3), (3,), True, False),
              ((5, 7), (3, 7), (5, 1), False, True),
              ((7, 5), (3, 7), (1, 3), True, True),
              ((5, 300), (300, 3), (5, 3), False, False),
              ((5, 7), (7, 3), (), False, False)]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("case", GEMM_CASES, ids=str)
def test_gemm_matches_the_port(variant, case):
    sa, sb, sc, ta, tb = case
    a, b = normal(5, *sa), normal(6, *sb)
    c = None if sc is None else normal(7, *sc)
    want = port.gemm(a, b, c, 0.75, -1.5, ta, tb, variant == "fast")
    got = rt.gemm(a, b, c, alpha=0.75, beta=-1.5, trans_a=ta, trans_b=tb,
                  variant=variant)
    assert bits(got).tolist() == bits(want).tolist()


def test_gemm_rounds_each_product_then_the_sum():
    # alpha * P = (1 + 2^-12)^2 rounds (a tie, to even) to 1 + 2^-11; the
    # sum with -1 is then 2^-11 exactly.  The truth keeps the 2^-24.
    e = np.float32(1 + 2.0 ** -12)
    a, b, c = (np.array([[v]], np.float32) for v in (e, 1, -1))
    for variant in VARIANTS:
        y = rt.gemm(a, b, c, alpha=e, variant=variant)
        assert bits(y).tolist() == [[bits(np.float32(2.0 ** -11)).item()]]
    fused = np.array([[2.0 ** -11 + 2.0 ** -24]], np.float32)
    r = refmath.compare("gemm", (a, b, c), fused, alpha=float(e), max_ulp=0)
    assert r and r.exact["max_ulp"] == 1024 and r.closer["backend"] == 1
    assert r.gemm == {"alpha": float(e), "beta": 1, "trans_a": False,
                      "trans_b": False}
    r = refmath.compare("gemm", (a.T, b, c), fused, alpha=float(e),
                        trans_a=True, max_ulp=0)
    assert r and r.out_shape == [1, 1]


def test_gemm_errors_write_nothing():
    a, b = np.ones((2, 3), np.float32), np.ones((3, 4), np.float32)
    for kw, part in [({"c": np.ones(3, np.float32)}, "c (3,)"),
                     ({"trans_a": True}, "a (2, 3), b (3, 4)")]:
        out = np.full((2, 4), 42, np.float32)
        with pytest.raises(ValueError) as info:
            rt.gemm(a, b, out=out, **kw)
        message = str(info.value)
        assert message.startswith("refmath.tensor.gemm: shapes do not fit")
        assert part in message and "\n" not in message
        assert (out == 42).all()
    with pytest.raises(TypeError, match="trans_a must be a bool"):
        rt.gemm(a, b, trans_a=1)
    with pytest.raises(ValueError, match="alpha is gemm's option"):
        refmath.compare("matmul", (a, b), np.ones((2, 4), np.float32),
                        alpha=2.0)
    with pytest.raises(ValueError, match="C that broadcasts"):
        refmath.compare("gemm", (a, b, np.ones(3, np.float32)),
                        np.ones((2, 4), np.float32))


ATTENTION_CASES = [
    # (B, H, Hkv, L, S, d, dv, mask shape, mask kind, scale, causal)
    (2, 4, 2, 5, 7, 8, 3, None, None, None, False),
    (1, 4, 1, 6, 6, 16, 4, (6, 6), "float", None, True),
    (2, 2, 2, 3, 9, 4, 2, (2, 1, 1, 9), "bool", 0.3, False),
    (1, 3, 3, 9, 4, 8, 8, (3, 9, 4), "bool", None, True),
    (1, 2, 1, 4, 300, 8, 5, (1, 1, 4, 300), "float", 0.125, False)]


def attention_inputs(case):
    b, h, hkv, l, s, d, dv, mshape, kind, _, _ = case
    q, k, v = normal(8, b, h, l, d), normal(9, b, hkv, s, d), \
        normal(10, b, hkv, s, dv)
    mask = None
    if kind == "float":
        mask = normal(11, *mshape)
    elif kind == "bool":
        mask = np.random.default_rng(12).random(mshape) < 0.7
    return q, k, v, mask


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("case", ATTENTION_CASES, ids=str)
def test_attention_heads_match_the_port(variant, case):
    q, k, v, mask = attention_inputs(case)
    scale, causal = case[9], case[10]
    boolean = mask is not None and mask.dtype == np.bool_
    want = port.attention_heads(
        q, k, v, None if boolean else mask,
        mask.astype(np.float32) if boolean else None, scale, causal,
        variant == "fast")
    got = rt.attention(q, k, v, mask, scale=scale, causal=causal,
                       variant=variant, threads=2)
    assert bits(got).tolist() == bits(want).tolist()


@pytest.mark.parametrize("variant", VARIANTS)
def test_attention_slice_has_the_bits_of_the_2d_call(variant):
    q, k, v, _ = attention_inputs(ATTENTION_CASES[0])
    mask = normal(13, 5, 7)
    whole = rt.attention(q, k, v, mask, variant=variant)
    for i in range(2):
        for j in range(4):
            alone = rt.attention(q[i, j], k[i, j // 2], v[i, j // 2], mask,
                                 variant=variant, threads=1)
            assert bits(whole[i, j]).tolist() == bits(alone).tolist()
    # 2-D operands with the new options: the 4-D call on one slice.
    y = rt.attention(q[0, 0], k[0, 0], v[0, 0], causal=True, scale=0.5)
    assert bits(y).tolist() == bits(rt.attention(
        q[:1, :1], k[:1, :1], v[:1, :1], causal=True, scale=0.5)[0, 0]).tolist()


def decode_inputs(l):
    """Grouped heads (H 4, Hkv 2) whose value column 0 is -0 for the first
    half of the keys and 1 after, and whose last value in column 1 is
    +inf: a causal row that took the later keys' +0 weights would turn -0
    into +0 and earlier rows into NaN."""
    q, k, v = normal(15, 1, 4, l, 8), normal(16, 1, 2, l, 8), \
        normal(17, 1, 2, l, 5)
    v[:, :, :l // 2, 0] = -0.0
    v[:, :, l // 2:, 0] = 1.0
    v[:, :, l - 1, 1] = np.inf
    return q, k, v


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("l", [40, 300])
def test_attention_decode_steps_have_the_causal_rows_bits(variant, l):
    q, k, v = decode_inputs(l)
    whole = rt.attention(q, k, v, causal=True, variant=variant, threads=2)
    assert (bits(whole[:, :, :l // 2, 0]) == 0x80000000).all()
    assert np.isfinite(whole[:, :, :l - 1]).all()
    for p in range(l):
        step = rt.attention(q[:, :, p:p + 1], k[:, :, :p + 1],
                            v[:, :, :p + 1], variant=variant, threads=1)
        assert bits(step[:, :, 0]).tolist() == bits(whole[:, :, p]).tolist()
    if l <= 40:  # the port's rows one by one, slow for long sequences
        want = port.attention_heads(q, k, v, None, None, None, True,
                                    variant == "fast")
        assert bits(whole).tolist() == bits(want).tolist()


def test_attention_heads_errors_write_nothing():
    q, k = np.ones((1, 3, 4, 8), np.float32), np.ones((1, 2, 4, 8), np.float32)
    out = np.full((1, 3, 4, 8), 42, np.float32)
    with pytest.raises(ValueError) as info:
        rt.attention(q, k, k, out=out)
    message = str(info.value)
    assert message.startswith("refmath.tensor.attention: shapes do not fit")
    assert "q (1, 3, 4, 8), k (1, 2, 4, 8)" in message and "\n" not in message
    assert (out == 42).all()
    with pytest.raises(ValueError, match="mask \\(3, 5\\)"):
        rt.attention(q, q, q, np.ones((3, 5), bool))
    with pytest.raises(TypeError, match="causal must be a bool"):
        rt.attention(q, q, q, causal=1)


def test_compare_attention_heads():
    # q = 0: equal weights over the kept keys; v = 1, 3, 5, 7; causal and
    # a boolean mask leaving key 1 out of query 2: the means 1, 2, 3, 4
    # are exact, and so is the truth.
    q = np.zeros((1, 2, 4, 2), np.float32)
    k = normal(14, 1, 1, 4, 2)
    v = np.array([1, 3, 5, 7], np.float32).reshape(1, 1, 4, 1)
    keep = np.ones((4, 4), bool)
    keep[2, 1] = False
    y = np.array([1, 2, 3, 4] * 2, np.float32).reshape(1, 2, 4, 1)
    r = refmath.compare("attention", (q, k, v), y, mask=keep, causal=True,
                        max_ulp=0)
    assert r and r.out_shape == [1, 2, 4, 1] and r.count == 8
    assert r.exact["identical_to_exact"] == 8
    assert r.attention == {"keep": "<array>", "scale": None,
                           "causal": True}
    # Random heads against the truth: refmath within a few ulps, and the
    # port's bits are refmath's.
    case = ATTENTION_CASES[2]
    q, k, v, mask = attention_inputs(case)
    y = port.attention_heads(q, k, v, None, mask.astype(np.float32), 0.3,
                             False, False)
    r = refmath.compare("attention", (q, k, v), y, mask=mask, scale=0.3,
                        max_ulp=16)
    assert r and r.backend["identical_to_exact"] == y.size
    with pytest.raises(ValueError, match="causal need Q \\(B, H, L, d\\)"):
        refmath.compare("attention", (q[0, 0], k[0, 0], v[0, 0]), y[0, 0],
                        causal=True)
    with pytest.raises(ValueError, match="causal is attention's option"):
        refmath.compare("softmax", q, q, causal=True)
