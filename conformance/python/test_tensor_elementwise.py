"""refmath.tensor's elementwise ops (docs/tensor-ops.md, "Elementwise"):
RoPE, add and SwiGLU's product against NumPy float32 arithmetic (one
rounding per NumPy operation, never fused), the activations against the
ufuncs of the function they name, torch's RoPE and SwiGLU where
python3-torch is installed, batch invariance, in-place calls, and errors
that name the problem and write nothing."""
import re

import numpy as np
import pytest

import refmath
import refmath.tensor as rt

VARIANTS = [v for v in ("exact", "fast") if refmath.targets(v)]
CANONICAL_NAN = np.uint32(0x7FC00000)


def bits(a):
    return np.ascontiguousarray(a, dtype=np.float32).view(np.uint32)


def canonical(a):
    a = np.array(a, dtype=np.float32)
    b = a.view(np.uint32)
    b[np.isnan(a)] = CANONICAL_NAN
    return b


def normal(seed, *shape, scale=3.0):
    return (np.random.default_rng(seed).normal(0, scale, shape)
            .astype(np.float32))


def rope_numpy(x, c, s, interleaved):
    """The rotation in NumPy float32: each product, then each sum, rounded
    by its own NumPy operation."""
    h = x.shape[-1] // 2
    if interleaved:
        x1, x2 = x[..., 0::2], x[..., 1::2]
    else:
        x1, x2 = x[..., :h], x[..., h:]
    y1 = x1 * c - x2 * s
    y2 = x2 * c + x1 * s
    y = np.empty_like(x)
    if interleaved:
        y[..., 0::2], y[..., 1::2] = y1, y2
    else:
        y[..., :h], y[..., h:] = y1, y2
    return y


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("interleaved", [False, True])
def test_rope_is_numpy_float32_arithmetic(variant, interleaved):
    x = normal(1, 2, 4, 33, 64)
    c, s = normal(2, 33, 32, scale=1.0), normal(3, 33, 32, scale=1.0)
    x[0, 0, 0, :4] = [np.inf, np.nan, -0.0, 1e38]
    got = rt.rope(x, c, s, interleaved=interleaved, variant=variant)
    with np.errstate(all="ignore"):
        want = rope_numpy(x, c, s, interleaved)
    assert np.array_equal(bits(got), canonical(want))


def test_rope_batch_invariant_and_in_place():
    x = normal(4, 3, 8, 17, 16)
    c, s = normal(5, 17, 8, scale=1.0), normal(6, 17, 8, scale=1.0)
    whole = rt.rope(x, c, s, threads=3)
    for b in range(3):
        for h in range(8):
            alone = rt.rope(x[b, h].copy(), c, s, threads=1)
            assert np.array_equal(bits(alone), bits(whole[b, h]))
    y = x.copy()
    assert rt.rope(y, c, s, out=y) is y
    assert np.array_equal(bits(y), bits(whole))


def test_add_broadcasts_and_canonical_nan():
    a = normal(7, 4, 5, 6)
    b = normal(8, 6)
    a[0, 0, 0], b[1] = np.inf, -np.inf
    b[2] = np.frombuffer(np.uint32(0x7FA00001).tobytes(), np.float32)[0]
    got = rt.add(a, b)
    with np.errstate(all="ignore"):
        assert np.array_equal(bits(got), canonical(a + b))
    col = normal(9, 5, 1)
    assert np.array_equal(bits(rt.add(a, col)), bits(a + col))


@pytest.mark.parametrize("variant", VARIANTS)
def test_activations_are_their_ufuncs(variant):
    x = normal(10, 7, 129, scale=6.0)[:, ::2]  # strided
    kernel = getattr(refmath, variant)
    assert np.array_equal(bits(rt.silu(x, variant=variant)),
                          bits(refmath.correct.silu(x)))
    assert np.array_equal(bits(rt.softplus(x, variant=variant)),
                          bits(refmath.correct.softplus(x)))
    assert np.array_equal(bits(rt.gelu(x, variant=variant)),
                          bits(kernel.gelu_erf(x)))
    assert np.array_equal(bits(rt.gelu(x, approximate="tanh",
                                       variant=variant)),
                          bits(kernel.gelu_tanh(x)))


