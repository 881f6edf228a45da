// The quick paths of atan, asin and acos in the correctly rounded
// variant.  atan: the complete method's reduction to a table point i/16
// (correct_atan-inl.h) with the quick path's division and MulAdds, and
// its Taylor polynomial one term shorter.  asin and acos: one polynomial
// for asin on [0, 1/2], above it on sqrt((1 - |x|)/2).  Error bound:
// docs/correct.md, "atan, asin and acos, quick"; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickAtan::InRange: 2^-125 <= |x| <= FLT_MAX; QuickAsin::InRange:
//   2^-125 <= |x| < 1; QuickAcos::InRange: |x| < 1 (results normal
//   binary32 numbers: acos x >= 2^-11.5 there).
//   Apply: atan |x|, asin |x| within relative error 10.8u and 81.3u (u =
//   2^-53; the sign goes back in Finish), acos x within 39.2u, MulAdd
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

#include "simd/correct/correct_coeffs.h"
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
  const auto b = hn::Div(hn::Min(n, d), hn::Max(n, d));
  const auto m = hn::Set(dd, kQuickRoundM);
  const auto k_m = hn::MulAdd(b, hn::Set(dd, 16.0), m);
  const auto k = hn::Sub(k_m, m);
  const auto c = hn::Mul(k, hn::Set(dd, 1.0 / 16));
  const auto atan_c = hn::IfThenElse(
      hn::Eq(k, hn::Set(dd, 16.0)), hn::Set(dd, trig::kAtanHi[16]),
      QuickTable16(dd, trig::kAtanHi, k_m));
  const auto t = hn::Div(hn::Sub(b, c),
                          hn::MulAdd(b, c, hn::Set(dd, 1.0)));
  const auto z = hn::Mul(t, t);
  const auto atan_t =
      hn::MulAdd(hn::Mul(t, z), QuickHorner<1>(dd, z, trig::kAtanA), t);
  const auto r = hn::Add(atan_c, atan_t);
  return hn::IfThenElse(hn::Gt(n, d),
                        hn::Sub(hn::Set(dd, trig::kPiOver2), r), r);
}

// r = asin v for a = |x| in [0, 1), with 0 <= v <= 1/2 and z = v^2 exact:
// v = a and z = a^2 (48 bits) when a <= 1/2; otherwise z = (1 - a)/2
// (Sterbenz, then a halving) and v = sqrt(z), *big set, and asin a =
// pi/2 - 2r.  asin v = v P(z) (kAsinQuick).
template <class DD>
HWY_INLINE hn::Vec<DD> QuickAsinReduced(DD dd, hn::Vec<DD> a,
                                        hn::Mask<DD>* big) {
  const auto half = hn::Set(dd, 0.5);
  *big = hn::Gt(a, half);
  const auto s2 = hn::NegMulAdd(a, half, half);
  const auto z = hn::IfThenElse(*big, s2, hn::Mul(a, a));
  const auto v = hn::IfThenElse(*big, hn::Sqrt(s2), a);
  return hn::Mul(v, QuickHorner(dd, z, correct::kAsinQuick));
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

// asin a = r, or pi/2 - 2r above 1/2 (QuickAsinReduced).
struct QuickAsin : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::And(hn::Ge(hn::Abs(x), Const(d, 0x1p-125f)),
                   hn::Lt(hn::Abs(x), Const(d, 1.0f)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    hn::Mask<DD> big;
    const auto r = QuickAsinReduced(dd, hn::Abs(x), &big);
    return hn::IfThenElse(
        big, hn::NegMulAdd(hn::Set(dd, 2.0), r, hn::Set(dd, trig::kPiOver2)),
        r);
  }
};

// acos x = pi/2 - r (x >= 0) or pi/2 + r (x < 0) for |x| <= 1/2; above,
// 2r (x > 0) or pi - 2r (x < 0).  The term is added when exactly one of
// "above 1/2" and "x < 0" holds.
struct QuickAcos : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::Lt(hn::Abs(x), Const(d, 1.0f));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    hn::Mask<DD> big;
    const auto r = QuickAsinReduced(dd, hn::Abs(x), &big);
    const auto neg = hn::Lt(x, hn::Zero(dd));
    const auto term = hn::IfThenElse(big, hn::Add(r, r), r);
    const auto base =
        hn::IfThenElse(big, hn::IfThenElseZero(neg, hn::Set(dd, trig::kPi)),
                       hn::Set(dd, trig::kPiOver2));
    return hn::Add(base,
                   hn::IfThenElse(hn::Xor(big, neg), term, hn::Neg(term)));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
