"""refmath.tensor on half-precision storage (docs/tensor-ops.md, "Half
precision"): float16 arrays, and bfloat16 bit patterns in uint16 arrays
with dtype='bfloat16'.  Each op's result must be its float32 result on the
widened inputs, rounded once; the expectations widen and round with NumPy
(float16 casts) and with integer arithmetic written here (bfloat16), and
with torch's bfloat16 casts where python3-torch is installed, never with
refmath's own conversions.  Then the conversions themselves over many bit
patterns, out= and in-place calls, and the errors."""
import numpy as np
import pytest

import refmath.tensor as rt

F16, BF16 = "float16", "bfloat16"


def normal(seed, *shape, scale=2.0):
    return (np.random.default_rng(seed).normal(0, scale, shape)
            .astype(np.float32))


def bf16_round(x):
    """float32 -> bfloat16 bits, to nearest, ties to even, NaN 0x7FC0, in
    NumPy integer arithmetic."""
    b = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    b = b.astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    r[np.isnan(np.asarray(x, dtype=np.float32))] = 0x7FC0
    return r


def bf16_value(bits):
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(
        np.float32)


def f16_bits(x):
    """float32 -> float16 bits by NumPy's cast (round to nearest even),
    NaN made canonical (0x7E00) as refmath's results are."""
    with np.errstate(over="ignore"):
        h = np.asarray(x, np.float32).astype(np.float16).view(np.uint16).copy()
    h[np.isnan(np.asarray(x, dtype=np.float32))] = 0x7E00
    return h


def storage(fmt, x):
    """A float32 array as the format's storage (rounded by the test's own
    code): float16 values, or bfloat16 bits."""
    return (np.asarray(x, np.float32).astype(np.float16) if fmt == F16
            else bf16_round(x))


def values(fmt, s):
    return s.astype(np.float32) if fmt == F16 else bf16_value(s)


def round_to(fmt, y):
    return f16_bits(y) if fmt == F16 else bf16_round(y)


def as_bits(fmt, s):
    return s.view(np.uint16) if fmt == F16 else s


# Each op: (name, inputs as float32 arrays, call(*inputs, **kw)).
OPS = [
    ("softmax", [normal(1, 5, 300)], lambda x, **k: rt.softmax(x, **k)),
    ("log_softmax", [normal(2, 3, 77)],
     lambda x, **k: rt.log_softmax(x, axis=0, **k)),
    ("layer_norm", [normal(3, 4, 130), normal(4, 130), normal(5, 130)],
     lambda x, g, b, **k: rt.layer_norm(x, g, b, **k)),
    ("rms_norm", [normal(6, 4, 2, 65), normal(7, 2, 65)],
     lambda x, g, **k: rt.rms_norm(x, g, axis=1, **k)),
    ("matmul", [normal(8, 2, 9, 70), normal(9, 70, 5)],
     lambda a, b, **k: rt.matmul(a, b, **k)),
    ("gemm", [normal(10, 6, 40), normal(11, 40, 3), normal(12, 3)],
     lambda a, b, c, **k: rt.gemm(a, b, c, alpha=0.5, beta=2.0, **k)),
    ("attention", [normal(13, 1, 4, 6, 8), normal(14, 1, 2, 9, 8),
                   normal(15, 1, 2, 9, 8)],
     lambda q, kk, v, **k: rt.attention(q, kk, v, causal=True, **k)),
    ("sum", [normal(16, 3, 500, scale=100.0)],
     lambda x, **k: rt.sum(x, axis=(0, 1), **k)),
    ("logsumexp", [normal(17, 4, 50)], lambda x, **k: rt.logsumexp(x, **k)),
    ("silu", [normal(18, 8, 33, scale=6.0)], lambda x, **k: rt.silu(x, **k)),
    ("gelu", [normal(19, 8, 33)],
     lambda x, **k: rt.gelu(x, approximate="tanh", **k)),
    ("swiglu", [normal(20, 4, 20), normal(21, 4, 20)],
     lambda g, u, **k: rt.swiglu(g, u, **k)),
    ("add", [normal(22, 3, 16), normal(23, 16)],
     lambda a, b, **k: rt.add(a, b, **k)),
    ("rope", [normal(24, 2, 5, 8), normal(25, 5, 4, scale=0.5),
              normal(26, 5, 4, scale=0.5)],
     lambda x, c, s, **k: rt.rope(x, c, s, **k)),
]


