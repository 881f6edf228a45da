"""No call of refmath.ane, refmath.mcu, refmath.tensor or refmath.compare
crashes: for
random shapes (empty and 0-d too) and dtypes, each returns or raises
ValueError / TypeError with a message."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import refmath

DTYPES = [np.float16, np.float32, np.float64, np.int8, np.int16, np.int32,
          np.int64, np.uint16, np.bool_]


@st.composite
def arrays(draw):
    dtype = draw(st.sampled_from(DTYPES))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0,
                                  max_side=5))
    # Small values half the time (so that solvers and layers run through),
    # any value (NaN, infinities, extremes) otherwise.
    kind = np.dtype(dtype).kind
    small = (st.integers(-3, 3).map(float) if kind == "f" else
             st.integers(-3, 3) if kind == "i" else
             st.integers(0, 3) if kind == "u" else None)
    return draw(hnp.arrays(dtype, shape, elements=draw(st.sampled_from(
        [small, None]))))


ane, mcu, rt = refmath.ane, refmath.mcu, refmath.tensor
CALLS = {
    "ane.exp": lambda a, b, c: ane.exp(a),
    "ane.matmul": lambda a, b, c: ane.matmul(a, b, profile="m1"),
    "ane.matmul_exact": lambda a, b, c: ane.matmul(a, b, accumulator="exact",
                                                   tile=3),
    "ane.reduce_sum": lambda a, b, c: ane.reduce_sum(a, axis=0,
                                                     route="matmul"),
    "ane.softmax": lambda a, b, c: ane.softmax(a, axis=-1),
    "ane.fft": lambda a, b, c: ane.fft(a, b, method="staged"),
    "ane.ifft": lambda a, b, c: ane.ifft(a),
    "ane.solve_cg": lambda a, b, c: ane.solve("cg", a, b, iterations=2),
    "ane.solve_lsqr": lambda a, b, c: ane.solve("lsqr", a, b, iterations=2),
    "ane.solve_refine": lambda a, b, c: ane.solve("refine", a, b, x0=c,
                                                  rounds=1, inner=1),
    "ane.compress": lambda a, b, c: ane.compress(a, "auto", gate_input=b),
    "ane.compress_int4": lambda a, b, c: ane.compress(a, "int4"),
    "ane.paired_dot": lambda a, b, c: ane.paired_dot((a, b), (a, c)),
    "ane.paired_from_float64": lambda a, b, c: ane.paired_from_float64(a),
    "mcu.fc_s8": lambda a, b, c: mcu.fc_s8(a, b, [1 << 30], [-1], bias=c),
    "mcu.fc_s16": lambda a, b, c: mcu.fc_s16(a, b, 1 << 30, -3, bias=c),
    "mcu.fc_f32_packed": lambda a, b, c: mcu.fc_f32(a, b, bias=c,
                                                    layout="packed"),
    "mcu.fc_f16_given_packed": lambda a, b, c: mcu.fc_f16(
        a, b, layout="packed", c_out=3),
    "mcu.quantize": lambda a, b, c: mcu.quantize(a, 0.5, type="s16"),
    "mcu.dequantize": lambda a, b, c: mcu.dequantize(a, 0.5, zero_point=1),
    "compare": lambda a, b, c: refmath.compare("erf", a, b),
    "tensor.sum": lambda a, b, c: rt.sum(a, axis=0, out=b),
    "tensor.mean": lambda a, b, c: rt.mean(a, mode="correctly_rounded"),
    "tensor.dot": lambda a, b, c: rt.dot(a, b, out=c, variant="fast"),
    "tensor.matmul": lambda a, b, c: rt.matmul(a, b, out=c, threads=3),
    "tensor.softmax": lambda a, b, c: rt.softmax(a, out=a),
    "tensor.log_softmax": lambda a, b, c: rt.log_softmax(a, out=b),
    "tensor.layer_norm": lambda a, b, c: rt.layer_norm(a, b, c, eps=0),
    "tensor.rms_norm": lambda a, b, c: rt.rms_norm(a, b, out=c),
    "tensor.attention": lambda a, b, c: rt.attention(a, b, c),
    "tensor.attention_mask": lambda a, b, c: rt.attention(a, a, b, c),
}


@pytest.mark.parametrize("name", list(CALLS))
@settings(max_examples=60)
@given(a=arrays(), b=arrays(), c=arrays())
def test_returns_or_raises_a_python_error(name, a, b, c):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            CALLS[name](a, b, c)
        except (ValueError, TypeError) as e:
            assert str(e)


# The TFLite Micro layers take the same draws, fewer of them (their shape
# checks are shared, src/mcu/layer_shapes.h, and the suite's time is
# short).
LAYER_CALLS = {
    "mcu.conv2d": lambda a, b, c: mcu.conv2d(a, b, c, multiplier=1 << 30,
                                             shift=-1, padding="same"),
    "mcu.depthwise_conv2d": lambda a, b, c: mcu.depthwise_conv2d(
        a, b, c, depth_multiplier=2, multiplier=[1 << 30], shift=[-1],
        stride=2),
    "mcu.avg_pool": lambda a, b, c: mcu.avg_pool(a, 2, stride=(2, 1),
                                                 padding="same"),
    "mcu.max_pool": lambda a, b, c: mcu.max_pool(a, (1, 2)),
    "mcu.softmax": lambda a, b, c: mcu.softmax(a, 0.1, type="s16"),
    "mcu.add": lambda a, b, c: mcu.add(a, b, (0.1, 0.2, 0.3), (1, 2, 3)),
    "mcu.mul": lambda a, b, c: mcu.mul(a, b, (0.1, 0.2, 0.3)),
    "mcu.requantize": lambda a, b, c: mcu.requantize(a, 0.3, 0.001,
                                                     type="s16"),
    "mcu.run_model": lambda a, b, c: mcu.run_model(a, [dict(
        op="conv2d", filter=b, bias=c, filter_scales=[0.1], input_scale=0.5,
        output_scale=0.5, activation="relu")]),
}


@pytest.mark.parametrize("name", list(LAYER_CALLS))
@settings(max_examples=15)
@given(a=arrays(), b=arrays(), c=arrays())
def test_layers_return_or_raise_a_python_error(name, a, b, c):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            LAYER_CALLS[name](a, b, c)
        except (ValueError, TypeError) as e:
            assert str(e)


# The same with shapes that fit, so that every call runs through the
# library on arbitrary values (NaN, infinities, extremes, zeros).
def any_values(dtype, shape):
    return hnp.arrays(dtype, shape)


@st.composite
def fitted(draw):
    m, n = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    k = draw(st.integers(1, 6))
    f16 = {s: draw(any_values(np.float16, s)) for s in [(n, n), (m + n, n),
                                                         (n,), (m + n,),
                                                         (m, k), (k,)]}
    return {
        "m": m, "n": n, "k": k, "f16": f16,
        "w": draw(any_values(np.float32, (m, k))),
        "x0": draw(any_values(np.float64, (n,))),
        "s8": (draw(any_values(np.int8, (2, k))),
               draw(any_values(np.int8, (m, k))),
               draw(any_values(np.int32, (m,)))),
        "s16": (draw(any_values(np.int16, (2, k))),
                draw(any_values(np.int32, (m,)))),
        "f32": (draw(any_values(np.float32, (2, k))),
                draw(any_values(np.float32, (m, k))),
                draw(any_values(np.float32, (m,)))),
        "f16fc": (draw(any_values(np.float16, (3, k))),
                  draw(any_values(np.float16, ((m + 7) // 8, k, 8)))),
        "tensor": {"q": draw(any_values(np.float32, (2, k))),
                   "k": draw(any_values(np.float32, (m, k))),
                   "v": draw(any_values(np.float32, (m, n))),
                   "mask": draw(any_values(np.float32, (2, m))),
                   "g": draw(any_values(np.float32, (k,))),
                   "b": draw(any_values(np.float32, (k,)))},
        "mult": draw(st.integers(-2**31, 2**31 - 1)),
        "shift": draw(st.integers(-31, 14)),
    }


FITTED = {
    "solve_cg": lambda d: ane.solve("cg", d["f16"][(d["n"], d["n"])],
                                    d["f16"][(d["n"],)], iterations=3,
                                    refine=1),
    "solve_normal": lambda d: ane.solve("normal", d["f16"][(d["m"] + d["n"],
                                                           d["n"])],
                                        d["f16"][(d["m"] + d["n"],)],
                                        iterations=3, jacobi=False),
    "solve_lsqr": lambda d: ane.solve("lsqr", d["f16"][(d["m"] + d["n"],
                                                       d["n"])],
                                      d["f16"][(d["m"] + d["n"],)],
                                      iterations=3),
    "solve_gmres": lambda d: ane.solve("gmres", d["f16"][(d["n"], d["n"])],
                                       d["f16"][(d["n"],)]),
    "solve_refine": lambda d: ane.solve("refine", d["f16"][(d["n"], d["n"])],
                                        d["f16"][(d["n"],)], x0=d["x0"],
                                        rounds=2, inner=2),
    "compress_auto": lambda d: ane.compress(d["w"], "auto",
                                            gate_input=d["f16"][(d["m"],
                                                                 d["k"])]),
    "compress_sparse": lambda d: ane.compress(d["w"], "sparse",
                                              gate_input=d["f16"][(d["m"],
                                                                   d["k"])]),
    "matmul": lambda d: ane.matmul(d["f16"][(d["m"], d["k"])],
                                   d["f16"][(d["k"],)], profile="m5"),
    "fc_s8": lambda d: mcu.fc_s8(*d["s8"][:2], d["mult"],
                                 max(-31, min(31, d["shift"])),
                                 bias=d["s8"][2], input_zero_point=-128),
    "fc_s16": lambda d: mcu.fc_s16(d["s16"][0], d["s8"][1], d["mult"],
                                   max(-49, d["shift"]), bias=d["s16"][1]),
    "fc_f32": lambda d: mcu.fc_f32(*d["f32"], layout="packed"),
    "fc_f16": lambda d: mcu.fc_f16(*d["f16fc"], layout="packed",
                                   c_out=d["m"]),
    "tensor_sums": lambda d: (rt.sum(d["tensor"]["k"], axis=0),
                              rt.mean(d["tensor"]["k"].T,
                                      mode="correctly_rounded"),
                              rt.dot(d["tensor"]["g"], d["tensor"]["b"],
                                     variant="fast")),
    "tensor_rows": lambda d: (rt.softmax(d["tensor"]["k"][::-1]),
                              rt.log_softmax(d["tensor"]["k"], variant="fast"),
                              rt.layer_norm(d["tensor"]["k"], d["tensor"]["g"],
                                            d["tensor"]["b"], variant="fast"),
                              rt.rms_norm(d["tensor"]["k"].T[::-1].T,
                                          d["tensor"]["g"], eps=0)),
    "tensor_products": lambda d: (
        rt.matmul(d["tensor"]["q"], d["tensor"]["k"].T, threads=2),
        rt.attention(d["tensor"]["q"], d["tensor"]["k"], d["tensor"]["v"],
                     d["tensor"]["mask"], variant="fast")),
}


@pytest.mark.parametrize("name", list(FITTED))
@settings(max_examples=40)
@given(d=fitted())
def test_fitting_shapes_run_on_any_values(name, d):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            FITTED[name](d)
        except ValueError as e:  # e.g. an encoding not offered for NaN
            assert str(e)
