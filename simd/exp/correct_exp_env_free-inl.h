// exp of the correctly rounded variant for one value without the
// environment guard, on the AVX-512 targets (env_free-inl.h): the quick
// path's steps (correct_quick_exp-inl.h, QuickExp) and its settled test
// (correct_quick-inl.h), each operation rounded to nearest with exceptions
// suppressed.  docs/fp-environment.md, "One value without the guard".
//
// Contract.
//   CorrectExpEnvFree(x): for 2^-60 <= |x| <= 87 (ExpEnvFreeRange, inside
//   QuickExp's range; every binary64 operand and result there is normal,
//   and so is e^x in binary32), the correctly rounded e^x when the quick
//   value is settled, whatever MXCSR holds, raising no flag;
//   kEnvFreeOutOfRange (a NaN) otherwise, where the one-value call takes
//   the guarded kernel, complete method included.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_EXP_ENV_FREE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_EXP_ENV_FREE_INL_H_
#undef REFMATH_SIMD_CORRECT_EXP_ENV_FREE_INL_H_
#else
#define REFMATH_SIMD_CORRECT_EXP_ENV_FREE_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_quick-inl.h"
#include "simd/exp/correct_quick_exp-inl.h"
#include "simd/exp/exp_env_free-inl.h"
#include "simd/lanes/env_free-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
inline float CorrectExpEnvFree(float x_value) {
  namespace qe = quick_exp;
  if (!ExpEnvFreeRange(x_value)) return kEnvFreeOutOfRange;
  const __m128d x = SaeWiden(SaeF(x_value));
  // QuickExp, step 1: t = M + k, k = t - M, r = x - k L.
  const __m128d t = SaeMulAddD(x, SaeD(qe::kInvL), SaeD(kQuickRoundM));
  const __m128d k = SaeSubD(t, SaeD(kQuickRoundM));
  const __m128d r = SaeNegMulAddD(k, SaeD(qe::kL), x);
  // Step 2: s = 2^(k/8), the table entry of k mod 8 plus k << 49.
  const uint64_t t_bits = SaeBitsD(t);
  const __m128d s =
      SaeFromBitsD(qe::kPow2Eighths[t_bits & 7] + (t_bits << 49));
  // Step 3: p = r + r^2 Q(r); step 4: y = s p + s.
  const auto& c = correct::kExpm1QuickQ;
  __m128d q = SaeD(c[0]);
  for (size_t i = 1; i < sizeof c / sizeof c[0]; ++i) {
    q = SaeMulAddD(q, r, SaeD(c[i]));
  }
  const __m128d p = SaeMulAddD(SaeMulD(r, r), q, r);
  const __m128d y = SaeMulAddD(s, p, s);
  // Settled (correct_quick-inl.h), on y's bits.
  if (((SaeBitsD(y) + kSettledOffset) & kSettledMask) == 0) {
    return kEnvFreeOutOfRange;
  }
  return _mm_cvtss_f32(SaeNarrow(y));
}
#endif

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
