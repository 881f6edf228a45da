// The quick path of rsqrt in the correctly rounded variant: 1/sqrt(x) in
// binary64 from a square root and a quotient (EstimateSqrt and
// EstimateDiv: on AVX-512 the 14-bit estimates refined with fused steps,
// which both leave the divider free and measure faster there than the IEEE
// operations; elsewhere those operations).  Error bound:
// docs/correct.md, "The quick path", rsqrt.
//
// Contract.
//   QuickRsqrt::InRange: 0 < x < +inf.  rsqrt of every such binary32
//   number, subnormal x included, is a normal binary32 number (from
//   2^-64 to 2^74.5).  +-0, -x, +inf and NaN go to the complete method.
//   QuickRsqrt::Apply: 1/sqrt(x) within relative error 3.1u (u = 2^-53),
//   with MulAdd fused or rounded twice.  Lanes outside the range, and
//   vectors with a lane not settled, go to the complete method
//   (CorrectRsqrt).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_RSQRT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_RSQRT_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_RSQRT_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_RSQRT_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_quick-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// a / b within relative error 1.5 u (u = 2^-53) for b > 0 with b and 1/b
// normal binary64 numbers: on
// AVX-512 from the 14-bit reciprocal estimate, one Newton step (2^-28) and
// one correction of the quotient, which squares that error (2^-56) before
// the last rounding (u); elsewhere the division itself (u).
template <class DD>
HWY_INLINE hn::Vec<DD> EstimateDiv(DD dd, hn::Vec<DD> a, hn::Vec<DD> b) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(dd) == 8) {
    const hn::Vec<DD> one = hn::Set(dd, 1.0);
    hn::Vec<DD> r{_mm512_rcp14_pd(b.raw)};
    r = hn::MulAdd(r, hn::NegMulAdd(b, r, one), r);
    const hn::Vec<DD> q = hn::Mul(a, r);
    return hn::MulAdd(hn::NegMulAdd(b, q, a), r, q);
  }
#endif
  (void)dd;
  return hn::Div(a, b);
}

// sqrt(b) within relative error 1.5 u for b > 0 a normal binary64 number:
// on AVX-512 from the 14-bit reciprocal square root estimate y, one
// coupled Newton step on g = b y and h = y / 2 (both then within 2^-27.4),
// and one correction of g by the residual b - g^2, which squares that
// error (2^-54.2) before the last rounding (u); elsewhere the square root
// itself (u).
template <class DD>
HWY_INLINE hn::Vec<DD> EstimateSqrt(DD dd, hn::Vec<DD> b) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(dd) == 8) {
    const hn::Vec<DD> y{_mm512_rsqrt14_pd(b.raw)};
    const hn::Vec<DD> g = hn::Mul(b, y);
    const hn::Vec<DD> h = hn::Mul(y, hn::Set(dd, 0.5));
    const hn::Vec<DD> r = hn::NegMulAdd(g, h, hn::Set(dd, 0.5));
    const hn::Vec<DD> g1 = hn::MulAdd(g, r, g);
    const hn::Vec<DD> h1 = hn::MulAdd(h, r, h);
    return hn::MulAdd(hn::NegMulAdd(g1, g1, b), h1, g1);
  }
#endif
  (void)dd;
  return hn::Sqrt(b);
}

struct QuickRsqrt : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::And(hn::Gt(x, hn::Zero(d)), hn::Lt(x, FromBits(d, 0x7F800000u)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return EstimateDiv(dd, hn::Set(dd, 1.0), EstimateSqrt(dd, x));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
