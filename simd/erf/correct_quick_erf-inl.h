// The quick path of erf in the correctly rounded variant: 16 intervals of
// width 1/4 and one degree-9 polynomial each, its coefficients looked up
// in 16-entry tables (one permute each on AVX-512, a gather elsewhere),
// fused multiply-adds where the target has them.  Error bound and why
// settled lanes are correctly rounded: docs/correct.md, "The quick path",
// erf; the frame is correct_quick-inl.h.
//
// Contract.
//   QuickErf::InRange: 2^-126 <= |x|, infinities included (results normal
//   binary32; NaN never).  |x| >= 3.9375 is evaluated at 3.9375, whose erf
//   rounds to 1 as erf of every larger |x| does.
//   QuickErf::Apply: y within relative error 2^-45.2 of erf |x| (of
//   erf 3.9375 beyond the clamp), with MulAdd fused or rounded twice.
//   QuickErf::Finish: the sign of x on the rounded result (erf is odd).
//   Lanes outside the range (zeros, subnormal results, NaN) and vectors
//   with a lane not settled go to the complete method (CorrectErf).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_ERF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_ERF_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_ERF_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_ERF_INL_H_
#endif
// clang-format on

#include <stddef.h>

#include <type_traits>

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_quick-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_erf {
// Step 1: a = min(|x|, kClamp); erf(3.9375) = 1 - 2.6e-8 lies above the
// last rounding boundary below 1 (1 - 2^-25), so it rounds to 1.
constexpr double kClamp = 3.9375;
// Step 2: k = M + round(4a) (4a is exact, so one rounding whether MulAdd
// fuses or not), at most M + kLast: the low 4 bits of k are i.
constexpr double kLast = 15.0;
}  // namespace quick_erf

// a = min(|x|, kClamp): one VRANGEPD on AVX-512 (the smaller magnitude,
// sign cleared), abs then min elsewhere.
template <class DD>
HWY_INLINE hn::Vec<DD> ErfQuickArg(DD dd, hn::Vec<DD> x) {
  const auto clamp = hn::Set(dd, quick_erf::kClamp);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(dd) == 8) {
    return hn::Vec<DD>{_mm512_range_pd(x.raw, clamp.raw, 0x0A)};
  }
#endif
  return hn::Min(hn::Abs(x), clamp);
}

// Steps 2 and 3: the polynomial of interval i = round(4a), at most 15 (a
// tie goes to either neighbour: both polynomials cover the boundary), at
// t = a - i/4, which is exact (correct.md), by Horner from the highest
// coefficient; kTable[j] holds coefficient kRows - 1 - j of every
// interval.  Also erfc's quick path (correct_quick_erfc-inl.h).
template <const auto& kTable, class DD>
HWY_INLINE hn::Vec<DD> QuickIntervals16(DD dd, hn::Vec<DD> a) {
  namespace qe = quick_erf;
  constexpr size_t kRows =
      std::extent_v<std::remove_reference_t<decltype(kTable)>>;
  auto k = hn::MulAdd(a, hn::Set(dd, 4.0), hn::Set(dd, kQuickRoundM));
  k = hn::Min(k, hn::Set(dd, kQuickRoundM + qe::kLast));
  const auto fi = hn::Sub(k, hn::Set(dd, kQuickRoundM));
  const auto t = hn::NegMulAdd(fi, hn::Set(dd, 0.25), a);
#if HWY_TARGET == HWY_AVX2
  if constexpr (hn::MaxLanes(dd) == 4) {
    hn::Vec<DD> col[QuickRows16<kRows>::kCols];
    QuickRowsTransposed<kTable>(dd, k, col);
    auto q = col[0];
    for (size_t j = 1; j < kRows; ++j) q = hn::MulAdd(q, t, col[j]);
    return q;
  }
#endif
  auto q = QuickTable16(dd, kTable[0], k);
  for (size_t j = 1; j < kRows; ++j) {
    q = hn::MulAdd(q, t, QuickTable16(dd, kTable[j], k));
  }
  return q;
}

struct QuickErf : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::Ge(hn::Abs(x), Const(d, 0x1p-126f));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    // Step 3 on interval 0: its constant coefficient is 0, so the last
    // Horner step is q t rounded once.
    return QuickIntervals16<correct::kErfQuick>(dd, ErfQuickArg(dd, x));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
