"""refmath.mcu equals `refmath mcu ...` on the same inputs, bit for bit;
quantize and dequantize also against hand-computed values."""
import numpy as np
import pytest

import refmath
from cli import run_cli

RNG = np.random.default_rng(55)


def same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, b.dtype,
                                                       a.shape, b.shape)
    np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))


def cli_out(tmp_path, args, inputs):
    argv = list(args)
    for option, array in inputs.items():
        path = tmp_path / (option + ".npy")
        np.save(path, array)
        argv += ["--" + option, path]
    run_cli("mcu", *argv, "--out", tmp_path / "out.npy")
    return np.load(tmp_path / "out.npy")


TABLES = [
    ("logistic_s8", {"input_scale": 0.0625, "input_zero_point": 0}),
    ("logistic_s8", {"input_scale": 0.1, "input_zero_point": -10}),
    ("tanh_s8", {"input_scale": 0.0078125, "input_zero_point": -128}),
    ("tanh_s8", {"input_scale": 0.03, "input_zero_point": 5}),
    ("sigmoid_s16", {"input_scale": 0.001}),
    ("sigmoid_s16", {"input_multiplier": 24576, "input_left_shift": 16}),
    ("tanh_s16", {"input_scale": 0.000030517578125}),
    ("tanh_s16", {"input_multiplier": 25165, "input_left_shift": 11}),
]


@pytest.mark.parametrize("op,params", TABLES)
@pytest.mark.parametrize("ideal", [False, True])
def test_tables(tmp_path, op, params, ideal):
    argv = ["table", "--op", op]
    for k, v in params.items():
        argv += ["--" + k.replace("_", "-"), str(v)]
    if ideal:
        argv.append("--ideal")
    got = refmath.mcu.table(op, ideal=ideal, **params)
    same(got, cli_out(tmp_path, argv, {}))
    assert got.shape == ((65536,) if op.endswith("16") else (256,))


def ints(shape, lo, hi, dtype):
    return RNG.integers(lo, hi + 1, shape).astype(dtype)


@pytest.mark.parametrize("per_channel", [False, True])
def test_fc_s8(tmp_path, per_channel):
    x, w = ints((2, 3, 10), -128, 127, np.int8), ints((5, 10), -128, 127, np.int8)
    bias = ints(5, -5000, 5000, np.int32)
    m = ints(5 if per_channel else 1, 1 << 29, (1 << 31) - 1, np.int64)
    s = ints(5 if per_channel else 1, -12, -6, np.int64)
    argv = ["fc", "--type", "s8", "--multiplier", ",".join(map(str, m)),
            "--shift", ",".join(map(str, s)), "--input-zero-point", "3",
            "--weight-zero-point", "-1", "--output-zero-point", "-7",
            "--act-min", "-100", "--act-max", "90"]
    want = cli_out(tmp_path, argv, {"input": x, "weights": w, "bias": bias})
    got = refmath.mcu.fc_s8(x, w, m, s, bias=bias, input_zero_point=3,
                            weight_zero_point=-1, output_zero_point=-7,
                            act_min=-100, act_max=90)
    same(got, want)
    assert got.shape == (2, 3, 5)


def test_fc_s16(tmp_path):
    x, w = ints((4, 12), -32768, 32767, np.int16), ints((3, 12), -127, 127, np.int8)
    bias = ints(3, -10**9, 10**9, np.int64)
    argv = ["fc", "--type", "s16", "--multiplier", "1518500250",
            "--shift", "-14"]
    want = cli_out(tmp_path, argv, {"input": x, "weights": w, "bias": bias})
    same(refmath.mcu.fc_s16(x, w, 1518500250, -14, bias=bias), want)


# (half, layout, legacy): the legacy kernel is f16's only.
@pytest.mark.parametrize("half,layout,legacy", [
    (False, "standard", False), (False, "packed", False),
    (True, "standard", False), (True, "standard", True),
    (True, "packed", False)])
def test_fc_float(tmp_path, half, layout, legacy):
    t = np.float16 if half else np.float32
    x = RNG.standard_normal((3, 17)).astype(t)
    w = RNG.standard_normal((9, 17)).astype(t)
    bias = RNG.standard_normal(9).astype(t)
    argv = ["fc", "--type", "f16" if half else "f32", "--layout", layout,
            "--act-min", "-2.5", "--act-max", "3"]
    if legacy:
        argv.append("--legacy")
    want = cli_out(tmp_path, argv, {"input": x, "weights": w, "bias": bias})
    fc = refmath.mcu.fc_f16 if half else refmath.mcu.fc_f32
    kwargs = {"legacy": True} if legacy else {}
    same(fc(x, w, bias=bias, layout=layout, act_min=-2.5, act_max=3,
            **kwargs), want)


def test_fc_given_packed_weights(tmp_path):
    x = RNG.standard_normal((2, 6)).astype(np.float32)
    packed = RNG.standard_normal((2, 6, 4)).astype(np.float32)  # c_out 7
    want = cli_out(tmp_path, ["fc", "--type", "f32", "--layout", "packed",
                              "--c-out", "7"], {"input": x, "weights": packed})
    same(refmath.mcu.fc_f32(x, packed, layout="packed", c_out=7), want)


@pytest.mark.parametrize("type_,rule", [("s8", "tflm"), ("s8", "mve"),
                                        ("s16", "tflm"), ("s16", "mve")])
def test_quantize_and_dequantize(tmp_path, type_, rule):
    x = (RNG.standard_normal((4, 50)) * 40).astype(np.float32)
    x[0, :4] = [np.nan, np.inf, -np.inf, -0.0]
    want = cli_out(tmp_path, ["quantize", "--scale", "0.3", "--zero-point",
                              "-3", "--type", type_, "--rule", rule],
                   {"in": x})
    q = refmath.mcu.quantize(x, 0.3, zero_point=-3, type=type_, rule=rule)
    same(q, want)
    for flush in (False, True):
        argv = ["dequantize", "--scale", "1e-40", "--zero-point", "2"]
        want = cli_out(tmp_path, argv + (["--flush-subnormal"] if flush
                                         else []), {"in": q})
        same(refmath.mcu.dequantize(q, 1e-40, zero_point=2,
                                    flush_subnormal=flush), want)


