"""The ufuncs return the C API's bits for every shape, stride, memory
order, broadcast and out=/where= combination (property-based), and behave
as NumPy's own ufuncs do at the edges."""
import os
import re
import sys
import threading

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import refmath
from capi_reference import bits, capi, capi_narrow

# The variants this build can run here (a variant the C library declares
# but this build lacks raises ValueError, tested below).
VARIANTS = [v for v in refmath.VARIANTS if refmath.targets(v)]
PAIRS = [(f, v) for v in VARIANTS for f in getattr(refmath, v).__all__]
# The rows of the registry with EXACT = FAST = 0, read from its text.
REGISTRY = os.path.join(os.path.dirname(__file__), "..", "..", "include",
                        "refmath", "functions.def")
CORRECT_ONLY = re.findall(r"^REFMATH_FUNCTION\(\w+, (\w+), \w+, 0, 0, 1,",
                          open(REGISTRY).read(), re.M)
assert len(CORRECT_ONLY) >= 18

# Bit patterns: any float32, with the special values and the functions'
# branch points often enough to matter.
SPECIAL = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000,
           0xFFFFFFFF, 0x7F800001, 0x00000001, 0x807FFFFF, 0x7F7FFFFF,
           0x3F800000, 0xBF800000, 0x42B17218, 0xC2CFF1B4, 0x3F19999A,
           0x3F000000, 0x40B33333, 0xC0B33333]
ELEMENTS = st.one_of(st.integers(0, 2**32 - 1), st.sampled_from(SPECIAL),
                     st.floats(-12, 12, width=32).map(
                         lambda f: int(np.float32(f).view(np.uint32))))


def values(shape):
    return hnp.arrays(np.uint32, shape, elements=ELEMENTS).map(
        lambda a: a.view(np.float32))


@st.composite
def strided_views(draw):
    """A float32 view with any strides (negative too), memory order and
    number of dimensions, 0-d and empty included."""
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0,
                                  max_side=5))
    steps = tuple(draw(st.sampled_from([1, 2, 3, -1, -2])) for _ in shape)
    base_shape = tuple(n * abs(s) for n, s in zip(shape, steps))
    base = draw(values(base_shape))
    if draw(st.booleans()):
        base = np.asfortranarray(base)
    view = base[tuple(slice(None, None, s) for s in steps)]
    if view.ndim > 1 and draw(st.booleans()):
        view = view.transpose(draw(st.permutations(range(view.ndim))))
    return view


@pytest.mark.parametrize("function,variant", PAIRS)
@given(x=strided_views())
def test_any_strides_give_the_c_api_bits(function, variant, x):
    y = getattr(getattr(refmath, variant), function)(x)
    assert y.shape == x.shape and y.dtype == np.float32
    np.testing.assert_array_equal(bits(y), bits(capi(function, variant, x)))


@st.composite
def broadcast_cases(draw):
    """x, a where= mask and an out= array whose shapes broadcast together."""
    shapes = draw(hnp.mutually_broadcastable_shapes(
        num_shapes=2, min_dims=0, max_dims=3, min_side=1, max_side=4))
    (x_shape, mask_shape), out_shape = shapes
    x = draw(values(x_shape))
    mask = draw(hnp.arrays(np.bool_, mask_shape))
    out = draw(values(out_shape))
    if out.ndim > 1 and draw(st.booleans()):
        out = np.asfortranarray(out)
    return x, mask, out


@pytest.mark.parametrize("function,variant", PAIRS)
@given(case=broadcast_cases(), use_where=st.booleans())
def test_broadcast_out_and_where_give_the_c_api_bits(function, variant,
                                                     case, use_where):
    x, mask, out = case
    before = out.copy()
    ufunc = getattr(getattr(refmath, variant), function)
    if use_where:
        result = ufunc(x, out=out, where=mask)
    else:
        mask = np.ones((), bool)
        result = ufunc(x, out=out)
    assert result is out
    full = capi(function, variant, np.broadcast_to(x, out.shape))
    want = np.where(np.broadcast_to(mask, out.shape), bits(full),
                    bits(before))
    np.testing.assert_array_equal(bits(out), want)


