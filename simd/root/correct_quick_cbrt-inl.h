// The quick path of cbrt in the correctly rounded variant: a = |x| =
// 2^(3q+k) m with m in [1, 2) and k in {0, 1, 2}; r = m^(-1/3) from a
// degree-4 polynomial and two Newton steps (no division), then
// cbrt a = 2^q 2^(k/3) m r^2.  Error bound: docs/correct.md, "The quick
// path", cbrt; the frame (when a lane is settled) is correct_quick-inl.h.
//
// Contract.
//   QuickCbrt::InRange: 0 < |x| < +inf.  cbrt of every such binary32
//   number, subnormal x included, is a normal binary32 number (from
//   2^-49.67 to 2^42.67).  +-0, +-inf and NaN go to the complete method.
//   QuickCbrt::Apply: cbrt |x| within relative error 10u (u = 2^-53),
//   with MulAdd fused or rounded twice; Finish gives it x's sign.  Lanes
//   outside the range, and vectors with a lane not settled, go to the
//   complete method (CorrectCbrt).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_CBRT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_CBRT_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_CBRT_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_CBRT_INL_H_
#endif
// clang-format on

#include <stdint.h>

#include <iterator>

#include "simd/correct/correct_coeffs.h"
#include "simd/correct/correct_quick-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_cbrt {
constexpr uint64_t kSignificandMask = 0x000FFFFFFFFFFFFFull;
// 2^52 + 1023: less the exponent field as the low bits of 2^52, n = e.
constexpr double kTwo52PlusBias = 0x1.00000000003ffp+52;
constexpr double kThird = 0x1.5555555555555p-2;  // RN(1/3)
constexpr double kCbrt2 = 0x1.428a2f98d728bp+0;  // RN(2^(1/3)), 0.19u off
constexpr double kCbrt4 = 0x1.965fea53d6e3dp+0;  // RN(2^(2/3)), 0.62u off
}  // namespace quick_cbrt

// One Newton step for r = m^(-1/3): r + (r/3)(1 - m r^3); a relative
// error d of r becomes -2d^2 - (4/3)d^3 - d^4/3.
template <class DD>
HWY_INLINE hn::Vec<DD> QuickRcbrtStep(DD dd, hn::Vec<DD> r, hn::Vec<DD> m) {
  const auto r3 = hn::Mul(hn::Mul(r, r), r);
  const auto e = hn::NegMulAdd(m, r3, hn::Set(dd, 1.0));
  return hn::MulAdd(hn::Mul(r, hn::Set(dd, quick_cbrt::kThird)), e, r);
}

struct QuickCbrt : QuickOddFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    const VecF<D> a = hn::Abs(x);
    return hn::And(hn::Gt(a, hn::Zero(d)), hn::Lt(a, FromBits(d, 0x7F800000u)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qc = quick_cbrt;
    const hn::RebindToUnsigned<DD> du;
    const auto bits = hn::BitCast(du, hn::Abs(x));
    // n: a's exponent (a binary32 number is normal in binary64), exactly.
    const auto n = hn::Sub(
        hn::BitCast(dd, hn::Or(hn::ShiftRight<52>(bits), hn::Set(du, kQuickTwo52Bits))),
        hn::Set(dd, qc::kTwo52PlusBias));
    // q = floor(n / 3) = round(n RN(1/3) - 1/3): n/3 - 1/3 lies 0 or 1/3
    // above an integer, n's error from RN(1/3) is below 2^-45.  k = n - 3q.
    const auto s = hn::Add(
        hn::MulAdd(n, hn::Set(dd, qc::kThird), hn::Set(dd, -qc::kThird)),
        hn::Set(dd, kQuickRoundM));
    const auto q = hn::Sub(s, hn::Set(dd, kQuickRoundM));
    const auto k = hn::NegMulAdd(q, hn::Set(dd, 3.0), n);
    // 2^q: the low 12 bits of s's bits are q's (two's complement), so
    // q + 1023 shifted into the exponent field.
    const auto pow2q = hn::BitCast(
        dd, hn::ShiftLeft<52>(hn::Add(hn::BitCast(du, s), hn::Set(du, 1023))));
    const auto m = hn::BitCast(
        dd, hn::Or(hn::And(bits, hn::Set(du, qc::kSignificandMask)),
                   hn::Set(du, kQuickOneBits)));
    // r = m^(-1/3): the start within 2^-14.44, two steps within 2.4u.
    const auto& c = correct::kCbrtQuickStart;
    auto r = hn::Set(dd, c[0]);
    for (size_t i = 1; i < std::size(c); ++i) r = hn::MulAdd(r, m, hn::Set(dd, c[i]));
    r = QuickRcbrtStep(dd, QuickRcbrtStep(dd, r, m), m);
    // cbrt m = m r^2; times 2^(k/3) and 2^q.
    const auto ck = hn::IfThenElse(
        hn::Eq(k, hn::Set(dd, 1.0)), hn::Set(dd, qc::kCbrt2),
        hn::IfThenElse(hn::Eq(k, hn::Set(dd, 2.0)), hn::Set(dd, qc::kCbrt4),
                       hn::Set(dd, 1.0)));
    const auto y = hn::Mul(m, hn::Mul(r, r));
    return hn::Mul(hn::Mul(y, ck), pow2q);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
