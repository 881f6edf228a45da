// Internal: the per-target entry points of a variant's kernels, as compiled
// into this build.  Filled by simd/exact_kernels.cc and simd/fast_kernels.cc
// (through simd/target_table.h); read by the dispatcher (src/core/capi.cc).
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

struct TargetKernels {
  refmath_target target;
  int64_t hwy_target;   // HWY_AVX2 etc., for the CPU support check
  size_t (*lanes)();    // float lanes per vector on this target
  ArrayKernel eval;
};

struct KernelTable {
  const TargetKernels* entries;  // best target first
  size_t count;
};

KernelTable ExactKernelTable();
KernelTable FastKernelTable();  // targets with a true FMA only

}  // namespace detail
}  // namespace refmath

#endif  // REFMATH_SIMD_KERNEL_TABLE_H_
