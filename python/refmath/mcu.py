"""refmath.mcu: the Cortex-M55 paths of CMSIS-NN / TFLite Micro
(docs/mcu.md), over NumPy arrays.  Results equal ``refmath mcu ...`` on the
same inputs.
"""
import numpy as _np

from . import _refmath

_mcu = _refmath.mcu


def ops():
    """{name: description} of the activation ops."""
    return dict(_mcu.ops())


def table(op, input_scale=None, input_zero_point=None, input_multiplier=None,
          input_left_shift=None, ideal=False):
    """The activation's outputs for every input: 256 int8 values (inputs
    -128..127) for logistic_s8 and tanh_s8, which take input_scale and
    input_zero_point; 65536 int16 values (inputs -32768..32767) for
    sigmoid_s16 and tanh_s16, which take input_scale, or the kernel's
    input_multiplier and input_left_shift.  ideal=True: the oracle's table
    (f(x) rounded from the exact function) instead of the device's."""
    return _mcu.table(op, input_scale, input_zero_point, input_multiplier,
                      input_left_shift, ideal)


def logistic(x, input_scale, input_zero_point=0):
    """TFLite Micro's LOGISTIC of every element of an int8 or int16 array
    (docs/mcu.md, activations on tensors): int8 through the table of the
    input's scale and zero point (output scale 1/256, zero point -128),
    int16 by CMSIS-NN's interpolated sigmoid (zero point 0, output scale
    2^-15).  Equals ``refmath mcu logistic``."""
    return _mcu.activation(_np.asarray(x), float(input_scale),
                           int(input_zero_point), True)


def tanh(x, input_scale, input_zero_point=0):
    """TFLite Micro's TANH of every element of an int8 or int16 array:
    int8 output scale 1/128, zero point 0; int16 as logistic.  Equals
    ``refmath mcu tanh``."""
    return _mcu.activation(_np.asarray(x), float(input_scale),
                           int(input_zero_point), False)


def _ints(v):
    return [int(i) for i in _np.atleast_1d(v)]


def fc_s8(input, weights, multiplier, shift, bias=None, input_zero_point=0,
          weight_zero_point=0, output_zero_point=0, act_min=-128,
          act_max=127):
    """int8 fully connected (CMSIS-NN arm_fully_connected_s8): input int8
    [..., C_IN], weights int8 [C_OUT, C_IN], bias int32 [C_OUT]; multiplier
    and shift one value or one per output channel.  Returns int8
    [..., C_OUT]."""
    return _mcu.fc_s8(_np.asarray(input), _np.asarray(weights),
                      None if bias is None else _np.asarray(bias),
                      _ints(multiplier), _ints(shift), input_zero_point,
                      weight_zero_point, output_zero_point, act_min, act_max)


def fc_s16(input, weights, multiplier, shift, bias=None, act_min=-32768,
           act_max=32767, *, kernel="cmsis-nn"):
    """int16 fully connected: input int16, weights int8, bias int32 or int64
    [C_OUT].  kernel "cmsis-nn" (or "ns-cmsis-nn"; arm_fully_connected_s16,
    RequantizeS64, shifts -49..14) or "tflite" (the reference's 64-bit
    MultiplyByQuantizedMultiplier, shifts -31..7); they part from results
    of magnitude 2^30.  Returns int16 [..., C_OUT]."""
    return _mcu.fc_s16(_np.asarray(input), _np.asarray(weights),
                       None if bias is None else _np.asarray(bias),
                       _ints(multiplier), _ints(shift), act_min, act_max,
                       kernel)


def _fc_float(half, input, weights, bias, layout, legacy, c_out, act_min,
              act_max, target, accumulation, allow_approximate):
    return _mcu.fc_float(half, _np.asarray(input), _np.asarray(weights),
                         None if bias is None else _np.asarray(bias), layout,
                         legacy, c_out, act_min, act_max, target, accumulation,
                         allow_approximate)


