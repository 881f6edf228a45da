// The C API: argument checks, names, target selection.  No arithmetic here;
// the kernels live in simd/.
#include <stdint.h>
#include <string.h>

#include <limits>

#include "hwy/targets.h"
#include "refmath/refmath.h"
#include "refmath/tensor.h"
#include "src/core/fp_env.h"
#include "simd/kernel_table.h"

namespace {

using refmath::detail::KernelTable;
using refmath::detail::TargetKernels;

const char* const kFunctionNames[REFMATH_NUM_FUNCTIONS] = {
    "exp",  "exp_nonpositive", "log",      "sigmoid",  "tanh",
    "erf",  "one_plus_erf",    "gelu_erf", "gelu_tanh"};
const char* const kVariantNames[REFMATH_NUM_VARIANTS] = {"exact", "fast",
                                                         "correct"};
const char* const kTargetNames[REFMATH_NUM_TARGETS] = {
    "best",  "scalar", "sse4", "avx2",    "avx3",    "ssse3",   "avx3_dl",
    "emu128", "neon",  "sve",  "sve2", "sve_256", "sve2_128"};

int FromName(const char* const* names, int count, const char* name) {
  if (name == nullptr) return -1;
  for (int i = 0; i < count; ++i) {
    if (strcmp(names[i], name) == 0) return i;
  }
  return -1;
}

bool VariantBuilt(refmath_variant v, KernelTable* table) {
  switch (v) {
    case REFMATH_EXACT: *table = refmath::detail::ExactKernelTable(); break;
    case REFMATH_FAST: *table = refmath::detail::FastKernelTable(); break;
    default: *table = refmath::detail::CorrectKernelTable(); break;
  }
  return table->count > 0;
}

// Highway 1.0.3 re-runs CPU detection on every SupportedTargets() call, and
// each cpuid traps to the hypervisor on a VM (about 14 us a call measured
// here): detect once.
int64_t SupportedTargetsOnce() {
  static const int64_t kSupported = hwy::SupportedTargets();
  return kSupported;
}

bool CpuSupports(const TargetKernels& k) {
  return (SupportedTargetsOnce() & k.hwy_target) != 0;
}

// Resolves (v, t) to a compiled, CPU-supported entry or returns a status.
int Resolve(refmath_variant v, refmath_target t, const TargetKernels** out) {
  if (static_cast<unsigned>(v) >= REFMATH_NUM_VARIANTS) {
    return REFMATH_E_UNKNOWN_VARIANT;
  }
  if (static_cast<unsigned>(t) >= REFMATH_NUM_TARGETS) {
    return REFMATH_E_UNKNOWN_TARGET;
  }
  KernelTable table;
  if (!VariantBuilt(v, &table)) return REFMATH_E_VARIANT_NOT_BUILT;
  bool compiled = false;
  for (size_t i = 0; i < table.count; ++i) {
    const TargetKernels& k = table.entries[i];
    if (t != REFMATH_TARGET_BEST && k.target != t) continue;
    compiled = true;
    if (CpuSupports(k)) {
      *out = &k;
      return REFMATH_OK;
    }
  }
  return compiled ? REFMATH_E_TARGET_NOT_SUPPORTED : REFMATH_E_TARGET_NOT_BUILT;
}

bool PartialOverlap(const float* in, float* out, size_t n) {
  if (n == 0 || in == out) return false;
  const uintptr_t a = reinterpret_cast<uintptr_t>(in);
  const uintptr_t b = reinterpret_cast<uintptr_t>(out);
  const uintptr_t bytes = n * sizeof(float);
  return a < b + bytes && b < a + bytes;
}

// Each variant's kernels for one value: the portable target (one lane,
// no dispatch cost to speak of; every target gives the same bits), or the
// best one where the variant has no portable build; null if the variant
// is not built.  Resolved once.
struct ScalarTable {
  const TargetKernels* kernels[REFMATH_NUM_VARIANTS];
};

ScalarTable ResolveScalar() {
  ScalarTable table;
  for (int i = 0; i < REFMATH_NUM_VARIANTS; ++i) {
    const auto v = static_cast<refmath_variant>(i);
    const TargetKernels*& k = table.kernels[i];
    if (Resolve(v, refmath_portable_target(), &k) != REFMATH_OK &&
        Resolve(v, REFMATH_TARGET_BEST, &k) != REFMATH_OK) {
      k = nullptr;
    }
  }
  return table;
}

const TargetKernels* ScalarKernels(refmath_variant v) {
  static const ScalarTable table = ResolveScalar();
  return table.kernels[v];
}

float EvalOne(refmath_function f, refmath_variant v, float x) {
  const TargetKernels* const k = ScalarKernels(v);
  if (k == nullptr) return std::numeric_limits<float>::quiet_NaN();
  float y;
  const refmath::detail::ScopedIeeeEnvironment ieee;
  k->eval(f, &x, &y, 1);
  return y;
}

}  // namespace