def test_quantize_hand_computed():
    x = np.float32([0.5, 1.25, -1.25, 1000.0, -3.0])
    # tflm: x / 0.5 rounded half away from zero; mve: half to even.
    assert list(refmath.mcu.quantize(x, 0.5)) == [1, 3, -3, 127, -6]
    assert list(refmath.mcu.quantize(x, 0.5, rule="mve")) == [1, 2, -2, 127,
                                                              -6]
    assert list(refmath.mcu.quantize(x, 0.5, type="s16")) == [1, 3, -3, 2000,
                                                              -6]
    d = refmath.mcu.dequantize(np.int8([1, -2, 127]), 0.25, zero_point=1)
    assert d.dtype == np.float32 and list(d) == [0.0, -0.75, 31.5]


# DEQUANTIZE from float16: the exact widening, bits by hand (1.0, the
# least subnormal 2^-24, -0, 65504, -inf, a signalling NaN whose payload
# and quiet bit are kept), the shape kept, the CLI's bits; no scale.
def test_dequantize_float16(tmp_path):
    h = np.array([[0x3C00, 0x0001, 0x8000], [0x7BFF, 0xFC00, 0x7D00]],
                 np.uint16).view(np.float16)
    want = [[0x3F800000, 0x33800000, 0x80000000],
            [0x477FE000, 0xFF800000, 0x7FA00000]]
    x = refmath.mcu.dequantize(h)
    assert x.dtype == np.float32 and x.shape == (2, 3)
    assert x.view(np.uint32).tolist() == want
    cli = cli_out(tmp_path, ["dequantize"], {"in": h})
    assert cli.view(np.uint32).tolist() == want
    with pytest.raises(ValueError, match="takes no scale"):
        refmath.mcu.dequantize(h, 0.5)
    with pytest.raises(ValueError, match="needs its scale"):
        refmath.mcu.dequantize(np.int8([1]))
    np.save(tmp_path / "h.npy", h)
    bad = run_cli("mcu", "dequantize", "--in", tmp_path / "h.npy", "--scale",
                  0.5, "--out", tmp_path / "bad.npy", ok=(2,))
    assert "takes no --scale" in bad.stderr
    assert not (tmp_path / "bad.npy").exists()


def test_errors_are_python_exceptions():
    with pytest.raises(ValueError, match="unknown op"):
        refmath.mcu.table("relu_s8", input_scale=1, input_zero_point=0)
    with pytest.raises(ValueError, match="input_zero_point"):
        refmath.mcu.table("logistic_s8", input_scale=1, input_zero_point=300)
    with pytest.raises(ValueError, match="zero point 0"):
        refmath.mcu.table("tanh_s16", input_scale=1, input_zero_point=1)
    with pytest.raises(ValueError, match="positive"):
        refmath.mcu.quantize(np.ones(2, np.float32), -1)
    with pytest.raises(TypeError, match="float64"):
        refmath.mcu.quantize(np.ones(2), 1)
    x, w = np.ones((1, 4), np.int8), np.ones((2, 4), np.int8)
    with pytest.raises(ValueError, match="do not fit"):
        refmath.mcu.fc_s8(x, np.ones((2, 3), np.int8), 1 << 30, 0)
    with pytest.raises(ValueError, match="1 or C_OUT"):
        refmath.mcu.fc_s8(x, w, [1, 2, 3], [0, 0, 0])
    with pytest.raises(ValueError, match="bias"):
        refmath.mcu.fc_s8(x, w, 1, 0, bias=np.ones(3, np.int32))
    with pytest.raises(ValueError, match="act_min"):
        refmath.mcu.fc_f32(np.ones((1, 4), np.float32),
                           np.ones((2, 4), np.float32), act_min=np.nan)
    with pytest.raises(ValueError, match="legacy"):
        refmath.mcu.fc_f16(np.ones((1, 4), np.float16),
                           np.ones((2, 4), np.float16), layout="packed",
                           legacy=True)


# TFLite's QuantizeMultiplier worked by hand: real = f 2^e with f in
# [0.5, 1), multiplier = round(f 2^31) half away from zero, shift = e.
@pytest.mark.parametrize("real,want", [
    (1.0, (1 << 30, 1)),                # 0.5 * 2^1
    (0.5, (1 << 30, 0)),
    (0.75, (1610612736, 0)),            # 0.75 * 2^31
    (3.0, (1610612736, 2)),
    (1 - 2.0**-33, (1 << 30, 1)),       # rounds up to 2^31: halved
    (2.0**-40, (0, 0)),                 # shift -39 < -31
    (0.0, (0, 0)),
])
def test_quantize_multiplier_by_hand(real, want):
    assert refmath.mcu.quantize_multiplier(real) == want


def test_conv_and_fc_requant():
    m, s = refmath.mcu.conv_requant(0.5, [0.25, 0.125], 0.5)
    same(m, np.array([1 << 30, 1 << 30], np.int32))
    same(s, np.array([-1, -2], np.int32))
    # The fully connected layer rounds input_scale * filter_scale to
    # binary32 first: for these scales (binary32 numbers) that gives
    # 1969211644 where the binary64 product would give 1969211717.
    a, b, c = (float.fromhex(h) for h in
               ("0x1.925dcep-6", "0x1.c190f6p-5", "0x1.814926p-2"))
    assert refmath.mcu.fc_requant(a, b, c) == (1969211644, -8)
    m, s = refmath.mcu.conv_requant(a, [b], c)
    same(m, np.array([1969211717], np.int32))
    with pytest.raises(ValueError, match="finite"):
        refmath.mcu.quantize_multiplier(float("nan"))
    with pytest.raises(ValueError, match="filter_scales"):
        refmath.mcu.conv_requant(0.5, [], 0.5)
    with pytest.raises(ValueError, match="positive"):
        refmath.mcu.fc_requant(0.5, -1.0, 0.5)


# The whole-model layers, against an independent NumPy port of TFLite
# Micro's arithmetic written from docs/mcu.md (conformance/mcu/tflm_port.py).
import os  # noqa: E402
import sys  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "mcu"))
import tflm_port as port  # noqa: E402

mcu = refmath.mcu


def same_values(got, want, dtype):
    """got (of dtype) holds the port's values, element for element."""
    got = np.asarray(got)
    assert got.dtype == dtype, got.dtype
    np.testing.assert_array_equal(got.astype(np.int64),
                                  np.asarray(want, np.int64))


def requant_draw(c_out, lo=-10, hi=-5):
    return (ints(c_out, 1 << 30, (1 << 31) - 1, np.int64),
            ints(c_out, lo, hi, np.int64))


