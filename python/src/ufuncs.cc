// The NumPy ufuncs: one float32 -> float32 loop per function and variant,
// over refmath_eval_f32.  A contiguous run goes to the C API as it is; a
// strided one, or one whose output overlaps its input without being it,
// through a small buffer.  NumPy releases the GIL around the
// loop (a float32 loop needs no Python API); the loop takes it back only
// to raise the C library's error.
#include "python/src/ufuncs.h"

#include <stdint.h>
#include <string.h>

#include <deque>
#include <string>

#include "python/src/numpy_api.h"
#include "refmath/refmath.h"

namespace refmath {
namespace python {
namespace {

thread_local refmath_target g_target = REFMATH_TARGET_BEST;

struct LoopData {
  refmath_function function;
  refmath_variant variant;
};

// Raises ValueError with the C library's message, under the GIL.
void RaiseStatus(const LoopData& d, int status) {
  PyGILState_STATE gil = PyGILState_Ensure();
  if (!PyErr_Occurred()) {
    PyErr_Format(PyExc_ValueError, "refmath %s (%s, target %s): %s",
                 refmath_function_name(d.function),
                 refmath_variant_name(d.variant),
                 refmath_target_name(g_target), refmath_status_string(status));
  }
  PyGILState_Release(gil);
}

// A strided run: gathered into a buffer, evaluated in place, scattered.
int EvalStrided(const LoopData& d, const char* in, npy_intp in_step,
                char* out, npy_intp out_step, npy_intp n) {
  constexpr npy_intp kBuffer = 1024;
  float buf[kBuffer];
  for (npy_intp done = 0; done < n; done += kBuffer) {
    const npy_intp m = n - done < kBuffer ? n - done : kBuffer;
    for (npy_intp i = 0; i < m; ++i) {
      memcpy(&buf[i], in + (done + i) * in_step, sizeof(float));
    }
    const int status = refmath_eval_f32(d.function, d.variant, g_target, buf,
                                        buf, static_cast<size_t>(m));
    if (status != REFMATH_OK) return status;
    for (npy_intp i = 0; i < m; ++i) {
      memcpy(out + (done + i) * out_step, &buf[i], sizeof(float));
    }
  }
  return REFMATH_OK;
}

void Loop(char** args, const npy_intp* dimensions, const npy_intp* steps,
          void* data) {
  const LoopData& d = *static_cast<const LoopData*>(data);
  const npy_intp n = dimensions[0];
  const npy_intp kF = sizeof(float);
  int status;
  // NumPy hands the loop an output that overlaps its input when an
  // element-by-element pass in order gives the result of copying the
  // input first (out starting at or before in); the buffered pass keeps
  // that order chunk by chunk, which the C API's vector pass cannot.
  const bool shifted = args[0] != args[1] && args[0] < args[1] + n * kF &&
                       args[1] < args[0] + n * kF;
  if (steps[0] == kF && steps[1] == kF && !shifted) {
    status = refmath_eval_f32(d.function, d.variant, g_target,
                              reinterpret_cast<const float*>(args[0]),
                              reinterpret_cast<float*>(args[1]),
                              static_cast<size_t>(n));
  } else {
    status = EvalStrided(d, args[0], steps[0], args[1], steps[1], n);
  }
  if (status != REFMATH_OK) RaiseStatus(d, status);
}

// NumPy's own type resolution, with refmath.tensor's hint added to its
// TypeError (a float64 or Python-float input, which NumPy will not cast to
// float32 by itself).
int HintingTypeResolver(PyUFuncObject* ufunc, NPY_CASTING casting,
                        PyArrayObject** operands, PyObject* type_tup,
                        PyArray_Descr** out_dtypes) {
  const int r = PyUFunc_DefaultTypeResolver(ufunc, casting, operands,
                                            type_tup, out_dtypes);
  if (r < 0 && PyErr_ExceptionMatches(PyExc_TypeError)) {
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    PyObject* text = value != nullptr ? PyObject_Str(value) : nullptr;
    PyErr_Format(PyExc_TypeError,
                 "%s; refmath computes on float32 values only "
                 "(x.astype(numpy.float32) does it on purpose)",
                 text != nullptr ? PyUnicode_AsUTF8(text) : "unsupported type");
    Py_XDECREF(text);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
  }
  return r;
}

PyUFuncGenericFunction g_loops[] = {&Loop};
char g_types[] = {NPY_FLOAT32, NPY_FLOAT32};

}  // namespace

refmath_target CurrentTarget() { return g_target; }
void SetCurrentTarget(refmath_target t) { g_target = t; }

PyObject* MakeUfunc(refmath_function f, refmath_variant v) {
  // NumPy keeps these pointers for the ufunc's lifetime: never freed.
  static std::deque<LoopData> loop_data;
  static std::deque<void*> data_slots;
  static std::deque<std::string> names, docs;
  loop_data.push_back({f, v});
  data_slots.push_back(&loop_data.back());
  names.push_back(refmath_function_name(f));
  docs.push_back(std::string("refmath ") + refmath_variant_name(v) + " " +
                 refmath_function_name(f) +
                 " of float32 values: the same bits as refmath_eval_f32 on "
                 "every target, shape and stride.\n\nTakes float32 (and the "
                 "types NumPy casts to float32 safely: float16, int8, int16, "
                 "uint8, uint16, bool); float64 and wider integers are "
                 "refused with TypeError unless cast explicitly "
                 "(x.astype(numpy.float32), or dtype=numpy.float32).");
  PyObject* u = PyUFunc_FromFuncAndData(
      g_loops, &data_slots.back(), g_types, 1, 1, 1, PyUFunc_None,
      names.back().c_str(), docs.back().c_str(), 0);
  if (u != nullptr) {
    reinterpret_cast<PyUFuncObject*>(u)->type_resolver = &HintingTypeResolver;
  }
  return u;
}

}  // namespace python
}  // namespace refmath