extern "C" {

int refmath_eval_f32(refmath_function f, refmath_variant v, refmath_target t,
                     const float* in, float* out, size_t n) {
  if (static_cast<unsigned>(f) >= REFMATH_NUM_FUNCTIONS) {
    return REFMATH_E_UNKNOWN_FUNCTION;
  }
  const TargetKernels* k = nullptr;
  const int status = Resolve(v, t, &k);
  if (status != REFMATH_OK) return status;
  if (n == 0) return REFMATH_OK;
  if (in == nullptr || out == nullptr) return REFMATH_E_NULL_POINTER;
  if (PartialOverlap(in, out, n)) return REFMATH_E_OVERLAP;
  const refmath::detail::ScopedIeeeEnvironment ieee;
  k->eval(f, in, out, n);
  return REFMATH_OK;
}

const char* refmath_version(void) { return REFMATH_VERSION; }

const char* refmath_status_string(int status) {
  switch (status) {
    case REFMATH_OK: return "success";
    case REFMATH_E_UNKNOWN_FUNCTION: return "unknown function";
    case REFMATH_E_UNKNOWN_VARIANT: return "unknown variant";
    case REFMATH_E_VARIANT_NOT_BUILT:
      return "variant not built into this library";
    case REFMATH_E_UNKNOWN_TARGET: return "unknown target";
    case REFMATH_E_TARGET_NOT_BUILT:
      return "target not built into this library for this variant";
    case REFMATH_E_TARGET_NOT_SUPPORTED:
      return "target not supported by this CPU";
    case REFMATH_E_NULL_POINTER: return "null pointer with n > 0";
    case REFMATH_E_OVERLAP:
      return "output overlaps input without being identical to it";
    case REFMATH_E_SHAPE: return "shapes do not fit together";
    case REFMATH_E_AXIS: return "axis out of range";
    case REFMATH_E_EMPTY_AXIS: return "zero-length axis where one is needed";
    case REFMATH_E_BAD_ARGUMENT:
      return "invalid argument (ndim, mode, thread count or eps)";
    case REFMATH_E_NO_MEMORY: return "out of memory for a work buffer";
    default: return "unknown status code";
  }
}

const char* refmath_function_name(refmath_function f) {
  return static_cast<unsigned>(f) < REFMATH_NUM_FUNCTIONS ? kFunctionNames[f]
                                                          : nullptr;
}
const char* refmath_variant_name(refmath_variant v) {
  return static_cast<unsigned>(v) < REFMATH_NUM_VARIANTS ? kVariantNames[v]
                                                         : nullptr;
}
const char* refmath_target_name(refmath_target t) {
  return static_cast<unsigned>(t) < REFMATH_NUM_TARGETS ? kTargetNames[t]
                                                        : nullptr;
}
int refmath_function_from_name(const char* name) {
  return FromName(kFunctionNames, REFMATH_NUM_FUNCTIONS, name);
}
int refmath_variant_from_name(const char* name) {
  return FromName(kVariantNames, REFMATH_NUM_VARIANTS, name);
}
int refmath_target_from_name(const char* name) {
  return FromName(kTargetNames, REFMATH_NUM_TARGETS, name);
}

int refmath_target_status(refmath_variant v, refmath_target t) {
  const TargetKernels* k = nullptr;
  return Resolve(v, t, &k);
}

int refmath_best_target(refmath_variant v) {
  const TargetKernels* k = nullptr;
  const int status = Resolve(v, REFMATH_TARGET_BEST, &k);
  return status == REFMATH_OK ? static_cast<int>(k->target) : status;
}

refmath_target refmath_portable_target(void) {
  const TargetKernels* k = nullptr;
  return Resolve(REFMATH_EXACT, REFMATH_TARGET_SCALAR, &k) == REFMATH_OK
             ? REFMATH_TARGET_SCALAR
             : REFMATH_TARGET_EMU128;
}

// One value of each function in each variant: refmath_NAMEf (exact),
// refmath_fast_NAMEf, refmath_correct_NAMEf.
#define REFMATH_SCALAR_CALLS(name, function)                           \
  float refmath_##name##f(float x) {                                   \
    return EvalOne(function, REFMATH_EXACT, x);                        \
  }                                                                    \
  float refmath_fast_##name##f(float x) {                              \
    return EvalOne(function, REFMATH_FAST, x);                         \
  }                                                                    \
  float refmath_correct_##name##f(float x) {                           \
    return EvalOne(function, REFMATH_CORRECT, x);                      \
  }
REFMATH_SCALAR_CALLS(exp, REFMATH_EXP)
REFMATH_SCALAR_CALLS(exp_nonpositive, REFMATH_EXP_NONPOSITIVE)
REFMATH_SCALAR_CALLS(log, REFMATH_LOG)
REFMATH_SCALAR_CALLS(sigmoid, REFMATH_SIGMOID)
REFMATH_SCALAR_CALLS(tanh, REFMATH_TANH)
REFMATH_SCALAR_CALLS(erf, REFMATH_ERF)
REFMATH_SCALAR_CALLS(one_plus_erf, REFMATH_ONE_PLUS_ERF)
REFMATH_SCALAR_CALLS(gelu_erf, REFMATH_GELU_ERF)
REFMATH_SCALAR_CALLS(gelu_tanh, REFMATH_GELU_TANH)
#undef REFMATH_SCALAR_CALLS

}  // extern "C"