def test_every_function_and_variant_is_a_ufunc():
    assert refmath.VARIANTS[:2] == ("exact", "fast")
    for variant in refmath.VARIANTS:
        module = getattr(refmath, variant)
        for function in module.__all__:
            ufunc = getattr(module, function)
            assert isinstance(ufunc, np.ufunc)
            # The correct variant has a float16 loop first (float16 in,
            # float16 out, as NumPy's own ufuncs), the others float32 only.
            loops = ["e->e", "f->f"] if variant == "correct" else ["f->f"]
            assert (ufunc.nin, ufunc.nout, ufunc.types) == (1, 1, loops)
    assert refmath.exp is refmath.exact.exp
    from refmath.fast import gelu_tanh  # a real module
    assert gelu_tanh is refmath.fast.gelu_tanh
    # The nine of the specification in every variant, the correctly
    # rounded libm's in the correct variant alone.
    assert refmath.exact.__all__ == refmath.fast.__all__ == \
        list(refmath.FUNCTIONS[:9])
    assert refmath.correct.__all__ == list(refmath.FUNCTIONS)
    assert list(refmath.FUNCTIONS[9:]) == CORRECT_ONLY


@pytest.mark.parametrize("function", CORRECT_ONLY)
def test_correct_only_functions_are_refused_by_the_other_variants(function):
    # At the top level they are the correctly rounded ufuncs; the exact and
    # fast modules refuse them by name (no fallback to another variant).
    assert getattr(refmath, function) is getattr(refmath.correct, function)
    for variant in ("exact", "fast"):
        with pytest.raises(AttributeError,
                           match="%s is not defined in the %s variant "
                                 r"\(only in: correct" % (function, variant)):
            getattr(getattr(refmath, variant), function)
        with pytest.raises(ImportError):
            exec("from refmath.%s import %s" % (variant, function), {})
    with pytest.raises(AttributeError, match="has no attribute 'nosuch'"):
        refmath.exact.nosuch


def test_hand_computed_values():
    # exp(0) = 1, exp(-inf) = +0, log(1) = +0, tanh(-0) = -0, erf(inf) = 1,
    # sigmoid(0) = 0.5, gelu_erf(0) = 0: exact in binary32.
    x = np.array([0.0, -np.inf], np.float32)
    assert list(bits(refmath.exp(x))) == [0x3F800000, 0x00000000]
    assert bits(refmath.log(np.float32(1.0)))[()] == 0
    assert bits(refmath.tanh(np.float32(-0.0)))[()] == 0x80000000
    assert bits(refmath.erf(np.float32(np.inf)))[()] == 0x3F800000
    assert bits(refmath.sigmoid(np.float32(0)))[()] == 0x3F000000
    assert bits(refmath.gelu_erf(np.float32(0)))[()] == 0


def test_long_strided_runs_cross_the_buffer():
    x = np.linspace(-20, 20, 3 * 5000 + 1, dtype=np.float32)
    for variant in VARIANTS:
        for step in (3, -7):
            y = getattr(refmath, variant).tanh(x[::step])
            np.testing.assert_array_equal(
                bits(y), bits(capi("tanh", variant, x[::step])))


def test_zero_d_and_empty():
    y = refmath.exp(np.float32(2.0))
    assert isinstance(y, np.float32)
    assert bits(np.asarray(y)) == bits(capi("exp", "exact", np.float32(2.0)))
    assert refmath.exp(np.ones((0, 3), np.float32)).shape == (0, 3)


def test_every_target_gives_the_same_bits():
    x = np.random.default_rng(5).uniform(-9, 9, 3001).astype(np.float32)
    for variant in VARIANTS:
        ufunc = getattr(refmath, variant).gelu_tanh
        want = bits(capi("gelu_tanh", variant, x))
        for target in refmath.targets(variant):
            with refmath.target(target):
                assert refmath.get_target() == target
                np.testing.assert_array_equal(bits(ufunc(x[::-1])[::-1]), want)
        assert refmath.get_target() == "best"


def test_pinned_target_without_the_variant_raises_the_c_message():
    # A target pinned for one variant that another cannot run on (fast on
    # ssse3/sse4 on x86: no FMA) raises the C message for that variant.
    x = np.ones(4, np.float32)
    for variant in VARIANTS:
        ufunc = getattr(refmath, variant).exp
        for t in refmath.targets("exact"):
            with refmath.target(t):
                if t in refmath.targets(variant):
                    np.testing.assert_array_equal(
                        bits(ufunc(x)), bits(capi("exp", variant, x)))
                else:
                    with pytest.raises(ValueError, match="target not built"):
                        ufunc(x)


