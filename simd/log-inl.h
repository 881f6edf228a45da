// log(x): spec section "log(x)".

// clang-format off
#if defined(REFMATH_SIMD_LOG_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_LOG_INL_H_
#undef REFMATH_SIMD_LOG_INL_H_
#else
#define REFMATH_SIMD_LOG_INL_H_
#endif
// clang-format on

#include "simd/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// Step 1: subnormal and zero inputs are scaled by 2^24 first.
constexpr float kTwoTo24 = 16777216.0f;
constexpr float kSubnormalExponentShift = 24.0f;
// Step 2: bits(sqrt(1/2)) moves the mantissa into [sqrt(1/2), sqrt(2)).
constexpr int32_t kSqrtHalfBits = 0x3F3504F3;
constexpr int32_t kMantissaMask = 0x007FFFFF;
// Step 3: w(z) = 1/11 z^4 + 1/9 z^3 + 1/7 z^2 + 1/5 z + 1/3, fp32 constants.
constexpr float kLogPoly[] = {0.0909090936f, 0.111111112f, 0.142857149f,
                              0.200000003f, 0.333333343f};

// Steps 3-4: log(m * 2^e) from the reduced mantissa m and float(e).
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> LogOfSplit(D d, VecF<D> m, VecF<D> ef) {
  const VecF<D> f = hn::Sub(m, Const(d, 1.0f));
  const VecF<D> s = hn::Div(f, hn::Add(Const(d, 2.0f), f));
  const VecF<D> z = hn::Mul(s, s);
  const VecF<D> w = Horner<Arith>(d, z, kLogPoly);
  const VecF<D> s2 = hn::Add(s, s);
  const VecF<D> logm = hn::Add(s2, hn::Mul(s2, hn::Mul(z, w)));
  return hn::Add(hn::Mul(ef, Const(d, kLn2Hi)),
                 hn::Add(logm, hn::Mul(ef, Const(d, kLn2Lo))));
}

// Step 2: xs = m * 2^e with m in [sqrt(1/2), sqrt(2)); returns m, and e
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
  // Shortcut: positive normal finite lanes need neither step 1 nor step 5,
  // and their result is finite.
  if (AllInRange(d, x, kFltMin, kFltMax)) {
    const VecF<D> m = LogSplit(d, x, &e);
    return LogOfSplit<Arith>(d, m, IntToFloatViaM(d, e));
  }
  // Step 1.
  const auto subnormal = hn::Lt(x, Const(d, kFltMin));
  const VecF<D> xs =
      hn::IfThenElse(subnormal, hn::Mul(x, Const(d, kTwoTo24)), x);
  const VecF<D> m = LogSplit(d, xs, &e);
  const VecF<D> e_float = IntToFloatViaM(d, e);
  const VecF<D> ef = hn::IfThenElse(
      subnormal, hn::Sub(e_float, Const(d, kSubnormalExponentShift)), e_float);
  VecF<D> result = LogOfSplit<Arith>(d, m, ef);
  // Step 5.
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
