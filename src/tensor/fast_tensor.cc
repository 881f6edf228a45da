// The fast tensor kernels: products fused into the sums (FusedArith), the
// fast variants' exp and log (fused Horner steps).  Built, like
// simd/fast_kernels.cc, only for targets with a true fused multiply-add,
// so a fast call on SSSE3/SSE4 returns REFMATH_E_TARGET_NOT_BUILT.
#include "simd/lanes/no_fast_math.h"
#include "src/tensor/tensor_table.h"

#include "simd/lanes/fma_targets.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/tensor/fast_tensor.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/lanes/fused_arith-inl.h"
#include "src/tensor/tensor_kernels-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {
REFMATH_TENSOR_KERNELS(kFastTensorKernels, FusedArith)
}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/dispatch/target_table.h"
REFMATH_DEFINE_TARGET_TABLE(tensor, TensorTargetRow, TensorTable,
                            FastTensorTable, kFastTensorKernels)
#endif  // HWY_ONCE