@pytest.mark.parametrize("fmt", [F16, BF16])
@pytest.mark.parametrize("name,inputs,call", OPS, ids=[o[0] for o in OPS])
def test_op_is_float32_op_rounded_once(fmt, name, inputs, call):
    stored = [storage(fmt, x) for x in inputs]
    kw = {"dtype": BF16} if fmt == BF16 else {}
    got = call(*stored, **kw)
    assert got.dtype == (np.float16 if fmt == F16 else np.uint16)
    want = round_to(fmt, call(*[values(fmt, s) for s in stored]))
    np.testing.assert_array_equal(as_bits(fmt, got), want)


def test_layer_norm_stats_are_rounded_too():
    x, g = storage(F16, normal(30, 3, 40)), storage(F16, normal(31, 40))
    got = rt.layer_norm(x, g, stats=True)
    want = rt.layer_norm(values(F16, x), values(F16, g), stats=True)
    assert len(got) == 3
    for a, b in zip(got, want):
        assert a.dtype == np.float16 and a.shape == b.shape
        np.testing.assert_array_equal(a.view(np.uint16), f16_bits(b))


def test_float32_operands_mix_with_one_half_format():
    """A float32 operand is taken as it is; the result is in the call's
    format (float16 from an operand, bfloat16 by dtype)."""
    x, cos, sin = normal(40, 3, 8), normal(41, 3, 4), normal(42, 3, 4)
    xh = storage(F16, x)
    got = rt.rope(xh, cos, sin)
    np.testing.assert_array_equal(
        got.view(np.uint16), f16_bits(rt.rope(values(F16, xh), cos, sin)))
    y = rt.softmax(x, dtype=BF16)  # float32 in, bfloat16 out
    np.testing.assert_array_equal(y, bf16_round(rt.softmax(x)))


def test_rows_alone_and_in_a_batch_agree():
    x = storage(BF16, normal(50, 9, 257, scale=5.0))
    batch = rt.layer_norm(x, dtype=BF16, threads=3)
    for i in (0, 4, 8):
        alone = rt.layer_norm(x[i:i + 1], dtype=BF16, threads=1)
        np.testing.assert_array_equal(batch[i:i + 1], alone)


def test_out_and_in_place():
    x = storage(F16, normal(60, 4, 64))
    want = rt.softmax(x)
    out = np.full((4, 64, 2), 7, np.float16)[..., 0]  # strided
    assert rt.softmax(x, out=out) is out
    np.testing.assert_array_equal(out.view(np.uint16), want.view(np.uint16))
    y = x.copy()
    assert rt.softmax(y, out=y) is y
    np.testing.assert_array_equal(y.view(np.uint16), want.view(np.uint16))


def test_narrow_matches_numpy_and_torch():
    rng = np.random.default_rng(70)
    b = rng.integers(0, 2**32, 1 << 20, dtype=np.uint64).astype(np.uint32)
    edges = np.array([0x477FEFFF, 0x477FF000, 0x477FF001, 0x33000000,
                      0x33000001, 0x387FF000, 0x7F7FFFFF, 0x7F7F8000,
                      0x7F800000, 0x7FC00001, 0x3F808000, 0x3F818000],
                     np.uint32)
    b = np.concatenate([b, edges, edges | 0x80000000])
    x = b.view(np.float32)
    np.testing.assert_array_equal(rt.narrow(x, F16).view(np.uint16),
                                  f16_bits(x))
    np.testing.assert_array_equal(rt.narrow(x, BF16), bf16_round(x))
    torch = pytest.importorskip("torch")
    t = torch.from_numpy(x.copy()).to(torch.bfloat16).view(torch.int16)
    want = t.numpy().view(np.uint16).copy()
    want[np.isnan(x)] = 0x7FC0
    np.testing.assert_array_equal(rt.narrow(x, BF16), want)