# (input shape, filter shape, stride, dilation, padding, per channel, zps)
CONVS = [
    ((1, 7, 6, 3), (4, 3, 3, 3), (1, 1), (1, 1), "same", True, (5, -3)),
    ((2, 9, 8, 4), (6, 3, 2, 4), (2, 1), (1, 2), "valid", True, (-128, 7)),
    ((1, 8, 8, 4), (6, 3, 3, 2), (2, 2), (2, 1), "same", False, (0, 0)),
    ((1, 10, 5, 1), (8, 10, 4, 1), (2, 2), (1, 1), "same", True, (12, -1)),
]


@pytest.mark.parametrize("xs,fs,stride,dil,pad,per_channel,zps", CONVS)
def test_conv2d_s8(xs, fs, stride, dil, pad, per_channel, zps):
    x, w = ints(xs, -128, 127, np.int8), ints(fs, -127, 127, np.int8)
    bias = ints(fs[0], -3000, 3000, np.int32)
    m, s = requant_draw(fs[0] if per_channel else 1)
    got = mcu.conv2d(x, w, bias, multiplier=m, shift=s,
                     input_zero_point=zps[0], output_zero_point=zps[1],
                     stride=stride, dilation=dil, padding=pad, act_min=-100,
                     act_max=110)
    want = port.conv2d(x, w, bias, m, s, zps[0], zps[1], stride, dil, pad,
                       -100, 110)
    same_values(got, want, np.int8)


def test_conv2d_from_scales():
    x, w = ints((1, 5, 5, 2), -128, 127, np.int8), ints((3, 3, 3, 2), -127,
                                                         127, np.int8)
    scales = [0.011, 0.0042, 0.025]
    got = mcu.conv2d(x, w, input_scale=0.05, filter_scales=scales,
                     output_scale=0.2, input_zero_point=-4, padding="same")
    m, s = port.conv_requant(0.05, scales, 0.2)
    same_values(got, port.conv2d(x, w, None, m, s, -4, 0, padding="same"),
                np.int8)


@pytest.mark.parametrize("bias_type", [None, np.int32, np.int64])
def test_conv2d_s16(bias_type):
    x, w = ints((1, 6, 5, 3), -32768, 32767, np.int16), ints((4, 3, 3, 3),
                                                              -127, 127,
                                                              np.int8)
    bias = None if bias_type is None else ints(4, -50000, 50000, bias_type)
    m, s = requant_draw(4, -14, -10)
    got = mcu.conv2d(x, w, bias, multiplier=m, shift=s, stride=2,
                     padding="same", act_min=-30000)
    want = port.conv2d(x, w, bias, m, s, stride=(2, 2), padding="same",
                       lo=-30000, hi=32767, acc64=bias_type == np.int64)
    same_values(got, want, np.int16)


@pytest.mark.parametrize("xs,fs,dm,stride,pad", [
    ((1, 7, 7, 3), (1, 3, 3, 3), 1, (1, 1), "same"),
    ((2, 8, 6, 2), (1, 3, 2, 6), 3, (2, 1), "valid"),
    ((1, 5, 25, 4), (1, 3, 3, 4), 1, (2, 2), "same"),
])
def test_depthwise_conv2d(xs, fs, dm, stride, pad):
    x, w = ints(xs, -128, 127, np.int8), ints(fs, -127, 127, np.int8)
    bias = ints(fs[3], -3000, 3000, np.int32)
    m, s = requant_draw(fs[3])
    got = mcu.depthwise_conv2d(x, w, bias, depth_multiplier=dm, multiplier=m,
                               shift=s, input_zero_point=-9,
                               output_zero_point=3, stride=stride,
                               padding=pad)
    want = port.depthwise_conv2d(x, w, bias, m, s, dm, -9, 3, stride, (1, 1),
                                 pad)
    same_values(got, want, np.int8)
    x16 = ints(xs, -32768, 32767, np.int16)
    b64 = ints(fs[3], -10**6, 10**6, np.int64)
    m, s = requant_draw(fs[3], -15, -12)
    got = mcu.depthwise_conv2d(x16, w, b64, depth_multiplier=dm,
                               multiplier=m, shift=s, stride=stride,
                               padding=pad)
    want = port.depthwise_conv2d(x16, w, b64, m, s, dm, stride=stride,
                                 padding=pad, lo=-32768, hi=32767, acc64=True)
    same_values(got, want, np.int16)


@pytest.mark.parametrize("size,stride,pad", [((3, 3), (2, 2), "same"),
                                             ((2, 3), (1, 2), "valid"),
                                             ((25, 5), (1, 1), "valid")])
def test_pooling(size, stride, pad):
    x = ints((2, 25, 5, 3) if size[0] == 25 else (2, 7, 8, 3), -128, 127,
             np.int8)
    got = mcu.avg_pool(x, size, stride=stride, padding=pad, act_min=-120)
    same_values(got, port.avg_pool(x, *size, stride, pad, lo=-120), np.int8)
    got = mcu.max_pool(x, size, stride=stride, padding=pad, act_max=100)
    same_values(got, port.max_pool(x, *size, stride, pad, hi=100), np.int8)


def test_avg_pool_rounds_halves_away():
    # (-3)/2 -> -2, 7/2 -> 4, -1/3 -> 0 (docs/mcu.md, Pooling).
    x = np.int8([-1, -2, 3, 4]).reshape(1, 1, 4, 1)
    assert mcu.avg_pool(x, (1, 2), stride=(1, 2)).ravel().tolist() == [-2, 4]
    x = np.int8([-1, 0, 0]).reshape(1, 1, 3, 1)
    assert mcu.avg_pool(x, (1, 3)).ravel().tolist() == [0]


@pytest.mark.parametrize("scale,beta", [(0.0625, 1.0), (0.1, 1.0),
                                        (0.25, 0.5)])
def test_softmax(scale, beta):
    x = ints((3, 2, 12), -128, 127, np.int8)
    x[0, 0] = 7  # equal inputs
    same_values(mcu.softmax(x, scale, beta=beta),
                port.softmax(x, beta, scale, 8), np.int8)
    same_values(mcu.softmax(x, scale, beta=beta, type="s16"),
                port.softmax(x, beta, scale, 16), np.int16)


def test_softmax_equal_inputs():
    # 256 / n - 128 for n equal inputs; 512 of them fail TFLite's check.
    for n, want in [(2, 0), (3, -43), (511, -127)]:
        assert set(mcu.softmax(np.zeros(n, np.int8), 0.1)) == {want}
    with pytest.raises(ValueError, match="512"):
        mcu.softmax(np.zeros(512, np.int8), 0.1)


@pytest.mark.parametrize("scales,zps", [((1 / 16, 1 / 16, 1 / 8), (0, 0, 0)),
                                        ((0.02, 0.05, 0.07), (-3, 10, 4)),
                                        ((0.5, 0.003, 0.01), (-128, 0, -20))])
