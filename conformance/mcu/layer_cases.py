"""The cases of golden/mcu-layers.sha256 (src/conform/mcu_layer_cases.cc)
built again from their description, and run through the independent
NumPy port (tflm_port.py): each case's digest over every layer's output
bytes, for comparison with the golden rows.

The draws repeat the C++ table's: SplitMix64, an activation (z >> 56) -
128, a weight (z >> 32) % 255 - 127, a bias (z >> 32) % 2001 - 1000, a
unit (z >> 11) 2^-53; per-channel scales base (0.5 + unit) rounded once to
binary32.
"""
import hashlib
import math

import numpy as np

import tflm_port as port

M64 = (1 << 64) - 1


class Draw:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def ints(self, n, f):
        return [f(self.next()) for _ in range(n)]

    def unit(self):
        return (self.next() >> 11) * 2.0 ** -53


def f32(v):
    return float(np.float32(v))


def activation_range(act, scale, zp):
    """CalculateActivationRangeQuantized: zp + round(f / scale) in
    binary32, rounded half away from zero, within -128..127."""
    def q(f):
        r = np.float32(f) / np.float32(scale)
        return zp + int(math.copysign(math.floor(abs(float(r)) + 0.5), r))
    lo, hi = {"none": (-128, 127), "relu": (q(0), 127),
              "relu6": (q(0), q(6)), "relu_n1_to_1": (q(-1), q(1))}[act]
    return max(-128, lo), min(127, hi)


def conv(d, op, shape, window, inq, base, per_channel, outq, act,
         multiplier=1):
    """A conv (OHWI) or depthwise (1HWO) layer: filter, bias, then scales."""
    n = int(np.prod(shape))
    filt = np.array(d.ints(n, lambda z: ((z >> 32) % 255) - 127),
                    np.int8).reshape(shape)
    c_out = shape[3] if op == "depthwise_conv2d" else shape[0]
    bias = np.array(d.ints(c_out, lambda z: ((z >> 32) % 2001) - 1000),
                    np.int32)
    scales = ([f32(base * (0.5 + d.unit())) for _ in range(c_out)]
              if per_channel else [f32(base)])
    return dict(op=op, filter=filt, bias=bias, filter_scales=scales,
                window=window, inq=inq, outq=outq, act=act,
                multiplier=multiplier)


def pool(op, size, window, q, act):
    return dict(op=op, size=size, window=window, inq=q, outq=q, act=act)


SAME = ("same", (1, 1), (1, 1))
VALID = ("valid", (1, 1), (1, 1))


def start(seed, shape):
    d = Draw(seed)
    x = np.array(d.ints(int(np.prod(shape)), lambda z: (z >> 56) - 128),
                 np.int8).reshape(shape)
    return d, x


def ds_cnn():
    d, x = start(2024, (1, 49, 10, 1))
    outs = [f32(v) for v in (0.66, 1.0, 1.0, 1.6, 1.0, 1.8, 0.91, 1.1, 0.88)]
    inq = (f32(0.5), -20)

    def he(fan_in):
        return math.sqrt(2.0 / fan_in) / 73.3
    layers = [conv(d, "conv2d", (64, 10, 4, 1), ("same", (2, 2), (1, 1)),
                   inq, he(40), True, (outs[0], -128), "relu")]
    inq = (outs[0], -128)
    for block in range(4):
        mid, out = (outs[1 + 2 * block], -128), (outs[2 + 2 * block], -128)
        layers.append(conv(d, "depthwise_conv2d", (1, 3, 3, 64), SAME, inq,
                           he(9), True, mid, "relu"))
        layers.append(conv(d, "conv2d", (64, 1, 1, 64), SAME, mid, he(64),
                           True, out, "relu"))
        inq = out
    layers.append(pool("avg_pool", (25, 5), VALID, inq, "none"))
    layers.append(conv(d, "fully_connected", (12, 1, 1, 64), VALID, inq,
                       0.0004, False, (f32(0.1), 0), "none"))
    layers.append(dict(op="softmax", in_scale=f32(0.1), beta=1.0))
    return x, layers


