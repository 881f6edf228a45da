// The quick path of exp10 in the correctly rounded variant, on exp's quick
// table and polynomial (correct_quick_exp-inl.h).  Error bound:
// docs/correct.md, "The quick path", exp10; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickExp10::InRange: -37.92 <= x <= 38.53 (results normal binary32).
//   Apply: within relative error 2^-47.7 of 10^x there, with MulAdd fused
//   or rounded twice.  Other lanes, and vectors with a lane not settled,
//   go to the complete method (CorrectExp10).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_EXP10_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_EXP10_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_EXP10_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_EXP10_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_exp10 {
// k = round(x 8 log2 10) through M.
constexpr double kEightLog2Of10 = 0x1.a934f0979a371p+4;  // RN(8 log2 10)
// ln 10 = kLn10Hi + kLn10Lo + 1.3e-25: the head has 29 significant bits,
// so x kLn10Hi is exact for binary32 x; the tail is RN(ln 10 - head)
// (mpmath at 300 bits).
constexpr double kLn10Hi = 0x1.26bb1bcp+1;
constexpr double kLn10Lo = -0x1.2aaba9f48ad49p-29;
}  // namespace quick_exp10

// 10^x = 2^(k/8) e^r: r = (x kLn10Hi - k kLHi) + (x kLn10Lo - k kLLo),
// the first difference exact (both products exact, Sterbenz), the second
// small, their sum rounded once; then exp's steps 2 to 4.
struct QuickExp10 : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickBetween(d, x, -37.92f, 38.53f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qe = quick_exp;
    namespace q10 = quick_exp10;
    const auto t = hn::MulAdd(x, hn::Set(dd, q10::kEightLog2Of10),
                              hn::Set(dd, kQuickRoundM));
    const auto k = hn::Sub(t, hn::Set(dd, kQuickRoundM));
    const auto r_hi = hn::MulAdd(x, hn::Set(dd, q10::kLn10Hi),
                                 hn::Neg(hn::Mul(k, hn::Set(dd, qe::kLHi))));
    const auto r_lo = hn::MulAdd(x, hn::Set(dd, q10::kLn10Lo),
                                 hn::Neg(hn::Mul(k, hn::Set(dd, qe::kLLo))));
    const auto r = hn::Add(r_hi, r_lo);
    const auto s = Pow2Eighths(dd, t);
    return hn::MulAdd(s, Expm1Quick(dd, r, correct::kExpm1QuickQ), s);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