def test_add_and_mul(scales, zps):
    a, b = ints((4, 33), -128, 127, np.int8), ints((4, 33), -128, 127,
                                                   np.int8)
    args = (scales[0], zps[0], scales[1], zps[1], scales[2], zps[2])
    same_values(mcu.add(a, b, scales, zps, act_min=-110),
                port.add(a, b, *args, lo=-110), np.int8)
    same_values(mcu.mul(a, b, scales, zps), port.mul(a, b, *args), np.int8)


def test_add_worked_example():
    # scales 1/16, 1/16 -> 1/8: 3 + 4 is 3.5 output units, rounded to 4.
    assert mcu.add(np.int8([3]), np.int8([4]), (1 / 16, 1 / 16, 1 / 8))[0] == 4


@pytest.mark.parametrize("dtype,type_,zps", [
    (np.int8, "s8", (3, -7)), (np.int16, "s8", (0, 0)),
    (np.int8, "s16", (-128, 100)), (np.int32, "s32", (1000, -5))])
def test_requantize(dtype, type_, zps):
    info = np.iinfo(dtype)
    x = ints(200, max(info.min, -10**6), min(info.max, 10**6), dtype)
    bits = {"s8": 8, "s16": 16, "s32": 32}[type_]
    got = mcu.requantize(x, 0.037, 0.011, input_zero_point=zps[0],
                         output_zero_point=zps[1], type=type_)
    want = port.requantize(x, 0.037, zps[0], 0.011, zps[1], bits)
    same_values(got, want, {8: np.int8, 16: np.int16, 32: np.int32}[bits])
    # 0.25 to 1: 6 -> 2 (1.5 away from zero), -2 -> -1.
    assert mcu.requantize(np.int8([6, -2]), 0.25, 1.0).tolist() == [2, -1]


# `refmath mcu requantize` gives the port's bits too, and refuses a zero
# point outside its type and a ratio that does not quantize.
def test_requantize_cli(tmp_path):
    x = ints(200, -30000, 30000, np.int16)
    cli = cli_out(tmp_path, ["requantize", "--input-scale", 0.037,
                             "--input-zero-point", 7, "--output-scale", 0.011,
                             "--output-zero-point", -3, "--type", "s8"],
                  {"input": x})
    same_values(cli, port.requantize(x, 0.037, 7, 0.011, -3, 8), np.int8)
    np.save(tmp_path / "x8.npy", np.int8([1]))
    for extra, why in ((["--input-zero-point", 200], "--input-zero-point"),
                       (["--output-scale", 1e-30], "does not quantize"),
                       (["--type", "s4"], "unknown --type")):
        argv = ["mcu", "requantize", "--input", tmp_path / "x8.npy",
                "--input-scale", 1, "--output-scale", 1, "--out",
                tmp_path / "bad.npy"]
        if extra[0] in argv:
            argv[argv.index(extra[0]) + 1] = extra[1]
        else:
            argv += extra
        bad = run_cli(*argv, ok=(2,))
        assert why in bad.stderr, bad.stderr
        assert not (tmp_path / "bad.npy").exists()


def test_layer_errors():
    x, w = np.zeros((1, 4, 4, 2), np.int8), np.zeros((3, 3, 3, 2), np.int8)
    with pytest.raises(ValueError, match="4-D"):
        mcu.conv2d(x[0], w, multiplier=1, shift=0)
    with pytest.raises(ValueError, match="must divide"):
        mcu.conv2d(x, np.zeros((3, 3, 3, 3), np.int8), multiplier=1, shift=0)
    with pytest.raises(ValueError, match="bias"):
        mcu.conv2d(x, w, np.zeros(2, np.int32), multiplier=1, shift=0)
    with pytest.raises(ValueError, match="padding"):
        mcu.conv2d(x, w, multiplier=1, shift=0, padding="full")
    with pytest.raises(ValueError, match="no valid output"):
        mcu.conv2d(x, np.zeros((3, 5, 5, 2), np.int8), multiplier=1, shift=0)
    with pytest.raises(ValueError, match="1 or C_OUT"):
        mcu.conv2d(x, w, multiplier=[1, 2], shift=[0, 0])
    with pytest.raises(ValueError, match="filter_scales"):
        mcu.conv2d(x, w, multiplier=1)
    with pytest.raises(TypeError, match="float32"):
        mcu.conv2d(x.astype(np.float32), w, multiplier=1, shift=0)
    with pytest.raises(ValueError, match="zero point 0"):
        mcu.conv2d(x.astype(np.int16), w, multiplier=1, shift=0,
                   input_zero_point=1)
    with pytest.raises(ValueError, match=r"\[1, KH, KW"):
        mcu.depthwise_conv2d(x, w, multiplier=1, shift=0)
    with pytest.raises(ValueError, match="act_min"):
        mcu.max_pool(x, 2, act_min=10, act_max=0)
    with pytest.raises(ValueError, match="same shape"):
        mcu.add(np.int8([1, 2]), np.int8([1]), (1, 1, 1))
    with pytest.raises(ValueError, match="below 1"):
        mcu.add(np.int8([1]), np.int8([1]), (1, 1, 1e-9))
    with pytest.raises(ValueError, match="exceed 1"):
        mcu.softmax(np.int8([1]), 1e-10)
    with pytest.raises(ValueError, match="unknown type"):
        mcu.requantize(np.int8([1]), 1, 1, type="s4")