def fc_f32(input, weights, bias=None, layout="auto", c_out=None,
           act_min=-_np.inf, act_max=_np.inf, *, target=None,
           accumulation="auto", allow_approximate=False):
    """float32 fully connected on the M55 (MVE f32): layout "standard"
    (weights [C_OUT, C_IN]), "packed" (packed here from [C_OUT, C_IN],
    or given packed [ceil(C_OUT/4), C_IN, 4] with c_out), or "auto": the
    layout the platform model gives this layer (float_layout) on `target`
    (a dict as check_model takes; None is the Cortex-M55).  Returns
    float32 [..., C_OUT]."""
    return _fc_float(False, input, weights, bias, layout, False, c_out,
                     act_min, act_max, target, accumulation,
                     allow_approximate)


def fc_f16(input, weights, bias=None, layout="auto", legacy=False,
           c_out=None, act_min=-_np.inf, act_max=_np.inf, *, target=None,
           accumulation="auto", allow_approximate=False):
    """float16 fully connected on the M55 (MVE f16): as fc_f32, with 8
    lanes when packed; legacy=True is the older standard kernel (layout
    "standard" only).  "auto" packs only when `accumulation` resolves to
    "fast"."""
    return _fc_float(True, input, weights, bias, layout, legacy, c_out,
                     act_min, act_max, target, accumulation,
                     allow_approximate)


def supports_fp16(target=None):
    """The FP16 gate (docs/mcu.md, "The platform model"): whether
    `target` runs native float16 kernels.  target: a dict with "name",
    "cpu", "mve", "fpu" and "fp16" (True or False: the capability
    declared; None or absent: inferred, true for a cpu that normalizes to
    cortex-m55); None is a Cortex-M55 with MVE-FP."""
    return _mcu.supports_fp16(target)


def float_layout(type, rows, c_out, *, target=None,  # noqa: A002
                 accumulation="auto", allow_approximate=False):
    """The packing rule (docs/mcu.md, "The platform model"): "packed" or
    "standard" for a float fully connected layer or 1x1 convolution of
    type "f16" or "f32" with `rows` rows sharing the weights (batch rows,
    or output positions) and `c_out` outputs on `target`.  accumulation:
    "precise", "fast" or "auto" ("auto" is "precise" unless
    allow_approximate)."""
    if type not in ("f16", "f32"):
        raise ValueError(f"unknown type {type!r} (valid: f16, f32)")
    return _mcu.float_layout(type == "f16", int(rows), int(c_out), target,
                             accumulation, bool(allow_approximate))


def quantize_multiplier(real):
    """TFLite's QuantizeMultiplier: (multiplier, shift) with real ~=
    multiplier * 2^(shift - 31), the fraction rounded half away from zero;
    0 and shifts below -31 give (0, 0)."""
    return _mcu.quantize_multiplier(float(real))


def conv_requant(input_scale, filter_scales, output_scale):
    """Conv and depthwise conv multipliers, one per filter scale: each
    input_scale * filter_scale / output_scale in binary64 (the scales are
    binary32), quantized.  Returns (multipliers, shifts), int32 arrays, for
    fc_s8's and the conv kernels' multiplier and shift."""
    return _mcu.conv_requant(float(input_scale),
                             [float(s) for s in _np.ravel(filter_scales)],
                             float(output_scale))


def fc_requant(input_scale, filter_scale, output_scale):
    """The fully connected multiplier: input_scale * filter_scale rounded to
    binary32 first (as TFLite Micro does), then divided by output_scale in
    binary64 and quantized.  Returns (multiplier, shift)."""
    return _mcu.fc_requant(float(input_scale), float(filter_scale),
                           float(output_scale))


def quantize(x, scale, zero_point=0, type="s8", rule="tflm"):  # noqa: A002
    """QUANTIZE of a float32 array to int8 ("s8") or int16 ("s16"): rule
    "tflm" (x / scale, half away from zero) or "mve" (x * (1 / scale),
    half to even)."""
    return _mcu.quantize(_np.asarray(x), scale, zero_point, type, rule)


