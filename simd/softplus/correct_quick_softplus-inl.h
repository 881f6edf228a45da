// The quick paths of softplus and log_sigmoid in the correctly rounded
// variant: softplus(x) = max(x, 0) + log1p(e^-|x|), with e^-|x| from exp's
// quick path (correct_quick_exp-inl.h) and log1p from QuickLog1pD
// (correct_quick_log1p-inl.h); log_sigmoid(x) = -softplus(-x).  Error
// bound: docs/correct.md, "The quick path", softplus and log_sigmoid; the
// frame is correct_quick-inl.h.
//
// Contract.
//   QuickSoftplus::InRange: -87.33 <= x <= FLT_MAX (results normal
//   binary32); QuickLogSigmoid::InRange: -FLT_MAX <= x <= 87.33.
//   Apply: within relative error 2^-44.98 there, with MulAdd fused or
//   rounded twice.  Above 60, e^-|x| is taken at 60: it changes the result
//   by less than 2^-92 of it.  Other lanes, and vectors with a lane not
//   settled, go to the complete method (CorrectSoftplus,
//   CorrectLogSigmoid).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_SOFTPLUS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_SOFTPLUS_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_SOFTPLUS_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_SOFTPLUS_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"
#include "simd/log/correct_quick_log1p-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// softplus for binary64 lanes holding x in [-87.33, FLT_MAX]: e^a with
// a = x for x <= 0 and a = -min(x, 60) above (a = min(x, -min(x, 60))).
template <class DD>
HWY_INLINE hn::Vec<DD> QuickSoftplusD(DD dd, hn::Vec<DD> x) {
  const auto a = hn::Min(x, hn::Neg(hn::Min(x, hn::Set(dd, 60.0))));
  const auto w = QuickExp::Apply(dd, a);
  return hn::Add(hn::Max(x, hn::Zero(dd)), QuickLog1pD(dd, w));
}

struct QuickSoftplus : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, x, -87.33f, 0x1.fffffep+127f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return QuickSoftplusD(dd, x);
  }
};

struct QuickLogSigmoid : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, x, -0x1.fffffep+127f, 87.33f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return hn::Neg(QuickSoftplusD(dd, hn::Neg(x)));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
