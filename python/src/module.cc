// _refmath, the extension under the refmath package: the ufuncs, the C
// API's names and targets, the tensor operations, and the bindings of the
// verification library and the emulators (one file each).  Arguments are converted here; every
// computation is a library call.
#define REFMATH_NUMPY_API_OWNER
#include "python/src/numpy_api.h"

#include <pybind11/pybind11.h>

#include "python/src/bindings.h"
#include "python/src/ufuncs.h"
#include "refmath/refmath.h"

namespace py = pybind11;

PYBIND11_MODULE(_refmath, m) {
  if (_import_array() < 0 || _import_umath() < 0) {
    throw py::error_already_set();
  }
  m.doc() = "refmath's C API, verification library and emulators";
  refmath::python::BindCapi(m);
  refmath::python::BindCompare(m);
  refmath::python::BindConform(m);
  refmath::python::BindTensor(
      m.def_submodule("tensor", "the tensor operations of refmath/tensor.h"));
  refmath::python::BindAne(m.def_submodule("ane", "the ANE fp16 model"));
  refmath::python::BindMcu(
      m.def_submodule("mcu", "the CMSIS-NN / TFLite Micro paths"));
}
