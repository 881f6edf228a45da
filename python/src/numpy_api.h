// NumPy's C API for the extension: every file includes it through here, so
// that one translation unit (module.cc) owns the API table and the others
// share it.
#ifndef REFMATH_PYTHON_SRC_NUMPY_API_H_
#define REFMATH_PYTHON_SRC_NUMPY_API_H_

#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL refmath_ARRAY_API
#define PY_UFUNC_UNIQUE_SYMBOL refmath_UFUNC_API
#ifndef REFMATH_NUMPY_API_OWNER
#define NO_IMPORT_ARRAY
#define NO_IMPORT_UFUNC
#endif
#include <numpy/arrayobject.h>
#include <numpy/ufuncobject.h>

#endif  // REFMATH_PYTHON_SRC_NUMPY_API_H_
