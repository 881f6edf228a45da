// The quick path of rsqrt in the correctly rounded variant: 1/sqrt(x) in
// binary64 from the frame's square root and quotient (QuickSqrt and
// QuickDiv, correct_quick-inl.h: on AVX-512 the 14-bit estimates refined
// with fused steps, elsewhere the IEEE operations).  Error bound:
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

struct QuickRsqrt : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::And(hn::Gt(x, hn::Zero(d)), hn::Lt(x, FromBits(d, 0x7F800000u)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return QuickDiv(dd, hn::Set(dd, 1.0), QuickSqrt(dd, x));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
