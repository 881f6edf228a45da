// The parts of the _refmath extension, one per file.
#ifndef REFMATH_PYTHON_SRC_BINDINGS_H_
#define REFMATH_PYTHON_SRC_BINDINGS_H_

#include <pybind11/pybind11.h>

#include <string>

namespace refmath {
namespace python {

// capi.cc: names, targets, the ufuncs and a direct refmath_eval_f32.
void BindCapi(pybind11::module_& m);
// compare.cc: refmath compare's measurement and its JSON report.
void BindCompare(pybind11::module_& m);
// conform.cc: the conformance runner.
void BindConform(pybind11::module_& m);
// tensor.cc: the tensor operations of refmath/tensor.h.
void BindTensor(pybind11::module_ m);
// ane.cc, mcu.cc: the emulators.
void BindAne(pybind11::module_ m);
void BindMcu(pybind11::module_ m);

// Throws ValueError(message) (pybind11::value_error).
[[noreturn]] void Refuse(const std::string& message);

// The enum value `lookup` (a refmath_*_from_name) gives `name`; ValueError
// "unknown WHAT 'NAME'" and then `hint` (say " (valid: exact, fast)") if it
// gives none.
template <typename Enum>
Enum FromName(int (*lookup)(const char*), const std::string& name,
              const char* what, const char* hint = "") {
  const int value = lookup(name.c_str());
  if (value < 0) {
    Refuse("unknown " + std::string(what) + " '" + name + "'" + hint);
  }
  return static_cast<Enum>(value);
}

}  // namespace python
}  // namespace refmath

#endif  // REFMATH_PYTHON_SRC_BINDINGS_H_