def dequantize(q, scale=None, zero_point=0, flush_subnormal=False):
    """DEQUANTIZE to float32: of an int8 or int16 array, (q - zero_point) *
    scale rounded once (flush_subnormal: the MVE f32 path); of a float16
    array, the exact widening, which takes no scale, zero point or flush."""
    q = _np.asarray(q)
    if q.dtype == _np.float16:
        if scale is not None or zero_point != 0 or flush_subnormal:
            raise ValueError("refmath.mcu.dequantize: a float16 input is "
                             "widened exactly: it takes no scale, "
                             "zero_point or flush_subnormal")
        return _mcu.dequantize_f16(q)
    if scale is None:
        raise ValueError("refmath.mcu.dequantize: an int8 or int16 input "
                         "needs its scale")
    return _mcu.dequantize(q, scale, zero_point, flush_subnormal)


# The whole-model layers of TFLite Micro (docs/mcu.md, "Layers of TFLite
# Micro"): NHWC activations, conv filters OHWI, depthwise filters 1HWO.

def _pair(v, name):
    t = tuple(int(i) for i in _np.atleast_1d(v))
    if len(t) == 1:
        t = t * 2
    if len(t) != 2:
        raise ValueError(name + " takes one value or (height, width)")
    return t


def _requant(multiplier, shift, input_scale, filter_scales, output_scale):
    by_scale = (input_scale, filter_scales, output_scale)
    if multiplier is not None or shift is not None:
        if multiplier is None or shift is None or any(
                v is not None for v in by_scale):
            raise ValueError("give multiplier and shift, or input_scale, "
                             "filter_scales and output_scale")
        return _ints(multiplier), _ints(shift)
    if any(v is None for v in by_scale):
        raise ValueError("give multiplier and shift, or input_scale, "
                         "filter_scales and output_scale")
    m, s = conv_requant(input_scale, filter_scales, output_scale)
    return _ints(m), _ints(s)


def _clamp(act_min, act_max, input):
    wide = _np.asarray(input).dtype == _np.int16
    lo, hi = (-32768, 32767) if wide else (-128, 127)
    return (lo if act_min is None else int(act_min),
            hi if act_max is None else int(act_max))


def _conv(depth_multiplier, input, filter, bias, multiplier, shift,
          input_scale, filter_scales, output_scale, input_zero_point,
          output_zero_point, stride, dilation, padding, act_min, act_max,
          kernel):
    m, s = _requant(multiplier, shift, input_scale, filter_scales,
                    output_scale)
    lo, hi = _clamp(act_min, act_max, input)
    return _mcu.conv(_np.asarray(input), _np.asarray(filter),
                     None if bias is None else _np.asarray(bias), m, s,
                     int(input_zero_point), int(output_zero_point),
                     _pair(stride, "stride"), _pair(dilation, "dilation"),
                     padding, depth_multiplier, lo, hi, kernel)


def conv2d(input, filter, bias=None, *, multiplier=None, shift=None,
           input_scale=None, filter_scales=None, output_scale=None,
           input_zero_point=0, output_zero_point=0, stride=1, dilation=1,
           padding="valid", act_min=None, act_max=None, kernel="tflite"):
    """TFLite Micro CONV_2D: input NHWC int8 (A8W8) or int16 (A16W8, zero
    points 0), filter int8 OHWI [C_OUT, KH, KW, C_IN / groups], bias
    [C_OUT] (int32; int16 input: int64 for the int64 accumulator, int32 or
    none for the int32 one).  Requantization by multiplier and shift (one
    or one per output channel) or by the scales (conv_requant).  stride and
    dilation: one value or (h, w); padding "same" or "valid"; act_min /
    act_max default to the type's range.  kernel "cmsis-nn" (or
    "ns-cmsis-nn"), int16 input with an int64 bias and no groups only:
    CMSIS-NN's arm_convolve_s16 (docs/mcu.md).  Returns [N, OH, OW, C_OUT]
    of the input's type."""
    return _conv(0, input, filter, bias, multiplier, shift, input_scale,
                 filter_scales, output_scale, input_zero_point,
                 output_zero_point, stride, dilation, padding, act_min,
                 act_max, kernel)