def cases():
    """(name, input, layers) in the C++ table's order."""
    out = []
    d, x = start(1, (1, 7, 6, 3))
    out.append(("conv_same_relu", x, [
        conv(d, "conv2d", (4, 3, 3, 3), SAME, (0.5, -3), 0.02, True,
             (f32(0.8), 5), "relu")]))
    d, x = start(2, (2, 9, 8, 2))
    out.append(("conv_valid_stride_dilation", x, [
        conv(d, "conv2d", (3, 2, 3, 2), ("valid", (2, 1), (1, 2)),
             (0.25, 7), 0.03, False, (f32(0.6), -10), "none")]))
    d, x = start(3, (1, 5, 5, 4))
    out.append(("conv_grouped", x, [
        conv(d, "conv2d", (4, 3, 3, 2), ("same", (2, 2), (1, 1)), (0.5, 0),
             0.02, True, (1.0, -128), "relu6")]))
    d, x = start(4, (1, 8, 8, 3))
    out.append(("depthwise_multiplier", x, [
        conv(d, "depthwise_conv2d", (1, 3, 3, 6), ("same", (2, 2), (1, 1)),
             (0.5, -20), 0.05, True, (f32(1.2), 3), "relu6", multiplier=2)]))
    d, x = start(5, (1, 9, 9, 4))
    out.append(("depthwise_dilated", x, [
        conv(d, "depthwise_conv2d", (1, 3, 3, 4), ("valid", (1, 1), (2, 2)),
             (f32(0.3), 10), 0.04, False, (f32(0.7), -5), "none")]))
    d, x = start(6, (1, 7, 7, 5))
    out.append(("pools", x, [
        pool("avg_pool", (3, 3), ("same", (2, 2), (1, 1)), (0.5, -1), "none"),
        pool("max_pool", (2, 2), ("valid", (2, 2), (1, 1)), (0.5, -1),
             "relu")]))
    d, x = start(7, (3, 2, 2, 4))
    out.append(("fc_softmax", x, [
        conv(d, "fully_connected", (6, 1, 1, 16), VALID, (f32(0.4), 2), 0.01,
             False, (f32(0.2), -3), "none"),
        dict(op="softmax", in_scale=f32(0.2), beta=1.0)]))
    d, x = start(8, (2, 5, 4, 3))
    out.append(("mean_spatial", x, [
        dict(op="mean", inq=(0.5, -7), outq=(f32(0.3), 4))]))
    x, layers = ds_cnn()
    out.append(("ds_cnn", x, layers))
    return out


def run(x, layers):
    """Every layer's output through the port."""
    outs = []
    for layer in layers:
        op = layer["op"]
        if op == "softmax":
            x = port.softmax(x, layer["beta"], layer["in_scale"])
            outs.append(x)
            continue
        if op == "mean":
            (in_s, in_zp), (out_s, out_zp) = layer["inq"], layer["outq"]
            y = port.mean(x, (1, 2), in_s, in_zp, out_s, out_zp)
            x = y.reshape(x.shape[0], 1, 1, -1)
            outs.append(x)
            continue
        padding, stride, dilation = layer["window"]
        (in_s, in_zp), (out_s, out_zp) = layer["inq"], layer["outq"]
        lo, hi = activation_range(layer["act"], out_s, out_zp)
        if op in ("avg_pool", "max_pool"):
            f = port.avg_pool if op == "avg_pool" else port.max_pool
            x = f(x, *layer["size"], stride=stride, padding=padding, lo=lo,
                  hi=hi)
        elif op == "fully_connected":
            m, s = port.fc_requant(in_s, layer["filter_scales"][0], out_s)
            w = layer["filter"].reshape(layer["filter"].shape[0], -1)
            y = port.fully_connected(x.reshape(x.shape[0], -1), w,
                                     layer["bias"], m, s, in_zp, out_zp,
                                     lo, hi)
            x = y.reshape(x.shape[0], 1, 1, -1)
        else:
            m, s = port.conv_requant(in_s, layer["filter_scales"], out_s)
            common = dict(in_zp=in_zp, out_zp=out_zp, stride=stride,
                          dilation=dilation, padding=padding, lo=lo, hi=hi)
            if op == "conv2d":
                x = port.conv2d(x, layer["filter"], layer["bias"], m, s,
                                **common)
            else:
                x = port.depthwise_conv2d(
                    x, layer["filter"], layer["bias"], m, s,
                    depth_multiplier=layer["multiplier"], **common)
        outs.append(x)
    return outs


