// The quick path of sigmoid in the correctly rounded variant: 1 / (1 + y)
// with y = e^-x from exp's quick path.  Error bound: docs/correct.md, "The
// quick path"; the frame is correct_quick-inl.h.
//
// Contract.
//   QuickSigmoid::InRange: -87.33 <= x <= 87.33 (results normal binary32,
//   and -x inside exp's quick range).
//   QuickSigmoid::Apply: within relative error 2^-45.3 of the sigmoid
//   there, with MulAdd fused or rounded twice.  Other lanes, and vectors
//   with a lane not settled, go to the complete method (CorrectSigmoid).
// Proven over all 2^32 inputs on avx3, avx2 and sse4: ulp_tables/correct.md.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_SIGMOID_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_SIGMOID_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_SIGMOID_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_SIGMOID_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

struct QuickSigmoid : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, x, -87.33f, 87.33f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return QuickOverOnePlusExp(dd, hn::Set(dd, 1.0), hn::Neg(x));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
