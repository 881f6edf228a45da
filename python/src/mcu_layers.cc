// refmath.mcu's whole-model layers of TFLite Micro (refmath/mcu/conv.h,
// depthwise_conv.h, conv_s16.h, pooling.h, softmax.h, elementwise.h,
// requantize_op.h), as `refmath mcu conv2d|depthwise-conv2d|avg-pool|
// max-pool|softmax|add|mul` run them: NHWC activations, OHWI conv and 1HWO
// depthwise filters, the output of the input's type.  Each call checks
// and converts its arguments, then calls the library.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdint.h>

#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/mcu_args.h"
#include "refmath/mcu/conv.h"
#include "refmath/mcu/conv_s16.h"
#include "refmath/mcu/depthwise_conv.h"
#include "refmath/mcu/elementwise.h"
#include "refmath/mcu/fixed_point.h"
#include "refmath/mcu/pooling.h"
#include "refmath/mcu/mean.h"
#include "refmath/mcu/requantize_op.h"
#include "refmath/mcu/softmax.h"
#include "src/mcu/layer_shapes.h"

namespace py = pybind11;
using std::optional;
using std::pair;
using std::string;
using std::vector;

namespace refmath {
namespace python {
namespace {

const mcu::LayerNames kNames = {"input", "filter", "bias"};

mcu::WindowOptions Window(pair<int, int> stride, pair<int, int> dilation,
                          const string& padding) {
  mcu::WindowOptions w;
  string error;
  if (!mcu::ParsePadding(padding, &w.padding, &error)) Refuse(error);
  w.stride_h = stride.first;
  w.stride_w = stride.second;
  w.dilation_h = dilation.first;
  w.dilation_w = dilation.second;
  return w;
}

py::array IntArray(io::DType t, const vector<size_t>& shape,
                   const vector<int64_t>& v) {
  return FromNpy(io::IntegerArray(t, shape, v));
}

template <typename T>
vector<int64_t> Wide(const vector<T>& v) {
  return vector<int64_t>(v.begin(), v.end());
}

void CheckZeroPoint(int zp, const char* name) {
  if (zp < INT8_MIN || zp > INT8_MAX) {
    Refuse(string(name) + " must be an integer in -128..127");
  }
}

// conv2d (depth_multiplier 0) and depthwise conv2d, int8 or int16 input
// by its dtype.  int16: bias int64 (the int64 accumulator), int32 or none
// (conv's int32 accumulator; depthwise takes no int32 bias).
py::array Conv(const py::array& input, const py::array& filter,
               const optional<py::array>& bias, const vector<int64_t>& m,
               const vector<int64_t>& s, int in_zp, int out_zp,
               pair<int, int> stride, pair<int, int> dilation,
               const string& padding, int depth_multiplier, int act_min,
               int act_max, const string& kernel_name) {
  const mcu::Kernel kernel = KernelOf(kernel_name);
  const mcu::WindowOptions w = Window(stride, dilation, padding);
  const io::NpyArray in = ToNpy(
      input, io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16),
      "input");
  const io::NpyArray f = ToNpy(filter, io::Only(io::DType::kInt8), "filter");
  const bool s8 = in.dtype == io::DType::kInt8;
  const bool depthwise = depth_multiplier != 0;
  io::NpyArray b;
  b.shape = {0};
  if (bias) {
    b = ToNpy(*bias,
              s8 ? io::Only(io::DType::kInt32)
                 : depthwise ? io::Only(io::DType::kInt64)
                             : io::Only(io::DType::kInt32) |
                                   io::Only(io::DType::kInt64),
              "bias");
  }
  if (depthwise && depth_multiplier < 1) {
    Refuse("depth_multiplier must be at least 1");
  }
  mcu::LayerDims d;
  string error;
  if (!mcu::ConvLayerDims(in.shape, f.shape, bias ? &b.shape : nullptr,
                          depth_multiplier, w, kNames, &d, &error)) {
    Refuse(error);
  }
  const mcu::Requant r = RequantOf(m, s, -mcu::kMaxShift, mcu::kMaxShift,
                                   static_cast<size_t>(d.c_out));
  const vector<int8_t> fv = Narrowed<int8_t>(f);
  if (!mcu::CheckConvKernel(kernel, !s8, depthwise,
                            bias && b.dtype == io::DType::kInt64, d, &error)) {
    Refuse(error);
  }
  if (s8) {
    CheckZeroPoint(in_zp, "input_zero_point");
    CheckZeroPoint(out_zp, "output_zero_point");
    CheckClamp(act_min, act_max, INT8_MIN, INT8_MAX);
    mcu::ConvS8Params p;
    p.height = d.height;
    p.width = d.width;
    p.input_offset = -in_zp;
    p.output_offset = out_zp;
    p.act_min = act_min;
    p.act_max = act_max;
    p.requant = r;
    vector<int8_t> out;
    const bool ok =
        depthwise ? mcu::DepthwiseConvS8(Narrowed<int8_t>(in), d.input, fv, d.filter,
                                         Narrowed<int32_t>(b), depth_multiplier, p, &out)
                  : mcu::ConvS8(Narrowed<int8_t>(in), d.input, fv, d.filter,
                                Narrowed<int32_t>(b), p, &out);
    if (!ok) Refuse("the layer refused its operands");
    return IntArray(io::DType::kInt8, d.out_shape, Wide(out));
  }
  if (in_zp != 0 || out_zp != 0) {
    Refuse("int16 layers have zero point 0 on input and output");
  }
  CheckClamp(act_min, act_max, INT16_MIN, INT16_MAX);
  mcu::ConvS16Params p;
  p.height = d.height;
  p.width = d.width;
  p.act_min = act_min;
  p.act_max = act_max;
  p.requant = r;
  p.kernel = kernel;
  const bool cmsis = kernel != mcu::Kernel::kTflite;
  vector<int16_t> out;
  const vector<int16_t> x = Narrowed<int16_t>(in);
  bool ok;
  if (depthwise) {
    ok = mcu::DepthwiseConvS16(x, d.input, fv, d.filter, io::IntegerValues(b),
                               depth_multiplier, p, &out);
  } else if (bias && b.dtype == io::DType::kInt64) {
    ok = mcu::ConvS16(x, d.input, fv, d.filter, io::IntegerValues(b), p, &out);
  } else {
    ok = mcu::ConvS16Acc32(x, d.input, fv, d.filter, Narrowed<int32_t>(b), p,
                           &out);
  }
  if (!ok) {
    Refuse(cmsis ? "the layer refused its operands (RequantizeS64 takes shifts up to 14)"
                 : "the layer refused its operands (the int64 accumulator takes "
                   "shifts up to 7)");
  }
  return IntArray(io::DType::kInt16, d.out_shape, Wide(out));
}

// One pooling layer in the integer type T (int8 or int16): the clamp
// checked against T's range, the parameters filled, the layer called; no
// value when the layer refuses.
template <typename T, typename Params, typename Layer>
optional<py::array> PoolAs(bool average, const io::NpyArray& in,
                           const mcu::LayerDims& d, pair<int, int> size,
                           int act_min, int act_max, Layer average_pool,
                           Layer max_pool) {
  CheckClamp(act_min, act_max, std::numeric_limits<T>::min(),
             std::numeric_limits<T>::max());
  Params p;
  p.height = d.height;
  p.width = d.width;
  p.filter_height = size.first;
  p.filter_width = size.second;
  p.act_min = act_min;
  p.act_max = act_max;
  vector<T> out;
  if (!(average ? average_pool : max_pool)(Narrowed<T>(in), d.input, p, &out)) {
    return std::nullopt;
  }
  return IntArray(sizeof(T) == 1 ? io::DType::kInt8 : io::DType::kInt16,
                  d.out_shape, Wide(out));
}

py::array Pool(bool average, const py::array& input, pair<int, int> size,
               pair<int, int> stride, const string& padding, int act_min,
               int act_max) {
  const mcu::WindowOptions w = Window(stride, {1, 1}, padding);
  const io::NpyArray in = ToNpy(
      input, io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16),
      "input");
  mcu::LayerDims d;
  string error;
  if (!mcu::PoolLayerDims(in.shape, size.first, size.second, w, kNames, &d,
                          &error)) {
    Refuse(error);
  }
  const optional<py::array> out =
      in.dtype == io::DType::kInt8
          ? PoolAs<int8_t, mcu::PoolS8Params>(average, in, d, size, act_min,
                                              act_max, mcu::AveragePoolS8,
                                              mcu::MaxPoolS8)
          : PoolAs<int16_t, mcu::PoolS16Params>(average, in, d, size, act_min,
                                                act_max, mcu::AveragePoolS16,
                                                mcu::MaxPoolS16);
  if (out) return *out;
  Refuse("a pooling window holds no tap inside the image");
}

// Softmax over the last axis: int8 in, int8 (scale 1/256, zero point -128)
// or int16 (scale 1/65536, zero point -32768) out.
// int16 in, int16 out (scale 1/32768, zero point 0), by either kernel.
py::array SoftmaxS16(const io::NpyArray& in, double beta, double input_scale,
                     mcu::Kernel kernel) {
  mcu::SoftmaxS16Params p;
  p.kernel = kernel;
  if (!mcu::SoftmaxS16Prepare(static_cast<float>(beta), static_cast<float>(input_scale),
                              &p)) {
    Refuse("beta * input_scale must be positive and quantize with a shift in -31..31");
  }
  const vector<int16_t> x = Narrowed<int16_t>(in);
  const size_t depth = in.shape.back(), rows = x.size() / depth;
  vector<int16_t> out;
  if (!mcu::SoftmaxS16(x, rows, depth, p, &out)) {
    Refuse("the last axis is longer than 65536");
  }
  return IntArray(io::DType::kInt16, in.shape, Wide(out));
}

py::array Softmax(const py::array& input, double beta, double input_scale,
                  const string& type, const string& kernel_name) {
  const mcu::Kernel kernel = KernelOf(kernel_name);
  if (type != "s8" && type != "s16") {
    Refuse("unknown type '" + type + "' (valid: s8, s16)");
  }
  const io::NpyArray in = ToNpy(
      input, io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16), "input");
  if (in.shape.empty() || in.shape.back() == 0) {
    Refuse("input must have at least one axis, the last not empty");
  }
  if (in.dtype == io::DType::kInt16) {
    if (type != "s16") Refuse("int16 input gives type 's16' only");
    return SoftmaxS16(in, beta, input_scale, kernel);
  }
  if (kernel != mcu::Kernel::kTflite) Refuse("kernel applies to int16 input only");
  const vector<int8_t> x = Narrowed<int8_t>(in);
  const size_t depth = in.shape.back(), rows = x.size() / depth;
  mcu::SoftmaxS8Params p;
  if (!mcu::SoftmaxS8Prepare(static_cast<float>(beta),
                             static_cast<float>(input_scale), &p)) {
    Refuse("beta * input_scale * 2^26 must exceed 1");
  }
  const char* refused =
      "a row's sum of exponentials reaches 512 (TFLite's exponent check)";
  if (type == "s8") {
    vector<int8_t> out;
    if (!mcu::SoftmaxS8(x, rows, depth, p, &out)) {
      Refuse(refused);
    }
    return IntArray(io::DType::kInt8, in.shape, Wide(out));
  }
  vector<int16_t> out;
  if (!mcu::SoftmaxS8ToS16(x, rows, depth, p, &out)) {
    Refuse(refused);
  }
  return IntArray(io::DType::kInt16, in.shape, Wide(out));
}

