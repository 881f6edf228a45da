// The quick paths of atan, asin and acos in the correctly rounded
// variant: the complete method's reduction to a table point i/16
// (correct_atan-inl.h) with the quick path's division, square root and
// MulAdds, and its Taylor polynomial one term shorter.  Error bound:
// docs/correct.md, "atan, asin and acos, quick"; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickAtan::InRange: 2^-125 <= |x| <= FLT_MAX; QuickAsin::InRange:
//   2^-125 <= |x| < 1; QuickAcos::InRange: |x| < 1 (results normal
//   binary32 numbers: acos x >= 2^-11.5 there).
//   Apply: atan |x|, asin |x| within relative error 10.8u and 12.8u (u =
//   2^-53; the sign goes back in Finish), acos x within 14.8u, MulAdd
//   fused or rounded twice.
//   Other lanes, and vectors with a lane not settled, go to the complete
//   method (CorrectAtan, CorrectAsin, CorrectAcos).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_ATAN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_ATAN_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_ATAN_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_ATAN_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_quick-inl.h"
#include "simd/trig/correct_atan_tables.h"
#include "simd/trig/correct_trig_tables.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// atan(n/d) for n, d >= 0, max(n, d) > 0 a normal binary64 number of
// binary32 range.  b = min/max in [0, 1]; the nearest point c = k/16 (k
// = round(16 b), c = 0 below 1/32); t = (b - c)/(1 + b c), |t| <= 1/32,
// with b - c exact (Sterbenz, or c = 0); atan b = atan c + t + t z A(z),
// z = t^2, A to z^3 (degree 9); pi/2 - atan b when n > d.  atan(k/16) is
// kAtanHi[k]: a 16-entry lookup of k mod 16, and k = 16 (b >= 31/32) set
// apart.
template <class DD>
HWY_INLINE hn::Vec<DD> QuickAtanRatio(DD dd, hn::Vec<DD> n, hn::Vec<DD> d) {
  const auto b = QuickDiv(dd, hn::Min(n, d), hn::Max(n, d));
  const auto m = hn::Set(dd, kQuickRoundM);
  const auto k_m = hn::MulAdd(b, hn::Set(dd, 16.0), m);
  const auto k = hn::Sub(k_m, m);
  const auto c = hn::Mul(k, hn::Set(dd, 1.0 / 16));
  const auto atan_c = hn::IfThenElse(
      hn::Eq(k, hn::Set(dd, 16.0)), hn::Set(dd, trig::kAtanHi[16]),
      QuickTable16(dd, trig::kAtanHi, k_m));
  const auto t = QuickDiv(dd, hn::Sub(b, c),
                          hn::MulAdd(b, c, hn::Set(dd, 1.0)));
  const auto z = hn::Mul(t, t);
  const auto atan_t =
      hn::MulAdd(hn::Mul(t, z), QuickHorner<1>(dd, z, trig::kAtanA), t);
  const auto r = hn::Add(atan_c, atan_t);
  return hn::IfThenElse(hn::Gt(n, d),
                        hn::Sub(hn::Set(dd, trig::kPiOver2), r), r);
}

// sqrt(1 - a^2) for 0 <= a < 1: 1 - a and 1 + a are exact in binary64,
// their product rounds once.
template <class DD>
HWY_INLINE hn::Vec<DD> QuickCosOfAsin(DD dd, hn::Vec<DD> a) {
  const auto one = hn::Set(dd, 1.0);
  return QuickSqrt(dd, hn::Mul(hn::Sub(one, a), hn::Add(one, a)));
}

struct QuickAtan : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, hn::Abs(x), 0x1p-125f, 0x1.fffffep+127f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return QuickAtanRatio(dd, hn::Abs(x), hn::Set(dd, 1.0));
  }
};

// asin a = atan(a / sqrt(1 - a^2)).
struct QuickAsin : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::And(hn::Ge(hn::Abs(x), Const(d, 0x1p-125f)),
                   hn::Lt(hn::Abs(x), Const(d, 1.0f)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto a = hn::Abs(x);
    return QuickAtanRatio(dd, a, QuickCosOfAsin(dd, a));
  }
};

// acos a = atan(sqrt(1 - a^2) / a), and acos(-a) = pi - acos a.
struct QuickAcos : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::Lt(hn::Abs(x), Const(d, 1.0f));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    const auto a = hn::Abs(x);
    const auto r = QuickAtanRatio(dd, QuickCosOfAsin(dd, a), a);
    return hn::IfThenElse(hn::Lt(x, hn::Zero(dd)),
                          hn::Sub(hn::Set(dd, trig::kPi), r), r);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
