// The exact (normative) kernels, compiled once per target.  Built with
// -ffp-contract=off; uses only ExactArith, never MulAdd or an approximate
// reciprocal.  conformance/check_no_fma.cmake scans this object for fused
// multiply-add instructions.
#include "simd/dispatch/kernel_set.h"
#include "simd/lanes/no_fast_math.h"
#include "simd/dispatch/kernel_table.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/exact_kernels.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/dispatch/eval_array-inl.h"
#include "simd/exp/exp_env_free-inl.h"
#include "simd/gelu/gelu-inl.h"
#include "simd/log/log-inl.h"
#include "simd/tanh/tanh-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// The exact kernel set: every function through ExactArith.
struct ExactKernels {
  static constexpr refmath_variant kVariant = REFMATH_EXACT;
  REFMATH_KERNEL(Exp, HWY_NAMESPACE::Exp<ExactArith>(d, x))
  REFMATH_KERNEL(ExpNonPositive, HWY_NAMESPACE::ExpNonPositive<ExactArith>(d, x))
  REFMATH_KERNEL(Log, HWY_NAMESPACE::Log<ExactArith>(d, x))
  REFMATH_KERNEL(Sigmoid, HWY_NAMESPACE::Sigmoid<ExactArith>(d, x))
  REFMATH_KERNEL(Tanh, HWY_NAMESPACE::Tanh<ExactArith>(d, x))
  REFMATH_KERNEL(Erf, HWY_NAMESPACE::Erf<ExactArith>(d, x))
  REFMATH_KERNEL(OnePlusErf, HWY_NAMESPACE::OnePlusErf<ExactArith>(d, x))
  REFMATH_KERNEL(GeluErf, HWY_NAMESPACE::GeluErf<ExactArith>(d, x))
  REFMATH_KERNEL(GeluTanh, HWY_NAMESPACE::GeluTanh<ExactArith>(d, x))
};

void EvalExact(refmath_function f, const float* in, float* out, size_t n) {
  EvalFunction<ExactKernels>(f, in, out, n);
}

constexpr detail::VariantKernels ExactEntry() {
  detail::VariantKernels k = VariantEntry<ExactKernels>(&EvalExact);
  REFMATH_SET_ENV_FREE(k, REFMATH_EXP, ExpEnvFreeExact,
                       &EvalOne<ExactKernels::Exp>);
  return k;
}
constexpr detail::VariantKernels kExactKernels = ExactEntry();

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/dispatch/target_table.h"
REFMATH_DEFINE_KERNEL_TABLE(ExactKernelTable, kExactKernels)
#endif  // HWY_ONCE
