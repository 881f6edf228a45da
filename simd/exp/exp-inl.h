// exp(x) and ExpNonPositive(x).  Algorithms: docs/algorithms.md, sections
// "exp" and "ExpNonPositive"; a comment `"exp", step 3` below cites step 3
// of that page's section "exp".
//
// Contract.
//   Exp<Arith>(d, x): e^x for every binary32 x.  x > 88.72283172607422
//   (+inf included) gives +inf; x < -103.97207641601562 (-inf included)
//   gives +0; results in between, subnormal ones included, are rounded
//   once; exp(+-0) = 1; a NaN gives the canonical NaN 0x7FC00000.
//   ExpNonPositive<Arith>(d, x): e^x for x <= 0, equal to Exp bit for bit
//   on [-87.33654, 0]; x < -87.33654 (-inf included) gives +0 instead of
//   values near or below 2^-126; NaN as Exp.  Positive x is outside its
//   domain: it returns the one-scaling formula, +inf from x = 88.3762665 on.
// Measured maximum error against MPFR (ulp_tables/exact.md,
// ulp_tables/fast.md):
//   Exp, exact: 0.976 ulp on [-16, 16] (every binary32), 0.989 ulp over
//     all 2^32 inputs.  The fast variant's exp is FastExp (exp_fast-inl.h).
//   ExpNonPositive, exact and fast (fused Horner): 0.989 ulp on
//     [-87.33654, 0] (every binary32).

// clang-format off
#if defined(REFMATH_SIMD_EXP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_EXP_INL_H_
#undef REFMATH_SIMD_EXP_INL_H_
#else
#define REFMATH_SIMD_EXP_INL_H_
#endif
// clang-format on

#include "simd/lanes/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "exp", step 3: q(r), highest coefficient first (the specification's).
constexpr float kExpPoly[] = {
    0.0013814613f,  // 0x3AB51226
    0.00836871f,    // 0x3C091CEA
    0.04166839f,    // 0x3D2AAC79
    0.16666521f,    // 0x3E2AAA49
    0.49999994f};   // 0x3EFFFFFE
// "exp", step 5: above kExpOverflow the result is +inf, below kExpUnderflow +0.
constexpr float kExpOverflow =
    0x1.62e42ep+6f;  // 88.72283172607422, 0x42B17217
constexpr float kExpUnderflow =
    -0x1.9fe368p+6f;  // -103.97207641601562, 0xC2CFF1B4
// "ExpNonPositive", step 3: below this the result is +0, not a value near
// or below 2^-126.
constexpr float kExpNonPositiveUnderflow = -87.33654f;  // 0xC2AEAC4F
// "exp", Shortcut: when every |x| <= kExpNoSpecialCaseLimit,
// n = round(x log2 e) lies in [-126, 126] (87.33654 log2 e rounds to 126),
// so 2^n is a normal float and p * 2^n rounds once, to the value step 4's
// p * 2^a * 2^b rounds once to (p * 2^a is exact).  No limit of step 5
// applies, nor ExpNonPositive's flush (the same bound, negated), and no
// lane is NaN.
constexpr float kExpNoSpecialCaseLimit = 87.33654f;  // 0x42AEAC4F
static_assert(kExpNoSpecialCaseLimit == -kExpNonPositiveUnderflow,
              "ExpNonPositive's flush must lie outside the shortcut range");

// "exp", steps 1-3, shared by Exp and ExpNonPositive: p ~ exp(r) (returned) and
// the integer n (*n_int) with exp(x) = p * 2^n.
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> ExpReduce(D d, VecF<D> x, VecI<D>* n_int) {
  // "exp", step 1: n = round(x log2 e), as a float and as an int32.
  const VecF<D> t = hn::Add(hn::Mul(x, Const(d, kLog2E)), Const(d, kRoundM));
  const VecF<D> n = RoundViaM(d, t, n_int);
  // "exp", step 2: r = x - n ln 2, with ln 2 in two parts.
  const VecF<D> r = hn::Sub(hn::Sub(x, hn::Mul(n, Const(d, kLn2Hi))),
                            hn::Mul(n, Const(d, kLn2Lo)));
  // "exp", step 3: p = 1 + (r + r^2 q(r)) ~ e^r.
  const VecF<D> q = Horner<Arith>(d, r, kExpPoly);
  return hn::Add(Const(d, 1.0f), hn::Add(r, hn::Mul(hn::Mul(r, r), q)));
}

// exp(x) when no lane needs a special case (every |x| <=
// kExpNoSpecialCaseLimit): "exp", steps 1-3, then one scaling by 2^n.
template <class Arith, class D>
HWY_INLINE VecF<D> ExpNoSpecialCase(D d, VecF<D> x) {
  VecI<D> n_int;
  const VecF<D> p = ExpReduce<Arith>(d, x, &n_int);
  return hn::Mul(p, Pow2(d, n_int));
}

template <class Arith, class D>
HWY_INLINE VecF<D> Exp(D d, VecF<D> x) {
  if (AllAtMost(d, hn::Abs(x), kExpNoSpecialCaseLimit)) {
    return ExpNoSpecialCase<Arith>(d, x);
  }
  VecI<D> n_int;
  const VecF<D> p = ExpReduce<Arith>(d, x, &n_int);
  // "exp", step 4: 2^n applied as 2^a * 2^b, each a normal float, so that a
  // subnormal result is rounded once, by the second product.
  const VecI<D> a = hn::ShiftRight<1>(n_int);
  const VecI<D> b = hn::Sub(n_int, a);
  VecF<D> result = hn::Mul(hn::Mul(p, Pow2(d, a)), Pow2(d, b));
  // "exp", step 5: the limits, then the NaN rule.
  result = hn::IfThenElse(hn::Gt(x, Const(d, kExpOverflow)),
                          hn::Inf(d), result);
  result = hn::IfThenZeroElse(hn::Lt(x, Const(d, kExpUnderflow)), result);
  return ApplyNaNRule(d, x, result);
}

// For x <= 0 (softmax, attention).  Positive x is outside the domain; there
// the formula's value is returned, +inf above kExpOverflow as for Exp.
template <class Arith, class D>
HWY_INLINE VecF<D> ExpNonPositive(D d, VecF<D> x) {
  if (AllAtMost(d, hn::Abs(x), kExpNoSpecialCaseLimit)) {
    return ExpNoSpecialCase<Arith>(d, x);
  }
  // "ExpNonPositive", step 1 ("exp", steps 1-3).
  VecI<D> n_int;
  const VecF<D> p = ExpReduce<Arith>(d, x, &n_int);
  // "ExpNonPositive", step 2: one scaling.
  VecF<D> result = hn::Mul(p, Pow2(d, n_int));
  // "ExpNonPositive", step 3: the limits, then the NaN rule.
  result = hn::IfThenZeroElse(hn::Lt(x, Const(d, kExpNonPositiveUnderflow)),
                              result);
  result = hn::IfThenElse(hn::Gt(x, Const(d, kExpOverflow)),
                          hn::Inf(d), result);
  return ApplyNaNRule(d, x, result);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
