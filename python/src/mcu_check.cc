// refmath.mcu.check_model and the platform model (refmath/mcu/model_check.h,
// platform.h): a target from a dict, layers from the normalized dicts
// refmath/mcu.py builds, the rules' lines back.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stddef.h>
#include <stdint.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "python/src/bindings.h"
#include "python/src/mcu_check.h"
#include "refmath/mcu/model_check.h"
#include "refmath/mcu/platform.h"

namespace py = pybind11;
using std::string;
using std::vector;

namespace refmath {
namespace python {

mcu::McuTarget TargetOf(const std::optional<py::dict>& d) {
  mcu::McuTarget t;
  if (!d) return t;
  for (const auto& item : *d) {
    const string key = item.first.cast<string>();
    if (key != "name" && key != "cpu" && key != "mve" && key != "fpu" && key != "fp16") {
      Refuse("unknown target key '" + key + "' (valid: name, cpu, mve, fpu, fp16)");
    }
  }
  if (d->contains("cpu")) t.cpu = t.name = (*d)["cpu"].cast<string>();
  if (d->contains("name")) t.name = (*d)["name"].cast<string>();
  if (d->contains("mve")) t.mve = (*d)["mve"].cast<bool>();
  if (d->contains("fpu")) t.fpu = (*d)["fpu"].cast<bool>();
  if (d->contains("fp16") && !(*d)["fp16"].is_none()) {
    t.fp16 = (*d)["fp16"].cast<bool>() ? mcu::McuTarget::Fp16::kDeclared
                                       : mcu::McuTarget::Fp16::kDeclaredAbsent;
  }
  return t;
}

mcu::Accumulation AccumulationOf(const string& name) {
  mcu::Accumulation a;
  if (!mcu::AccumulationFromName(name, &a)) {
    Refuse("unknown accumulation '" + name + "' (valid: precise, fast, auto)");
  }
  return a;
}

namespace {

mcu::ElementType TypeOf(const string& name, size_t index) {
  if (name == "s8") return mcu::ElementType::kInt8;
  if (name == "s16") return mcu::ElementType::kInt16;
  if (name == "f16") return mcu::ElementType::kFloat16;
  if (name == "f32") return mcu::ElementType::kFloat32;
  Refuse("layer " + std::to_string(index) + ": unknown type '" + name +
         "' (valid: s8, s16, f16, f32)");
}

// (type, scales, zero points), as refmath/mcu.py normalizes a tensor.
using Tensor = std::tuple<string, vector<double>, vector<int64_t>>;

mcu::TensorParams TensorOf(const Tensor& t, size_t index) {
  mcu::TensorParams p;
  p.type = TypeOf(std::get<0>(t), index);
  p.scales = std::get<1>(t);
  for (int64_t z : std::get<2>(t)) {
    // Out-of-range values stay out of range for the check to name.
    p.zero_points.push_back(static_cast<int32_t>(
        z < INT32_MIN ? INT32_MIN : z > INT32_MAX ? INT32_MAX : z));
  }
  return p;
}

vector<string> CheckModel(const vector<py::dict>& layers,
                          const std::optional<py::dict>& target) {
  vector<mcu::LayerParams> model;
  for (size_t i = 0; i < layers.size(); ++i) {
    const py::dict& d = layers[i];
    mcu::LayerParams l;
    const string op = d["op"].cast<string>();
    if (!mcu::CheckedOpFromShortName(op, &l.op)) {
      Refuse("layer " + std::to_string(i) + ": unknown op '" + op + "'");
    }
    l.input = TensorOf(d["input"].cast<Tensor>(), i);
    l.input2 = TensorOf(d["input2"].cast<Tensor>(), i);
    l.output = TensorOf(d["output"].cast<Tensor>(), i);
    l.weights = TensorOf(d["weights"].cast<Tensor>(), i);
    model.push_back(l);
  }
  return mcu::CheckLayers(model, TargetOf(target));
}

string FloatLayout(bool half, size_t rows, size_t c_out,
                   const std::optional<py::dict>& target,
                   const string& accumulation, bool allow_approximate) {
  const mcu::FcShape shape = {rows, 0, c_out};
  return mcu::DefaultFloatKernel(TargetOf(target), half,
                                 AccumulationOf(accumulation),
                                 allow_approximate, shape) == mcu::FcKernel::kPacked
             ? "packed"
             : "standard";
}

}  // namespace

void BindMcuCheck(py::module_& m) {
  m.def("check_model", &CheckModel, py::arg("layers"), py::arg("target"));
  m.def("supports_fp16", [](const std::optional<py::dict>& target) {
    return mcu::SupportsFp16(TargetOf(target));
  });
  m.def("float_layout", &FloatLayout);
}

}  // namespace python
}  // namespace refmath
