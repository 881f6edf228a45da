// The quick path of exp in the correctly rounded variant: e^x =
// 2^(k/8) e^r with a table of 2^(j/8) and a degree-6 polynomial, fused
// multiply-adds where the target has them.  Error bound and the proof
// that settled lanes are correctly rounded: docs/correct.md, "The quick
// path"; the frame is correct_quick-inl.h.
//
// Contract.
//   QuickExp::InRange: -87.33 <= x <= 88.72 (results normal binary32).
//   QuickExp::Apply: y within relative error 2^-45.5 of e^x there, with
//   MulAdd fused or rounded twice.  Lanes outside the range, and vectors
//   with a lane not settled, go to the complete method (CorrectExp).
// Proven over all 2^32 inputs on avx3, avx2 and sse4 (with fused and with
// twice-rounded MulAdd): ulp_tables/correct.md.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_EXP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_EXP_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_EXP_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_EXP_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_quick-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_exp {
// "The quick path", exp, step 1: k = round(x * 8/ln 2) through
// M = 1.5 * 2^52, r = x - k * L with L = RN(ln 2 / 8)
// (|L - ln 2/8| = 2.9e-18, 2^-58.3).
constexpr double kInvL = 0x1.71547652b82fep+3;  // RN(8 / ln 2)
constexpr double kL = 0x1.62e42fefa39efp-4;     // RN(ln 2 / 8)
// Step 2: 2^(j/8), j = 0..7, as RN(2^(j/8)) (mpmath at 200 bits), each
// stored minus j << 49: adding k << 49 (mod 2^64) then gives the bits of
// 2^(k/8) rounded, since k = 8q + j and k << 49 = (q << 52) + (j << 49).
alignas(64) constexpr uint64_t kPow2Eighths[8] = {
    0x3ff0000000000000,  // 0x1.0000000000000p+0, j = 0
    0x3fef72b83c7d517b,  // 0x1.172b83c7d517bp+0 = RN(2^(1/8))
    0x3fef06fe0a31b715,  // 0x1.306fe0a31b715p+0 = RN(2^(2/8))
    0x3feebfdad5362a27,  // 0x1.4bfdad5362a27p+0 = RN(2^(3/8))
    0x3feea09e667f3bcd,  // 0x1.6a09e667f3bcdp+0 = RN(2^(4/8))
    0x3feeace5422aa0db,  // 0x1.8ace5422aa0dbp+0 = RN(2^(5/8))
    0x3feee89f995ad3ad,  // 0x1.ae89f995ad3adp+0 = RN(2^(6/8))
    0x3fef5818dcfba487,  // 0x1.d5818dcfba487p+0 = RN(2^(7/8))
};
}  // namespace quick_exp

// The table entry for j = the low 3 bits of `bits`: one permute on
// AVX-512 (vpermq reads only those bits of each index), a gather
// elsewhere.
template <class DD>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DD>> Pow2EighthsEntry(
    DD dd, hn::Vec<hn::RebindToUnsigned<DD>> bits) {
  const hn::RebindToUnsigned<DD> du;
  const hn::RebindToSigned<DD> di;
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(dd) == 8) {
    const auto table = hn::Load(du, quick_exp::kPow2Eighths);
    return hn::Vec<decltype(du)>{
        _mm512_permutexvar_epi64(bits.raw, table.raw)};
  }
#endif
  (void)dd;
  const auto j = hn::BitCast(di, hn::And(bits, hn::Set(du, 7)));
  return hn::GatherIndex(du, quick_exp::kPow2Eighths, j);
}

// Step 2 of exp and tanh: s = 2^(k/8) from t = M + k, by the table and
// k << 49 (the low bits of t's significand are k's, two's complement).
template <class DD>
HWY_INLINE hn::Vec<DD> Pow2Eighths(DD dd, hn::Vec<DD> t) {
  const hn::RebindToUnsigned<DD> du;
  const auto t_bits = hn::BitCast(du, t);
  return hn::BitCast(
      dd, hn::Add(Pow2EighthsEntry(dd, t_bits), hn::ShiftLeft<49>(t_bits)));
}

