// erf of the correctly rounded variant (REFMATH_CORRECT).  Method and error
// bound: docs/correct.md, section "erf"; the frame (two roundings,
// hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectErf: the binary32 nearest erf x, odd to the bit, subnormal
//   results included: erf(+-0) = +-0, +-1 from |x| > 3.9192059 on
//   (+-inf too); a NaN gives the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_erff.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ERF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ERF_INL_H_
#undef REFMATH_SIMD_CORRECT_ERF_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ERF_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "erf", step 1: below kErfSmallLimit the odd polynomial; from there to
// kErfClamp one of the tabulated intervals [i/16, (i+1)/16).  erf(3.9375)
// rounds to 1, as erf of every larger |x|.
constexpr double kErfSmallLimit = 0x1p-3;  // 0.125
constexpr float kErfClamp = 0x1.f8p+1f;    // 3.9375

// f(c + t) by the interval's polynomial from a table of rows of 8
// coefficients (highest first), row i - first for [i/16, (i+1)/16),
// c = i/16 + 1/32, i = floor(16a) clamped to [first, last] (lanes outside
// are selected away by the caller).
template <class DD>
HWY_INLINE VecD<DD> IntervalPoly(DD dd, VecD<DD> a, const double* table,
                                 int first, int last) {
  const hn::RebindToSigned<DD> di;
  VecD<DD> id = hn::Floor(hn::Mul(a, ConstD(dd, 16.0)));
  id = hn::Min(hn::Max(id, ConstD(dd, first)), ConstD(dd, last));
  const VecD<DD> c = hn::Add(hn::Mul(id, ConstD(dd, 0.0625)),
                             ConstD(dd, 0.03125));
  const VecD<DD> t = hn::Sub(a, c);  // exact, |t| <= 1/32
  const VecD<DD> row = hn::Sub(id, ConstD(dd, first));
  const auto index = hn::ShiftLeft<3>(hn::Sub(
      hn::BitCast(di, hn::Add(row, ConstD(dd, kRoundMD))),
      hn::Set(di, kRoundMDBits)));
  static_assert(correct::kErfTerms == 8, "index = row * 8");
  VecD<DD> q = hn::GatherIndex(dd, table, index);
  for (int j = 1; j < correct::kErfTerms; ++j) {
    q = hn::Add(hn::Mul(q, t), hn::GatherIndex(dd, table + j, index));
  }
  return q;
}

// "erf": erf a for 0 <= a <= 3.9375, the odd polynomial below 1/8, the
// tabulated intervals from there.
template <class DD>
HWY_INLINE VecD<DD> ErfD(DD dd, VecD<DD> a) {
  const auto small = hn::Lt(a, ConstD(dd, kErfSmallLimit));
  VecD<DD> y = hn::Zero(dd);
  if (!hn::AllTrue(dd, small)) {
    y = IntervalPoly(dd, a, &correct::kErfTable[0][0],
                     correct::kErfFirstInterval, correct::kErfLastInterval);
  }
  if (!hn::AllFalse(dd, small)) {
    const VecD<DD> p = HornerD(dd, hn::Mul(a, a), correct::kErfSmall);
    y = hn::IfThenElse(small, hn::Mul(a, p), y);
  }
  return y;
}

struct CorrectErfEval : CaseTable<correct::kErfHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, hn::Abs(x), 0.0f, kErfClamp);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return ErfD(dd, a);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return ApplyNaNRule(d, x, OrSignOf(d, r, x));
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectErf(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectErfEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
