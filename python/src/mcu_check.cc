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
#include "refmath/mcu/model_description.h"
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

// A string entry of a layer's dict, "" when absent.
string Text(const py::dict& d, const char* key) {
  return d.contains(key) ? d[key].cast<string>() : string();
}

// The scale and zero-point entries of one tensor, as refmath/mcu.py
// flattens them into lists.
mcu::StatedQuant QuantOf(const py::dict& d, const char* scale_key, const char* zp_key) {
  mcu::StatedQuant q;
  q.scale_stated = d.contains(scale_key);
  q.zero_point_stated = d.contains(zp_key);
  if (q.scale_stated) q.scales = d[scale_key].cast<vector<double>>();
  if (q.zero_point_stated) q.zero_points = d[zp_key].cast<vector<int64_t>>();
  return q;
}

vector<string> CheckModel(const vector<py::dict>& layers,
                          const std::optional<py::dict>& target) {
  vector<mcu::LayerDescription> described;
  for (const py::dict& d : layers) {
    mcu::LayerDescription l;
    l.op = Text(d, "op");
    l.type = Text(d, "type");
    l.output_type = Text(d, "output_type");
    l.filter_type = Text(d, "filter_type");
    l.input2_type = Text(d, "input2_type");
    l.input = QuantOf(d, "input_scale", "input_zero_point");
    l.input2 = QuantOf(d, "input2_scale", "input2_zero_point");
    l.output = QuantOf(d, "output_scale", "output_zero_point");
    l.weights = QuantOf(d, "filter_scales", "filter_zero_points");
    described.push_back(l);
  }
  vector<mcu::LayerParams> model;
  string error;
  if (!mcu::LayersFromDescriptions(described, &model, &error)) Refuse(error);
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