// Step 3 of exp and tanh: expm1(r) = r + r^2 Q(r), Q by Horner in MulAdds
// (coefficients highest first).
template <class DD, size_t kN>
HWY_INLINE hn::Vec<DD> Expm1Quick(DD dd, hn::Vec<DD> r,
                                  const double (&c)[kN]) {
  return hn::MulAdd(hn::Mul(r, r), QuickHorner(dd, r, c), r);
}

struct QuickExp : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, x, -87.33f, 88.72f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qe = quick_exp;
    // Step 1: t = M + k, k = t - M exact, r = x - k L.
    const auto t = hn::MulAdd(x, hn::Set(dd, qe::kInvL), hn::Set(dd, kQuickRoundM));
    const auto k = hn::Sub(t, hn::Set(dd, kQuickRoundM));
    const auto r = hn::NegMulAdd(k, hn::Set(dd, qe::kL), x);
    // Steps 2 and 3: s = 2^(k/8), p = expm1(r) with Q of degree 4.
    const auto s = Pow2Eighths(dd, t);
    const auto p = Expm1Quick(dd, r, correct::kExpm1QuickQ);
    // Step 4: y = s (1 + p) = s p + s.
    return hn::MulAdd(s, p, s);
  }
};

namespace quick_exp {
// ln 2 / 8 = kLHi + kLLo: ln 2's 32-bit head 0x1.62e42feep-1 and its tail
// 0x1.a39ef35793c76p-36 (the complete method's), divided by 8.  k kLHi is
// exact for |k| < 2^21 (here |k| <= 1184).
constexpr double kLHi = 0x1.62e42feep-4;
constexpr double kLLo = 0x1.a39ef35793c76p-36;
}  // namespace quick_exp

// e^z = s (1 + p) for z in [-102.6, 89.5] (docs/correct.md, "tanh, quick"):
// k = round(z 8/ln 2), r = (z - k kLHi) - k kLLo (the first difference
// exact by Sterbenz, the second rounded once), s = 2^(k/8) from the table,
// p = expm1(r) with Q of degree 5.
template <class DD>
HWY_INLINE void QuickExpSplit(DD dd, hn::Vec<DD> z, hn::Vec<DD>* s,
                              hn::Vec<DD>* p) {
  namespace qe = quick_exp;
  const auto t = hn::MulAdd(z, hn::Set(dd, qe::kInvL), hn::Set(dd, kQuickRoundM));
  const auto k = hn::Sub(t, hn::Set(dd, kQuickRoundM));
  const auto r = hn::NegMulAdd(k, hn::Set(dd, qe::kLLo),
                               hn::NegMulAdd(k, hn::Set(dd, qe::kLHi), z));
  *s = Pow2Eighths(dd, t);
  *p = Expm1Quick(dd, r, correct::kExpm1QuickQ5);
}

// expm1(z) for z in [-87.33, 89.5]: s p + (s - 1), with s - 1 exact for
// s >= 1/2.  Within relative error 31.5u of expm1(z), fused or not.
template <class DD>
HWY_INLINE hn::Vec<DD> QuickExpm1D(DD dd, hn::Vec<DD> z) {
  hn::Vec<DD> s, p;
  QuickExpSplit(dd, z, &s, &p);
  return hn::MulAdd(s, p, hn::Sub(s, hn::Set(dd, 1.0)));
}

// e^z for z in [-102.6, 89.5]: s p + s, within relative error 2.5u, fused
// or not (docs/correct.md, "erfc, quick").
template <class DD>
HWY_INLINE hn::Vec<DD> QuickExpD(DD dd, hn::Vec<DD> z) {
  hn::Vec<DD> s, p;
  QuickExpSplit(dd, z, &s, &p);
  return hn::MulAdd(s, p, s);
}

// a / (1 + e^t) for t in exp's quick range: sigmoid (a = 1, t = -x) and
// GELU tanh.  1 + e^t rounds once and so does the division.
template <class DD>
HWY_INLINE hn::Vec<DD> QuickOverOnePlusExp(DD dd, hn::Vec<DD> a,
                                           hn::Vec<DD> t) {
  return hn::Div(a, hn::Add(hn::Set(dd, 1.0), QuickExp::Apply(dd, t)));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
