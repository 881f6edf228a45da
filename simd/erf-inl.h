// erf(x) and 1 + erf(x): spec section "erf(x), and 1 + erf(x) for the erf
// form of GELU".

// clang-format off
#if defined(REFMATH_SIMD_ERF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_ERF_INL_H_
#undef REFMATH_SIMD_ERF_INL_H_
#else
#define REFMATH_SIMD_ERF_INL_H_
#endif
// clang-format on

#include "simd/exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// |x| below this: odd polynomial; above: erfc through exp(-x^2).
constexpr float kErfPolyLimit = 0.5f;
// P(z), z = x^2, highest coefficient first.
constexpr float kErfPoly[] = {-0.0007692853f, 0.0052003083f, -0.02686312f,
                              0.11283774f,   -0.37612638f,  1.1283792f};
// G(s), s = 1/|x| - 1, degree 16, highest coefficient first.
constexpr float kErfcPoly[] = {
    -0.00057763467f, 0.0017893383f,  -0.00010074016f, -0.004373198f,
    0.0034639547f,   0.0015023724f,  -0.0009413088f,  -0.0018891813f,
    -0.0002586738f,  0.0052144383f,  -0.0103428485f,  0.015788378f,
    -0.018338649f,   0.008167262f,   0.035529688f,    -0.1543716f,
    0.42758358f};
// Veltkamp split constant 2^12 + 1: hi keeps the upper 12 bits of |x|.
constexpr float kSplit = 4097.0f;
// From here on the low part of x^2 is dropped (the split would overflow
// long before, and exp(-x^2) is 0 anyway).
constexpr float kSquareLoLimit = 64.0f;

// Both results share everything but the last step: erf(x) with the sign
// OR-ed in, or (kOnePlusErf) 1 + erf(x) without cancellation for x < 0.
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <bool kOnePlusErf, class Arith, class D>
HWY_INLINE VecF<D> ErfOrOnePlusErf(D d, VecF<D> x) {
  const VecF<D> one = Const(d, 1.0f);
  const VecF<D> ax = hn::Abs(x);
  const VecF<D> z = hn::Mul(ax, ax);
  // |x| < 0.5.
  const VecF<D> p = Horner<Arith>(d, z, kErfPoly);
  const VecF<D> erf_small = hn::Mul(ax, p);
  // |x| >= 0.5: erfc(|x|) = exp(-x^2) * t * G(t - 1), t = 1/|x|.
  const VecF<D> t = hn::Div(one, ax);
  const VecF<D> s = hn::Sub(t, one);
  const VecF<D> g = Horner<Arith>(d, s, kErfcPoly);
  // x^2 = z + z_lo exactly (Dekker's product through the split).
  const VecF<D> split = hn::Mul(ax, Const(d, kSplit));
  const VecF<D> hi = hn::Sub(split, hn::Sub(split, ax));
  const VecF<D> lo = hn::Sub(ax, hi);
  VecF<D> z_lo = hn::Add(
      hn::Add(hn::Sub(hn::Mul(hi, hi), z),
              hn::Mul(Const(d, 2.0f), hn::Mul(hi, lo))),
      hn::Mul(lo, lo));
  z_lo = hn::IfThenZeroElse(hn::Ge(ax, Const(d, kSquareLoLimit)), z_lo);
  const VecF<D> exp_neg_z =
      hn::Mul(Exp<Arith>(d, hn::Sub(hn::Zero(d), z)), hn::Sub(one, z_lo));
  const VecF<D> erfc = hn::Mul(exp_neg_z, hn::Mul(t, g));
  const VecF<D> erf_large = hn::Sub(one, erfc);
  const VecF<D> ope_large = hn::IfThenElse(
      hn::Lt(x, hn::Zero(d)), erfc, hn::Sub(Const(d, 2.0f), erfc));

  const auto is_small = hn::Lt(ax, Const(d, kErfPolyLimit));
  if (kOnePlusErf) {
    const VecF<D> ope_small = hn::Add(one, OrSignOf(d, erf_small, x));
    return ApplyNaNRule(d, x, hn::IfThenElse(is_small, ope_small, ope_large));
  }
  VecF<D> erf = OrSignOf(d, hn::IfThenElse(is_small, erf_small, erf_large), x);
  erf = hn::IfThenElse(hn::IsInf(x), OrSignOf(d, one, x), erf);
  return ApplyNaNRule(d, x, erf);
}

template <class Arith, class D>
HWY_INLINE VecF<D> Erf(D d, VecF<D> x) {
  return ErfOrOnePlusErf<false, Arith>(d, x);
}

template <class Arith, class D>
HWY_INLINE VecF<D> OnePlusErf(D d, VecF<D> x) {
  return ErfOrOnePlusErf<true, Arith>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
