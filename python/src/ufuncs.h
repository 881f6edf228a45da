// The ufuncs of the package: refmath.<variant>.<function>.
#ifndef REFMATH_PYTHON_SRC_UFUNCS_H_
#define REFMATH_PYTHON_SRC_UFUNCS_H_

#include <Python.h>

#include "refmath/refmath.h"

namespace refmath {
namespace python {

// A new reference to the ufunc of (f, v), or null with a Python error;
// with bfloat16, the correct variant's ufunc over bfloat16 bit patterns
// (uint16) instead.
PyObject* MakeUfunc(refmath_function f, refmath_variant v,
                    bool bfloat16 = false);

// The target the calling thread's ufunc loops run on (BEST by default).
refmath_target CurrentTarget();
void SetCurrentTarget(refmath_target t);

}  // namespace python
}  // namespace refmath

#endif  // REFMATH_PYTHON_SRC_UFUNCS_H_
