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

#include "simd/correct_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "erf", step 1: below kErfSmallLimit the odd polynomial; from there to
// kErfClamp one of the tabulated intervals [i/16, (i+1)/16).  erf(3.9375)
// rounds to 1, as erf of every larger |x|.
constexpr double kErfSmallLimit = 0x1p-3;  // 0.125
constexpr float kErfClamp = 0x1.f8p+1f;    // 3.9375

// erf(c + t) by the interval's polynomial, c = i/16 + 1/32, i = floor(16a)
// clamped to the table (lanes outside it are selected away).
template <class DD>
HWY_INLINE VecD<DD> ErfIntervals(DD dd, VecD<DD> a) {
  const hn::RebindToSigned<DD> di;
  VecD<DD> id = hn::Floor(hn::Mul(a, ConstD(dd, 16.0)));
  id = hn::Min(hn::Max(id, ConstD(dd, correct::kErfFirstInterval)),
               ConstD(dd, correct::kErfLastInterval));
  const VecD<DD> c = hn::Add(hn::Mul(id, ConstD(dd, 0.0625)),
                             ConstD(dd, 0.03125));
  const VecD<DD> t = hn::Sub(a, c);  // exact, |t| <= 1/32
  const VecD<DD> row = hn::Sub(id, ConstD(dd, correct::kErfFirstInterval));
  const auto index = hn::ShiftLeft<3>(hn::Sub(
      hn::BitCast(di, hn::Add(row, ConstD(dd, kRoundMD))),
      hn::Set(di, kRoundMDBits)));
  static_assert(correct::kErfTerms == 8, "index = row * 8");
  const double* base = &correct::kErfTable[0][0];
  VecD<DD> q = hn::GatherIndex(dd, base, index);
  for (int j = 1; j < correct::kErfTerms; ++j) {
    q = hn::Add(hn::Mul(q, t), hn::GatherIndex(dd, base + j, index));
  }
  return q;
}

struct CorrectErfEval {
  static constexpr double kEps = 0x1p-48;
  static constexpr const correct::HardCase* kCases = correct::kErfHardCases;
  static constexpr size_t kCaseCount =
      correct::HardCaseCount(correct::kErfHardCases);
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const VecF<D> a = hn::IfThenElse(hn::IsNaN(x), hn::Zero(d), hn::Abs(x));
    return hn::IfThenElse(hn::Gt(a, Const(d, kErfClamp)), Const(d, kErfClamp),
                          a);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a) {
    const auto small = hn::Lt(a, ConstD(dd, kErfSmallLimit));
    VecD<DD> y = hn::Zero(dd);
    if (!hn::AllTrue(dd, small)) y = ErfIntervals(dd, a);
    if (!hn::AllFalse(dd, small)) {
      const VecD<DD> p = HornerD(dd, hn::Mul(a, a), correct::kErfSmall);
      y = hn::IfThenElse(small, hn::Mul(a, p), y);
    }
    return y;
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
