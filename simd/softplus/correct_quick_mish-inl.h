// The quick path of mish in the correctly rounded variant: x U / (U + 2),
// U = t (t + 2), with t = e^x from exp's quick path
// (correct_quick_exp-inl.h).  Error bound: docs/correct.md, "The quick
// path", mish; the frame is correct_quick-inl.h.
//
// Contract.
//   QuickMish::InRange: -87 <= x <= FLT_MAX and |x| >= 2^-124 (results
//   normal binary32); Apply: within 2^-45.2.  Above 20, e^x is taken at
//   20: 1 - U/(U + 2) < 2e^-40 either way, and the result rounds to x.  Other lanes, and vectors with a
//   lane not settled, go to the complete method (CorrectMish).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_MISH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_MISH_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_MISH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_MISH_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

struct QuickMish : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickGeluBetween(d, x, -87.0f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto t = QuickExp::Apply(dd, hn::Min(x, hn::Set(dd, 20.0)));
    const auto u = hn::Mul(t, hn::Add(t, hn::Set(dd, 2.0)));
    return hn::Mul(x, hn::Div(u, hn::Add(u, hn::Set(dd, 2.0))));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
