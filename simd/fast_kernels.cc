// The fast variants, compiled for the targets with a true fused
// multiply-add: AVX2, AVX-512, NEON and SVE on aarch64, and the portable
// SCALAR/EMU128 through std::fma.  SSSE3/SSE4 are not built, so a fast call
// there returns REFMATH_E_TARGET_NOT_BUILT instead of different bits.
//
// exp is FastExp (docs/algorithms.md, "Fast exp"); gelu_erf is the rational
// form ("Fast GELU erf"); every other function is its exact algorithm with
// each Horner step fused ("Fused arithmetic"), including the exp inside
// sigmoid, tanh, erf and GELU tanh (docs/fast.md gives the measured error).
#include "simd/dispatch/kernel_set.h"
#include "simd/lanes/no_fast_math.h"
#include "simd/dispatch/kernel_table.h"

#include "simd/lanes/fma_targets.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/fast_kernels.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/dispatch/eval_array-inl.h"
#include "simd/exp/exp_fast_env_free-inl.h"
#include "simd/exp/exp_fast-inl.h"
#include "simd/lanes/fused_arith-inl.h"
#include "simd/gelu/gelu-inl.h"
#include "simd/gelu/gelu_erf_fast-inl.h"
#include "simd/log/log-inl.h"
#include "simd/tanh/tanh-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// The fast kernel set.
struct FastKernels {
  static constexpr refmath_variant kVariant = REFMATH_FAST;
  REFMATH_KERNEL(Exp, HWY_NAMESPACE::FastExp(d, x))
  REFMATH_KERNEL(ExpNonPositive, HWY_NAMESPACE::ExpNonPositive<FusedArith>(d, x))
  REFMATH_KERNEL(Log, HWY_NAMESPACE::Log<FusedArith>(d, x))
  REFMATH_KERNEL(Sigmoid, HWY_NAMESPACE::Sigmoid<FusedArith>(d, x))
  REFMATH_KERNEL(Tanh, HWY_NAMESPACE::Tanh<FusedArith>(d, x))
  REFMATH_KERNEL(Erf, HWY_NAMESPACE::Erf<FusedArith>(d, x))
  REFMATH_KERNEL(OnePlusErf, HWY_NAMESPACE::OnePlusErf<FusedArith>(d, x))
  REFMATH_KERNEL(GeluErf, HWY_NAMESPACE::GeluErfFast(d, x))
  REFMATH_KERNEL(GeluTanh, HWY_NAMESPACE::GeluTanh<FusedArith>(d, x))
};

void EvalFast(refmath_function f, const float* in, float* out, size_t n) {
  EvalFunction<FastKernels>(f, in, out, n);
}

constexpr detail::VariantKernels FastEntry() {
  detail::VariantKernels k = VariantEntry<FastKernels>(&EvalFast);
  REFMATH_SET_ENV_FREE(k, REFMATH_EXP, ExpEnvFreeFast,
                       &EvalOne<FastKernels::Exp>);
  return k;
}
constexpr detail::VariantKernels kFastKernels = FastEntry();

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/dispatch/target_table.h"
REFMATH_DEFINE_KERNEL_TABLE(FastKernelTable, kFastKernels)
#endif  // HWY_ONCE
