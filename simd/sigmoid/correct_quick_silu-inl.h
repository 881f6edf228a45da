// The quick path of silu in the correctly rounded variant: x / (1 + e^-x)
// as sigmoid's quick path with x for the numerator
// (correct_quick_exp-inl.h).  Error bound: docs/correct.md, "The quick
// path", silu; the frame is correct_quick-inl.h.
//
// Contract.
//   QuickSilu::InRange: -87 <= x <= FLT_MAX and |x| >= 2^-124 (results
//   normal binary32); Apply: within 2^-45.3.  Above 87, e^-x is taken at
//   -87: 1 + e^-87 is 1 in binary64, and the result rounds to x either
//   way.  Other lanes, and vectors with a lane not settled, go to the
//   complete method (CorrectSilu).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_SILU_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_SILU_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_SILU_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_SILU_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

struct QuickSilu : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickGeluBetween(d, x, -87.0f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto t = hn::Max(hn::Neg(x), hn::Set(dd, -87.0));
    return QuickOverOnePlusExp(dd, x, t);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