// ADD or MUL of two int8 arrays of one shape, from their scales and zero
// points as TFLite prepares them; MUL by the kernel named (ADD's agree).
py::array Elementwise(bool add, const py::array& a, const py::array& b,
                      double s1, int zp1, double s2, int zp2, double s_out,
                      int zp_out, int act_min, int act_max,
                      const string& kernel_name) {
  const mcu::Kernel kernel = KernelOf(kernel_name);
  const io::NpyArray x = ToNpy(a, io::Only(io::DType::kInt8), "a");
  const io::NpyArray y = ToNpy(b, io::Only(io::DType::kInt8), "b");
  if (x.shape != y.shape) {
    Refuse("a and b must have the same shape (broadcasting is not "
           "emulated)");
  }
  for (int zp : {zp1, zp2, zp_out}) CheckZeroPoint(zp, "zero points");
  CheckClamp(act_min, act_max, INT8_MIN, INT8_MAX);
  const float f1 = static_cast<float>(s1), f2 = static_cast<float>(s2),
              fo = static_cast<float>(s_out);
  vector<int8_t> out;
  if (add) {
    mcu::AddS8Params p;
    if (!mcu::AddS8Prepare(f1, zp1, f2, zp2, fo, zp_out, &p)) {
      Refuse("the scales do not give ADD's multipliers (each ratio below 1)");
    }
    p.act_min = act_min;
    p.act_max = act_max;
    mcu::AddS8(Narrowed<int8_t>(x), Narrowed<int8_t>(y), p, &out);
  } else {
    mcu::MulS8Params p;
    if (!mcu::MulS8Prepare(f1, zp1, f2, zp2, fo, zp_out, &p)) {
      Refuse("the scales do not give MUL's multiplier (shift in -31..31)");
    }
    p.act_min = act_min;
    p.act_max = act_max;
    p.kernel = kernel;
    mcu::MulS8(Narrowed<int8_t>(x), Narrowed<int8_t>(y), p, &out);
  }
  return IntArray(io::DType::kInt8, x.shape, Wide(out));
}

