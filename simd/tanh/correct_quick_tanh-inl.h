// The quick path of tanh in the correctly rounded variant: tanh a =
// t / (t + 2) with t = expm1(2a) = s p + (s - 1), s = 2^(k/8) from exp's
// quick table, p = expm1(r) of degree 7, and a two-part ln 2 / 8 so that
// the reduction error stays far below what the cancellation in s(1 + p) - 1
// magnifies.  Error bound: docs/correct.md, "The quick path"; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickTanh::InRange: 2^-126 <= |x| <= 10 (results normal binary32).
//   QuickTanh::Apply: |tanh x| within relative error 2^-47.9 there, with
//   MulAdd fused or rounded twice; Finish puts the sign of x back.  Other
//   lanes, and vectors with a lane not settled, go to the complete method
//   (CorrectTanh).
// Proven over all 2^32 inputs on avx3, avx2 and sse4: ulp_tables/correct.md.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_TANH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_TANH_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_TANH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_TANH_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

struct QuickTanh : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, hn::Abs(x), 0x1p-126f, 10.0f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const hn::Vec<DD> z = hn::Add(hn::Abs(x), hn::Abs(x));  // 2a, exact
    // expm1(z) by exp's table and the two-part reduction; tanh a =
    // t / (t + 2).
    const auto em1 = QuickExpm1D(dd, z);
    return hn::Div(em1, hn::Add(em1, hn::Set(dd, 2.0)));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
