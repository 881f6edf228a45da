// The quick path of log in the correctly rounded variant: ln x =
// (16 e + j) C + T_j + log1p(r) with a 16-entry table (R_j, T_j), an exact
// r = m R_j - 1 and a degree-8 polynomial, fused multiply-adds where the
// target has them.  Error bound: docs/correct.md, "The quick path", log;
// the frame (when a lane is settled) is correct_quick-inl.h.
//
// Contract.
//   QuickLog::InRange: 0 < x < +inf and x != 1.  Every such binary32 x has
//   2^-24 < |ln x| < 104 (the smallest at x = 1 - 2^-24), a normal binary32
//   result; log(1) = +0 is left to the complete method.
//   QuickLog::Apply: y within relative error 2^-46.8 of ln x there, with
//   MulAdd fused or rounded twice (subnormal x included: binary64 holds
//   them as normal numbers).  Lanes outside the range, and vectors with a
//   lane not settled, go to the complete method (CorrectLog).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_LOG_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_LOG_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_LOG_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_LOG_INL_H_
#endif
// clang-format on

#include <stdint.h>

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_quick-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_log {
// The exponent field of a binary64 number.
constexpr uint64_t kExponentMask = 0xFFF0000000000000ull;
// Without AVX-512 there is no 64-bit arithmetic shift or integer
// conversion to binary64, so the difference is biased by 2^63: a logical
// shift then gives k + 2^15 (|k| < 2^12), which as the low bits of 2^52
// and less 2^52 + 2^15 is k, exactly.
constexpr uint64_t kSignBit = 0x8000000000000000ull;
constexpr double kTwo52PlusBias = 0x1.0000000008p+52;   // 2^52 + 2^15
}  // namespace quick_log

// Step 1: the bits of x minus the offset hold e in the exponent field and
// j in the top 4 significand bits, so k = 16 e + j is one arithmetic shift
// (a logical one of the biased difference, without AVX-512); m = x 2^-e is
// the offset plus the difference's significand field, x's significand
// bits.  Returns k's lanes (k mod 16 = j) and sets *kd = k, *m.
template <class DD>
HWY_INLINE hn::Vec<hn::RebindToSigned<DD>> QuickLogSplit(DD dd, hn::Vec<DD> x,
                                                         hn::Vec<DD>* kd,
                                                         hn::Vec<DD>* m) {
  namespace ql = quick_log;
  const hn::RebindToSigned<DD> di;
  const hn::RebindToUnsigned<DD> du;
  const auto bits = hn::BitCast(du, x);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  const auto diff = hn::Sub(bits, hn::Set(du, correct::kLogQuickOffsetBits));
  const auto k = hn::ShiftRight<48>(hn::BitCast(di, diff));
  *kd = hn::ConvertTo(dd, k);
  *m = hn::BitCast(
      dd, hn::Sub(bits, hn::And(diff, hn::Set(du, ql::kExponentMask))));
  return k;
#else
  const auto diff = hn::Sub(
      bits, hn::Set(du, correct::kLogQuickOffsetBits - ql::kSignBit));
  const auto biased = hn::ShiftRight<48>(diff);  // k + 2^15
  *kd = hn::Sub(hn::BitCast(dd, hn::Or(biased, hn::Set(du, kQuickTwo52Bits))),
                hn::Set(dd, ql::kTwo52PlusBias));
  *m = hn::BitCast(dd, hn::Add(hn::AndNot(hn::Set(du, ql::kExponentMask), diff),
                               hn::Set(du, correct::kLogQuickOffsetBits)));
  return hn::BitCast(di, biased);  // k + 2^15: k mod 16 is j
#endif
}

// Steps 3 and 4: p = log1p(r) / r = 1 + r Q(r), Q of degree 6;
// t = k C + T_j (0 exactly for interval 8 with e = 0, where T_8 = -8 C);
// y = r p + t.
template <class DD, class VI>
HWY_INLINE hn::Vec<DD> QuickLogFinish(DD dd, VI k, hn::Vec<DD> kd,
                                      hn::Vec<DD> r) {
  const auto q = QuickHorner(dd, r, correct::kLog1pQuickQ);
  const auto p = hn::MulAdd(q, r, hn::Set(dd, 1.0));
  const auto t = hn::MulAdd(kd, hn::Set(dd, correct::kLogQuickC),
                            QuickTable16(dd, correct::kLogQuickT, k));
  return hn::MulAdd(r, p, t);
}

struct QuickLog : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    const auto positive_finite = hn::And(
        hn::Gt(x, hn::Zero(d)), hn::Lt(x, FromBits(d, 0x7F800000u)));
    return hn::AndNot(hn::Eq(x, Const(d, 1.0f)), positive_finite);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    hn::Vec<DD> kd, m;
    const auto k = QuickLogSplit(dd, x, &kd, &m);  // step 1
    // Step 2: r = m R_j - 1, exact (fused or not: m R_j has at most 36
    // significant bits, and lies in [1/2, 2]).
    const auto r = hn::MulAdd(m, QuickTable16(dd, correct::kLogQuickR, k),
                              hn::Set(dd, -1.0));
    return QuickLogFinish(dd, k, kd, r);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
