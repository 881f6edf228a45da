// The quick paths of sinh and cosh in the correctly rounded variant, on
// exp's quick path (correct_quick_exp-inl.h).  Error bounds:
// docs/correct.md, "The quick path", sinh and cosh; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickSinh::InRange: 2^-126 <= |x| <= 89 (results normal binary32);
//   Apply: |sinh x| within relative error 34u (u = 2^-53); Finish puts
//   the sign back.
//   QuickCosh::InRange: |x| <= 89; Apply: within 2^-45.3.
//   Other lanes, and vectors with a lane not settled, go to the complete
//   method (CorrectSinh, CorrectCosh).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_SINH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_SINH_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_SINH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_SINH_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// sinh a = (t + t / (t + 1)) / 2 with t = expm1(a): two positive terms.
struct QuickSinh : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, hn::Abs(x), 0x1p-126f, 89.0f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto t = QuickExpm1D(dd, hn::Abs(x));
    const auto q = hn::Div(t, hn::Add(t, hn::Set(dd, 1.0)));
    return hn::Mul(hn::Add(t, q), hn::Set(dd, 0.5));
  }
};

// cosh a = (E + 1/E) / 2 with E = e^a.
struct QuickCosh : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::Le(hn::Abs(x), Const(d, 89.0f));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto e = QuickExp::Apply(dd, hn::Abs(x));
    const auto inv = hn::Div(hn::Set(dd, 1.0), e);
    return hn::Mul(hn::Add(e, inv), hn::Set(dd, 0.5));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
