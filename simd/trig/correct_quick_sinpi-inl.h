// The quick paths of sinpi and cospi in the correctly rounded variant: the
// complete method's exact reduction (x = k/2 + t) on the signed x, and the
// quick sin and cos polynomials (correct_quick_sin-inl.h) in MulAdds.
// Error bound: docs/correct.md, "sinpi and cospi, quick"; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickSinpi::InRange: 2^-124 <= |x| <= 2^23; QuickCospi::InRange: |x|
//   <= 2^23.  Every result there is 0 (sinpi of an integer, cospi of a
//   half-integer: y is then exactly +-0, and Finish gives IEEE's sign) or
//   a normal binary32 number.
//   Apply: sin(pi x), cos(pi x) within relative error 3.7u and 4.2u (u =
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

#include "simd/correct/correct_quick-inl.h"
#include "simd/trig/correct_quick_sin-inl.h"
#include "simd/trig/correct_trig_tables.h"
#include "simd/trig/trig_quadrant-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// pi x = k pi/2 + pi t for |x| <= 2^23: k = round(2x) through M and t = x
// - k/2 are exact (2x is exact, |t| <= 1/4 is a multiple of x's ulp), q
// = k mod 4 from the low bits of 2x + M, theta = RN(t RN(pi)).  kShift 0
// (sinpi) or 1 (cospi) picks the quadrant's function as for sin and cos.
template <int kShift>
struct QuickPiTrig {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const hn::RebindToSigned<DD> di;
    const auto m = hn::Set(dd, kQuickRoundM);
    const auto two_x_m = hn::Add(hn::Add(x, x), m);
    const auto k = hn::Sub(two_x_m, m);
    const auto q = hn::And(hn::BitCast(di, two_x_m), hn::Set(di, 3));
    const auto t = hn::NegMulAdd(k, hn::Set(dd, 0.5), x);
    hn::Vec<DD> s, c;
    QuickTrigPolys(dd, hn::Mul(t, hn::Set(dd, trig::kPi)), &s, &c);
    return TrigSelect<kShift>(dd, q, s, c);
  }
};

// sinpi: a zero result (x an integer) takes the sign of x; any other has
// its sign from the reduction of the signed x.
struct QuickSinpi : QuickPiTrig<0> {
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
struct QuickCospi : QuickPiTrig<1> {
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
