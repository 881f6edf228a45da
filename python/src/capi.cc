// The C API's names and targets, the ufuncs, and refmath_eval_f32 on a
// contiguous float32 array (what the tests and the benchmark compare the
// ufuncs with).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "python/src/bindings.h"
#include "python/src/ufuncs.h"
#include "refmath/refmath.h"

namespace py = pybind11;

namespace refmath {
namespace python {

void Refuse(const std::string& message) { throw py::value_error(message); }

namespace {

// Every name an enum's lookup gives, in the order of its values.
template <typename Enum>
std::vector<std::string> Names(const char* (*name)(Enum), int count) {
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) out.push_back(name(static_cast<Enum>(i)));
  return out;
}

// A target the calling thread's ufuncs may be pinned to: known, and usable
// here for at least one variant.
void SetTarget(const std::string& name) {
  const auto t = FromName<refmath_target>(refmath_target_from_name, name,
                                          "target");
  int status = REFMATH_OK;
  for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
    status = refmath_target_status(static_cast<refmath_variant>(v), t);
    if (status == REFMATH_OK) break;
  }
  if (status != REFMATH_OK) {
    Refuse("target '" + name + "': " + refmath_status_string(status));
  }
  SetCurrentTarget(t);
}

// The targets (v, t) can run here, BEST excluded.
std::vector<std::string> UsableTargets(const std::string& variant) {
  const auto v = FromName<refmath_variant>(refmath_variant_from_name,
                                           variant, "variant");
  std::vector<std::string> out;
  for (int t = 1; t < REFMATH_NUM_TARGETS; ++t) {
    if (refmath_target_status(v, static_cast<refmath_target>(t)) ==
        REFMATH_OK) {
      out.push_back(refmath_target_name(static_cast<refmath_target>(t)));
    }
  }
  return out;
}

using U16 = py::array_t<unsigned short, py::array::c_style>;
using F32 = py::array_t<float, py::array::c_style>;

// refmath_eval_f32 over a C-contiguous float32 array into `out` (same
// size, may be x itself), the GIL released.
void EvalInto(const std::string& function, const std::string& variant,
              const std::string& target, F32 x, F32 out) {
  const auto f = FromName<refmath_function>(refmath_function_from_name,
                                            function, "function");
  const auto v = FromName<refmath_variant>(refmath_variant_from_name,
                                           variant, "variant");
  const auto t = FromName<refmath_target>(refmath_target_from_name, target,
                                          "target");
  if (out.size() != x.size()) Refuse("out has another size than x");
  const float* in = x.data();
  float* dst = out.mutable_data();
  int status;
  {
    py::gil_scoped_release release;
    status = refmath_eval_f32(f, v, t, in, dst, static_cast<size_t>(x.size()));
  }
  if (status != REFMATH_OK) Refuse(refmath_status_string(status));
}

// refmath_eval_f16 (format "binary16") or refmath_eval_bf16 ("bfloat16")
// over a C-contiguous uint16 array of bit patterns into `out`.
void EvalNarrowInto(const std::string& function, const std::string& format,
                    U16 x, U16 out) {
  const auto f = FromName<refmath_function>(refmath_function_from_name,
                                            function, "function");
  if (format != "binary16" && format != "bfloat16") {
    Refuse("format: expected binary16 or bfloat16");
  }
  if (out.size() != x.size()) Refuse("out has another size than x");
  const unsigned short* in = x.data();
  unsigned short* dst = out.mutable_data();
  const size_t n = static_cast<size_t>(x.size());
  int status;
  {
    py::gil_scoped_release release;
    status = format == "binary16"
                 ? refmath_eval_f16(f, REFMATH_CORRECT, in, dst, n)
                 : refmath_eval_bf16(f, REFMATH_CORRECT, in, dst, n);
  }
  if (status != REFMATH_OK) Refuse(refmath_status_string(status));
}

}  // namespace

void BindCapi(py::module_& m) {
  m.def("version", &refmath_version);
  m.def("function_names", [] {
    return Names(&refmath_function_name, REFMATH_NUM_FUNCTIONS);
  });
  m.def("variant_names", [] {
    return Names(&refmath_variant_name, REFMATH_NUM_VARIANTS);
  });
  m.def("defines", [](const std::string& variant, const std::string& function) {
    return refmath_function_status(
               FromName<refmath_function>(refmath_function_from_name,
                                          function, "function"),
               FromName<refmath_variant>(refmath_variant_from_name, variant,
                                         "variant")) == REFMATH_OK;
  }, py::arg("variant"), py::arg("function"));
  m.def("usable_targets", &UsableTargets, py::arg("variant"));
  m.def("best_target", [](const std::string& variant) -> py::object {
    const int t = refmath_best_target(FromName<refmath_variant>(
        refmath_variant_from_name, variant, "variant"));
    if (t < 0) return py::none();
    return py::str(refmath_target_name(static_cast<refmath_target>(t)));
  });
  m.def("portable_target",
        [] { return refmath_target_name(refmath_portable_target()); });
  m.def("set_target", &SetTarget, py::arg("name"));
  m.def("get_target",
        [] { return std::string(refmath_target_name(CurrentTarget())); });
  m.def("ufunc", [](const std::string& function, const std::string& variant,
                    bool bfloat16) {
    PyObject* u = MakeUfunc(
        FromName<refmath_function>(refmath_function_from_name, function,
                                   "function"),
        FromName<refmath_variant>(refmath_variant_from_name, variant,
                                  "variant"),
        bfloat16);
    if (u == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(u);
  }, py::arg("function"), py::arg("variant"), py::arg("bfloat16") = false);
  m.def("eval_into", &EvalInto, py::arg("function"), py::arg("variant"),
        py::arg("target"), py::arg("x").noconvert(),
        py::arg("out").noconvert());
  m.def("eval_narrow_into", &EvalNarrowInto, py::arg("function"),
        py::arg("format"), py::arg("x").noconvert(),
        py::arg("out").noconvert());
}

}  // namespace python
}  // namespace refmath
