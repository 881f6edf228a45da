// sigmoid and GELU tanh of the correctly rounded variant (REFMATH_CORRECT).
// Method and error bounds: docs/correct.md, sections "sigmoid" and "GELU
// tanh"; the frame (two roundings, hard-case table) is
// correct_round-inl.h.  Both are one division by 1 + e^t in binary64, not a
// composition of rounded results.
//
// Contract.
//   CorrectSigmoid: the binary32 nearest 1 / (1 + e^-x), subnormal results
//   included: +0 from x < -103.972 on (-inf too), 1 from x > 17.33 on
//   (+inf too); sigmoid(+-0) = 0.5; a NaN gives 0x7FC00000.
//   CorrectGeluTanh: the binary32 nearest x / (1 + e^(-2u)), u =
//   sqrt(2/pi) (x + 0.044715 x^3) with the real constants (= x/2 (1 +
//   tanh u)): x itself from x > 10 on (+inf too), -0 for x < -20 (-inf
//   too), +-0 for +-0; a NaN gives 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_SIGMOID_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_SIGMOID_INL_H_
#undef REFMATH_SIMD_CORRECT_SIGMOID_INL_H_
#else
#define REFMATH_SIMD_CORRECT_SIGMOID_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// e^t in binary64 for |t| <= 210 ("exp", steps 1-4).
template <class DD>
HWY_INLINE VecD<DD> ExpD(DD dd, VecD<DD> t) {
  VecD<DD> scale;
  const VecD<DD> p = ExpParts(dd, t, &scale);
  return hn::Mul(hn::Add(ConstD(dd, 1.0), p), scale);
}

// "sigmoid": 1 / (1 + e^-x), x clamped to [-104, 40] (below, the result
// rounds to +0 as at -104; above, to 1 as at 40).
struct CorrectSigmoidEval : CaseTable<correct::kSigmoidHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -104.0f, 40.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return hn::Div(ConstD(dd, 1.0),
                   hn::Add(ConstD(dd, 1.0), ExpD(dd, hn::Neg(x))));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return ApplyNaNRule(d, x, r);
  }
};

// "GELU tanh": x / (1 + e^t), t = -2u = -2 sqrt(2/pi) (x + a x^3), x
// clamped to [-20, 10].  The error of t (6 roundings, relative) grows
// into e^t's as |t| times it, so eps is per lane: 2^-49 (1 + |t|).
constexpr double kGeluCubicD = 0.044715;  // 0x1.6e4e26d4801f7p-5
constexpr double kMinusTwoSqrt2OverPi = -0x1.9884533d43651p+0;  // -2 sqrt(2/pi)
constexpr float kGeluTanhLow = -20.0f;   // below: -0, as at -20
constexpr float kGeluTanhHigh = 10.0f;   // above: x itself
// Below kGeluTanhTiny in magnitude, gelu_tanh(x) = x/2 + sqrt(2/pi) x^2/2
// (1 + O(x^2)): x/2 plus a positive term far below half an ulp of x/2.
// Where x/2 is a binary32 number that is the result; where it is not (a
// midpoint between subnormals) the result is the neighbour above.  Such
// inputs skip the binary64 path (their key is 0).
constexpr float kGeluTanhTiny = 0x1p-40f;

// x/2 rounded toward +inf: x * 0.5f rounded to nearest, moved one ulp up
// where it fell below x/2 (checked exactly: 2h is exact).
template <class D>
HWY_INLINE VecF<D> HalfRoundedUp(D d, VecF<D> x) {
  const hn::RebindToSigned<D> di;
  const VecF<D> h = hn::Mul(x, Const(d, 0.5f));
  const auto below = hn::Lt(hn::Add(h, h), x);
  // One ulp toward +inf: bits + 1 for h >= +0, bits - 1 for h < 0 (h is
  // never -0 here: -0 = 2h < x needs x > 0, which gives h >= +0).
  const auto step = hn::IfThenElse(hn::RebindMask(di, hn::Lt(h, hn::Zero(d))),
                                   hn::Set(di, -1), hn::Set(di, 1));
  const VecF<D> up = hn::BitCast(d, hn::Add(hn::BitCast(di, h), step));
  return hn::IfThenElse(below, up, h);
}

// The GELUs' key: tiny x (handled by GeluFinish) and NaN become 0, the
// rest is clamped to [lo, hi].
template <class D>
HWY_INLINE VecF<D> GeluKey(D d, VecF<D> x, float lo, float hi) {
  const VecF<D> k = hn::IfThenElse(
      hn::Lt(hn::Abs(x), Const(d, kGeluTanhTiny)), hn::Zero(d), x);
  return ClampedKey(d, k, lo, hi);
}

// The GELUs' special results: x itself above `high` (+inf included), x/2
// rounded up for tiny x, the NaN rule.
template <class D>
HWY_INLINE VecF<D> GeluFinish(D d, VecF<D> x, VecF<D> r, float high) {
  r = hn::IfThenElse(hn::Gt(x, Const(d, high)), x, r);
  r = hn::IfThenElse(hn::Lt(hn::Abs(x), Const(d, kGeluTanhTiny)),
                     HalfRoundedUp(d, x), r);
  return ApplyNaNRule(d, x, r);
}

struct CorrectGeluTanhEval : CaseTable<correct::kGeluTanhHardCases> {
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return GeluKey(d, x, kGeluTanhLow, kGeluTanhHigh);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    const VecD<DD> s = hn::Add(
        x, hn::Mul(hn::Mul(ConstD(dd, kGeluCubicD), hn::Mul(x, x)), x));
    VecD<DD> t = hn::Mul(ConstD(dd, kMinusTwoSqrt2OverPi), s);
    t = hn::Min(t, ConstD(dd, 200.0));  // x < -10.9: the result rounds to -0
    *eps = hn::Mul(ConstD(dd, 0x1p-49),
                   hn::Add(ConstD(dd, 1.0), hn::Abs(t)));
    return hn::Div(x, hn::Add(ConstD(dd, 1.0), ExpD(dd, t)));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return GeluFinish(d, x, r, kGeluTanhHigh);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectSigmoid(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectSigmoidEval>(d, x);
}
template <class D>
HWY_INLINE VecF<D> CorrectGeluTanh(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectGeluTanhEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