def test_widen_every_pattern():
    h = np.arange(65536, dtype=np.uint32).astype(np.uint16)
    w16 = rt.widen(h.view(np.float16))
    w16_bits = w16.view(np.uint32)
    want = h.view(np.float16).astype(np.float32).view(np.uint32)
    finite = ~np.isnan(h.view(np.float16))
    np.testing.assert_array_equal(w16_bits[finite], want[finite])
    np.testing.assert_array_equal(rt.widen(h, BF16).view(np.uint32),
                                  h.astype(np.uint32) << 16)


def test_errors_name_the_problem_and_write_nothing():
    xh = storage(F16, normal(80, 2, 4))
    xb = storage(BF16, normal(81, 2, 4))
    with pytest.raises(TypeError, match=r"softmax: x: dtype uint16; pass "
                       r"dtype='bfloat16'"):
        rt.softmax(xb)
    with pytest.raises(TypeError, match=r"add: a: dtype float16 in a call "
                       r"on bfloat16"):
        rt.add(xh, xb, dtype=BF16)
    with pytest.raises(ValueError, match=r"unknown dtype 'half'"):
        rt.softmax(xh, dtype="half")
    out = np.full((2, 4), 3, np.float32)
    with pytest.raises(TypeError, match=r"softmax: out: expected a float16 "
                       r"array, got dtype float32"):
        rt.softmax(xh, out=out)
    assert (out.view(np.uint32) == np.float32(3).view(np.uint32)).all()
    short = np.full((2, 3), 3, np.float16)
    with pytest.raises(ValueError, match=r"out: shape \(2, 3\), the "
                       r"result's is \(2, 4\)"):
        rt.softmax(xh, out=short)
    assert (short.view(np.uint16) == np.float16(3).view(np.uint16)).all()
    with pytest.raises(ValueError, match=r"softmax: .*threads -3"):
        rt.softmax(xh, threads=-3)
    with pytest.raises(ValueError, match=r"matmul: .*shape"):
        rt.matmul(xh, xh)


def test_compare_measures_half_outputs_in_their_ulps():
    """refmath.compare on half-precision outputs: the report is in the
    format's ulps, and refmath.tensor's own result on that storage is
    refmath exact's column bit for bit."""
    import refmath
    x = storage(BF16, normal(90, 6, 200))
    y = rt.layer_norm(x, dtype=BF16)
    r = refmath.compare("layer_norm", x, y, outputs_dtype="bfloat16",
                        label="refmath.tensor")
    assert r.ulps_of == "bfloat16"
    assert r.columns[0]["identical_to_exact"] == y.size
    assert r.columns[0]["max_ulp"] <= 0.5 + 2 ** -10
    xh = storage(F16, normal(91, 6, 200))
    r = refmath.compare("softmax", xh, rt.softmax(xh))
    assert r.ulps_of == "binary16"
    assert r.columns[0]["identical_to_exact"] == xh.size
    with pytest.raises(TypeError, match="outputs_dtype='bfloat16'"):
        refmath.compare("softmax", x, y)


@pytest.mark.parametrize("fmt", [F16, BF16])
def test_one_pass_rows_equal_the_three_steps(fmt):
    """softmax, log_softmax and the norms over the last axis go through
    refmath_tensor_softmax16 ... in one pass; with out= they take the
    three steps.  Both give the same bits, strided inputs included."""
    kw = {"dtype": BF16} if fmt == BF16 else {}
    x = storage(fmt, normal(100, 6, 2, 130, scale=5.0))[:, 1]  # strided rows
    g = storage(fmt, normal(101, 130))
    b = normal(102, 130)
    for call in (lambda **k: rt.softmax(x, **k),
                 lambda **k: rt.log_softmax(x, **k),
                 lambda **k: rt.layer_norm(x, g, b, **k),
                 lambda **k: rt.rms_norm(x, g, eps=1e-6, **k)):
        one_pass = call(threads=2, **kw)
        out = np.empty_like(one_pass)
        three = call(out=out, threads=1, **kw)
        np.testing.assert_array_equal(as_bits(fmt, one_pass), as_bits(fmt, three))
