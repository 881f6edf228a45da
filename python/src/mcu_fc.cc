// refmath.mcu's fully connected layers (refmath/mcu/fully_connected.h,
// float_fc.h), as `refmath mcu fc --type s8|s16|f32|f16` runs them: input
// [..., C_IN] (every leading index a row), weights [C_OUT, C_IN] (or
// packed [blocks, C_IN, lanes] with c_out given), bias [C_OUT]; the output
// [..., C_OUT] of the input's type.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdint.h>

#include <cmath>

#include <optional>
#include <string>
#include <vector>

#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/mcu_args.h"
#include "python/src/mcu_check.h"
#include "refmath/binary16/binary16.h"
#include "src/mcu/fc_shapes.h"
#include "refmath/mcu/fixed_point.h"
#include "refmath/mcu/float_fc.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/platform.h"

namespace py = pybind11;
using std::optional;
using std::string;
using std::vector;

namespace refmath {
namespace python {
namespace {

const mcu::FcNames kNames = {"input", "weights", "bias", "c_out"};

struct Operands {
  io::NpyArray input, weights, bias;
  mcu::FcDims dims;
};

Operands Read(const py::array& input, const py::array& weights,
              const optional<py::array>& bias, io::DTypeSet in,
              io::DTypeSet w, io::DTypeSet b, size_t packed_c_out) {
  Operands o;
  o.input = ToNpy(input, in, "input");
  o.weights = ToNpy(weights, w, "weights");
  o.bias.shape = {0};
  if (bias) o.bias = ToNpy(*bias, b, "bias");
  string error;
  if (!mcu::FcLayerDims(o.input.shape, o.weights.shape,
                        bias ? &o.bias.shape : nullptr, packed_c_out, kNames,
                        &o.dims, &error)) {
    Refuse(error);
  }
  return o;
}

py::array FcS8(const py::array& input, const py::array& weights,
               const optional<py::array>& bias, const vector<int64_t>& m,
               const vector<int64_t>& s, int in_zp, int w_zp, int out_zp,
               int act_min, int act_max) {
  const Operands o = Read(input, weights, bias, io::Only(io::DType::kInt8),
                          io::Only(io::DType::kInt8),
                          io::Only(io::DType::kInt32), 0);
  for (int zp : {in_zp, w_zp, out_zp}) {
    if (zp < INT8_MIN || zp > INT8_MAX) Refuse("zero points are int8 values");
  }
  CheckClamp(act_min, act_max, INT8_MIN, INT8_MAX);
  mcu::FcS8Params p;
  p.requant = RequantOf(m, s, -mcu::kMaxShift, mcu::kMaxShift, o.dims.c_out);
  p.input_offset = -in_zp;
  p.filter_offset = -w_zp;
  p.output_offset = out_zp;
  p.act_min = act_min;
  p.act_max = act_max;
  vector<int8_t> out;
  mcu::FullyConnectedS8(Narrowed<int8_t>(o.input), Narrowed<int8_t>(o.weights),
                        Narrowed<int32_t>(o.bias), o.dims.rows, o.dims.c_in, o.dims.c_out, p,
                        &out);
  return FromNpy(io::IntegerArray(io::DType::kInt8, o.dims.out_shape,
                                  vector<int64_t>(out.begin(), out.end())));
}

py::array FcS16(const py::array& input, const py::array& weights,
                const optional<py::array>& bias, const vector<int64_t>& m,
                const vector<int64_t>& s, int act_min, int act_max,
                const string& kernel_name) {
  const mcu::Kernel kernel = KernelOf(kernel_name);
  const bool tflite = kernel == mcu::Kernel::kTflite;
  const Operands o = Read(
      input, weights, bias, io::Only(io::DType::kInt16),
      io::Only(io::DType::kInt8),
      io::Only(io::DType::kInt32) | io::Only(io::DType::kInt64), 0);
  CheckClamp(act_min, act_max, INT16_MIN, INT16_MAX);
  mcu::FcS16Params p;
  p.kernel = kernel;
  p.requant = RequantOf(m, s, tflite ? -mcu::kMaxShift : mcu::kMinS64Shift,
                        tflite ? mcu::kMaxS64MultiplyShift : mcu::kMaxS64Shift,
                        o.dims.c_out);
  p.act_min = act_min;
  p.act_max = act_max;
  const vector<int64_t> b = io::IntegerValues(o.bias);
  for (int64_t v : b) {
    // The int64 accumulator cannot overflow below 2^62 (as the command).
    if (v > (int64_t{1} << 62) || v < -(int64_t{1} << 62)) {
      Refuse("a bias element is beyond +-2^62");
    }
  }
  vector<int16_t> out;
  mcu::FullyConnectedS16(Narrowed<int16_t>(o.input),
                         Narrowed<int8_t>(o.weights), b, o.dims.rows,
                         o.dims.c_in, o.dims.c_out, p, &out);
  return FromNpy(io::IntegerArray(io::DType::kInt16, o.dims.out_shape,
                                  vector<int64_t>(out.begin(), out.end())));
}

// Weights in the kernel's layout: packed here from [C_OUT, C_IN], or
// given packed ([ceil(C_OUT / L), C_IN, L]).
template <typename T>
vector<T> KernelWeights(mcu::FcKernel kernel, size_t packed_c_out,
                        size_t lanes, const Operands& o, vector<T> w) {
  if (kernel != mcu::FcKernel::kPacked) return w;
  if (packed_c_out == 0) return mcu::PackNtN(w, o.dims.c_out, o.dims.c_in, lanes);
  string error;
  if (!mcu::CheckPackedWeights(o.weights.shape, o.dims.c_in, packed_c_out,
                               lanes, kNames, &error)) {
    Refuse(error);
  }
  return w;
}

vector<Half> Halves(const io::NpyArray& a) {
  return vector<Half>(a.bits.begin(), a.bits.end());
}

py::array FcFloat(bool half, const py::array& input, const py::array& weights,
                  const optional<py::array>& bias, const string& layout,
                  bool legacy, optional<size_t> c_out, double lo, double hi,
                  const optional<py::dict>& target, const string& accumulation,
                  bool allow_approximate) {
  const size_t packed_c_out = c_out.value_or(0);
  mcu::FloatLayout l;
  l.name = layout;
  l.legacy = legacy;
  l.weights_packed = c_out.has_value();
  l.target = TargetOf(target);
  l.accumulation = AccumulationOf(accumulation);
  l.allow_approximate = allow_approximate;
  string error;
  if (!mcu::CheckFloatLayout(l, {"layout", "legacy", "c_out"}, &error)) {
    Refuse(error);
  }
  const io::DTypeSet t =
      io::Only(half ? io::DType::kFloat16 : io::DType::kFloat32);
  const Operands o = Read(input, weights, bias, t, t, t, packed_c_out);
  if (std::isnan(lo) || std::isnan(hi) || lo > hi) {
    Refuse("act_min and act_max must be numbers with act_min <= act_max");
  }
  const mcu::FcShape shape = {o.dims.rows, o.dims.c_in, o.dims.c_out};
  const mcu::FcKernel kernel = mcu::FloatKernelOf(l, half, shape);
  if (half) {
    vector<Half> out;
    mcu::FullyConnectedF16(
        kernel, Halves(o.input),
        KernelWeights(kernel, packed_c_out, mcu::kPackLanesF16, o,
                      Halves(o.weights)),
        Halves(o.bias), shape, HalfFromDouble(lo), HalfFromDouble(hi), &out);
    return FromNpy(io::Float16Array(o.dims.out_shape, out));
  }
  vector<float> out;
  mcu::FullyConnectedF32(
      kernel, io::Float32Values(o.input),
      KernelWeights(kernel, packed_c_out, mcu::kPackLanesF32, o,
                    io::Float32Values(o.weights)),
      io::Float32Values(o.bias), shape, static_cast<float>(lo),
      static_cast<float>(hi), &out);
  return FromNpy(io::Float32Array(o.dims.out_shape, out));
}

}  // namespace

void BindMcuFc(py::module_& m) {
  m.def("fc_s8", &FcS8);
  m.def("fc_s16", &FcS16);
  m.def("fc_float", &FcFloat);
}

}  // namespace python
}  // namespace refmath
