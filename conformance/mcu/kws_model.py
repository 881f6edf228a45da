"""A seeded synthetic keyword-spotting DS-CNN with the shape of the public
KWS example, as a layer list for refmath.mcu.run_model, and the same model
run through the independent port (tflm_port.py).

Shape: a 49 x 10 MFCC input (NHWC [1, 49, 10, 1]); conv 64 filters 10 x 4,
stride 2, SAME, ReLU -> [1, 25, 5, 64]; four depthwise-separable blocks
(depthwise 3 x 3 SAME ReLU, pointwise 1 x 1 conv 64 ReLU); average pool
25 x 5 VALID -> [1, 1, 1, 64]; fully connected to 12 classes; softmax.

Quantization (fixed, so the model is documented by this file):
- input: scale 0.5, zero point -20 (an MFCC feature of -54..73.5);
- weights: int8 uniform in -127..127, symmetric, one scale per output
  channel: sqrt(2 / fan_in) / 73.3 (a He-like spread, 73.3 being the
  spread of the int8 values) times a factor drawn from U(0.5, 1.5); the
  fully connected layer one scale, 0.0004;
- biases: int32 uniform in -1000..1000 (in units of input_scale *
  filter_scale, as TFLite stores them);
- every ReLU output: zero point -128 and the scale in OUT_SCALES, chosen
  so that about 0.1 % of the seeded input's activations reach 127; the
  average pool keeps its input's quantization; the fully connected output
  scale 0.1, zero point 0; the softmax output 1/256, zero point -128.
"""
import numpy as np

import tflm_port as port

IN_SCALE, IN_ZP = 0.5, -20
# Output scales of the ReLU layers: conv, then (depthwise, pointwise) x 4.
OUT_SCALES = [0.66, 1.0, 1.0, 1.6, 1.0, 1.8, 0.91, 1.1, 0.88]
FC_SCALE, FC_OUT_SCALE = 0.0004, 0.1


def ds_cnn(seed=2024):
    """(input, layers): a random input and the model's layer list."""
    rng = np.random.default_rng(seed)

    def weights(shape):
        return rng.integers(-127, 128, shape).astype(np.int8)

    def bias(n):
        return rng.integers(-1000, 1001, n).astype(np.int32)

    def scales(n, fan_in):
        # He-like: a real weight spread of sqrt(2 / fan_in) from int8
        # values of spread 73.3 (uniform on -127..127), times U(0.5, 1.5).
        base = np.sqrt(2.0 / fan_in) / 73.3
        return [float(np.float32(s)) for s in base * rng.uniform(0.5, 1.5, n)]

    x = rng.integers(-128, 128, (1, 49, 10, 1)).astype(np.int8)
    layers = []
    in_scale, in_zp = IN_SCALE, IN_ZP

    def relu_layer(op, filt, **kw):
        nonlocal in_scale, in_zp
        n = filt.shape[3] if op == "depthwise_conv2d" else filt.shape[0]
        fan_in = filt.shape[1] * filt.shape[2] * (
            1 if op == "depthwise_conv2d" else filt.shape[3])
        out_scale = OUT_SCALES[len(layers)]
        layers.append(dict(op=op, filter=filt, bias=bias(n),
                           filter_scales=scales(n, fan_in),
                           input_scale=in_scale,
                           input_zero_point=in_zp, output_scale=out_scale,
                           output_zero_point=-128, activation="relu",
                           padding="same", **kw))
        in_scale, in_zp = out_scale, -128

    relu_layer("conv2d", weights((64, 10, 4, 1)), stride=(2, 2))
    for _ in range(4):
        relu_layer("depthwise_conv2d", weights((1, 3, 3, 64)))
        relu_layer("conv2d", weights((64, 1, 1, 64)))
    layers.append(dict(op="avg_pool", filter_size=(25, 5), padding="valid",
                       output_scale=in_scale, output_zero_point=in_zp))
    layers.append(dict(op="fully_connected", filter=weights((12, 64)),
                       bias=bias(12), filter_scales=[FC_SCALE],
                       input_scale=in_scale, input_zero_point=in_zp,
                       output_scale=FC_OUT_SCALE, output_zero_point=0))
    layers.append(dict(op="softmax", input_scale=FC_OUT_SCALE, beta=1.0))
    return x, layers


def run_port(x, layers):
    """Every layer's output through the port, as run_model returns them."""
    outs = []
    for d in layers:
        op = d["op"]
        if op in ("conv2d", "depthwise_conv2d"):
            m, s = port.conv_requant(d["input_scale"], d["filter_scales"],
                                     d["output_scale"])
            # ReLU: the clamp starts at the output zero point.
            common = dict(in_zp=d["input_zero_point"],
                          out_zp=d["output_zero_point"],
                          stride=d.get("stride", (1, 1)),
                          padding=d["padding"], lo=d["output_zero_point"])
            if op == "conv2d":
                x = port.conv2d(x, d["filter"], d["bias"], m, s, **common)
            else:
                x = port.depthwise_conv2d(x, d["filter"], d["bias"], m, s,
                                          **common)
        elif op == "avg_pool":
            x = port.avg_pool(x, *d["filter_size"], padding=d["padding"])
        elif op == "fully_connected":
            m, s = port.fc_requant(d["input_scale"], d["filter_scales"][0],
                                   d["output_scale"])
            flat = x.reshape(x.shape[0], -1)
            y = port.fully_connected(flat, d["filter"], d["bias"], m, s,
                                     d["input_zero_point"],
                                     d["output_zero_point"])
            x = y.reshape(x.shape[0], 1, 1, -1)
        elif op == "softmax":
            x = port.softmax(x, d["beta"], d["input_scale"])
        outs.append(x)
    return outs
