// The NumPy ufuncs: one float32 -> float32 loop per function and variant,
// over refmath_eval_f32, a float16 loop too in the correct variant
// (refmath_eval_f16), and the bfloat16 ufuncs' uint16 loop
// (refmath_eval_bf16).  A contiguous run goes to the C API as it is; a
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

// One element type's evaluation: float32 through refmath_eval_f32 on the
// pinned target, binary16 and bfloat16 bit patterns through
// refmath_eval_f16 and refmath_eval_bf16 (one table, no target).
struct F32 {
  using T = float;
  static int Eval(const LoopData& d, const T* in, T* out, size_t n) {
    return refmath_eval_f32(d.function, d.variant, g_target, in, out, n);
  }
};
struct F16 {
  using T = unsigned short;
  static int Eval(const LoopData& d, const T* in, T* out, size_t n) {
    return refmath_eval_f16(d.function, d.variant, in, out, n);
  }
};
struct Bf16 {
  using T = unsigned short;
  static int Eval(const LoopData& d, const T* in, T* out, size_t n) {
    return refmath_eval_bf16(d.function, d.variant, in, out, n);
  }
};

// A strided run: gathered into a buffer, evaluated in place, scattered.
template <class E>
int EvalStrided(const LoopData& d, const char* in, npy_intp in_step,
                char* out, npy_intp out_step, npy_intp n) {
  using T = typename E::T;
  constexpr npy_intp kBuffer = 1024;
  T buf[kBuffer];
  for (npy_intp done = 0; done < n; done += kBuffer) {
    const npy_intp m = n - done < kBuffer ? n - done : kBuffer;
    for (npy_intp i = 0; i < m; ++i) {
      memcpy(&buf[i], in + (done + i) * in_step, sizeof(T));
    }
    const int status = E::Eval(d, buf, buf, static_cast<size_t>(m));
    if (status != REFMATH_OK) return status;
    for (npy_intp i = 0; i < m; ++i) {
      memcpy(out + (done + i) * out_step, &buf[i], sizeof(T));
    }
  }
  return REFMATH_OK;
}

template <class E>
void Loop(char** args, const npy_intp* dimensions, const npy_intp* steps,
          void* data) {
  using T = typename E::T;
  const LoopData& d = *static_cast<const LoopData*>(data);
  const npy_intp n = dimensions[0];
  const npy_intp kSize = sizeof(T);
  int status;
  // NumPy hands the loop an output that overlaps its input when an
  // element-by-element pass in order gives the result of copying the
  // input first (out starting at or before in); the buffered pass keeps
  // that order chunk by chunk, which the C API's vector pass cannot.
  const bool shifted = args[0] != args[1] && args[0] < args[1] + n * kSize &&
                       args[1] < args[0] + n * kSize;
  if (steps[0] == kSize && steps[1] == kSize && !shifted) {
    status = E::Eval(d, reinterpret_cast<const T*>(args[0]),
                     reinterpret_cast<T*>(args[1]), static_cast<size_t>(n));
  } else {
    status = EvalStrided<E>(d, args[0], steps[0], args[1], steps[1], n);
  }
  if (status != REFMATH_OK) RaiseStatus(d, status);
}

// NumPy's own type resolution, with a hint added to its TypeError: the
// float32 ufuncs name refmath.tensor's cast (a float64 or Python-float
// input, which NumPy will not cast to float32 by itself), the bfloat16
// ones the bit patterns they take.
constexpr char kFloat32Hint[] =
    "refmath computes on float32 values only (x.astype(numpy.float32) does "
    "it on purpose)";
constexpr char kBfloat16Hint[] =
    "refmath.bfloat16 takes bfloat16 bit patterns as uint16 (float32 x "
    "holding bfloat16 numbers: (x.view(numpy.uint32) >> 16).astype("
    "numpy.uint16); a torch bfloat16 tensor t: "
    "t.view(torch.int16).numpy().view(numpy.uint16))";

