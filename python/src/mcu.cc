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
#include "refmath/mcu/activation_ops.h"
#include "refmath/mcu/quantize.h"
#include "refmath/mcu/quantize_params.h"

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

// The op's table as int8 or int16 values for every input, its options
// checked as `refmath mcu table` checks them.
py::array Table(const string& name, optional<double> scale, optional<int> zp,
                optional<int64_t> m, optional<int> shift, bool ideal) {
  const mcu::ActivationOp* op = mcu::FindActivationOp(name);
  if (op == nullptr) {
    Refuse("unknown op '" + name + "' (" + mcu::ActivationOpNames() + ")");
  }
  mcu::TableInput in;
  const bool by_multiplier = m.has_value() || shift.has_value();
  if (!op->int16) {
    if (by_multiplier) Refuse("the int8 ops take input_scale and input_zero_point");
    if (!scale || !zp) {
      Refuse("the int8 ops need input_scale and input_zero_point");
    }
    if (*zp < INT8_MIN || *zp > INT8_MAX) {
      Refuse("input_zero_point must be an integer in -128..127");
    }
    in.zero_point = *zp;
  } else if (zp) {
    Refuse("the int16 ops have zero point 0; no input_zero_point");
  } else if (scale.has_value() == by_multiplier) {
    Refuse("the int16 ops take input_multiplier and input_left_shift, or "
           "input_scale");
  } else if (by_multiplier) {
    if (!m || !shift) Refuse("input_multiplier needs input_left_shift");
    if (*m < 0 || *m > INT32_MAX) {
      Refuse("input_multiplier must be an integer in 0..2147483647");
    }
    if (*shift < 0 || *shift > 31) {
      Refuse("input_left_shift must be an integer in 0..31");
    }
    in.multiplier = static_cast<int32_t>(*m);
    in.left_shift = *shift;
  }
  if (scale) in.scale = PositiveScale(*scale, "input_scale");
  const std::vector<int32_t> t = mcu::ActivationTable(*op, in, ideal);
  return FromNpy(io::IntegerArray(
      op->int16 ? io::DType::kInt16 : io::DType::kInt8, {t.size()},
      std::vector<int64_t>(t.begin(), t.end())));
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

// DEQUANTIZE of a float16 array: the exact widening (mcu::DequantizeF16).
py::array DequantizeF16(const py::array& h) {
  const io::NpyArray in = ToNpy(h, io::Only(io::DType::kFloat16), "q");
  return FromNpy(io::Float32Array(
      in.shape, mcu::DequantizeF16(
                    std::vector<uint16_t>(in.bits.begin(), in.bits.end()))));
}

// LOGISTIC or TANH of an int8 or int16 array, as `refmath mcu logistic|tanh`
// computes it (mcu::ActivationTensor).
py::array Activation(const py::array& x_in, double scale, int zp,
                     bool logistic) {
  const io::NpyArray in = ToNpy(
      x_in, io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16), "x");
  const bool s8 = in.dtype == io::DType::kInt8;
  if (!s8 && zp != 0) {
    Refuse("an int16 input's zero point is 0 (TFLite Micro's int16 LOGISTIC "
           "and TANH are symmetric)");
  }
  if (zp < INT8_MIN || zp > INT8_MAX) {
    Refuse("input_zero_point must be an integer in -128..127");
  }
  mcu::TableInput table_in;
  table_in.scale = PositiveScale(scale, "input_scale");
  table_in.zero_point = zp;
  const std::vector<int32_t> y = mcu::ActivationTensor(
      mcu::ActivationOpOf(logistic, !s8), table_in, io::Narrowed<int32_t>(in));
  const std::vector<int64_t> out(y.begin(), y.end());
  return FromNpy(io::IntegerArray(in.dtype, in.shape, out));
}

// TFLite's Prepare-time multipliers (refmath/mcu/quantize_params.h), as
// (multiplier, shift) pairs; conv's as two int32 arrays, one entry per
// filter scale.
py::tuple QuantizeMultiplierPy(double real) {
  mcu::QuantizedMultiplier q;
  if (!mcu::QuantizeMultiplier(real, &q)) Refuse("real must be finite");
  return py::make_tuple(q.multiplier, q.shift);
}

py::tuple RequantPair(const mcu::Requant& r) {
  return py::make_tuple(py::array_t<int32_t>(r.multiplier.size(), r.multiplier.data()),
                        py::array_t<int32_t>(r.shift.size(), r.shift.data()));
}

py::tuple ConvRequantPy(double input_scale, const std::vector<double>& filter_scales,
                        double output_scale) {
  std::vector<float> f;
  for (double v : filter_scales) f.push_back(PositiveScale(v, "filter_scales"));
  mcu::Requant r;
  if (!mcu::ConvRequant(PositiveScale(input_scale, "input_scale"), f,
                        PositiveScale(output_scale, "output_scale"), &r)) {
    Refuse("filter_scales must be one or more scales whose ratios quantize");
  }
  return RequantPair(r);
}

py::tuple FcRequantPy(double input_scale, double filter_scale,
                      double output_scale) {
  mcu::Requant r;
  if (!mcu::FullyConnectedRequant(PositiveScale(input_scale, "input_scale"),
                                  PositiveScale(filter_scale, "filter_scale"),
                                  PositiveScale(output_scale, "output_scale"),
                                  &r)) {
    Refuse("the scales' ratio does not quantize");
  }
  return py::make_tuple(r.multiplier[0], r.shift[0]);
}

}  // namespace

void BindMcuFc(py::module_& m);
void BindMcuLayers(py::module_& m);
void BindMcuModel(py::module_& m);
void BindMcuCheck(py::module_& m);

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
  m.def("quantize_multiplier", &QuantizeMultiplierPy, py::arg("real"));
  m.def("dequantize_f16", &DequantizeF16, py::arg("q"));
  m.def("activation", &Activation, py::arg("x"), py::arg("input_scale"),
        py::arg("input_zero_point"), py::arg("logistic"));
  m.def("conv_requant", &ConvRequantPy, py::arg("input_scale"),
        py::arg("filter_scales"), py::arg("output_scale"));
  m.def("fc_requant", &FcRequantPy, py::arg("input_scale"),
        py::arg("filter_scale"), py::arg("output_scale"));
  BindMcuFc(m);
  BindMcuLayers(m);
  BindMcuModel(m);
  BindMcuCheck(m);
}

}  // namespace python
}  // namespace refmath