def test_bad_targets_are_value_errors():
    with pytest.raises(ValueError, match="unknown target 'avx9'"):
        refmath.set_target("avx9")
    other = "neon" if "avx2" in refmath.targets() else "avx2"
    with pytest.raises(ValueError, match="not built"):
        refmath.set_target(other)
    assert refmath.get_target() == "best"


def test_wrong_argument_types_are_plain_type_errors():
    """Not the extension's signature dump: the call and the argument."""
    for call in (lambda: refmath.set_target(None), lambda: refmath.targets(3),
                 lambda: refmath.target(None).__enter__()):
        with pytest.raises(TypeError, match="must be a str, got") as e:
            call()
        assert "incompatible function arguments" not in str(e.value)


def test_pickled_ufuncs_keep_their_variant():
    import pickle
    for variant in refmath.VARIANTS:
        u = getattr(getattr(refmath, variant), "exp")
        assert pickle.loads(pickle.dumps(u)) is u
        assert "\n\nrefmath %s exp of float32 values" % variant in u.__doc__


def test_the_target_is_per_thread():
    seen = []
    with refmath.target(refmath.targets()[0]):
        t = threading.Thread(target=lambda: seen.append(refmath.get_target()))
        t.start()
        t.join()
    assert seen == ["best"]


def test_input_types():
    # float16 and small integers cast exactly (NumPy's "safe" casts).
    h = np.array([0.5, -3.0, 65504.0], np.float16)
    np.testing.assert_array_equal(bits(refmath.exp(h)),
                                  bits(capi("exp", "exact", h)))
    i = np.array([0, 1, -2], np.int16)
    np.testing.assert_array_equal(bits(refmath.exp(i)),
                                  bits(capi("exp", "exact", i)))
    # float64 and wide integers would round: refused unless asked for.
    for bad in (np.array([1.0]), np.array([1], np.int64), 1.0):
        with pytest.raises(TypeError, match=r"x\.astype\(numpy\.float32\) does it on purpose"):
            refmath.exp(bad)
    d = np.array([0.1, -2.5])
    np.testing.assert_array_equal(
        bits(refmath.exp(d, dtype=np.float32)),
        bits(capi("exp", "exact", d.astype(np.float32))))
    # A float64 out= receives the float32 results exactly (a safe cast).
    wide = refmath.exp(h, out=np.empty(3))
    np.testing.assert_array_equal(bits(wide.astype(np.float32)),
                                  bits(capi("exp", "exact", h)))


def test_read_only_out_and_overlap_behave_as_numpy():
    x = np.linspace(-2, 2, 50, dtype=np.float32)
    ro = np.empty_like(x)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        refmath.exp(x, out=ro)
    with pytest.raises(ValueError, match="read-only"):
        np.exp(x, out=ro)
    # In place, and shifted overlap: as if the input were copied first.
    a = x.copy()
    refmath.erf(a, out=a)
    np.testing.assert_array_equal(bits(a), bits(capi("erf", "exact", x)))
    b = x.copy()
    refmath.erf(b[:-1], out=b[1:])
    np.testing.assert_array_equal(bits(b[1:]),
                                  bits(capi("erf", "exact", x[:-1])))
    assert bits(b[:1]) == bits(x[:1])


def shifted_cases():
    """(input view, output view) pairs of one buffer, overlapping each way:
    contiguous and strided, by one element and by several."""
    def views(n, make):
        return lambda: make(np.linspace(-3, 3, n, dtype=np.float32))
    return [
        ("out before in", views(8, lambda z: (z, z[1:], z[:-1]))),
        ("out after in", views(8, lambda z: (z, z[:-1], z[1:]))),
        ("out 3 before in, long", views(5000, lambda z: (z, z[3:], z[:-3]))),
        ("out 3 after in, long", views(5000, lambda z: (z, z[:-3], z[3:]))),
        ("strided, out before", views(64, lambda z: (z, z[2::2], z[:-2:2]))),
        ("strided, out after", views(64, lambda z: (z, z[:-2:2], z[2::2]))),
        ("reversed", views(64, lambda z: (z, z[::-1][1:], z[:-1]))),
    ]


@pytest.mark.parametrize("name,make", shifted_cases(), ids=lambda c: c if isinstance(c, str) else "")
@pytest.mark.parametrize("use_where", [False, True])
def test_overlapping_out_is_as_if_the_input_were_copied(name, make, use_where):
    """NumPy's rule for out= sharing memory with the input, in both
    directions: the result is that of a copy of the input taken first."""
    z, inp, out = make()
    want_in = inp.copy()
    where = (np.arange(inp.size) % 3 != 1) if use_where else True
    before = out.copy()
    refmath.exp(inp, out=out, where=where)
    want = capi("exp", "exact", np.ascontiguousarray(want_in))
    want = np.where(where, want, before)
    np.testing.assert_array_equal(bits(out), bits(want.astype(np.float32)), err_msg=name)


