// The quick paths of sin, cos and tan in the correctly rounded variant:
// for |x| <= 2^20, a three-part Cody-Waite reduction by pi/2 in binary64;
// sin and cos to an even or odd multiple and one polynomial for sin on
// [-pi/2, pi/2], tan (and sincos) to the nearest multiple and the Taylor
// polynomials of the complete method, shortened, in MulAdds.  Error
// bounds: docs/correct.md, "sin, cos and tan, quick"; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickSin::InRange and QuickTan::InRange: 2^-125 <= |x| <= 2^20;
//   QuickCos::InRange: |x| <= 2^20 (results normal binary32: |sin x|,
//   |cos x| >= 4.18e-9 there).
//   Apply: sin x, cos x, tan x of the signed x within relative error
//   7.7u, 8.1u and 8.9u (u = 2^-53), MulAdd fused or rounded twice.
//   Other lanes, and vectors with a lane not settled, go to the complete
//   method (CorrectSin, CorrectCos, CorrectTan).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_SIN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_SIN_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_SIN_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_SIN_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_quick-inl.h"
#include "simd/trig/correct_trig_tables.h"
#include "simd/trig/trig_quadrant-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// |theta| <= pi/4 + 2^-32: *sin_t = sin theta to degree 15, *cos_t = cos
// theta to degree 16 (the complete method's Taylor coefficients without
// the highest of each), by Horner in MulAdds.
template <class DD>
HWY_INLINE void QuickTrigPolys(DD dd, hn::Vec<DD> theta, hn::Vec<DD>* sin_t,
                               hn::Vec<DD>* cos_t) {
  const auto z = hn::Mul(theta, theta);
  *sin_t = hn::MulAdd(hn::Mul(theta, z), QuickHorner<1>(dd, z, trig::kSinS),
                      theta);
  *cos_t = hn::MulAdd(z, QuickHorner<1>(dd, z, trig::kCosC),
                      hn::Set(dd, 1.0));
}

// theta = x - n pi/2 as ((x - n P1) - n P2) - n P3, n an integer with
// |n| < 2^20: n P1 and n P2 are exact (33-bit parts), the last two steps
// round once each, and x - n P1 is exact for the n of QuickTrig and of
// QuickSinCos but cos's n = +-1 with |x| < P1/2 (docs/correct.md, "sin,
// cos and tan, quick", step 2 of each).
template <class DD>
HWY_INLINE hn::Vec<DD> ReduceByHalfPi(DD dd, hn::Vec<DD> n, hn::Vec<DD> x) {
  auto theta = hn::NegMulAdd(n, hn::Set(dd, trig::kQuickP1), x);
  theta = hn::NegMulAdd(n, hn::Set(dd, trig::kQuickP2), theta);
  return hn::NegMulAdd(n, hn::Set(dd, trig::kQuickP3), theta);
}

// x = k pi/2 + theta, |x| <= 2^20: k = round(x RN(2/pi)) through M (|k| <
// 2^20), theta by ReduceByHalfPi.  *q = k mod 4; *sin_t, *cos_t from
// QuickTrigPolys.
template <class DD>
HWY_INLINE void QuickTrig(DD dd, hn::Vec<DD> x, hn::Vec<DD>* sin_t,
                          hn::Vec<DD>* cos_t,
                          hn::Vec<hn::RebindToSigned<DD>>* q) {
  const hn::RebindToSigned<DD> di;
  const auto m = hn::Set(dd, kQuickRoundM);
  const auto t = hn::MulAdd(x, hn::Set(dd, trig::kQuickTwoOverPi), m);
  const auto k = hn::Sub(t, m);
  *q = hn::And(hn::BitCast(di, t), hn::Set(di, 3));
  QuickTrigPolys(dd, ReduceByHalfPi(dd, k, x), sin_t, cos_t);
}