def depthwise_conv2d(input, filter, bias=None, *, depth_multiplier=1,
                     multiplier=None, shift=None, input_scale=None,
                     filter_scales=None, output_scale=None,
                     input_zero_point=0, output_zero_point=0, stride=1,
                     dilation=1, padding="valid", act_min=None,
                     act_max=None, kernel="tflite"):
    """TFLite Micro DEPTHWISE_CONV_2D: as conv2d with filter 1HWO [1, KH,
    KW, C_IN * depth_multiplier]; output channel m + c * depth_multiplier
    reads input channel c.  int16 input takes an int64 bias or none;
    kernel "cmsis-nn" (int16 only): arm_depthwise_conv_s16's bits."""
    return _conv(int(depth_multiplier), input, filter, bias, multiplier,
                 shift, input_scale, filter_scales, output_scale,
                 input_zero_point, output_zero_point, stride, dilation,
                 padding, act_min, act_max, kernel)


def _pool(average, input, filter_size, stride, padding, act_min, act_max):
    lo, hi = _clamp(act_min, act_max, input)
    return _mcu.pool(average, _np.asarray(input),
                     _pair(filter_size, "filter_size"),
                     _pair(stride, "stride"), padding, lo, hi)


def avg_pool(input, filter_size, *, stride=1, padding="valid", act_min=None,
             act_max=None):
    """TFLite Micro AVERAGE_POOL_2D on int8 or int16 NHWC: the window
    clipped to the image, its raw values summed and divided by their count
    rounding halves away from zero.  Input and output share scale and zero
    point (TFLite's Prepare requires it)."""
    return _pool(True, input, filter_size, stride, padding, act_min, act_max)


def max_pool(input, filter_size, *, stride=1, padding="valid", act_min=None,
             act_max=None):
    """TFLite Micro MAX_POOL_2D on int8 or int16 NHWC."""
    return _pool(False, input, filter_size, stride, padding, act_min, act_max)


def softmax(input, input_scale, *, beta=1.0, type=None,  # noqa: A002
            kernel="tflite"):
    """TFLite Micro SOFTMAX over the last axis.  int8 input: "s8" output
    (the default; scale 1/256, zero point -128) or "s16" (scale 1/65536,
    zero point -32768).  int16 input (zero point 0): int16 output (scale
    1/32768, zero point 0) by TFLite's reference kernel or, with
    kernel="cmsis-nn" (or "ns-cmsis-nn"), CMSIS-NN's arm_softmax_s16
    (docs/mcu.md, "int16 softmax")."""
    x = _np.asarray(input)
    if type is None:
        type = "s16" if x.dtype == _np.int16 else "s8"  # noqa: A001
    return _mcu.softmax(x, float(beta), float(input_scale), type, kernel)


def _elementwise(add, a, b, scales, zero_points, act_min, act_max,
                 kernel="tflite"):
    s = [float(v) for v in scales]
    z = [int(v) for v in zero_points]
    if len(s) != 3 or len(z) != 3:
        raise ValueError("scales and zero_points are (input 1, input 2, "
                         "output) triples")
    lo, hi = _clamp(act_min, act_max, a)
    return _mcu.elementwise(add, _np.asarray(a), _np.asarray(b), s[0], z[0],
                            s[1], z[1], s[2], z[2], lo, hi, kernel)


def add(a, b, scales, zero_points=(0, 0, 0), *, act_min=None, act_max=None):
    """TFLite Micro ADD of two int8 arrays of one shape; scales and
    zero_points are (a, b, output) triples."""
    return _elementwise(True, a, b, scales, zero_points, act_min, act_max)


def mul(a, b, scales, zero_points=(0, 0, 0), *, act_min=None, act_max=None,
        kernel="tflite"):
    """TFLite Micro MUL of two int8 arrays of one shape, as add.  kernel
    "tflite" or "cmsis-nn" (the same bits) or "ns-cmsis-nn": that fork's
    MVE loop, where a requantized product beyond int16 plus the output zero
    point wraps to the other end of the clamp (docs/mcu.md)."""
    return _elementwise(False, a, b, scales, zero_points, act_min, act_max,
                        kernel)


def requantize(input, input_scale, output_scale, *, input_zero_point=0,
               output_zero_point=0, type="s8"):  # noqa: A002
    """TFLite Micro QUANTIZE between integer tensors: int8, int16 or int32
    input to type "s8", "s16" or "s32"."""
    return _mcu.requantize(_np.asarray(input), float(input_scale),
                           int(input_zero_point), float(output_scale),
                           int(output_zero_point), type)


