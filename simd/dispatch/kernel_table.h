// Internal: the per-target entry points of a variant's kernels, as compiled
// into this build.  Filled by simd/exact_kernels.cc, simd/fast_kernels.cc
// and simd/correct_quick_kernels.cc; the narrow formats come from
// simd/correct_narrow.cc (through simd/dispatch/target_table.h); read by the
// dispatcher (src/core/capi.cc).  The search bounds come from
// simd/correct_bounds.cc, which only tools/correct_cases links.
#ifndef REFMATH_SIMD_KERNEL_TABLE_H_
#define REFMATH_SIMD_KERNEL_TABLE_H_

#include <stddef.h>
#include <stdint.h>

#include "refmath/refmath.h"

namespace refmath {
namespace detail {

// out[i] = f(in[i]); f is a valid refmath_function, n any size; out == in
// allowed.  No argument checks: the C API does them.
using ArrayKernel = void (*)(refmath_function f, const float* in, float* out,
                             size_t n);

// f(x) for one value, the array kernel's bits; no environment guard (the C
// API sets it).
using ScalarKernel = float (*)(float x);

// f(x) for one value without the environment guard (docs/fp-environment.md,
// "One value without the guard"): the one-value kernel's bits when x is in
// the kernel's range (whose results are never NaN), whatever the caller's
// environment, which it neither reads nor changes; a NaN otherwise.
using EnvFreeKernel = float (*)(float x);

// sin_out[i] = sin(in[i]) and cos_out[i] = cos(in[i]), the bits of the
// array kernel's two calls, from one range reduction where it can; the
// three arrays distinct (the C API copies the input).
using SinCosKernel = void (*)(const float* in, float* sin_out,
                              float* cos_out, size_t n);

// A variant's entry points on one target: the array kernel, the one-value
// kernel of each function (indexed by refmath_function; null where the
// variant does not define the function), sin and cos together (null: two
// calls of the array kernel), the one-value kernels that need no guard
// (null where there is none: every function but exp, every target but
// AVX3 and AVX3_DL), and the one-value call as the C API makes it (the
// kernel that needs no guard where there is one, else the one-value kernel
// in the guard; null where `one` is).
struct VariantKernels {
  ArrayKernel array;
  ScalarKernel one[REFMATH_NUM_FUNCTIONS];
  SinCosKernel sincos;
  EnvFreeKernel env_free[REFMATH_NUM_FUNCTIONS];
  ScalarKernel call[REFMATH_NUM_FUNCTIONS];
};

struct TargetKernels {
  refmath_target target;
  int64_t hwy_target;   // HWY_AVX2 etc., for the CPU support check
  size_t (*lanes)();    // float lanes per vector on this target
  const VariantKernels* kernels;
  void eval(refmath_function f, const float* in, float* out, size_t n) const {
    kernels->array(f, in, out, n);
  }
};

struct KernelTable {
  const TargetKernels* entries;  // best target first
  size_t count;
};

KernelTable ExactKernelTable();
KernelTable FastKernelTable();  // targets with a true FMA only
KernelTable CorrectKernelTable();

// For the search of hard cases (tools/correct_cases): lo[i] and hi[i], the
// binary32 roundings of the binary64 value of f(in[i]) times 1 - eps and
// 1 + eps (simd/correct/correct_round-inl.h), before the hard-case table, on the
// best target of this CPU.  Both depend on |x| only for the odd functions
// (tanh, erf).  False for a function that is not proven.  Not in
// librefmath: defined by simd/correct_bounds.cc, linked into the search.
bool CorrectRoundingBounds(refmath_function f, const float* in, float* lo,
                           float* hi, size_t n);

// The correctly rounded variant in a narrow format: binary16 or bfloat16
// (simd/correct/correct_half-inl.h), on the portable target.  in[i] are
// values of the format widened to binary32 (exactly), out[i] the
// correctly rounded results as binary32 (exactly); f is a function the
// correct variant defines.
enum class NarrowFormat { kBinary16, kBfloat16 };
void CorrectNarrow(refmath_function f, NarrowFormat format, const float* in,
                   float* out, size_t n);
// For the search of the narrow formats' hard cases: the two roundings into
// the format of y(1 - eps) and y(1 + eps), before the table and Finish.
bool CorrectNarrowRoundingBounds(refmath_function f, NarrowFormat format,
                                 const float* in, float* lo, float* hi,
                                 size_t n);

}  // namespace detail
}  // namespace refmath

#endif  // REFMATH_SIMD_KERNEL_TABLE_H_
