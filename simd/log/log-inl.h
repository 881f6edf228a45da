// log(x).  Algorithm: docs/algorithms.md, section "log"; a comment
// `"log", step 3` below cites step 3 there.
//
// Contract.
//   Log<Arith>(d, x): ln x for every binary32 x.  Subnormal x are scaled
//   by 2^24 first, so they get full accuracy.  log(+-0) = -inf; x < 0
//   (-inf and negative subnormals included) gives the canonical NaN
//   0x7FC00000; log(+inf) = +inf; log(1) = +0; a NaN gives 0x7FC00000.
// Measured maximum error against MPFR (ulp_tables/exact.md,
// ulp_tables/fast.md): exact 1.968 ulp on [0.0625, 16] (every binary32)
//   and over all 2^32 inputs; fast (fused Horner) 1.968 ulp on
//   [0.0625, 16].

// clang-format off
#if defined(REFMATH_SIMD_LOG_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_LOG_INL_H_
#undef REFMATH_SIMD_LOG_INL_H_
#else
#define REFMATH_SIMD_LOG_INL_H_
#endif
// clang-format on

#include "simd/lanes/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "log", step 1: inputs below kFltMin (subnormals and zeros) are scaled by
// 2^24 first, and 24 is taken off their exponent.
constexpr float kTwoTo24 = 0x1p+24f;              // 16777216, 0x4B800000
constexpr float kSubnormalExponentShift = 24.0f;  // 0x41C00000
// "log", step 2: bits(sqrt(1/2)) moves the mantissa into
// [sqrt(1/2), sqrt(2)).
constexpr int32_t kSqrtHalfBits = 0x3F3504F3;  // bits(0.70710677f)
constexpr int32_t kMantissaMask = 0x007FFFFF;
// "log", step 3: w(z) = 1/11 z^4 + 1/9 z^3 + 1/7 z^2 + 1/5 z + 1/3, each
// coefficient rounded to binary32, highest first.
constexpr float kLogPoly[] = {
    0.0909090936f,  // 1/11, 0x3DBA2E8C
    0.111111112f,   // 1/9,  0x3DE38E39
    0.142857149f,   // 1/7,  0x3E124925
    0.200000003f,   // 1/5,  0x3E4CCCCD
    0.333333343f};  // 1/3,  0x3EAAAAAB

// "log", steps 3-4: log(m * 2^e) from the reduced mantissa m and float(e).
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> LogOfSplit(D d, VecF<D> m, VecF<D> ef) {
  // "log", step 3: log m = s2 + s2 (z w(z)), s = (m - 1) / (m + 1).
  const VecF<D> f = hn::Sub(m, Const(d, 1.0f));
  const VecF<D> s = hn::Div(f, hn::Add(Const(d, 2.0f), f));
  const VecF<D> z = hn::Mul(s, s);
  const VecF<D> w = Horner<Arith>(d, z, kLogPoly);
  const VecF<D> s2 = hn::Add(s, s);
  const VecF<D> logm = hn::Add(s2, hn::Mul(s2, hn::Mul(z, w)));
  // "log", step 4: e ln 2 + log m, with ln 2 in two parts.
  return hn::Add(hn::Mul(ef, Const(d, kLn2Hi)),
                 hn::Add(logm, hn::Mul(ef, Const(d, kLn2Lo))));
}

// "log", step 2: xs = m * 2^e with m in [sqrt(1/2), sqrt(2)); returns m, and e
// in *e_int.
template <class D>
HWY_INLINE VecF<D> LogSplit(D d, VecF<D> xs, VecI<D>* e_int) {
  const hn::RebindToSigned<D> di;
  const VecI<D> ix = hn::Sub(hn::BitCast(di, xs), hn::Set(di, kSqrtHalfBits));
  *e_int = hn::ShiftRight<kMantissaBits>(ix);
  return hn::BitCast(d, hn::Add(hn::And(ix, hn::Set(di, kMantissaMask)),
                                hn::Set(di, kSqrtHalfBits)));
}

template <class Arith, class D>
HWY_INLINE VecF<D> Log(D d, VecF<D> x) {
  VecI<D> e;
  // "log", Shortcut: positive normal finite lanes need neither step 1 nor
  // step 5, and their result is finite.
  if (AllInRange(d, x, kFltMin, kFltMax)) {
    const VecF<D> m = LogSplit(d, x, &e);
    return LogOfSplit<Arith>(d, m, IntToFloatViaM(d, e));
  }
  // "log", step 1.
  const auto subnormal = hn::Lt(x, Const(d, kFltMin));
  const VecF<D> xs =
      hn::IfThenElse(subnormal, hn::Mul(x, Const(d, kTwoTo24)), x);
  // "log", step 2, with the exponent correction of step 1.
  const VecF<D> m = LogSplit(d, xs, &e);
  const VecF<D> e_float = IntToFloatViaM(d, e);
  const VecF<D> ef = hn::IfThenElse(
      subnormal, hn::Sub(e_float, Const(d, kSubnormalExponentShift)), e_float);
  VecF<D> result = LogOfSplit<Arith>(d, m, ef);
  // "log", step 5: +inf, negative, zero, then the NaN rule.
  result = hn::IfThenElse(hn::Gt(x, Const(d, kFltMax)), hn::Inf(d), result);
  result = hn::IfThenElse(hn::Lt(x, hn::Zero(d)),
                          FromBits(d, kCanonicalNaNBits), result);
  result = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), hn::Neg(hn::Inf(d)), result);
  return ApplyNaNRule(d, x, result);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