def test_the_gil_is_released_in_the_loop():
    # With a switch interval of 1000 s the interpreter never takes the GIL
    # from a running thread: the waiting thread can run only if the ufunc's
    # loop lets go of it.
    x = np.ones(1 << 22, np.float32)
    go, ran = threading.Event(), []
    worker = threading.Thread(target=lambda: (go.wait(), ran.append(1)))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        worker.start()
        go.set()  # the worker now waits for the GIL only
        for _ in range(200):
            refmath.exp(x)
            if ran:
                break
        assert ran, "no other thread ran during 200 ufunc calls"
    finally:
        sys.setswitchinterval(interval)
        worker.join()


ALL_PATTERNS = np.arange(65536, dtype=np.uint32).astype(np.uint16)


@pytest.mark.parametrize("function", list(refmath.correct.__all__))
def test_narrow_formats_equal_the_c_api(function):
    # float16 through the correct variant's ufunc, bfloat16 through
    # refmath.bfloat16: the C API's bits for every pattern, also strided,
    # reversed in place and under where=.
    h = ALL_PATTERNS.view(np.float16)
    want16 = capi_narrow(function, "binary16", ALL_PATTERNS)
    got = getattr(refmath.correct, function)(h)
    assert got.dtype == np.float16
    np.testing.assert_array_equal(got.view(np.uint16), want16)
    np.testing.assert_array_equal(
        getattr(refmath.correct, function)(h[::-3]).view(np.uint16),
        want16[::-3])
    want_bf = capi_narrow(function, "bfloat16", ALL_PATTERNS)
    bf = getattr(refmath.bfloat16, function)
    got_bf = bf(ALL_PATTERNS)
    assert got_bf.dtype == np.uint16
    np.testing.assert_array_equal(got_bf, want_bf)
    z = ALL_PATTERNS.copy()
    bf(z[::-1], out=z[::-1])
    np.testing.assert_array_equal(z, want_bf)
    out = np.full(65536, 7, np.uint16)
    mask = (ALL_PATTERNS % 3) == 0
    bf(ALL_PATTERNS, out=out, where=mask)
    np.testing.assert_array_equal(out, np.where(mask, want_bf, 7))


def test_narrow_formats_round_once():
    # cbrt(2.658203125): the binary16 nearest is 0x3D8B; the float32
    # result rounded to float16 again is 0x3D8A.
    x = np.array([2.658203125], np.float16)
    assert refmath.correct.cbrt(x).view(np.uint16)[0] == 0x3D8B
    assert refmath.correct.cbrt(x.astype(np.float32)).astype(
        np.float16).view(np.uint16)[0] == 0x3D8A
    # The exact and fast variants have no float16 loop: float32 results.
    assert refmath.exact.exp(x).dtype == np.float32
    with pytest.raises(TypeError, match="bfloat16 bit patterns as uint16"):
        refmath.bfloat16.exp(np.float32([1.0]))
    assert refmath.bfloat16.__all__ == refmath.correct.__all__


def test_sincos_is_sin_and_cos():
    # sin 1 and cos 1 by mpmath, rounded to binary32; then the pair equals
    # the two ufuncs' bits for float32 arrays of any shape and for float16.
    s, c = refmath.sincos(np.float32(1.0))
    assert (int(bits(s)), int(bits(c))) == (0x3F576AA4, 0x3F0A5140)
    x = np.arange(-4096, 4096, dtype=np.int32).astype(np.float32).reshape(64, 128) * 1.5e3
    s, c = refmath.sincos(x)
    np.testing.assert_array_equal(s.view(np.uint32), refmath.correct.sin(x).view(np.uint32))
    np.testing.assert_array_equal(c.view(np.uint32), refmath.correct.cos(x).view(np.uint32))
    h = x.astype(np.float16)
    s, c = refmath.correct.sincos(h)
    assert s.dtype == np.float16 and c.dtype == np.float16
    np.testing.assert_array_equal(s.view(np.uint16), refmath.sin(h).view(np.uint16))
    np.testing.assert_array_equal(c.view(np.uint16), refmath.cos(h).view(np.uint16))
