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
           act_max=32767):
    """int16 fully connected (arm_fully_connected_s16): input int16, weights
    int8, bias int32 or int64 [C_OUT].  Returns int16 [..., C_OUT]."""
    return _mcu.fc_s16(_np.asarray(input), _np.asarray(weights),
                       None if bias is None else _np.asarray(bias),
                       _ints(multiplier), _ints(shift), act_min, act_max)


def _fc_float(half, input, weights, bias, layout, legacy, c_out, act_min,
              act_max):
    return _mcu.fc_float(half, _np.asarray(input), _np.asarray(weights),
                         None if bias is None else _np.asarray(bias), layout,
                         legacy, c_out, act_min, act_max)


def fc_f32(input, weights, bias=None, layout="standard", c_out=None,
           act_min=-_np.inf, act_max=_np.inf):
    """float32 fully connected on the M55 (MVE f32): layout "standard"
    (weights [C_OUT, C_IN]) or "packed" (packed here from [C_OUT, C_IN],
    or given packed [ceil(C_OUT/4), C_IN, 4] with c_out).  Returns float32
    [..., C_OUT]."""
    return _fc_float(False, input, weights, bias, layout, False, c_out,
                     act_min, act_max)


def fc_f16(input, weights, bias=None, layout="standard", legacy=False,
           c_out=None, act_min=-_np.inf, act_max=_np.inf):
    """float16 fully connected on the M55 (MVE f16): as fc_f32, with 8
    lanes when packed; legacy=True is the older standard kernel."""
    return _fc_float(True, input, weights, bias, layout, legacy, c_out,
                     act_min, act_max)


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


def dequantize(q, scale, zero_point=0, flush_subnormal=False):
    """DEQUANTIZE of an int8 or int16 array: (q - zero_point) * scale,
    rounded once to float32 (flush_subnormal: the MVE f32 path)."""
    return _mcu.dequantize(_np.asarray(q), scale, zero_point,
                           flush_subnormal)
