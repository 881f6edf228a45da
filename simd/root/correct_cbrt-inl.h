// cbrt of the correctly rounded variant (REFMATH_CORRECT).  Method and
// error bound: docs/correct.md, section "cbrt"; the frame (two roundings,
// hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectCbrt: the binary32 nearest the real cube root of x (no tie
//   occurs; exact where x is the cube of a binary32 number), odd to the
//   bit: cbrt(+-0) = +-0, cbrt(+-inf) = +-inf, subnormal x included; a
//   NaN gives the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_cbrtf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_CBRT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_CBRT_INL_H_
#undef REFMATH_SIMD_CORRECT_CBRT_INL_H_
#else
#define REFMATH_SIMD_CORRECT_CBRT_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

constexpr double kThirdD = 0x1.5555555555555p-2;  // RN(1/3)

// One Halley step for y^3 = m: y (y^3 + 2m) / (2y^3 + m); the relative
// error d of y becomes about 2/3 d^3.
template <class DD>
HWY_INLINE VecD<DD> HalleyCbrtStep(DD, VecD<DD> y, VecD<DD> m) {
  const VecD<DD> y3 = hn::Mul(hn::Mul(y, y), y);
  return hn::Mul(y, hn::Div(hn::Add(y3, hn::Add(m, m)),
                            hn::Add(hn::Add(y3, y3), m)));
}

// "cbrt": a = |x| = 2^e m0 (a binary32 number, normal in binary64), q =
// round((e - 1) / 3), so that m = a 2^-3q lies in [1, 8) and cbrt a =
// 2^q cbrt m; P(m) starts two Halley steps.  a outside (0, +inf), NaN
// included, becomes 1 (Finish sets the results).
struct CorrectCbrtEval : CaseTable<correct::kCbrtHardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const VecF<D> a = hn::Abs(x);
    const auto inside = hn::And(hn::Gt(a, hn::Zero(d)),
                                hn::Lt(a, FromBits(d, 0x7F800000u)));
    return hn::IfThenElse(inside, a, Const(d, 1.0f));
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const hn::RebindToSigned<DD> di;
    // e in [-149, 127] from the binary64 exponent field, as a double
    // through M; (e - 1) RN(1/3) is within 2^-40 of (e - 1)/3, whose
    // fraction is 0, 1/3 or 2/3, so q is its nearest integer.
    const auto e = hn::Sub(hn::ShiftRight<52>(hn::BitCast(di, a)),
                           hn::Set(di, 1023));
    const VecD<DD> ed = hn::Sub(
        hn::BitCast(dd, hn::Add(e, hn::Set(di, kRoundMDBits))),
        ConstD(dd, kRoundMD));
    hn::Vec<decltype(di)> q;
    RoundThroughM(dd, hn::Mul(hn::Sub(ed, ConstD(dd, 1.0)),
                              ConstD(dd, kThirdD)), &q);
    const VecD<DD> m =
        hn::Mul(a, Pow2D(dd, hn::Neg(hn::Add(q, hn::Add(q, q)))));
    VecD<DD> y = HornerD(dd, m, correct::kCbrtStart);
    y = HalleyCbrtStep(dd, HalleyCbrtStep(dd, y, m), m);
    return hn::Mul(y, Pow2D(dd, q));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    const auto zero_or_inf =
        hn::Or(hn::Eq(x, hn::Zero(d)), hn::IsInf(x));
    r = OrSignOf(d, r, x);
    r = hn::IfThenElse(zero_or_inf, x, r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectCbrt(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectCbrtEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