// QUANTIZE's parameters (requantize_op.h), each zero point within its
// tensor's bits; ValueError otherwise.
mcu::RequantizeOpParams RequantizeParams(double in_scale, int64_t in_zp, int in_bits,
                                         double out_scale, int64_t out_zp, int out_bits) {
  auto fits = [](int64_t v, int b) {
    return v >= -(int64_t{1} << (b - 1)) && v < (int64_t{1} << (b - 1));
  };
  if (!fits(in_zp, in_bits) || !fits(out_zp, out_bits)) {
    Refuse("each zero point must fit its tensor's type");
  }
  mcu::RequantizeOpParams p;
  if (!mcu::RequantizeOpPrepare(static_cast<float>(in_scale), static_cast<int32_t>(in_zp),
                                static_cast<float>(out_scale), static_cast<int32_t>(out_zp),
                                &p)) {
    Refuse("input_scale / output_scale does not quantize with a shift in -31..31");
  }
  return p;
}

// QUANTIZE between integer tensors: int8/int16/int32 in, `type` out.
py::array Requantize(const py::array& input, double in_scale, int64_t in_zp,
                     double out_scale, int64_t out_zp, const string& type) {
  const int bits = type == "s8" ? 8 : type == "s16" ? 16 : type == "s32" ? 32 : 0;
  if (bits == 0) Refuse("unknown type '" + type + "' (valid: s8, s16, s32)");
  const io::NpyArray in =
      ToNpy(input,
            io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16) |
                io::Only(io::DType::kInt32),
            "input");
  const int in_bits = in.dtype == io::DType::kInt8    ? 8
                      : in.dtype == io::DType::kInt16 ? 16
                                                      : 32;
  const mcu::RequantizeOpParams p =
      RequantizeParams(in_scale, in_zp, in_bits, out_scale, out_zp, bits);
  vector<int32_t> out;
  mcu::RequantizeOp(Narrowed<int32_t>(in), p, bits, &out);
  return IntArray(bits == 8    ? io::DType::kInt8
                  : bits == 16 ? io::DType::kInt16
                               : io::DType::kInt32,
                  in.shape, Wide(out));
}

