// exp2 and exp10 of the correctly rounded variant (REFMATH_CORRECT), on
// exp's binary64 exponential (correct_exp-inl.h).  Method and error
// bounds: docs/correct.md, sections "exp2" and "exp10"; the frame (two
// roundings, hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectExp2: the binary32 nearest 2^x, ties to even (the one tie is
//   2^-150, the midpoint between +0 and 2^-149: it gives +0); subnormal
//   results included; +0 from x <= -150 on (-inf too), +inf from x >= 128
//   on (+inf too); 2^k exact for integers k from -149 to 127.
//   CorrectExp10: the binary32 nearest 10^x (no tie occurs); +0 from
//   x < -45.1545 on (-inf too), +inf from x > 38.531837 on (+inf too);
//   10^k exact for integers k from 0 to 10.
//   Both: a NaN gives the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_exp2f and
// cr_exp10f.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_EXP2_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_EXP2_INL_H_
#undef REFMATH_SIMD_CORRECT_EXP2_INL_H_
#else
#define REFMATH_SIMD_CORRECT_EXP2_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

constexpr double kLn2D = 0x1.62e42fefa39efp-1;     // RN(ln 2)
constexpr double kLn10D = 0x1.26bb1bbb55516p+1;    // RN(ln 10)
constexpr double kLog2Of10D = 0x1.a934f0979a371p+1;  // RN(log2 10)
// log10 2 = kLog10Of2HiD + kLog10Of2LoD + 2.8e-31; the high part has 45
// significant bits, so k kLog10Of2HiD is exact for |k| < 2^8.
constexpr double kLog10Of2HiD = 0x1.34413509f79p-2;
constexpr double kLog10Of2LoD = 0x1.fde623e2566b0p-47;
// The largest binary32 x whose 10^x rounds to a finite value.
constexpr float kExp10Overflow = 0x1.344134p+5f;  // 38.531837, 0x421A209A

// e^z 2^k for |z| <= 0.35 and |k| <= 153: exp's steps 1-4 on z, then an
// exact scaling (the product is a normal binary64 number).
template <class DD>
HWY_INLINE VecD<DD> ExpTimesPow2D(DD dd, VecD<DD> z,
                                  hn::Vec<hn::RebindToSigned<DD>> k) {
  VecD<DD> scale;
  const VecD<DD> p = ExpParts(dd, z, &scale);
  return hn::Mul(hn::Mul(hn::Add(ConstD(dd, 1.0), p), scale), Pow2D(dd, k));
}

// "exp2": k = round(x), r = x - k exact (|r| <= 1/2), z = r RN(ln 2),
// 2^x = e^z 2^k.  x is clamped to [-151, 129], where 2^x rounds to +0
// below and to +inf above, as at the clamp values.
struct CorrectExp2Eval : CaseTable<correct::kExp2HardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -151.0f, 129.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    hn::Vec<hn::RebindToSigned<DD>> k;
    const VecD<DD> r = hn::Sub(x, RoundThroughM(dd, x, &k));
    return ExpTimesPow2D(dd, hn::Mul(r, ConstD(dd, kLn2D)), k);
  }
  // +inf from 128 on: Highway's SCALAR DemoteTo saturates at FLT_MAX.
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Ge(x, Const(d, 128.0f)), FromBits(d, 0x7F800000u),
                       r);
    return ApplyNaNRule(d, x, r);
  }
};

// "exp10": k = round(x log2 10), r = (x - k hi) - k lo with hi + lo =
// log10 2 (x - k hi exact), z = r RN(ln 10), 10^x = e^z 2^k.  x is clamped
// to [-46, 39], where 10^x rounds to +0 below and to +inf above.
struct CorrectExp10Eval : CaseTable<correct::kExp10HardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -46.0f, 39.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    hn::Vec<hn::RebindToSigned<DD>> k_int;
    const VecD<DD> k =
        RoundThroughM(dd, hn::Mul(x, ConstD(dd, kLog2Of10D)), &k_int);
    const VecD<DD> r =
        hn::Sub(hn::Sub(x, hn::Mul(k, ConstD(dd, kLog10Of2HiD))),
                hn::Mul(k, ConstD(dd, kLog10Of2LoD)));
    return ExpTimesPow2D(dd, hn::Mul(r, ConstD(dd, kLn10D)), k_int);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Gt(x, Const(d, kExp10Overflow)),
                       FromBits(d, 0x7F800000u), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectExp2(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectExp2Eval>(d, x);
}
template <class D>
HWY_INLINE VecF<D> CorrectExp10(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectExp10Eval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
