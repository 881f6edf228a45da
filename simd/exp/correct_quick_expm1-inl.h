// The quick paths of exp2 and expm1 in the correctly rounded variant, on
// exp's quick table and polynomial (correct_quick_exp-inl.h).  Error
// bounds: docs/correct.md, "The quick path", exp2 and expm1; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickExp2::InRange: -126 <= x <= 127 (results normal binary32);
//   Apply: within relative error 2^-45.5 of 2^x, fused or not.
//   QuickExpm1::InRange: 2^-126 <= |x| and -87.33 <= x <= 88.72 (results
//   normal binary32, the zeros left to the complete method for their
//   sign); Apply: within 31.5u (u = 2^-53).
//   Other lanes, and vectors with a lane not settled, go to the complete
//   method (CorrectExp2, CorrectExpm1).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_EXPM1_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_EXPM1_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_EXPM1_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_EXPM1_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_exp2 {
constexpr double kLn2 = 0x1.62e42fefa39efp-1;  // RN(ln 2)
}  // namespace quick_exp2

// 2^x = 2^(k/8) e^z: k = round(8x) (8x exact), r = x - k/8 exact (|r| <=
// 1/16, both x and k/8 multiples of r's last place), z = r RN(ln 2) rounded
// once, then exp's table and polynomial (|z| <= ln 2 / 16).
struct QuickExp2 : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, x, -126.0f, 127.0f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qe = quick_exp;
    const auto t = hn::MulAdd(x, hn::Set(dd, 8.0), hn::Set(dd, kQuickRoundM));
    const auto k = hn::Sub(t, hn::Set(dd, kQuickRoundM));
    const auto r = hn::NegMulAdd(k, hn::Set(dd, 0.125), x);
    const auto z = hn::Mul(r, hn::Set(dd, quick_exp2::kLn2));
    const auto s = Pow2Eighths(dd, t);
    return hn::MulAdd(s, Expm1Quick(dd, z, correct::kExpm1QuickQ), s);
  }
};

struct QuickExpm1 : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::And(QuickBetween(d, x, -87.33f, 88.72f),
                   hn::Ge(hn::Abs(x), Const(d, 0x1p-126f)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return QuickExpm1D(dd, x);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
