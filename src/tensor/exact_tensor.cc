// The exact tensor kernels, compiled once per target with -ffp-contract=off:
// every product is rounded before it is added (ExactArith), never fused.
#include "simd/lanes/no_fast_math.h"
#include "src/tensor/tensor_table.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/tensor/exact_tensor.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "src/tensor/tensor_kernels-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {
REFMATH_TENSOR_KERNELS(kExactTensorKernels, ExactArith)
}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/dispatch/target_table.h"
REFMATH_DEFINE_TARGET_TABLE(tensor, TensorTargetRow, TensorTable,
                            ExactTensorTable, kExactTensorKernels)
#endif  // HWY_ONCE
