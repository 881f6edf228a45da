// exp of the fast variant for one value without the environment guard, on
// the AVX-512 targets (env_free-inl.h): the steps of exp_fast-inl.h's
// shortcut, operation for operation, each rounded to nearest with
// exceptions suppressed.  docs/fp-environment.md, "One value without the
// guard".
//
// Contract.
//   ExpEnvFreeFast(x): the fast variant's exp(x), bit for bit, for 2^-60
//   <= |x| <= 87 (ExpEnvFreeRange, inside the clamps of "Fast exp", step
//   1; every operand and result there is a normal binary32 number),
//   whatever MXCSR holds, raising no flag; kEnvFreeOutOfRange (a NaN)
//   outside it.

// clang-format off
#if defined(REFMATH_SIMD_EXP_FAST_ENV_FREE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_EXP_FAST_ENV_FREE_INL_H_
#undef REFMATH_SIMD_EXP_FAST_ENV_FREE_INL_H_
#else
#define REFMATH_SIMD_EXP_FAST_ENV_FREE_INL_H_
#endif
// clang-format on

#include "simd/exp/exp_env_free-inl.h"
#include "simd/exp/exp_fast-inl.h"
#include "simd/lanes/env_free-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
// docs/algorithms.md, "Fast exp", steps 2-5.
inline float ExpEnvFreeFast(float x_value) {
  if (!ExpEnvFreeRange(x_value)) return kEnvFreeOutOfRange;
  const __m128 x = SaeF(x_value);
  const __m128 t = SaeMulAdd(x, SaeF(kLog2E), SaeF(kRoundM));
  const int32_t n_int = static_cast<int32_t>(SaeBits(t)) - kRoundMBits;
  const __m128 n = SaeSub(t, SaeF(kRoundM));
  __m128 r = SaeMulAdd(n, SaeF(-kLn2Hi), x);
  r = SaeMulAdd(n, SaeF(-kLn2Lo), r);
  __m128 q = SaeF(kFastExpPoly[0]);
  for (size_t i = 1; i < sizeof kFastExpPoly / sizeof kFastExpPoly[0]; ++i) {
    q = SaeMulAdd(q, r, SaeF(kFastExpPoly[i]));
  }
  const __m128 p = SaeAdd(SaeF(1.0f), SaeMulAdd(SaeMul(r, r), q, r));
  return _mm_cvtss_f32(SaeMul(p, SaePow2(n_int)));
}

#endif

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
