// refmath.mcu: the CMSIS-NN / TFLite Micro paths (src/mcu) over NumPy
// arrays, through the calls `refmath mcu table|fc|quantize|dequantize`
// make (tools/cli/cmd_mcu*.cc).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <math.h>
#include <stdint.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "src/mcu/activation_ops.h"
#include "src/mcu/activation_s16.h"
#include "src/mcu/activation_s8.h"
#include "src/mcu/ideal_activation.h"
#include "src/mcu/quantize.h"

namespace py = pybind11;
using std::optional;
using std::string;

namespace refmath {
namespace python {
namespace {

float PositiveScale(double v, const char* name) {
  const float f = static_cast<float>(v);
  if (!(v > 0) || !isfinite(f) || !(f > 0)) {
    Refuse(string(name) + " must be a positive finite binary32 number");
  }
  return f;
}

template <typename T>
py::array_t<T> Array(const T* data, size_t n) {
  py::array_t<T> out(static_cast<py::ssize_t>(n));
  std::copy(data, data + n, out.mutable_data());
  return out;
}

// The int8 ops' 256 outputs for inputs -128..127.
py::array TableS8(mcu::ActivationS8 op, optional<double> scale,
                  optional<int> zp, bool by_multiplier, bool ideal) {
  if (by_multiplier) {
    Refuse("the int8 ops take input_scale and input_zero_point");
  }
  if (!scale || !zp) Refuse("the int8 ops need input_scale and input_zero_point");
  if (*zp < INT8_MIN || *zp > INT8_MAX) {
    Refuse("input_zero_point must be an integer in -128..127");
  }
  const float s = PositiveScale(*scale, "input_scale");
  const std::array<int8_t, 256> t =
      ideal ? mcu::IdealTableS8(op, s, *zp)
            : mcu::TableS8(op, mcu::PrepareActivationS8(s, *zp));
  return Array(t.data(), t.size());
}

// The int16 ops' 65536 outputs for inputs -32768..32767, by scale or by
// the kernel's multiplier and left shift.
py::array TableS16(mcu::ActivationS16 op, optional<double> scale,
                   optional<int> zp, optional<int64_t> m, optional<int> shift,
                   bool ideal) {
  if (zp) Refuse("the int16 ops have zero point 0; no input_zero_point");
  if (scale.has_value() == (m.has_value() || shift.has_value())) {
    Refuse("the int16 ops take input_multiplier and input_left_shift, or "
           "input_scale");
  }
  mcu::ActivationS16Params p;
  float s;
  if (scale) {
    s = PositiveScale(*scale, "input_scale");
    p = mcu::PrepareActivationS16(op, s);
  } else {
    if (!m || !shift) Refuse("input_multiplier needs input_left_shift");
    if (*m < 0 || *m > INT32_MAX) {
      Refuse("input_multiplier must be an integer in 0..2147483647");
    }
    if (*shift < 0 || *shift > 31) {
      Refuse("input_left_shift must be an integer in 0..31");
    }
    p.input_multiplier = static_cast<int32_t>(*m);
    p.input_left_shift = *shift;
    s = static_cast<float>(mcu::EffectiveInputScaleS16(p));
  }
  const std::vector<int16_t> t =
      ideal ? mcu::IdealTableS16(op, s) : mcu::TableS16(op, p);
  return Array(t.data(), t.size());
}

py::array Table(const string& op, optional<double> scale, optional<int> zp,
                optional<int64_t> m, optional<int> shift, bool ideal) {
  const bool by_m = m.has_value() || shift.has_value();
  if (op == "logistic_s8") {
    return TableS8(mcu::ActivationS8::kLogistic, scale, zp, by_m, ideal);
  }
  if (op == "tanh_s8") {
    return TableS8(mcu::ActivationS8::kTanh, scale, zp, by_m, ideal);
  }
  if (op == "sigmoid_s16") {
    return TableS16(mcu::ActivationS16::kSigmoid, scale, zp, m, shift, ideal);
  }
  if (op == "tanh_s16") {
    return TableS16(mcu::ActivationS16::kTanh, scale, zp, m, shift, ideal);
  }
  Refuse("unknown op '" + op + "' (" + mcu::ActivationOpNames() + ")");
}

py::array Quantize(const py::array& x, double scale, int zp,
                   const string& type, const string& rule) {
  if (type != "s8" && type != "s16") {
    Refuse("unknown type '" + type + "' (valid: s8, s16)");
  }
  if (rule != "tflm" && rule != "mve") {
    Refuse("unknown rule '" + rule + "' (valid: tflm, mve)");
  }
  const bool s8 = type == "s8";
  const int32_t lo = s8 ? INT8_MIN : INT16_MIN, hi = s8 ? INT8_MAX : INT16_MAX;
  if (zp < lo || zp > hi) {
    Refuse("zero_point must be an integer in " + std::to_string(lo) + ".." +
           std::to_string(hi));
  }
  const float s = PositiveScale(scale, "scale");
  const io::NpyArray in = ToNpy(x, io::Only(io::DType::kFloat32), "x");
  const std::vector<int32_t> q = mcu::QuantizeAll(
      io::Float32Values(in), s, zp, lo, hi,
      rule == "tflm" ? mcu::QuantizeRule::kTflmDivide
                     : mcu::QuantizeRule::kMveReciprocal);
  return FromNpy(io::IntegerArray(s8 ? io::DType::kInt8 : io::DType::kInt16,
                                  in.shape,
                                  std::vector<int64_t>(q.begin(), q.end())));
}

py::array Dequantize(const py::array& q_in, double scale, int zp,
                     bool flush_subnormal) {
  const io::NpyArray in = ToNpy(
      q_in, io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16), "q");
  const bool s8 = in.dtype == io::DType::kInt8;
  if (zp < (s8 ? INT8_MIN : INT16_MIN) || zp > (s8 ? INT8_MAX : INT16_MAX)) {
    Refuse("zero_point must fit the input's type");
  }
  const float s = PositiveScale(scale, "scale");
  const std::vector<int64_t> q = io::IntegerValues(in);
  return FromNpy(io::Float32Array(
      in.shape, mcu::DequantizeAll(std::vector<int32_t>(q.begin(), q.end()),
                                   s, zp, flush_subnormal)));
}

}  // namespace

void BindMcuFc(py::module_& m);

void BindMcu(py::module_ m) {
  m.def("ops", [] {
    std::vector<std::pair<string, string>> out;
    for (const mcu::ActivationOp& op : mcu::ActivationOps()) {
      out.emplace_back(op.name, op.description);
    }
    return out;
  });
  m.def("table", &Table, py::arg("op"), py::arg("input_scale"),
        py::arg("input_zero_point"), py::arg("input_multiplier"),
        py::arg("input_left_shift"), py::arg("ideal"));
  m.def("quantize", &Quantize, py::arg("x"), py::arg("scale"),
        py::arg("zero_point"), py::arg("type"), py::arg("rule"));
  m.def("dequantize", &Dequantize, py::arg("q"), py::arg("scale"),
        py::arg("zero_point"), py::arg("flush_subnormal"));
  BindMcuFc(m);
}

}  // namespace python
}  // namespace refmath
