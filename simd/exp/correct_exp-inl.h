// exp and tanh of the correctly rounded variant (REFMATH_CORRECT).
// Method and error bounds: docs/correct.md, sections "exp" and "tanh"; the
// frame (two roundings, hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectExp: the binary32 nearest e^x (ties to even; no tie occurs),
//   subnormal results included: +0 from x < -103.972077 on (-inf too),
//   +inf from x > 88.7228317 on (+inf too); exp(+-0) = 1; a NaN gives the
//   canonical NaN 0x7FC00000.
//   CorrectTanh: the binary32 nearest tanh x, odd to the bit (tanh(+-0) =
//   +-0, tanh(+-inf) = +-1); a NaN gives 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_expf and
// cr_tanhf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_EXP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_EXP_INL_H_
#undef REFMATH_SIMD_CORRECT_EXP_INL_H_
#else
#define REFMATH_SIMD_CORRECT_EXP_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"
#include "simd/exp/exp-inl.h"  // kExpOverflow

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "exp", step 1: k = round(z / ln 2) through M = 1.5 * 2^52 (kRoundMD);
// ln 2 = kLn2HiD + kLn2LoD, kLn2HiD with 32 significant bits
// (k * kLn2HiD exact for |k| < 2^21).
constexpr double kInvLn2D = 0x1.71547652b82fep+0;  // 1/ln 2
constexpr double kLn2HiD = 0x1.62e42feep-1;
constexpr double kLn2LoD = 0x1.a39ef35793c76p-33;

// "exp", steps 1-3, for |z| <= 210: returns p = expm1(r), r = z - k ln 2,
// |r| <= 0.3466, and *scale = 2^k; e^z = (1 + p) 2^k.
template <class DD>
HWY_INLINE VecD<DD> ExpParts(DD dd, VecD<DD> z, VecD<DD>* scale) {
  const hn::RebindToSigned<DD> di;
  const VecD<DD> t =
      hn::Add(hn::Mul(z, ConstD(dd, kInvLn2D)), ConstD(dd, kRoundMD));
  const VecD<DD> k = hn::Sub(t, ConstD(dd, kRoundMD));
  const auto k_int = hn::Sub(hn::BitCast(di, t), hn::Set(di, kRoundMDBits));
  // z - k kLn2HiD is exact (Sterbenz); one rounding for the low part.
  const VecD<DD> r = hn::Sub(hn::Sub(z, hn::Mul(k, ConstD(dd, kLn2HiD))),
                             hn::Mul(k, ConstD(dd, kLn2LoD)));
  const VecD<DD> q = HornerD(dd, r, correct::kExpm1Q);
  *scale = Pow2D(dd, k_int);
  return hn::Add(r, hn::Mul(hn::Mul(r, r), q));
}

// "exp", step 4: the binary64 value of e^x; x is clamped to [-104, 89],
// where e^x rounds to +0 below and to +inf above, as at the clamp values.
// Finish sets +inf from kExpOverflow on itself: Highway's SCALAR DemoteTo
// saturates at FLT_MAX instead of rounding to +inf.
struct CorrectExpEval : CaseTable<correct::kExpHardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -104.0f, 89.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    VecD<DD> scale;
    const VecD<DD> p = ExpParts(dd, x, &scale);
    return hn::Mul(hn::Add(ConstD(dd, 1.0), p), scale);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Gt(x, Const(d, kExpOverflow)),
                       FromBits(d, 0x7F800000u), r);
    return ApplyNaNRule(d, x, r);
  }
};

// "tanh": tanh a = t / (t + 2), t = expm1(2a) = p 2^k + (2^k - 1), for
// a = |x| clamped to 10 (tanh 10 rounds to 1, as every larger a).
struct CorrectTanhEval : CaseTable<correct::kTanhHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, hn::Abs(x), 0.0f, 10.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    VecD<DD> scale;
    const VecD<DD> p = ExpParts(dd, hn::Add(a, a), &scale);
    const VecD<DD> t =
        hn::Add(hn::Mul(p, scale), hn::Sub(scale, ConstD(dd, 1.0)));
    return hn::Div(t, hn::Add(t, ConstD(dd, 2.0)));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return ApplyNaNRule(d, x, OrSignOf(d, r, x));
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectExp(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectExpEval>(d, x);
}
template <class D>
HWY_INLINE VecF<D> CorrectTanh(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectTanhEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
