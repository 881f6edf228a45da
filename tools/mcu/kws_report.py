#!/usr/bin/env python3
"""The keyword-spotting DS-CNN of refmath.mcu.ds_cnn run in int8 as
TFLite Micro runs it (refmath.mcu.run_model) and in float32 beside it,
layer by layer (docs/mcu.md, "The keyword-spotting network in int8 and
float32").

The float32 model has the same weights, dequantized: a filter w with
per-channel scale s is w * s, a bias b is b * input_scale * s (TFLite's
convention), the input is (q - zero_point) * scale; conv, depthwise conv
(TFLite's SAME padding: the odd pixel at the bottom and right), average
pool, fully connected and softmax in NumPy float32, ReLU without the
int8 upper clamp.  Each layer's int8 output, dequantized with that
layer's output scale and zero point, is compared with two float32
values: the layer alone (its float32 form on the layer's own int8 input,
dequantized), which measures the layer's rounding, and the float chain
(the whole float32 model up to that layer), which measures the drift of
the int8 model.  Elements whose float32 value lies outside the int8
range (saturated: the int8 output is clamped there) are counted; over
the others, the difference in LSB (units of the output scale), max and
mean over every element of the batch.  Last, the class each input is
given: argmax of the int8 softmax against argmax of the float32 one.

Usage: PYTHONPATH=build/python python3 tools/mcu/kws_report.py
           [--batch 64] [--seed 2024] [--md FILE]
"""
import argparse
import sys

import numpy as np

import refmath.mcu as mcu

F32 = np.float32


def dequantize(q, scale, zero_point):
    return (q.astype(F32) - F32(zero_point)) * F32(scale)


def same_pads(size, k, stride):
    """TFLite's SAME padding along one axis: (output size, before, after)."""
    out = -(-size // stride)
    total = max((out - 1) * stride + k - size, 0)
    return out, total // 2, total - total // 2


def windows(x, kh, kw, stride, padding):
    """[N, OH, OW, C, KH, KW] views of x's windows."""
    n, h, w, c = x.shape
    sh, sw = stride
    if padding == "same":
        oh, top, bottom = same_pads(h, kh, sh)
        ow, left, right = same_pads(w, kw, sw)
        x = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))
    else:
        oh, ow = (h - kh) // sh + 1, (w - kw) // sw + 1
    v = np.lib.stride_tricks.sliding_window_view(x, (kh, kw), axis=(1, 2))
    return v[:, ::sh, ::sw][:, :oh, :ow]


def float_layer(x, d):
    """One layer of the float32 model on the float32 input x."""
    op = d["op"]
    if op in ("conv2d", "depthwise_conv2d"):
        filt = d["filter"].astype(F32)
        scales = np.asarray(d["filter_scales"], F32)
        stride = tuple(d.get("stride", (1, 1)))
        v = windows(x, filt.shape[1], filt.shape[2], stride, d["padding"])
        bias = d["bias"].astype(F32) * F32(d["input_scale"]) * scales
        if op == "conv2d":
            w = filt * scales[:, None, None, None]           # OHWI
            y = np.einsum("nhwckl,oklc->nhwo", v, w)
        else:
            w = filt[0] * scales                             # HWC
            y = np.einsum("nhwckl,klc->nhwc", v, w)
        y = y + bias
        return np.maximum(y, F32(0)) if d.get("activation") == "relu" else y
    if op == "avg_pool":
        kh, kw = d["filter_size"]
        return windows(x, kh, kw, (1, 1), d["padding"]).mean(
            axis=(4, 5), dtype=F32)
    if op == "fully_connected":
        s = F32(d["filter_scales"][0])
        flat = x.reshape(x.shape[0], -1)
        y = flat @ (d["filter"].astype(F32) * s).T
        y = y + d["bias"].astype(F32) * F32(d["input_scale"]) * s
        return y.reshape(x.shape[0], 1, 1, -1)
    if op == "softmax":
        z = x - x.max(axis=-1, keepdims=True)
        e = np.exp(z * F32(d.get("beta", 1.0)))
        return e / e.sum(axis=-1, keepdims=True)
    raise ValueError("no float32 form of op " + op)


def output_quantization(layers):
    """Each layer's output (scale, zero point): avg_pool keeps its input's,
    softmax's int8 output is 1/256 and -128."""
    out, last = [], None
    for d in layers:
        if d["op"] == "softmax":
            last = (1.0 / 256, -128)
        elif "output_scale" in d:
            last = (d["output_scale"], d["output_zero_point"])
        out.append(last)
    return out


def lsb_figures(q, f, scale, zp):
    """(saturated, max LSB, mean LSB) of the int8 q against float32 f."""
    f = f.reshape(q.shape)
    inside = ((f >= dequantize(np.int8(-128), scale, zp)) &
              (f <= dequantize(np.int8(127), scale, zp)))
    lsb = (np.abs(dequantize(q, scale, zp) - f) / F32(scale))[inside]
    return int(q.size - lsb.size), float(lsb.max()), float(lsb.mean())


def report(batch, seed):
    """(rows, agreement, n): per layer (index, op, shape, elements, the
    layer alone's and the float chain's (saturated, max LSB, mean LSB)),
    and how many of the n inputs get the same class."""
    x, layers = mcu.ds_cnn(seed=seed, batch=batch)
    int8 = mcu.run_model(x, layers)
    quant = output_quantization(layers)
    f = dequantize(x, layers[0]["input_scale"], layers[0]["input_zero_point"])
    rows = []
    for i, (d, q, (scale, zp)) in enumerate(zip(layers, int8, quant)):
        own = f if i == 0 else dequantize(int8[i - 1], *quant[i - 1])
        alone = lsb_figures(q, float_layer(own, d), scale, zp)
        f = float_layer(f, d)
        rows.append((i, d["op"], tuple(q.shape[1:]), int(q.size), alone,
                     lsb_figures(q, f, scale, zp)))
    agree = int(np.sum(np.argmax(int8[-1].reshape(batch, -1), axis=1) ==
                       np.argmax(f.reshape(batch, -1), axis=1)))
    return rows, agree, batch


def markdown(rows, agree, n, seed):
    lines = ["| layer | op | output shape | elements | alone: saturated | "
             "max LSB | mean LSB | chain: saturated | max LSB | mean LSB |",
             "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for i, op, shape, size, alone, chain in rows:
        lines.append("| %d | %s | %s | %d | %d | %.2f | %.3f | %d | %.2f | "
                     "%.3f |" % ((i, op, "x".join(map(str, shape)), size) +
                                 alone + chain))
    lines.append("")
    lines.append("Class agreement (argmax of the int8 softmax = argmax of "
                 "the float32 one): %d of %d inputs (seed %d)." %
                 (agree, n, seed))
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--md", help="also write the table to this file")
    a = p.parse_args()
    if a.batch < 1:
        p.error("--batch needs at least 1 input")
    rows, agree, n = report(a.batch, a.seed)
    text = markdown(rows, agree, n, a.seed)
    sys.stdout.write(text)
    if a.md:
        with open(a.md, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
