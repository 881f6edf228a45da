// exp of the exact variant for one value without the environment guard, on
// the AVX-512 targets (env_free-inl.h): the steps of exp-inl.h's shortcut,
// operation for operation, each rounded to nearest with exceptions
// suppressed.
// docs/fp-environment.md, "One value without the guard".
//
// Contract.
//   ExpEnvFreeRange(x): 2^-60 <= |x| <= 87, the range of the exact, fast
//   and correct kernels without the guard.  There every operand and result
//   of the exact and fast kernels is zero or a normal binary32 number: r
//   is x when n = 0, and otherwise 0 or at least 2^-43 in magnitude (x - n
//   ln2 hi is a multiple of 2^-25, n ln2 lo of 2^-43), so r^2 and the
//   Horner products stay above 2^-126; e^x >= e^-87 > 2^-126.  So FTZ and
//   DAZ change nothing, and no limit, clamp or NaN rule applies.
//   ExpEnvFreeExact(x): the exact variant's exp(x), bit for bit, inside
//   that range, whatever MXCSR holds, raising no flag; kEnvFreeOutOfRange
//   (a NaN) outside it, where the one-value call takes the guarded kernel.

// clang-format off
#if defined(REFMATH_SIMD_EXP_ENV_FREE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_EXP_ENV_FREE_INL_H_
#undef REFMATH_SIMD_EXP_ENV_FREE_INL_H_
#else
#define REFMATH_SIMD_EXP_ENV_FREE_INL_H_
#endif
// clang-format on

#include "simd/exp/exp-inl.h"
#include "simd/lanes/env_free-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// 2^-60 <= |x| <= 87 by x's bits (0x21800000 is 2^-60, 0x42AE0000 is 87).
HWY_INLINE bool ExpEnvFreeRange(float x) {
  uint32_t x_bits;
  memcpy(&x_bits, &x, sizeof x_bits);
  const uint32_t abs_bits = x_bits & 0x7FFFFFFFu;
  return abs_bits - 0x21800000u <= 0x42AE0000u - 0x21800000u;
}

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL

// docs/algorithms.md, "exp", steps 1-3 and the shortcut's one scaling.
inline float ExpEnvFreeExact(float x_value) {
  if (!ExpEnvFreeRange(x_value)) return kEnvFreeOutOfRange;
  const __m128 x = SaeF(x_value);
  // Step 1: n = round(x log2 e) through M.
  const __m128 t = SaeAdd(SaeMul(x, SaeF(kLog2E)), SaeF(kRoundM));
  const int32_t n_int = static_cast<int32_t>(SaeBits(t)) - kRoundMBits;
  const __m128 n = SaeSub(t, SaeF(kRoundM));
  // Step 2: r = (x - n ln2 hi) - n ln2 lo.
  const __m128 r = SaeSub(SaeSub(x, SaeMul(n, SaeF(kLn2Hi))),
                          SaeMul(n, SaeF(kLn2Lo)));
  // Step 3: p = 1 + (r + r^2 q(r)), q by Horner, product and sum rounded.
  __m128 q = SaeF(kExpPoly[0]);
  for (size_t i = 1; i < sizeof kExpPoly / sizeof kExpPoly[0]; ++i) {
    q = SaeAdd(SaeMul(q, r), SaeF(kExpPoly[i]));
  }
  const __m128 p =
      SaeAdd(SaeF(1.0f), SaeAdd(r, SaeMul(SaeMul(r, r), q)));
  return _mm_cvtss_f32(SaeMul(p, SaePow2(n_int)));
}

#endif  // HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
