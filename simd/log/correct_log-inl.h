// log of the correctly rounded variant (REFMATH_CORRECT).  Method and error
// bound: docs/correct.md, section "log"; the frame (two roundings,
// hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectLog: the binary32 nearest ln x for x > 0, subnormal x included
//   (ties cannot occur); log(1) = +0, log(+-0) = -inf, log(+inf) = +inf,
//   x < 0 (-inf included) and NaN give the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_logf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_LOG_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_LOG_INL_H_
#undef REFMATH_SIMD_CORRECT_LOG_INL_H_
#else
#define REFMATH_SIMD_CORRECT_LOG_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "log", step 1: the split x = 2^e m, m in [sqrt(1/2), sqrt 2), by
// subtracting the bits of sqrt(1/2) (binary64).
constexpr int64_t kSqrtHalfBits = 0x3FE6A09E667F3BCD;

// "log", steps 1-3: e ln 2 + log m, log m = 2s + s^3 R(s^2) with
// s = (m - 1) / (m + 1), for binary64 x > 0 from a binary32 value.
template <class DD>
HWY_INLINE VecD<DD> LogD(DD dd, VecD<DD> x) {
  const hn::RebindToSigned<DD> di;
  const auto bits = hn::BitCast(di, x);
  const auto e = hn::ShiftRight<52>(
      hn::Sub(bits, hn::Set(di, kSqrtHalfBits)));
  const VecD<DD> m = hn::BitCast(dd, hn::Sub(bits, hn::ShiftLeft<52>(e)));
  // m - 1 and m + 1 = (m - 1) + 2 are exact; s is rounded once.
  const VecD<DD> f = hn::Sub(m, ConstD(dd, 1.0));
  const VecD<DD> s = hn::Div(f, hn::Add(f, ConstD(dd, 2.0)));
  const VecD<DD> w = hn::Mul(s, s);
  const VecD<DD> log_m = hn::Add(
      hn::Add(s, s), hn::Mul(hn::Mul(s, w), HornerD(dd, w, correct::kLogR)));
  // e as a double through M (|e| < 2^51); e kLn2HiD is exact.
  const VecD<DD> ed = hn::Sub(
      hn::BitCast(dd, hn::Add(e, hn::Set(di, kRoundMDBits))),
      ConstD(dd, kRoundMD));
  return hn::Add(hn::Mul(ed, ConstD(dd, kLn2HiD)),
                 hn::Add(hn::Mul(ed, ConstD(dd, kLn2LoD)), log_m));
}

// ln x through LogD, with the special values of the contract.
struct CorrectLogEval : CaseTable<correct::kLogHardCases> {
  static constexpr double kEps = 0x1p-49;
  // Inputs outside (0, +inf), NaN included, become 1 (Finish sets them).
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const auto inside = hn::And(hn::Gt(x, hn::Zero(d)),
                                hn::Lt(x, FromBits(d, 0x7F800000u)));
    return hn::IfThenElse(inside, x, Const(d, 1.0f));
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return LogD(dd, x);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), FromBits(d, 0xFF800000u), r);
    r = hn::IfThenElse(hn::Eq(x, FromBits(d, 0x7F800000u)), x, r);
    r = hn::IfThenElse(hn::Lt(x, hn::Zero(d)), FromBits(d, kCanonicalNaNBits),
                       r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectLog(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectLogEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