# LOGISTIC and TANH on tensors: every element is the op's table entry for
# its value (int8: the 256-entry table at q + 128; int16: the 65536-entry
# one at q + 32768), the shape is kept, the CLI gives the same bits; and
# values by hand: logistic(0) = 1/2 is 0 at scale 1/256 and zero point
# -128, 16384 at 2^-15; tanh(0) = 0; logistic(-8) = 3.4e-4 rounds to the
# least output.
def test_logistic_and_tanh_on_tensors(tmp_path):
    rng = np.random.default_rng(5)
    cases = [("logistic", "logistic_s8", 0.0625, -3), ("tanh", "tanh_s8", 0.03, 5),
             ("logistic", "sigmoid_s16", 0.001, 0), ("tanh", "tanh_s16", 0.0003, 0)]
    for name, op, scale, zp in cases:
        s8 = op.endswith("s8")
        kw = dict(input_scale=scale, input_zero_point=zp) if s8 else dict(
            input_scale=scale)
        table = mcu.table(op, **kw)
        lo = -128 if s8 else -32768
        x = rng.integers(lo, -lo, (3, 5, 7)).astype(np.int8 if s8 else np.int16)
        y = getattr(mcu, name)(x, scale, zp)
        assert y.dtype == x.dtype and y.shape == x.shape
        same_values(y, table[x.astype(np.int64) - lo], x.dtype.type)
        cli = cli_out(tmp_path, [name, "--input-scale", scale,
                                 "--input-zero-point", zp], {"input": x})
        same_values(cli, y, x.dtype.type)
    assert mcu.logistic(np.int8([0, -128]), 0.0625).tolist() == [0, -128]
    assert mcu.logistic(np.int16([0]), 0.001).tolist() == [16384]
    assert mcu.tanh(np.int8([0]), 0.0625).tolist() == [0]
    assert mcu.tanh(np.int16([0]), 0.001).tolist() == [0]
    with pytest.raises(ValueError, match="int16 input's zero point is 0"):
        mcu.logistic(np.int16([0]), 0.001, 3)
    with pytest.raises(TypeError, match="expected int8, int16"):
        mcu.tanh(np.float32([0]), 0.1)
    with pytest.raises(ValueError):
        mcu.tanh(np.int8([0]), 0.0)
    np.save(tmp_path / "x16.npy", np.int16([1]))
    bad = run_cli("mcu", "tanh", "--input", tmp_path / "x16.npy",
                  "--input-scale", 0.1, "--input-zero-point", 2, "--out",
                  tmp_path / "bad.npy", ok=(2,))
    assert "zero point is 0" in bad.stderr
    assert not (tmp_path / "bad.npy").exists()


# A keyword-spotting DS-CNN (refmath.mcu.ds_cnn: seeded int8 weights,
# per-channel scales) run by refmath.mcu.run_model, every layer's output
# against the port (conformance/mcu/kws_model.py): on the port's own
# chain, and layer by layer on refmath's previous output, so a mismatch
# names its layer.
import kws_model  # noqa: E402


def test_ds_cnn_layer_by_layer():
    x, layers = mcu.ds_cnn()
    got = mcu.run_model(x, layers)
    assert [g.shape for g in got] == (
        [(1, 25, 5, 64)] * 9 + [(1, 1, 1, 64), (1, 1, 1, 12), (1, 1, 1, 12)])
    for i, g in enumerate(got):
        prev = x if i == 0 else got[i - 1]
        step = kws_model.run_port(prev, layers[i:i + 1])[0]
        same_values(g, step.reshape(g.shape), np.int8)
    for g, w in zip(got, kws_model.run_port(x, layers)):
        same_values(g, np.asarray(w).reshape(g.shape), np.int8)
    # Not a degenerate model: the activations spread, the classes differ.
    assert all(np.unique(g).size > 100 for g in got[:9])
    assert np.unique(got[-1]).size > 4


def test_ds_cnn_batch():
    # The first input and the weights do not depend on the batch; each
    # input's outputs are those of the input run alone.
    x1, layers1 = mcu.ds_cnn()
    x4, layers4 = mcu.ds_cnn(batch=4)
    assert x4.shape == (4, 49, 10, 1)
    same_values(x4[:1], x1, np.int8)
    for a, b in zip(layers1, layers4):
        for key in ("filter", "bias"):
            if key in a:
                same_values(b[key], a[key], a[key].dtype.type)
    batched = mcu.run_model(x4, layers4)[-1]
    for i in range(4):
        alone = mcu.run_model(x4[i:i + 1], layers4)[-1]
        same_values(batched[i:i + 1], alone, np.int8)
    assert len({x4[i].tobytes() for i in range(4)}) == 4


