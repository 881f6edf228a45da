// The quick paths of sinpi and cospi in the correctly rounded variant: an
// exact reduction to the nearest integer (x = k + t) on the signed x, and
// one polynomial for sin(pi t), |t| <= 1/2, in MulAdds.
// Error bound: docs/correct.md, "sinpi and cospi, quick"; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickSinpi::InRange: 2^-124 <= |x| <= 2^23; QuickCospi::InRange: |x|
//   <= 2^23.  Every result there is 0 (sinpi of an integer, cospi of a
//   half-integer: y is then exactly +-0, and Finish gives IEEE's sign) or
//   a normal binary32 number.
//   Apply: sin(pi x), cos(pi x) within relative error 5.5u and 6.0u (u =
//   2^-53), MulAdd fused or rounded twice.
//   Other lanes, and vectors with a lane not settled, go to the complete
//   method (CorrectSinpi, CorrectCospi).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_SINPI_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_SINPI_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_SINPI_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_SINPI_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_quick-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// sinpi x = (-1)^k sin(pi t) with x = k + t: v + M rounds v to the
// integer k (|v| <= 2^23 + 1/2), t = v - k is exact (|t| <= 1/2), and
// sin(pi t) = t P(t^2) (kSinpiQuick).  cospi x = sinpi(x + 1/2): kHalf
// adds 1/2 first, exactly for |x| >= 2^-29; below, the rounding moves t
// by at most 2^-54 where |t| is within 2^-28 of 1/2 and sin(pi t) flat.
// The parity of k is the low bit of v + M; shifted to bit 63 it flips the
// sign of the result.
template <bool kHalf>
struct QuickPiTrig {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const hn::RebindToUnsigned<DD> du;
    const auto m = hn::Set(dd, kQuickRoundM);
    const auto v = kHalf ? hn::Add(x, hn::Set(dd, 0.5)) : x;
    const auto v_m = hn::Add(v, m);
    const auto t = hn::Sub(v, hn::Sub(v_m, m));
    const auto y = hn::Mul(t, QuickHorner(dd, hn::Mul(t, t),
                                          correct::kSinpiQuick));
    const auto odd = hn::ShiftLeft<63>(hn::BitCast(du, v_m));
    return hn::BitCast(dd, hn::Xor(hn::BitCast(du, y), odd));
  }
};

// sinpi: a zero result (x an integer) takes the sign of x; any other has
// its sign from the reduction of the signed x.
struct QuickSinpi : QuickPiTrig<false> {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, hn::Abs(x), 0x1p-124f, 0x1p23f);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return hn::IfThenElse(hn::Eq(r, hn::Zero(d)),
                          hn::And(x, FromBits(d, kSignBit)), r);
  }
};

// cospi: a zero result (x a half-integer) is +0.
struct QuickCospi : QuickPiTrig<true> {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::Le(hn::Abs(x), Const(d, 0x1p23f));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> /*x*/, VecF<D> r) {
    return hn::IfThenZeroElse(hn::Eq(r, hn::Zero(d)), r);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
