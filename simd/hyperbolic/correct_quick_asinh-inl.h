// The quick paths of asinh, acosh and atanh in the correctly rounded
// variant: each log1p(w) of a w computed in binary64 within a few u
// (u = 2^-53), through QuickLog1pD (correct_quick_log1p-inl.h), or, for
// asinh away from 0 and acosh away from 1, log(a + sqrt(a^2 +- 1))
// through QuickLogD.  Error
// bounds: docs/correct.md, "The quick path", asinh, acosh and atanh; the
// frame is correct_quick-inl.h.
//
// Contract.
//   QuickAsinh::InRange: 2^-125 <= |x| <= 2^64; QuickAcosh::InRange:
//   1 < x <= 2^64; QuickAtanh::InRange: 2^-126 <= |x| < 1 (all results
//   normal binary32).  Apply: within relative error 2^-46 there, with
//   MulAdd fused or rounded twice.  Other lanes, and vectors with a lane
//   not settled, go to the complete method (CorrectAsinh, CorrectAcosh,
//   CorrectAtanh).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_ASINH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_ASINH_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_ASINH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_ASINH_INL_H_
#endif
// clang-format on

#include "simd/log/correct_quick_log1p-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// The log form of asinh and acosh holds where v (a for asinh, x - 1 for
// acosh) is at least 2^-4: true when it does for every lane of the vector.
template <class DD>
HWY_INLINE bool QuickLogFormHolds(DD dd, hn::Vec<DD> v) {
  return hn::AllFalse(dd, hn::Lt(v, hn::Set(dd, 0x1p-4)));
}

// asinh a = log(a + s), s = sqrt(1 + a^2), a = |x|; a^2 is exact.  When a
// lane has a < 2^-4, the whole vector takes log1p(a + a^2 / (1 + s))
// instead, which holds for every a: the rounding of a + s is too large
// against asinh a below.
struct QuickAsinh : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, hn::Abs(x), 0x1p-125f, 0x1p64f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto one = hn::Set(dd, 1.0);
    const auto a = hn::Abs(x);
    const auto a2 = hn::Mul(a, a);
    const auto s = hn::Sqrt(hn::Add(one, a2));
    if (QuickLogFormHolds(dd, a)) return QuickLogD(dd, hn::Add(a, s));
    return QuickLog1pD(dd, hn::Add(a, hn::Div(a2, hn::Add(one, s))));
  }
};

// acosh x = log(x + s) = log1p(t + s), s = sqrt(t (t + 2)), t = x - 1
// (exact below 2): the log form when every lane has t >= 2^-4, the log1p
// form, which holds for every x, when one lane is nearer 1.
struct QuickAcosh : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::And(hn::Gt(x, Const(d, 1.0f)), hn::Le(x, Const(d, 0x1p64f)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto t = hn::Sub(x, hn::Set(dd, 1.0));
    const auto s = hn::Sqrt(hn::Mul(t, hn::Add(t, hn::Set(dd, 2.0))));
    if (QuickLogFormHolds(dd, t)) return QuickLogD(dd, hn::Add(x, s));
    return QuickLog1pD(dd, hn::Add(t, s));
  }
};

// atanh a = log1p(2a / (1 - a)) / 2, a = |x|.
struct QuickAtanh : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    const auto a = hn::Abs(x);
    return hn::And(hn::Ge(a, Const(d, 0x1p-126f)), hn::Lt(a, Const(d, 1.0f)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto a = hn::Abs(x);
    const auto w = hn::Div(hn::Add(a, a), hn::Sub(hn::Set(dd, 1.0), a));
    return hn::Mul(QuickLog1pD(dd, w), hn::Set(dd, 0.5));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
