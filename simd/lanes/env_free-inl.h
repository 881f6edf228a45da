// One-value arithmetic that neither reads nor changes the floating-point
// environment, for the AVX-512 targets: every operation carries its own
// rounding (to nearest) and suppresses all exceptions (EVEX embedded
// rounding, "SAE"), so MXCSR's rounding mode is ignored and no status flag
// is raised.  MXCSR's FTZ and DAZ still apply to such operations; a kernel
// written with these helpers takes only inputs for which no operand or
// result is subnormal, where they change nothing.  docs/fp-environment.md,
// "One value without the guard".
//
// Contract.
//   Each Sae* function is the IEEE operation on lane 0 rounded to nearest
//   (ties to even), with no exception flag raised; conversions between
//   binary32 and binary64 likewise.  Defined for HWY_AVX3 and HWY_AVX3_DL
//   only; simd/dispatch/one_call-inl.h puts a kernel made of them into the
//   tables of those targets alone (REFMATH_SET_ENV_FREE).
//
// Highway "-inl.h" header: included once per target by foreach_target.h.

// clang-format off
#if defined(REFMATH_SIMD_ENV_FREE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_ENV_FREE_INL_H_
#undef REFMATH_SIMD_ENV_FREE_INL_H_
#else
#define REFMATH_SIMD_ENV_FREE_INL_H_
#endif
// clang-format on

#include <stdint.h>
#include <string.h>

#include "hwy/highway.h"
#include "simd/lanes/constants.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// What a kernel without the guard returns for an input outside its range
// (a quiet NaN: a constant, so returning it raises nothing).
constexpr float kEnvFreeOutOfRange = __builtin_nanf("");

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
// Round to nearest, exceptions suppressed.
constexpr int kSae = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

HWY_INLINE __m128 SaeF(float v) { return _mm_set_ss(v); }
HWY_INLINE __m128 SaeAdd(__m128 a, __m128 b) { return _mm_add_round_ss(a, b, kSae); }
HWY_INLINE __m128 SaeSub(__m128 a, __m128 b) { return _mm_sub_round_ss(a, b, kSae); }
HWY_INLINE __m128 SaeMul(__m128 a, __m128 b) { return _mm_mul_round_ss(a, b, kSae); }
// a b + c rounded once.
HWY_INLINE __m128 SaeMulAdd(__m128 a, __m128 b, __m128 c) {
  return _mm_fmadd_round_ss(a, b, c, kSae);
}
HWY_INLINE uint32_t SaeBits(__m128 v) {
  return static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_castps_si128(v)));
}
HWY_INLINE __m128 SaeFromBits(uint32_t bits) {
  return _mm_castsi128_ps(_mm_cvtsi32_si128(static_cast<int>(bits)));
}
// 2^n for -126 <= n <= 127, as Pow2 (lane_ops-inl.h).
HWY_INLINE __m128 SaePow2(int32_t n) {
  return SaeFromBits(static_cast<uint32_t>(n + kExponentBias) << kMantissaBits);
}

HWY_INLINE __m128d SaeD(double v) { return _mm_set_sd(v); }
HWY_INLINE __m128d SaeSubD(__m128d a, __m128d b) { return _mm_sub_round_sd(a, b, kSae); }
HWY_INLINE __m128d SaeMulD(__m128d a, __m128d b) { return _mm_mul_round_sd(a, b, kSae); }
// a b + c and c - a b, each rounded once.
HWY_INLINE __m128d SaeMulAddD(__m128d a, __m128d b, __m128d c) {
  return _mm_fmadd_round_sd(a, b, c, kSae);
}
HWY_INLINE __m128d SaeNegMulAddD(__m128d a, __m128d b, __m128d c) {
  return _mm_fnmadd_round_sd(a, b, c, kSae);
}
HWY_INLINE uint64_t SaeBitsD(__m128d v) {
  return static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_castpd_si128(v)));
}
HWY_INLINE __m128d SaeFromBitsD(uint64_t bits) {
  return _mm_castsi128_pd(_mm_cvtsi64_si128(static_cast<int64_t>(bits)));
}
// binary32 to binary64 is exact; binary64 to binary32 rounds to nearest.
HWY_INLINE __m128d SaeWiden(__m128 v) {
  return _mm_cvt_roundss_sd(_mm_setzero_pd(), v, _MM_FROUND_NO_EXC);
}
HWY_INLINE __m128 SaeNarrow(__m128d v) {
  return _mm_cvt_roundsd_ss(_mm_setzero_ps(), v, kSae);
}

#endif

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