def test_swiglu_is_silu_then_one_product():
    g, u = normal(11, 6, 50), normal(12, 6, 50)
    want = refmath.correct.silu(g) * u
    assert np.array_equal(bits(rt.swiglu(g, u)), bits(want))
    assert rt.swiglu(g, u, out=u) is u
    assert np.array_equal(bits(u), bits(want))


def test_torch_rope_and_swiglu_agree():
    torch = pytest.importorskip("torch")
    x = normal(13, 1, 4, 9, 32)
    c, s = normal(14, 9, 16, scale=1.0), normal(15, 9, 16, scale=1.0)
    tx = torch.from_numpy(x)
    tc = torch.from_numpy(np.concatenate([c, c], -1))
    ts = torch.from_numpy(np.concatenate([s, s], -1))
    half = torch.cat([-tx[..., 16:], tx[..., :16]], -1)  # rotate_half
    want = (tx * tc + half * ts).numpy()
    assert np.array_equal(bits(rt.rope(x, c, s)), bits(want))
    g, u = normal(16, 8, 40), normal(17, 8, 40)
    # torch's silu is not correctly rounded; the product after it is one
    # rounding, so refmath's silu times up in torch gives refmath's bits.
    want = (torch.from_numpy(refmath.correct.silu(g)) *
            torch.from_numpy(u)).numpy()
    assert np.array_equal(bits(rt.swiglu(g, u)), bits(want))


@pytest.mark.parametrize("call, message", [
    (lambda x: rt.rope(x[:, :5], x[:, :2], x[:, :2]), "x's last axis even"),
    (lambda x: rt.rope(x, x[:1, :2], x[:, :3]), "sin (2, 3)"),
    (lambda x: rt.swiglu(x, x[:1]), "up (1, 6)"),
    (lambda x: rt.add(x, x[:, :4]), "b (2, 4)"),
    (lambda x: rt.gelu(x, approximate="exact"), "approximate 'exact'"),
    (lambda x: rt.silu(x, variant="correct"), "silu: unknown variant"),
])
def test_errors_name_the_problem_and_write_nothing(call, message):
    x = normal(18, 2, 6)
    before = bits(x).copy()
    with pytest.raises(ValueError, match=re.escape(message)):
        call(x)
    assert np.array_equal(bits(x), before)


def test_errors_refuse_float64_and_overlap():
    with pytest.raises(TypeError, match="float64"):
        rt.silu(np.ones(3))
    x = normal(19, 8)
    out = np.full(7, 42, np.float32)
    with pytest.raises(ValueError, match="shares memory"):
        rt.add(x[1:], x[1:], out=x[:-1])
    with pytest.raises(ValueError):
        rt.add(x[:7], x[:7], out=out[:6])
    assert np.all(out == 42)


def test_compare_judges_the_elementwise_ops():
    """refmath.compare on the elementwise ops: refmath.tensor's own
    results are refmath exact's column bit for bit, within half an ulp of
    the truth where one rounding is all there is (add, RoPE's products
    rounded apart can be further), and the options are checked."""
    x = normal(30, 2, 5, 8)
    c, s = normal(31, 5, 4, scale=0.7), normal(32, 5, 4, scale=0.7)
    for interleaved in (False, True):
        y = rt.rope(x, c, s, interleaved=interleaved)
        r = refmath.compare("rope", (x, c, s), y, interleaved=interleaved)
        assert r.columns[0]["identical_to_exact"] == y.size
    a, b = normal(33, 4, 6), normal(34, 6)
    r = refmath.compare("add", (a, b), rt.add(a, b))
    assert r.columns[0]["identical_to_exact"] == a.size
    assert r.columns[0]["max_ulp"] <= 0.5
    g, u = normal(35, 50), normal(36, 50)
    r = refmath.compare("swiglu", (g, u), rt.swiglu(g, u))
    assert r.columns[0]["identical_to_exact"] == g.size
    with pytest.raises(ValueError, match="interleaved is rope's option"):
        refmath.compare("add", (a, b), a, interleaved=True)
    with pytest.raises(TypeError, match=r"rope takes inputs=\(x, cos, sin\)"):
        refmath.compare("rope", x, x)