def digest(outs):
    return hashlib.sha256(b"".join(
        np.asarray(o).astype(np.int8).tobytes() for o in outs)).hexdigest()


def s16_channels(d, n):
    """Per output channel of an int16 layer: an int64 bias, a multiplier
    in [2^30, 2^31) and a shift in -14..-10, drawn in that order."""
    bias, m, s = [], [], []
    for _ in range(n):
        bias.append(((d.next() >> 32) % 2001) - 1000)
        m.append((1 << 30) + (d.next() >> 34))
        s.append(-10 - ((d.next() >> 32) % 5))
    return bias, m, s


def op_rows():
    """(name, bytes) of the rows outside the models, in the C++ order: ADD
    and MUL of int8 tensors, QUANTIZE from int16 to int8, A16W8 conv and
    depthwise conv, int16 pooling, int8-to-int16 SOFTMAX, and int16
    SOFTMAX by both kernels."""
    def int8s(d, n):
        return np.array(d.ints(n, lambda z: (z >> 56) - 128), np.int64)

    def int16s(d, n):
        return np.array(d.ints(n, lambda z: (z >> 48) - 32768), np.int64)
    rows = []
    for name, seed, s_out, f in (("add_s8", 10, 0.1, port.add),
                                 ("mul_s8", 11, 0.02, port.mul)):
        d = Draw(seed)
        a, b = int8s(d, 35), int8s(d, 35)
        y = f(a, b, f32(0.05), 3, f32(0.08), -7, f32(s_out), 2)
        rows.append((name, np.asarray(y).astype(np.int8).tobytes()))
    d = Draw(12)
    y = port.requantize(int16s(d, 40), f32(0.001), 5, f32(0.05), -3, 8)
    rows.append(("requantize_s16_to_s8", np.asarray(y).astype(np.int8).tobytes()))
    d = Draw(13)
    x = int16s(d, 90).reshape(1, 6, 5, 3)
    w = np.array(d.ints(108, lambda z: ((z >> 32) % 255) - 127)).reshape(4, 3, 3, 3)
    bias, m, s = s16_channels(d, 4)
    y = port.conv2d(x, w, np.array(bias), m, s, stride=(2, 2), padding="same",
                    lo=-32768, hi=32767, acc64=True)
    rows.append(("conv_s16", np.asarray(y).astype("<i2").tobytes()))
    d = Draw(14)
    x = int16s(d, 84).reshape(1, 7, 6, 2)
    w = np.array(d.ints(36, lambda z: ((z >> 32) % 255) - 127)).reshape(1, 3, 3, 4)
    bias, m, s = s16_channels(d, 4)
    y = port.depthwise_conv2d(x, w, np.array(bias), m, s, depth_multiplier=2,
                              dilation=(2, 2), padding="valid", lo=-32768,
                              hi=32767, acc64=True)
    rows.append(("depthwise_s16", np.asarray(y).astype("<i2").tobytes()))
    d = Draw(15)
    x = int16s(d, 147).reshape(1, 7, 7, 3)
    a = port.avg_pool(x, 3, 3, stride=(2, 2), padding="same", lo=-32768, hi=32767)
    b = port.max_pool(x, 2, 2, stride=(2, 2), padding="valid", lo=-32768, hi=32767)
    rows.append(("pools_s16", np.concatenate(
        [np.ravel(a), np.ravel(b)]).astype("<i2").tobytes()))
    d = Draw(16)
    y = port.softmax(int8s(d, 60).reshape(6, 10), 1.0, f32(0.1), out_bits=16)
    rows.append(("softmax_s8_to_s16", np.asarray(y).astype("<i2").tobytes()))
    d = Draw(9)
    x = list(int16s(d, 12 * 9)) + [32767] * 8 + [5927] + [-32768] * 8 + [32767]
    x = np.array(x, np.int64).reshape(-1, 9)
    for name, cmsis in (("softmax_s16_tflite", False),
                        ("softmax_s16_cmsis_nn", True)):
        y = port.softmax_s16(x, 1.0, 1 / 4096, cmsis=cmsis)
        rows.append((name, y.astype("<i2").tobytes()))
    return rows + parting_rows()