def mean(input, axis, input_scale, output_scale, *, input_zero_point=0,
         output_zero_point=0, keepdims=False):
    """TFLite Micro MEAN of an int8 or int16 array over `axis` (an int or
    a tuple; negative counts from the end), requantized to output_scale
    and output_zero_point; the type is kept (docs/mcu.md, "Mean")."""
    axes = [int(axis)] if _np.ndim(axis) == 0 else [int(a) for a in axis]
    return _mcu.mean(_np.asarray(input), axes, float(input_scale),
                     int(input_zero_point), float(output_scale),
                     int(output_zero_point), bool(keepdims))


def run_model(input, layers):
    """A whole int8 model run layer by layer as TFLite Micro runs it
    (docs/mcu.md, "Running a model"): input int8 NHWC; layers a list of
    dicts, each with "op" (conv2d, depthwise_conv2d, avg_pool, max_pool,
    mean (over H and W, kept), fully_connected, softmax) and what the
    model file states about it:
    "filter" (int8: OHWI, 1HWO, or [C_OUT, C_IN] for fully_connected),
    "bias" (int32), "stride", "dilation", "padding", "depth_multiplier",
    "filter_size" (pooling), "beta" (softmax), "input_scale",
    "input_zero_point", "filter_scales", "output_scale",
    "output_zero_point", "activation" (none, relu, relu6, relu_n1_to_1).
    Each layer is prepared from those as TFLite Micro's Prepare does.
    Returns every layer's output, int8 [N, H, W, C] (fully connected and
    softmax: [N, 1, 1, C])."""
    norm = []
    for layer in layers:
        d = dict(layer)
        for key in ("stride", "dilation", "filter_size"):
            if key in d:
                d[key] = _pair(d[key], key)
        for key in ("filter", "bias"):
            if key in d and d[key] is not None:
                d[key] = _np.asarray(d[key])
        if "filter_scales" in d:
            d["filter_scales"] = [float(s) for s in
                                  _np.ravel(d["filter_scales"])]
        for key in ("input_scale", "output_scale", "beta"):
            if key in d:
                d[key] = float(d[key])
        for key in ("input_zero_point", "output_zero_point",
                    "depth_multiplier"):
            if key in d:
                d[key] = int(d[key])
        norm.append(d)
    return list(_mcu.run_model(_np.asarray(input), norm))


_DESCRIPTION_TEXT = ("op", "type", "output_type", "filter_type", "input2_type")
_DESCRIPTION_QUANT = (("input_scale", "input_zero_point"),
                      ("input2_scale", "input2_zero_point"),
                      ("output_scale", "output_zero_point"),
                      ("filter_scales", "filter_zero_points"))


def check_model(layers, target=None):
    """A model's parameter checks (docs/mcu.md, "Checking a model's
    parameters"): a list of lines, one per violated operator restriction
    or platform rule, empty when there is none.

    layers: dicts as run_model takes (ds_cnn's layers pass as they are),
    with any of these ops: conv2d, depthwise_conv2d, fully_connected,
    avg_pool, max_pool, softmax, logistic, tanh, add, mul, quantize,
    dequantize, lstm (its filter: the recurrent weights), reshape,
    expand_dims.  Keys read: "type" (s8, s16, f16, f32; default: the
    previous layer's output type, or s8), "output_type" (default "type"),
    "filter_type" (default s8, or "type" for a float layer),
    "input_scale"/"input_zero_point" (absent: the previous layer's
    output), "input2_scale"/"input2_zero_point" (add, mul),
    "output_scale"/"output_zero_point" (softmax, logistic and tanh may
    leave them out: the kernel's own), "filter_scales" and
    "filter_zero_points" (default 0).  Scales and zero points may be one
    value or one per channel.  target: as supports_fp16."""
    described = []
    for layer in layers:
        d = {k: str(layer[k]) for k in _DESCRIPTION_TEXT if k in layer}
        for scale_key, zp_key in _DESCRIPTION_QUANT:
            if scale_key in layer:
                d[scale_key] = [float(v) for v in _np.ravel(layer[scale_key])]
            if zp_key in layer:
                d[zp_key] = [int(v) for v in _np.ravel(layer[zp_key])]
        described.append(d)
    return list(_mcu.check_model(described, target))


