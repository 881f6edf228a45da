// erf(x) and 1 + erf(x).  Algorithm: docs/algorithms.md, section "erf"
// (both functions); a comment `"erf", step 4` below cites step 4 there.
//
// Contract.
//   Erf<Arith>(d, x): erf x for every binary32 x, odd to the bit (the sign
//   of x is OR-ed in).  erf(+-0) = +-0; erf(+-inf) = +-1; a NaN gives the
//   canonical NaN 0x7FC00000.
//   OnePlusErf<Arith>(d, x): 1 + erf x, formed as erfc(|x|) for
//   x <= -0.5, so without cancellation (the GELU erf form needs it).
//   (+inf) = 2; (-inf) = +0; (+-0) = 1; a NaN gives 0x7FC00000.
// Measured maximum error against MPFR (ulp_tables/exact.md,
// ulp_tables/fast.md):
//   Erf: exact 2.762 ulp on [-6, 6] (every binary32) and over all 2^32
//     inputs; fast (fused Horner) 2.762 ulp on [-6, 6].
//   OnePlusErf: exact 5.126 ulp on [-6, 6] (every binary32) and over all
//     2^32 inputs; fast 5.046 ulp on [-6, 6].

// clang-format off
#if defined(REFMATH_SIMD_ERF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_ERF_INL_H_
#undef REFMATH_SIMD_ERF_INL_H_
#else
#define REFMATH_SIMD_ERF_INL_H_
#endif
// clang-format on

#include "simd/exp/exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "erf", steps 2-3: |x| below this, the odd polynomial; from it on, erfc
// through exp(-x^2).
constexpr float kErfPolyLimit = 0x1p-1f;  // 0.5, 0x3F000000
// "erf", step 2: P(z), z = x^2, highest coefficient first (the
// specification's).
constexpr float kErfPoly[] = {
    -0.0007692853f,  // 0xBA49A9DD
    0.0052003083f,   // 0x3BAA6759
    -0.02686312f,    // 0xBCDC100C
    0.11283774f,     // 0x3DE71779
    -0.37612638f,    // 0xBEC093A3
    1.1283792f};     // 0x3F906EBB
// "erf", step 3: G(s), s = 1/|x| - 1, degree 16, highest coefficient first
// (the specification's).
constexpr float kErfcPoly[] = {
    -0.00057763467f,  // g0  0xBA176C68
    0.0017893383f,    // g1  0x3AEA883B
    -0.00010074016f,  // g2  0xB8D34476
    -0.004373198f,    // g3  0xBB8F4D0B
    0.0034639547f,    // g4  0x3B630384
    0.0015023724f,    // g5  0x3AC4EB41
    -0.0009413088f,   // g6  0xBA76C22A
    -0.0018891813f,   // g7  0xBAF79E68
    -0.0002586738f,   // g8  0xB9879E9C
    0.0052144383f,    // g9  0x3BAADDE1
    -0.0103428485f,   // g10 0xBC29750D
    0.015788378f,     // g11 0x3C8156A1
    -0.018338649f,    // g12 0xBC963AEF
    0.008167262f,     // g13 0x3C05CFFB
    0.035529688f,     // g14 0x3D118794
    -0.1543716f,      // g15 0xBE1E1397
    0.42758358f};     // g16 0x3EDAEC3C
// "erf", step 4: Veltkamp split constant 2^12 + 1: hi keeps the upper 12
// bits of |x|.
constexpr float kSplit = 0x1.001p+12f;  // 4097, 0x45800800
// "erf", step 4: from here on the low part of x^2 is dropped (the split
// would overflow long before, and exp(-x^2) is 0 anyway).
constexpr float kSquareLoLimit = 0x1p+6f;  // 64, 0x42800000

// Both results share "erf", steps 1-5; then step 6 gives erf(x) with the
// sign OR-ed in, or (kOnePlusErf) step 7 gives 1 + erf(x) without
// cancellation for x < 0.
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <bool kOnePlusErf, class Arith, class D>
HWY_INLINE VecF<D> ErfOrOnePlusErf(D d, VecF<D> x) {
  const VecF<D> one = Const(d, 1.0f);
  // "erf", step 1.
  const VecF<D> ax = hn::Abs(x);
  const VecF<D> z = hn::Mul(ax, ax);
  // "erf", step 2: |x| < 0.5.
  const VecF<D> p = Horner<Arith>(d, z, kErfPoly);
  const VecF<D> erf_small = hn::Mul(ax, p);
  // "erf", step 3: |x| >= 0.5: erfc(|x|) = exp(-x^2) * t * G(t - 1),
  // t = 1/|x|.
  const VecF<D> t = hn::Div(one, ax);
  const VecF<D> s = hn::Sub(t, one);
  const VecF<D> g = Horner<Arith>(d, s, kErfcPoly);
  // "erf", step 4: x^2 = z + z_lo exactly (Dekker's product through the
  // split).
  const VecF<D> split = hn::Mul(ax, Const(d, kSplit));
  const VecF<D> hi = hn::Sub(split, hn::Sub(split, ax));
  const VecF<D> lo = hn::Sub(ax, hi);
  VecF<D> z_lo = hn::Add(
      hn::Add(hn::Sub(hn::Mul(hi, hi), z),
              hn::Mul(Const(d, 2.0f), hn::Mul(hi, lo))),
      hn::Mul(lo, lo));
  z_lo = hn::IfThenZeroElse(hn::Ge(ax, Const(d, kSquareLoLimit)), z_lo);
  // "erf", step 5.
  const VecF<D> exp_neg_z =
      hn::Mul(Exp<Arith>(d, hn::Sub(hn::Zero(d), z)), hn::Sub(one, z_lo));
  const VecF<D> erfc = hn::Mul(exp_neg_z, hn::Mul(t, g));
  const VecF<D> erf_large = hn::Sub(one, erfc);  // "erf", step 6
  const VecF<D> ope_large = hn::IfThenElse(  // "erf", step 7
      hn::Lt(x, hn::Zero(d)), erfc, hn::Sub(Const(d, 2.0f), erfc));

  const auto is_small = hn::Lt(ax, Const(d, kErfPolyLimit));
  if (kOnePlusErf) {
    // "erf", step 7, then the NaN rule.
    const VecF<D> ope_small = hn::Add(one, OrSignOf(d, erf_small, x));
    return ApplyNaNRule(d, x, hn::IfThenElse(is_small, ope_small, ope_large));
  }
  // "erf", step 6: the branch, the sign, +-1 at +-inf, the NaN rule.
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
