// The fast tensor kernels: products fused into the sums (FusedArith), the
// fast variants' exp and log (fused Horner steps).  Built, like
// simd/fast_kernels.cc, only for targets with a true fused multiply-add,
// so a fast call on SSSE3/SSE4 returns REFMATH_E_TARGET_NOT_BUILT.
#include "simd/no_fast_math.h"
#include "src/tensor/tensor_table.h"

#include "hwy/detect_compiler_arch.h"
#if HWY_ARCH_ARM_V7 && !defined(__ARM_VFPV4__)
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4 | HWY_NEON)
#else
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4)
#endif

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/tensor/fast_tensor.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/fused_arith-inl.h"
#include "src/tensor/tensor_kernels-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {
REFMATH_TENSOR_KERNELS(kFastTensorKernels, FusedArith)
}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/target_table.h"
namespace refmath {
namespace tensor {
static const TensorTargetRow kFastRows[] = {
    REFMATH_TARGET_ROWS(kFastTensorKernels)};
TensorTable FastTensorTable() {
  return {kFastRows, sizeof(kFastRows) / sizeof(kFastRows[0])};
}
}  // namespace tensor
}  // namespace refmath
#endif  // HWY_ONCE