def _parting_channels(d, near):
    """Per channel: near 2^30 (bias 2^38 + a drawn bias, multiplier 2^16,
    shift 7) or ordinary (a drawn bias, then multiplier 2^30 + (z >> 34),
    shift -12)."""
    bias, m, s = [], [], []
    for n in near:
        b = ((d.next() >> 32) % 2001) - 1000
        if n:
            bias.append((1 << 38) + b)
            m.append(1 << 16)
            s.append(7)
        else:
            bias.append(b)
            m.append((1 << 30) + (d.next() >> 34))
            s.append(-12)
    return np.array(bias, np.int64), m, s


def parting_rows():
    """The rows where the Cortex-M55's kernels part from the reference,
    each case by both kernels (docs/mcu.md, "Choosing the kernel")."""
    def weights(d, n):
        return d.ints(n, lambda z: ((z >> 32) % 255) - 127)

    def int16s(d, n):
        return np.array(d.ints(n, lambda z: (z >> 48) - 32768), np.int64)

    def le16(y):
        return np.asarray(y).astype("<i2").tobytes()
    rows = []
    d = Draw(17)
    x = np.full((1, 2, 2, 160), -32768, np.int64)
    x[0, 1, 1, 32:] = int16s(d, 128)
    w = np.array([-128] * 640 + weights(d, 1280), np.int64).reshape(3, 2, 2, 160)
    b, m, s = _parting_channels(d, [True, False])
    bias, m, s = np.concatenate([[0], b]), [1 << 30] + m, [-15] + s
    for kernel, cmsis in (("tflite", False), ("cmsis_nn", True)):
        y = port.conv2d(x, w, bias, m, s, padding="same", lo=-32768, hi=32767,
                        acc64=True, cmsis=cmsis)
        rows.append(("conv_s16_parting_" + kernel, le16(y)))
    d = Draw(18)
    x = int16s(d, 18).reshape(1, 3, 3, 2)
    w = np.array(weights(d, 16), np.int64).reshape(1, 2, 2, 4)
    bias, m, s = _parting_channels(d, [True, True, False, False])
    for kernel, cmsis in (("tflite", False), ("cmsis_nn", True)):
        y = port.depthwise_conv2d(x, w, bias, m, s, depth_multiplier=2,
                                  lo=-32768, hi=32767, acc64=True, cmsis=cmsis)
        rows.append(("depthwise_s16_parting_" + kernel, le16(y)))
    d = Draw(19)
    x = int16s(d, 60).reshape(3, 20)
    w = np.array(weights(d, 80), np.int64).reshape(4, 20)
    bias, m, s = _parting_channels(d, [True, False, True, False])
    for kernel, cmsis in (("tflite", False), ("cmsis_nn", True)):
        y = port.fully_connected_s16(x, w, bias, m, s, cmsis=cmsis)
        rows.append(("fc_s16_parting_" + kernel, le16(y)))
    d = Draw(20)
    a = np.array(d.ints(37, lambda z: (z >> 56) - 128), np.int64)
    b = np.array(d.ints(37, lambda z: (z >> 56) - 128), np.int64)
    for kernel, ns in (("tflite", False), ("ns_cmsis_nn", True)):
        y = port.mul(a, b, f32(0.5), -3, f32(0.5), 4, f32(0.0625), 5, ns_mve=ns)
        rows.append(("mul_s8_parting_" + kernel, np.asarray(y).astype(np.int8).tobytes()))
    return rows