# A keyword-spotting example model (docs/mcu.md, "Running a model").
_KWS_IN_SCALE, _KWS_IN_ZP = 0.5, -20
# Output scales of the ReLU layers: conv, then (depthwise, pointwise) x 4.
_KWS_OUT_SCALES = [0.66, 1.0, 1.0, 1.6, 1.0, 1.8, 0.91, 1.1, 0.88]
_KWS_FC_SCALE, _KWS_FC_OUT_SCALE = 0.0004, 0.1


def ds_cnn(seed=2024, batch=1):
    """A seeded synthetic keyword-spotting DS-CNN with the shape of the
    public KWS example (docs/mcu.md, "Running a model"): (input, layers),
    int8 inputs [batch, 49, 10, 1] and the layer list run_model takes.
    The first input and the weights depend on the seed alone; inputs 2 to
    batch come from a second generator (seed + 1).

    Shape: a 49 x 10 MFCC input (NHWC [N, 49, 10, 1]); conv 64 filters 10 x 4,
    stride 2, SAME, ReLU -> [1, 25, 5, 64]; four depthwise-separable blocks
    (depthwise 3 x 3 SAME ReLU, pointwise 1 x 1 conv 64 ReLU); average pool
    25 x 5 VALID -> [1, 1, 1, 64]; fully connected to 12 classes; softmax.

    Quantization (fixed, so that this text documents the model):
    - input: scale 0.5, zero point -20 (an MFCC feature of -54..73.5);
    - weights: int8 uniform in -127..127, symmetric, one scale per output
      channel: sqrt(2 / fan_in) / 73.3 (a He-like spread, 73.3 being the
      spread of the int8 values) times a factor drawn from U(0.5, 1.5); the
      fully connected layer one scale, 0.0004;
    - biases: int32 uniform in -1000..1000 (in units of input_scale *
      filter_scale, as TFLite stores them);
    - every ReLU output: zero point -128 and the scales 0.66, 1.0, 1.0,
      1.6, 1.0, 1.8, 0.91, 1.1, 0.88 (the conv, then depthwise and
      pointwise four times), chosen so that about 0.1 % of the seeded
      input's activations reach 127; the
      average pool keeps its input's quantization; the fully connected output
      scale 0.1, zero point 0; the softmax output 1/256, zero point -128.
    """
    rng = _np.random.default_rng(seed)

    def weights(shape):
        return rng.integers(-127, 128, shape).astype(_np.int8)

    def bias(n):
        return rng.integers(-1000, 1001, n).astype(_np.int32)

    def scales(n, fan_in):
        # He-like: a real weight spread of sqrt(2 / fan_in) from int8
        # values of spread 73.3 (uniform on -127..127), times U(0.5, 1.5).
        base = _np.sqrt(2.0 / fan_in) / 73.3
        return [float(_np.float32(s)) for s in base * rng.uniform(0.5, 1.5, n)]

    x = rng.integers(-128, 128, (1, 49, 10, 1)).astype(_np.int8)
    if batch > 1:
        more = _np.random.default_rng(seed + 1).integers(
            -128, 128, (batch - 1, 49, 10, 1)).astype(_np.int8)
        x = _np.concatenate([x, more])
    layers = []
    in_scale, in_zp = _KWS_IN_SCALE, _KWS_IN_ZP

    def relu_layer(op, filt, **kw):
        nonlocal in_scale, in_zp
        n = filt.shape[3] if op == "depthwise_conv2d" else filt.shape[0]
        fan_in = filt.shape[1] * filt.shape[2] * (
            1 if op == "depthwise_conv2d" else filt.shape[3])
        out_scale = _KWS_OUT_SCALES[len(layers)]
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
                       bias=bias(12), filter_scales=[_KWS_FC_SCALE],
                       input_scale=in_scale, input_zero_point=in_zp,
                       output_scale=_KWS_FC_OUT_SCALE, output_zero_point=0))
    layers.append(dict(op="softmax", input_scale=_KWS_FC_OUT_SCALE, beta=1.0))
    return x, layers
