// The C API: argument checks, names, target selection.  No arithmetic here;
// the kernels live in simd/.
#include <stdint.h>
#include <string.h>

#include <atomic>
#include <limits>

#include "hwy/targets.h"
#include "refmath/refmath.h"
#include "refmath/tensor.h"
#include "simd/lanes/fp_env.h"
#include "simd/dispatch/kernel_table.h"

namespace {

using refmath::detail::KernelTable;
using refmath::detail::ScalarKernel;
using refmath::detail::TargetKernels;

// The registry's rows (refmath/functions.def): each function's name and
// the variants that define it (exact, fast, correct).
const char* const kFunctionNames[] = {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  #name,
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};
constexpr bool kInVariant[][REFMATH_NUM_VARIANTS] = {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  {EXACT != 0, FAST != 0, CORRECT != 0},
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};
static_assert(sizeof kInVariant / sizeof kInVariant[0] ==
                  REFMATH_NUM_FUNCTIONS,
              "functions.def and refmath_function disagree on the count");

// Each row sits at its enum value (so the index of a name is its enum
// value), and has the exact or the correct variant, which refmath_NAMEf
// calls.
enum class RowIndex {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) ID,
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  static_assert(static_cast<int>(RowIndex::ID) == REFMATH_##ID,             \
                "functions.def row out of enum order: " #name);             \
  static_assert(EXACT || CORRECT,                                           \
                "functions.def row without an exact or correct variant: " #name);
#include "refmath/functions.def"
#undef REFMATH_FUNCTION

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

int FunctionStatus(refmath_function f, refmath_variant v) {
  if (static_cast<unsigned>(f) >= REFMATH_NUM_FUNCTIONS) {
    return REFMATH_E_UNKNOWN_FUNCTION;
  }
  if (static_cast<unsigned>(v) >= REFMATH_NUM_VARIANTS) {
    return REFMATH_E_UNKNOWN_VARIANT;
  }
  return kInVariant[f][v] ? REFMATH_OK : REFMATH_E_NOT_IN_VARIANT;
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

// The array calls' first checks, in their order: f defined in v, then the
// target's kernels (*k).
int ResolveFunction(refmath_function f, refmath_variant v, refmath_target t,
                    const TargetKernels** k) {
  const int defined = FunctionStatus(f, v);
  if (defined != REFMATH_OK) return defined;
  return Resolve(v, t, k);
}

bool PartialOverlap(const float* in, float* out, size_t n) {
  if (n == 0 || in == out) return false;
  const uintptr_t a = reinterpret_cast<uintptr_t>(in);
  const uintptr_t b = reinterpret_cast<uintptr_t>(out);
  const uintptr_t bytes = n * sizeof(float);
  return a < b + bytes && b < a + bytes;
}

float OneValueNotBuilt(float) {
  return std::numeric_limits<float>::quiet_NaN();
}

// Variant v's one-value call of f on the best target of this CPU
// (VariantKernels::call: the guard, or the kernel that needs none, inside),
// or a quiet NaN where the variant is not built.  Every target gives the
// array kernel's bits.
ScalarKernel ResolveOneValue(refmath_function f, refmath_variant v) {
  const TargetKernels* k = nullptr;
  if (Resolve(v, REFMATH_TARGET_BEST, &k) != REFMATH_OK) {
    return &OneValueNotBuilt;
  }
  const ScalarKernel call = k->kernels->call[f];
  return call != nullptr ? call : &OneValueNotBuilt;
}

// refmath_NAMEf's entry: resolved by its first call, then one load and one
// jump (docs/fp-environment.md, "One value without the guard": on some
// CPUs reading MXCSR costs more than the kernel, so the call adds nothing
// it can do without).  Racing first calls store the same pointer.
template <refmath_function kF, refmath_variant kV>
struct OneValue {
  static float ResolveAndCall(float x) {
    const ScalarKernel k = ResolveOneValue(kF, kV);
    entry.store(k, std::memory_order_relaxed);
    return k(x);
  }
  static inline std::atomic<ScalarKernel> entry{&ResolveAndCall};
  static float Call(float x) {
    return entry.load(std::memory_order_relaxed)(x);
  }
};

}  // namespace

extern "C" {

int refmath_eval_f32(refmath_function f, refmath_variant v, refmath_target t,
                     const float* in, float* out, size_t n) {
  const TargetKernels* k = nullptr;
  const int status = ResolveFunction(f, v, t, &k);
  if (status != REFMATH_OK) return status;
  if (n == 0) return REFMATH_OK;
  if (in == nullptr || out == nullptr) return REFMATH_E_NULL_POINTER;
  if (PartialOverlap(in, out, n)) return REFMATH_E_OVERLAP;
  const refmath::detail::ScopedIeeeEnvironment ieee;
  k->eval(f, in, out, n);
  return REFMATH_OK;
}

// A block at a time, from a copy of the block's inputs, so that either
// output may be the input array.  Each value's bits do not depend on the
// block it is computed in.
int refmath_sincos_f32(refmath_variant v, refmath_target t, const float* in,
                       float* sin_out, float* cos_out, size_t n) {
  const TargetKernels* k = nullptr;
  const int status = ResolveFunction(REFMATH_SIN, v, t, &k);
  if (status != REFMATH_OK) return status;
  if (n == 0) return REFMATH_OK;
  if (in == nullptr || sin_out == nullptr || cos_out == nullptr) {
    return REFMATH_E_NULL_POINTER;
  }
  if (PartialOverlap(in, sin_out, n) || PartialOverlap(in, cos_out, n) ||
      sin_out == cos_out || PartialOverlap(sin_out, cos_out, n)) {
    return REFMATH_E_OVERLAP;
  }
  const refmath::detail::ScopedIeeeEnvironment ieee;
  constexpr size_t kBlock = 256;
  float block[kBlock];
  for (size_t i = 0; i < n; i += kBlock) {
    const size_t m = n - i < kBlock ? n - i : kBlock;
    memcpy(block, in + i, m * sizeof(float));
    if (k->kernels->sincos != nullptr) {
      k->kernels->sincos(block, sin_out + i, cos_out + i, m);
    } else {
      k->eval(REFMATH_SIN, block, sin_out + i, m);
      k->eval(REFMATH_COS, block, cos_out + i, m);
    }
  }
  return REFMATH_OK;
}

void refmath_sincosf(float x, float* s, float* c) {
  *s = OneValue<REFMATH_SIN, REFMATH_CORRECT>::Call(x);
  *c = OneValue<REFMATH_COS, REFMATH_CORRECT>::Call(x);
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
    case REFMATH_E_NOT_IN_VARIANT:
      return "function not defined in this variant";
    case REFMATH_E_SHAPE: return "shapes do not fit together";
    case REFMATH_E_AXIS: return "axis out of range";
    case REFMATH_E_EMPTY_AXIS: return "zero-length axis where one is needed";
    case REFMATH_E_BAD_ARGUMENT:
      return "invalid argument (ndim, mode, thread count or eps)";
    case REFMATH_E_NO_MEMORY: return "out of memory for a work buffer or table";
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

int refmath_function_status(refmath_function f, refmath_variant v) {
  return FunctionStatus(f, v);
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

// One value of each function in each variant that defines it:
// refmath_NAMEf (exact, or correct where there is no exact variant),
// refmath_fast_NAMEf, refmath_correct_NAMEf.
#define REFMATH_CALL_0_(...)
#define REFMATH_CALL_1_(...) __VA_ARGS__
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  float refmath_##name##f(float x) {                                       \
    return OneValue<REFMATH_##ID,                                          \
                    EXACT ? REFMATH_EXACT : REFMATH_CORRECT>::Call(x);     \
  }                                                                        \
  REFMATH_CALL_##FAST##_(float refmath_fast_##name##f(float x) {           \
    return OneValue<REFMATH_##ID, REFMATH_FAST>::Call(x);                  \
  })                                                                       \
  REFMATH_CALL_##CORRECT##_(float refmath_correct_##name##f(float x) {     \
    return OneValue<REFMATH_##ID, REFMATH_CORRECT>::Call(x);               \
  })
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
#undef REFMATH_CALL_0_
#undef REFMATH_CALL_1_

}  // extern "C"