// sin and cos from one polynomial: x = n pi/2 + theta with n even for sin
// (n = 2k, k = round(x RN(1/pi))) and odd for cos (n = 2k + 1, k =
// round(RN(x RN(1/pi) - 1/2))), |n| < 2^19.4; theta by ReduceByHalfPi,
// |theta| <= pi/2 + 2^-30; sin x = (-1)^k sin
// theta and cos x = (-1)^(k+1) sin theta, sin theta = theta P(theta^2)
// (kSinQuick).  k + kCos is the low bit of the integer in u + kCos
// (u = k + M), moved to the sign bit.
template <int kCos>
struct QuickSinCos : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    if constexpr (kCos == 0) {
      return QuickBetween(d, hn::Abs(x), 0x1p-125f, 0x1p20f);
    } else {
      return hn::Le(hn::Abs(x), Const(d, 0x1p20f));
    }
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const hn::RebindToUnsigned<DD> du;
    const auto m = hn::Set(dd, kQuickRoundM);
    // RN(1/pi) = RN(2/pi) / 2 exactly: 0x1.45f306dc9c883p-2.
    const auto one_over_pi = hn::Set(dd, trig::kQuickTwoOverPi * 0.5);
    const auto u =
        kCos == 0 ? hn::MulAdd(x, one_over_pi, m)
                  : hn::Add(hn::MulAdd(x, one_over_pi, hn::Set(dd, -0.5)), m);
    const auto k = hn::Sub(u, m);
    const auto n = hn::MulAdd(k, hn::Set(dd, 2.0), hn::Set(dd, kCos));
    const auto theta = ReduceByHalfPi(dd, n, x);
    const auto y = hn::Mul(theta, QuickHorner(dd, hn::Mul(theta, theta),
                                              correct::kSinQuick));
    const auto sign = hn::ShiftLeft<63>(
        hn::Add(hn::BitCast(du, u), hn::Set(du, uint64_t{kCos})));
    return hn::BitCast(dd, hn::Xor(hn::BitCast(du, y), sign));
  }
};
using QuickSin = QuickSinCos<0>;
using QuickCos = QuickSinCos<1>;

// tan theta = S/C in an even quadrant, -C/S in an odd one.
struct QuickTan : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, hn::Abs(x), 0x1p-125f, 0x1p20f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    hn::Vec<DD> s, c;
    hn::Vec<hn::RebindToSigned<DD>> q;
    QuickTrig(dd, x, &s, &c, &q);
    return TanSelect(dd, q, s, c);
  }
};

// sin x and cos x of binary64 lanes x from one reduction (QuickTrig).
template <class DD>
HWY_INLINE void QuickSinCosHalf(DD dd, hn::Vec<DD> x, hn::Vec<DD>* sin_x,
                                hn::Vec<DD>* cos_x) {
  hn::Vec<DD> sin_t, cos_t;
  hn::Vec<hn::RebindToSigned<DD>> q;
  QuickTrig(dd, x, &sin_t, &cos_t, &q);
  *sin_x = TrigSelect<0>(dd, q, sin_t, cos_t);
  *cos_x = TrigSelect<1>(dd, q, sin_t, cos_t);
}

#if HWY_TARGET != HWY_SCALAR
// sin and cos of one vector at `in` from one reduction: true, with both
// correctly rounded results stored, when every lane is in QuickSin's range
// (which lies inside QuickCos's) and both values of every lane are
// settled; false, with nothing stored, otherwise.  The stored bits are
// QuickRounded's for QuickSin and QuickCos: a settled lane rounds to the
// correctly rounded value whichever way its y was computed (one reduction
// and tan's polynomials here).
template <class D>
HWY_INLINE bool QuickSinCosRounded(D d, const float* in, float* sin_out,
                                   float* cos_out) {
  if (!hn::AllTrue(d, QuickSin::InRange(d, hn::LoadU(d, in)))) return false;
  const hn::Half<D> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  const hn::RebindToUnsigned<decltype(dd)> du;
  const size_t half = hn::Lanes(dh);
  // Named halves, not arrays: SVE's vector types are sizeless.
  const VecF<decltype(dh)> x0 = hn::LoadU(dh, in);
  const VecF<decltype(dh)> x1 = hn::LoadU(dh, in + half);
  hn::Vec<decltype(dd)> s0, c0, s1, c1;
  QuickSinCosHalf(dd, hn::PromoteTo(dd, x0), &s0, &c0);
  QuickSinCosHalf(dd, hn::PromoteTo(dd, x1), &s1, &c1);
  const auto settled =
      hn::And(hn::And(Settled(dd, s0), Settled(dd, c0)),
              hn::And(Settled(dd, s1), Settled(dd, c1)));
  if (!hn::AllTrue(du, settled)) return false;
  // Each policy's Finish, as QuickRounded applies it.
  hn::StoreU(QuickSin::Finish(dh, x0, hn::DemoteTo(dh, s0)), dh, sin_out);
  hn::StoreU(QuickSin::Finish(dh, x1, hn::DemoteTo(dh, s1)), dh,
             sin_out + half);
  hn::StoreU(QuickCos::Finish(dh, x0, hn::DemoteTo(dh, c0)), dh, cos_out);
  hn::StoreU(QuickCos::Finish(dh, x1, hn::DemoteTo(dh, c1)), dh,
             cos_out + half);
  return true;
}
#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