# tools/mcu/kws_report.py, run as a user runs it: each layer alone is its
# float32 form rounded to the output scale, so within 0.5 LSB plus the
# float32 reference's own error and the 31-bit multiplier's (below 0.05
# LSB at these magnitudes); the report lists every layer and the class
# agreement of every input.
def test_kws_report():
    import subprocess
    tool = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        os.pardir, os.pardir, "tools", "mcu", "kws_report.py")
    out = subprocess.run([sys.executable, tool, "--batch", "4"], check=True,
                         capture_output=True, text=True).stdout
    rows = [line.split("|")[1:-1] for line in out.splitlines()
            if line.startswith("| ") and line[2].isdigit()]
    assert [r[1].strip() for r in rows] == (
        ["conv2d", "depthwise_conv2d"] * 4 + ["conv2d", "avg_pool",
                                             "fully_connected", "softmax"])
    for r in rows:
        assert float(r[5]) <= 0.55, r        # alone: max LSB
    assert "of 4 inputs (seed 2024)" in out
    bad = subprocess.run([sys.executable, tool, "--batch", "0"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--batch" in bad.stderr


def test_run_model_errors():
    x, layers = mcu.ds_cnn()
    with pytest.raises(ValueError, match="layer 0: unknown op"):
        mcu.run_model(x, [dict(layers[0], op="conv3d")])
    with pytest.raises(ValueError, match="layer 1 \\(depthwise conv\\)"):
        mcu.run_model(x, [layers[0], dict(layers[1], filter=np.zeros(
            (1, 3, 3, 32), np.int8))])
    with pytest.raises(ValueError, match="activation"):
        mcu.run_model(x, [dict(layers[0], activation="gelu")])


# The platform model (docs/mcu.md, "The platform model"): the FP16 gate,
# the packing rule, and the float layers' "auto" layout that follows it.
def test_fp16_gate_and_packing_rule():
    assert mcu.supports_fp16()
    assert mcu.supports_fp16(dict(cpu=" Cortex_M55"))
    assert not mcu.supports_fp16(dict(cpu="cortex-m4"))
    assert mcu.supports_fp16(dict(cpu="cortex-m4", fp16=True))
    assert not mcu.supports_fp16(dict(cpu="cortex-m55", fp16=False))
    assert mcu.float_layout("f32", 4, 4) == "packed"
    assert mcu.float_layout("f32", 3, 4) == "standard"
    assert mcu.float_layout("f32", 4, 3) == "standard"
    assert mcu.float_layout("f32", 64, 64, target=dict(mve=False)) == "standard"
    assert mcu.float_layout("f16", 4, 8) == "standard"  # auto is precise
    assert mcu.float_layout("f16", 4, 8, accumulation="fast") == "packed"
    assert mcu.float_layout("f16", 4, 8, allow_approximate=True) == "packed"
    assert mcu.float_layout("f16", 4, 7, accumulation="fast") == "standard"
    with pytest.raises(ValueError, match="unknown target key 'mvefp'"):
        mcu.supports_fp16(dict(mvefp=True))
    with pytest.raises(ValueError, match="unknown accumulation 'exact'"):
        mcu.float_layout("f16", 4, 8, accumulation="exact")
    with pytest.raises(ValueError, match="unknown type 's8'"):
        mcu.float_layout("s8", 4, 8)


@pytest.mark.parametrize("half", [False, True])
def test_fc_auto_layout_follows_the_packing_rule(half):
    # C_OUT = 9 is not a multiple of 4: the standard kernel's last output
    # takes the lane order, the packed one the sequential, and on these
    # inputs the two differ.
    t = np.float16 if half else np.float32
    rng = np.random.default_rng(7)
    x = rng.uniform(0, 1, (4, 40)).astype(t)
    w = rng.uniform(-1, 1, (9, 40)).astype(t)
    fc = mcu.fc_f16 if half else mcu.fc_f32
    standard, packed = fc(x, w, layout="standard"), fc(x, w, layout="packed")
    assert not np.array_equal(standard.view(np.uint8), packed.view(np.uint8))
    same(fc(x, w, layout="auto"), standard if half else packed)
    same(fc(x, w, accumulation="fast"), packed)
    same(fc(x, w, accumulation="fast", target=dict(cpu="cortex-m55", mve=False)),
         standard)
    same(fc(x[:1], w, accumulation="fast"), fc(x[:1], w, layout="standard"))
    if half:
        same(fc(x, w, allow_approximate=True), packed)
        legacy = fc(x, w, legacy=True)
        same(legacy, fc(x, w, layout="standard", legacy=True))
        with pytest.raises(ValueError, match="legacy does not apply to layout packed"):
            fc(x, w, layout="packed", legacy=True)


# A model's parameter checks (docs/mcu.md, "Checking a model's
# parameters"): the DS-CNN passes; each broken rule gives its line.
def test_check_model():
    _, layers = mcu.ds_cnn()
    assert mcu.check_model(layers) == []
    bad = [dict(layer) for layer in layers]
    bad[1]["filter_zero_points"] = [0] * 63 + [2]      # depthwise weights
    bad[9]["output_zero_point"] = -127                 # average pool
    bad[11]["output_scale"], bad[11]["output_zero_point"] = 1 / 128, 0
    bad += [dict(op="logistic", input_scale=0.1, output_scale=1 / 256),
            dict(op="quantize", type="s16", output_type="s8",
                 input_scale=1e-3, output_scale=0.1),
            dict(op="conv2d", type="f16"),
            dict(op="lstm", type="s8", input_scale=0.1, output_scale=0.1,
                 filter_scales=[0.01], filter_zero_points=[1]),
            dict(op="add", type="s16", input_scale=1e-3, input2_scale=1e-3,
                 input2_zero_point=4, output_scale=1e-3)]
    m4 = dict(name="apollo4", cpu="cortex-m4", mve=False)
    assert mcu.check_model(bad, target=m4) == [
        "layer 1 (DEPTHWISE_CONV_2D): int8 weights zero point 2, symmetric "
        "weights require 0",
        "layer 9 (AVERAGE_POOL_2D): the output's scale and zero point differ "
        "from the input's; the kernel requires them equal",
        "layer 11 (SOFTMAX): int8 output zero point 0, the kernel requires -128",
        "layer 11 (SOFTMAX): int8 output scale 0.0078125, the kernel requires "
        "1/256",
        "layer 12 (LOGISTIC): int8 output zero point 0, the kernel requires "
        "-128",
        "layer 13 (QUANTIZE): int16 -> int8 is not one of QUANTIZE's pairs "
        "(float32 -> int8 or int16, or within one integer width)",
        "layer 14 (CONV_2D): float16 tensors need native FP16 kernels "
        "(MVE-FP), which platform 'apollo4' (cpu cortex-m4) does not have",
        "layer 15 (UNIDIRECTIONAL_SEQUENCE_LSTM): int8 recurrent weights zero "
        "point 1, symmetric weights require 0",
        "layer 16 (ADD): int16 second input zero point 4, int16 kernels "
        "require 0",
    ]
    # The float16 layer alone passes on the Cortex-M55.
    assert mcu.check_model([dict(op="conv2d", type="f16")]) == []
    with pytest.raises(ValueError, match="layer 0: unknown op 'conv3d'"):
        mcu.check_model([dict(op="conv3d")])
    with pytest.raises(ValueError, match="input_zero_point is given without"):
        mcu.check_model([dict(op="conv2d", input_zero_point=3)])
    with pytest.raises(ValueError, match="unknown type 'i8'"):
        mcu.check_model([dict(op="conv2d", type="i8")])
    with pytest.raises(ValueError, match="layer 0: no 'op'"):
        mcu.check_model([dict(type="s8")])


# `refmath mcu check` reads the same layer lists as JSON (arrays as
# lists): the DS-CNN with its weights passes, the broken list of
# test_check_model gives check_model's lines, then FAIL and exit status 1.
def test_check_model_cli(tmp_path):
    import json

    def as_json(layer):
        return {k: (np.asarray(v).tolist() if isinstance(v, np.ndarray) else v)
                for k, v in layer.items()}
    _, layers = mcu.ds_cnn()
    path = tmp_path / "model.json"
    path.write_text(json.dumps([as_json(layer) for layer in layers]))
    r = run_cli("mcu", "check", "--layers", path)
    assert r.stdout == "PASS: 12 layers on cortex-m55, no rule broken\n"
    bad = [dict(op="logistic", input_scale=0.1, output_scale=1 / 256),
           dict(op="conv2d", type="f16"),
           dict(op="add", type="s16", input_scale=1e-3, input2_scale=1e-3,
                input2_zero_point=4, output_scale=1e-3)]
    target = dict(name="apollo4", cpu="cortex-m4", mve=False)
    path.write_text(json.dumps({"layers": bad, "target": target}))
    r = run_cli("mcu", "check", "--layers", path, ok=(1,))
    lines = mcu.check_model(bad, target=target)
    assert len(lines) == 3
    assert r.stdout.splitlines() == lines + ["FAIL: 3 violations in 3 layers on apollo4"]
    for text, message in [
            ('[{"op": "conv2d"', "line 1, column 17: expected ',' or '}'"),
            ('{"layer": []}', "unknown key 'layer' (valid: layers, target)"),
            ('[{"op": "conv2d", "input_scale": "0.1"}]',
             "layer 0: input_scale must be a number or an array of them"),
            ('[{"op": "conv2d", "input_scale": 0.1, "input_zero_point": 1.5}]',
             "layer 0: input_zero_point must be an integer or an array of them"),
            ('[{"op": "conv3d"}]', "layer 0: unknown op 'conv3d'"),
            ('{"layers": [], "target": {"fp16": 1}}',
             "target: fp16 must be true or false")]:
        path.write_text(text)
        r = run_cli("mcu", "check", "--layers", path, ok=(2,))
        assert r.stderr == f"refmath mcu check: {path}: {message}\n", r.stderr


# golden/mcu-layers.sha256 (docs/mcu.md, "Golden digests"): every row is
# reproduced by the NumPy port on the cases built again in Python.
import hashlib  # noqa: E402

import layer_cases  # noqa: E402


def test_layer_golden_rows_from_the_port():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        os.pardir, os.pardir, "golden", "mcu-layers.sha256")
    golden = dict(reversed(line.split()) for line in open(path)
                  if line.strip() and not line.startswith("#"))
    cases = layer_cases.cases()
    extra = layer_cases.op_rows()
    assert [name for name, _, _ in cases] + [n for n, _ in extra] == list(golden)
    for name, x, layers in cases:
        assert layer_cases.digest(layer_cases.run(x, layers)) == golden[name], name
    for name, data in extra:
        assert hashlib.sha256(data).hexdigest() == golden[name], name


# MEAN (docs/mcu.md, "Mean") against the port on random shapes, axes,
# scales and zero points, int8 and int16; the command line gives the same.
@pytest.mark.parametrize("dtype", [np.int8, np.int16])
def test_mean_against_the_port(dtype, tmp_path):
    rng = np.random.default_rng(31)
    info = np.iinfo(dtype)
    for trial in range(40):
        shape = tuple(rng.integers(1, 6, rng.integers(1, 5)))
        x = rng.integers(info.min, info.max + 1, shape).astype(dtype)
        k = int(rng.integers(1, len(shape) + 1))
        axes = tuple(int(a) - (len(shape) if rng.random() < 0.3 else 0)
                     for a in rng.choice(len(shape), k, replace=False))
        in_s, out_s = (float(np.float32(v)) for v in rng.uniform(0.01, 2, 2))
        zin, zout = (int(v) for v in rng.integers(-100, 100, 2))
        got = mcu.mean(x, axes, in_s, out_s, input_zero_point=zin,
                       output_zero_point=zout)
        want = port.mean(x, axes, in_s, zin, out_s, zout,
                         bits=8 * np.dtype(dtype).itemsize)
        assert got.dtype == dtype
        same_values(got, want, dtype)
        kept = mcu.mean(x, axes, in_s, out_s, input_zero_point=zin,
                        output_zero_point=zout, keepdims=True)
        same_values(kept, np.asarray(want).reshape(kept.shape), dtype)
        if trial < 3:
            cli = cli_out(tmp_path, ["mean", "--axis", ",".join(map(str, axes)),
                                     "--input-scale", in_s, "--output-scale", out_s,
                                     "--input-zero-point", zin,
                                     "--output-zero-point", zout], {"input": x})
            same(np.atleast_1d(cli), np.atleast_1d(got))


def test_mean_in_a_model_and_its_errors():
    x = np.random.default_rng(3).integers(-128, 128, (2, 5, 4, 3)).astype(np.int8)
    layer = dict(op="mean", input_scale=0.5, input_zero_point=-7,
                 output_scale=0.3, output_zero_point=4)
    (got,) = mcu.run_model(x, [layer])
    want = port.mean(x, (1, 2), 0.5, -7, float(np.float32(0.3)), 4)
    same_values(got, np.asarray(want).reshape(2, 1, 1, 3), np.int8)
    assert mcu.check_model([layer]) == []
    with pytest.raises(ValueError, match="axis is outside"):
        mcu.mean(x, 4, 0.5, 0.5)
    with pytest.raises(ValueError, match="zero point must fit"):
        mcu.mean(x, 1, 0.5, 0.5, output_zero_point=128)
    with pytest.raises(TypeError):
        mcu.mean(x.astype(np.int32), 1, 0.5, 0.5)


# int16 SOFTMAX (docs/mcu.md, "int16 softmax"): both kernels against the
# port on random rows, rows that reach the two places CMSIS-NN wraps, and
# the command line.
@pytest.mark.parametrize("kernel", ["tflite", "cmsis-nn"])
def test_softmax_s16_against_the_port(kernel, tmp_path):
    rng = np.random.default_rng(16)
    x = rng.integers(-32768, 32768, (30, 7)).astype(np.int16)
    x[0, :] = 0
    x[1, :] = [32767] * 6 + [-32768]
    wrap = np.array([[32767] * 8 + [5927], [-5] * 8 + [-5 - 26840]], np.int16)
    for scale, beta in [(1 / 4096, 1.0), (0.002, 0.5), (3e-4, 2.0)]:
        got = mcu.softmax(x, scale, beta=beta, kernel=kernel)
        want = port.softmax_s16(x, beta, scale, cmsis=kernel == "cmsis-nn")
        same_values(got, want, np.int16)
    got = mcu.softmax(wrap, 1 / 4096, kernel=kernel)
    same_values(got, port.softmax_s16(wrap, 1.0, 1 / 4096,
                                      cmsis=kernel == "cmsis-nn"), np.int16)
    single = mcu.softmax(np.int16([[9]]), 1 / 4096, kernel=kernel)
    assert single[0, 0] == (-32768 if kernel == "cmsis-nn" else 32767)
    cli = cli_out(tmp_path, ["softmax", "--input-scale", 0.002, "--beta", 0.5,
                             "--type", "s16", "--kernel", kernel], {"input": x})
    same(cli, mcu.softmax(x, 0.002, beta=0.5, kernel=kernel))
    with pytest.raises(ValueError, match="int16 input gives type 's16' only"):
        mcu.softmax(x, 0.002, type="s8")
    with pytest.raises(ValueError, match="kernel applies to int16 input only"):
        mcu.softmax(np.int8([1]), 0.1, kernel="cmsis-nn")


# The kernels of the Cortex-M55 beside the reference (docs/mcu.md,
# "Choosing the kernel"), against the port on random cases built to reach
# the parting regime: biases near 2^38 with a reduced multiplier of 1 and
# shift 7 (results near 2^30), conv inputs of -32768 against weights of
# -128 over 512 columns, MUL ratios of 4; the command line gives the same.
def test_kernels_against_the_port(tmp_path):
    rng = np.random.default_rng(47)
    parted = {}
    for trial in range(6):
        x = rng.integers(-32768, 32768, (1, 3, 3, 160)).astype(np.int16)
        x[0, :2, :2, :] = -32768
        w = rng.integers(-127, 128, (3, 2, 2, 160)).astype(np.int8)
        w[0] = -128
        bias = np.array([0, (1 << 38) + int(rng.integers(-10**6, 10**6)),
                         int(rng.integers(-1000, 1000))], np.int64)
        m, s = [1 << 30, 1 << 16, 1 << 30], [-15, 7, -12]
        for kernel in ("tflite", "cmsis-nn", "ns-cmsis-nn"):
            cmsis = kernel != "tflite"
            got = mcu.conv2d(x, w, bias, multiplier=m, shift=s, padding="same",
                             kernel=kernel)
            same_values(got, port.conv2d(x, w, bias, m, s, padding="same",
                                         lo=-32768, hi=32767, acc64=True,
                                         cmsis=cmsis), np.int16)
            dw = w[:1].reshape(1, 2, 2, 160)[..., :6]
            got = mcu.depthwise_conv2d(x[..., :3], dw, bias[[1, 2, 1, 0, 1, 2]],
                                       depth_multiplier=2, multiplier=m * 2,
                                       shift=s * 2, kernel=kernel)
            same_values(got, port.depthwise_conv2d(
                x[..., :3], dw, bias[[1, 2, 1, 0, 1, 2]], m * 2, s * 2, 2,
                lo=-32768, hi=32767, acc64=True, cmsis=cmsis), np.int16)
            got = mcu.fc_s16(x.reshape(9, 160), w.reshape(3, 640)[:, :160], m, s,
                             bias, kernel=kernel)
            same_values(got, port.fully_connected_s16(
                x.reshape(9, 160), w.reshape(3, 640)[:, :160], bias, m, s,
                cmsis=cmsis), np.int16)
            parted.setdefault(kernel, []).append(got)
        a, b = (rng.integers(-128, 128, 29).astype(np.int8) for _ in range(2))
        zps = (int(rng.integers(-8, 8)), int(rng.integers(-8, 8)), 5)
        for kernel in ("tflite", "cmsis-nn", "ns-cmsis-nn"):
            got = mcu.mul(a, b, (0.5, 0.5, 0.0625), zps, kernel=kernel)
            want = port.mul(a, b, 0.5, zps[0], 0.5, zps[1], 0.0625, 5,
                            ns_mve=kernel == "ns-cmsis-nn")
            same_values(got, want, np.int8)
            parted.setdefault("mul " + kernel, []).append(got)
    # The cases do reach the regime where the kernels give other bits.
    assert not np.array_equal(parted["tflite"], parted["cmsis-nn"])
    assert not np.array_equal(parted["mul tflite"], parted["mul ns-cmsis-nn"])
    cli = cli_out(tmp_path, ["conv2d", "--multiplier", "1073741824,65536,1073741824",
                             "--shift", "-15,7,-12", "--padding", "same",
                             "--kernel", "cmsis-nn"], {"input": x, "filter": w, "bias": bias})
    same(cli, mcu.conv2d(x, w, bias, multiplier=m, shift=s, padding="same",
                         kernel="cmsis-nn"))
    cli = cli_out(tmp_path, ["fc", "--type", "s16", "--multiplier", "65536",
                             "--shift", "7", "--kernel", "tflite"],
                  {"input": x.reshape(9, 160), "weights": w.reshape(3, 640)[:, :160],
                   "bias": bias})
    same(cli, mcu.fc_s16(x.reshape(9, 160), w.reshape(3, 640)[:, :160], [65536],
                         [7], bias, kernel="tflite"))
    cli = cli_out(tmp_path, ["mul", "--scales", "0.5,0.5,0.0625", "--zero-points",
                             "%d,%d,5" % zps[:2], "--kernel", "ns-cmsis-nn"],
                  {"a": a, "b": b})
    same(cli, mcu.mul(a, b, (0.5, 0.5, 0.0625), zps, kernel="ns-cmsis-nn"))


def test_kernel_errors(tmp_path):
    x16 = np.zeros((1, 2, 2, 2), np.int16)
    w = np.ones((2, 1, 1, 2), np.int8)
    with pytest.raises(ValueError, match="unknown kernel 'arm' \\(valid: tflite, "
                                         "cmsis-nn, ns-cmsis-nn\\)"):
        mcu.mul(np.int8([1]), np.int8([1]), (1, 1, 1), kernel="arm")
    with pytest.raises(ValueError, match="applies to int16 input only"):
        mcu.conv2d(np.zeros((1, 2, 2, 2), np.int8), w, multiplier=[1 << 30],
                   shift=[0], kernel="cmsis-nn")
    with pytest.raises(ValueError, match="CMSIS-NN's int16 conv takes an int64 bias"):
        mcu.conv2d(x16, w, np.int32([0, 0]), multiplier=[1 << 30], shift=[0],
                   kernel="cmsis-nn")
    with pytest.raises(ValueError, match="CMSIS-NN's int16 conv has no groups"):
        mcu.conv2d(x16, w[:, :, :, :1], np.int64([0, 0]), multiplier=[1 << 30],
                   shift=[0], kernel="cmsis-nn")
    with pytest.raises(ValueError, match="shift values in -31..7"):
        mcu.fc_s16(np.int16([[1]]), np.int8([[1]]), [1 << 30], [8],
                   kernel="tflite")
    # RequantizeS64 takes shifts up to 14 where TFLite's multiply stops at 7.
    got = mcu.conv2d(np.int16([[[[1]]]]), np.int8([[[[1]]]]), np.int64([0]),
                     multiplier=[1 << 30], shift=[14], kernel="cmsis-nn")
    assert got.ravel().tolist() == [8192]
    for args, message in [
            (["mul", "--kernel", "arm"], "mcu mul: unknown --kernel 'arm' (valid: "
                                         "tflite, cmsis-nn, ns-cmsis-nn)"),
            (["add", "--kernel", "tflite"], "mcu add: unknown option '--kernel'"),
            (["fc", "--type", "s8", "--kernel", "tflite"],
             "mcu fc: --kernel does not apply to --type s8 (only s16)")]:
        argv = list(args)
        for option, array in (("a", np.int8([1])), ("b", np.int8([1]))):
            np.save(tmp_path / (option + ".npy"), array)
        if args[0] in ("mul", "add"):
            argv += ["--a", tmp_path / "a.npy", "--b", tmp_path / "b.npy",
                     "--scales", "1,1,1"]
        r = run_cli("mcu", *argv, "--out", tmp_path / "o.npy", ok=(2,))
        assert r.stderr.strip().endswith(message), r.stderr