// MEAN over `axes` of an int8 or int16 array; the output keeps its type.
py::array MeanPy(const py::array& input, const vector<int>& axes, double in_scale,
                 int64_t in_zp, double out_scale, int64_t out_zp, bool keepdims) {
  const io::NpyArray in = ToNpy(
      input, io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16), "input");
  const int bits = in.dtype == io::DType::kInt8 ? 8 : 16;
  const mcu::RequantizeOpParams p =
      RequantizeParams(in_scale, in_zp, bits, out_scale, out_zp, bits);
  vector<size_t> resolved;
  if (!mcu::ResolveMeanAxes(axes, in.shape.size(), &resolved)) {
    Refuse("an axis is outside -ndim..ndim-1");
  }
  vector<int32_t> out;
  mcu::Mean(Narrowed<int32_t>(in), in.shape, axes, p, bits, &out);
  return IntArray(in.dtype, mcu::MeanShape(in.shape, resolved, keepdims), Wide(out));
}

}  // namespace

void BindMcuLayers(py::module_& m) {
  m.def("conv", &Conv);
  m.def("pool", &Pool);
  m.def("softmax", &Softmax);
  m.def("elementwise", &Elementwise);
  m.def("requantize", &Requantize);
  m.def("mean", &MeanPy);
}

}  // namespace python
}  // namespace refmath