template <const char* kHint>
int HintingTypeResolver(PyUFuncObject* ufunc, NPY_CASTING casting,
                        PyArrayObject** operands, PyObject* type_tup,
                        PyArray_Descr** out_dtypes) {
  const int r = PyUFunc_DefaultTypeResolver(ufunc, casting, operands,
                                            type_tup, out_dtypes);
  if (r < 0 && PyErr_ExceptionMatches(PyExc_TypeError)) {
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    PyObject* text = value != nullptr ? PyObject_Str(value) : nullptr;
    PyErr_Format(PyExc_TypeError, "%s; %s",
                 text != nullptr ? PyUnicode_AsUTF8(text) : "unsupported type",
                 kHint);
    Py_XDECREF(text);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
  }
  return r;
}

// float32 loops; the correct variant's ufuncs have a float16 loop first
// (NumPy takes the first loop its inputs cast to safely, so float16 input
// stays float16, as with NumPy's own ufuncs); the bfloat16 ufuncs have
// one uint16 loop over bfloat16 bit patterns.
PyUFuncGenericFunction g_loops_f32[] = {&Loop<F32>};
char g_types_f32[] = {NPY_FLOAT32, NPY_FLOAT32};
PyUFuncGenericFunction g_loops_correct[] = {&Loop<F16>, &Loop<F32>};
char g_types_correct[] = {NPY_FLOAT16, NPY_FLOAT16, NPY_FLOAT32,
                          NPY_FLOAT32};
PyUFuncGenericFunction g_loops_bf16[] = {&Loop<Bf16>};
char g_types_bf16[] = {NPY_UINT16, NPY_UINT16};

}  // namespace

refmath_target CurrentTarget() { return g_target; }
void SetCurrentTarget(refmath_target t) { g_target = t; }

PyObject* MakeUfunc(refmath_function f, refmath_variant v, bool bfloat16) {
  // NumPy keeps these pointers for the ufunc's lifetime: never freed.
  static std::deque<LoopData> loop_data;
  static std::deque<void*[2]> data_slots;
  static std::deque<std::string> names, docs;
  loop_data.push_back({f, v});
  data_slots.emplace_back();
  data_slots.back()[0] = data_slots.back()[1] = &loop_data.back();
  names.push_back(refmath_function_name(f));
  const bool correct = v == REFMATH_CORRECT;
  if (bfloat16) {
    docs.push_back(std::string("refmath correct ") + refmath_function_name(f) +
                   " of bfloat16 values, given and returned as their uint16 "
                   "bit patterns (the high half of a float32): each result "
                   "is the bfloat16 nearest the true value, the same bits as "
                   "refmath_eval_bf16.");
  } else {
    docs.push_back(
        std::string("refmath ") + refmath_variant_name(v) + " " +
        refmath_function_name(f) +
        " of float32 values: the same bits as refmath_eval_f32 on every "
        "target, shape and stride." +
        (correct ? "  float16 input gives float16 results, the binary16 "
                   "nearest the true value (refmath_eval_f16), not the "
                   "float32 result rounded again."
                 : "") +
        "\n\nTakes float32 (and the types NumPy casts to float32 safely: "
        "float16, int8, int16, uint8, uint16, bool; in the correct variant "
        "float16, int8, uint8 and bool go to the float16 loop, as with "
        "NumPy's own ufuncs); float64 and wider integers are refused with "
        "TypeError unless cast explicitly (x.astype(numpy.float32), or "
        "dtype=numpy.float32).");
  }
  PyUFuncGenericFunction* loops =
      bfloat16 ? g_loops_bf16 : correct ? g_loops_correct : g_loops_f32;
  char* types = bfloat16 ? g_types_bf16 : correct ? g_types_correct : g_types_f32;
  const int count = !bfloat16 && correct ? 2 : 1;
  PyObject* u = PyUFunc_FromFuncAndData(
      loops, data_slots.back(), types, count, 1, 1, PyUFunc_None,
      names.back().c_str(), docs.back().c_str(), 0);
  if (u != nullptr) {
    reinterpret_cast<PyUFuncObject*>(u)->type_resolver =
        bfloat16 ? &HintingTypeResolver<kBfloat16Hint>
                 : &HintingTypeResolver<kFloat32Hint>;
  }
  return u;
}

}  // namespace python
}  // namespace refmath
