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

namespace quick_tanh {
// ln 2 / 8 = kLHi + kLLo: ln 2's 32-bit head 0x1.62e42feep-1 and its tail
// 0x1.a39ef35793c76p-33 (the complete method's), divided by 8.  k kLHi is
// exact for |k| < 2^21 (here |k| <= 231).
constexpr double kLHi = 0x1.62e42feep-4;
constexpr double kLLo = 0x1.a39ef35793c76p-36;
}  // namespace quick_tanh

struct QuickTanh : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, hn::Abs(x), 0x1p-126f, 10.0f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qe = quick_exp;
    namespace qt = quick_tanh;
    const hn::Vec<DD> z = hn::Add(hn::Abs(x), hn::Abs(x));  // 2a, exact
    // Step 1: k = round(z 8/ln 2), r = (z - k kLHi) - k kLLo; the first
    // difference is exact (Sterbenz), the second rounds once.
    const auto t = hn::MulAdd(z, hn::Set(dd, qe::kInvL), hn::Set(dd, qe::kRoundM));
    const auto k = hn::Sub(t, hn::Set(dd, qe::kRoundM));
    const auto r = hn::NegMulAdd(k, hn::Set(dd, qt::kLLo),
                                 hn::NegMulAdd(k, hn::Set(dd, qt::kLHi), z));
    // Steps 2 and 3 as for exp, with Q of degree 5.
    const auto s = Pow2Eighths(dd, t);
    const auto p = Expm1Quick(dd, r, correct::kExpm1QuickQ5);
    // Step 4: expm1(z) = s p + (s - 1), s - 1 exact; tanh a = t / (t + 2).
    const auto em1 = hn::MulAdd(s, p, hn::Sub(s, hn::Set(dd, 1.0)));
    return QuickDiv(dd, em1, hn::Add(em1, hn::Set(dd, 2.0)));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
