// The quick path of log1p in the correctly rounded variant, and
// QuickLog1pD, the same on any binary64 argument (softplus and
// log_sigmoid use it): log's quick path (correct_quick_log-inl.h) on
// u = 1 + w with the part of w that 1 + w loses carried through the
// reduction.  Error bound: docs/correct.md, "The quick path", log1p; the
// frame is correct_quick-inl.h.
//
// Contract.
//   QuickLog1pD(dd, w): for binary64 w in (-1, 2^128], within relative
//   error 76u < 2^-46.7 (u = 2^-53) of log1p(w), with MulAdd fused or
//   rounded twice.  QuickLogD(dd, u): log u within 76u for binary64 u in
//   [1, 2^128].
//   QuickLog1p::InRange: -1 < x <= FLT_MAX and |x| >= 2^-125 (normal
//   binary32 results); Apply: QuickLog1pD.  Other lanes, and vectors with
//   a lane not settled, go to the complete method (CorrectLog1p).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_LOG1P_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_LOG1P_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_LOG1P_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_LOG1P_INL_H_
#endif
// clang-format on

#include <stdint.h>

#include "simd/log/correct_quick_log-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_log1p {
// Clears the 29 low significand bits: 24 significant bits remain.
constexpr uint64_t kHigh24Bits = 0xFFFFFFFFE0000000ull;
}  // namespace quick_log1p

// log(u + lo) for binary64 u in [1/2, 2^128] and the part lo of a sum
// that u lost (|lo| <= ulp(u)/2), or log u alone when kWithLo is false.
template <bool kWithLo, class DD>
HWY_INLINE hn::Vec<DD> QuickLogOfSum(DD dd, hn::Vec<DD> u, hn::Vec<DD> lo) {
  namespace qp = quick_log1p;
  const hn::RebindToUnsigned<DD> du;
  // log's step 1 on u: k, m = u 2^-e.
  hn::Vec<DD> kd, m;
  const auto k = QuickLogSplit(dd, u, &kd, &m);
  // Step 2 with m = mh + (m - mh), mh of 24 significant bits:
  // r = ((mh R - 1) + (m - mh) R) + (lo 2^-e) R.  mh R - 1 is exact
  // (36 bits), the second sum is rounded once (fused) or twice, the
  // last term is added after it, so that r is w itself, rounded once,
  // in the interval holding 1 (R = 1, e = 0).
  const auto mh = hn::BitCast(
      dd, hn::And(hn::BitCast(du, m), hn::Set(du, qp::kHigh24Bits)));
  const auto big_r = QuickTable16(dd, correct::kLogQuickR, k);
  const auto rh = hn::MulAdd(mh, big_r, hn::Set(dd, -1.0));
  const auto rm = hn::MulAdd(hn::Sub(m, mh), big_r, rh);
  if constexpr (!kWithLo) {
    (void)lo;
    return QuickLogFinish(dd, k, kd, rm);
  } else {
    // 2^-e from the exponent fields.
    const auto e_field = hn::Sub(hn::BitCast(du, u), hn::BitCast(du, m));
    const auto scale =
        hn::BitCast(dd, hn::Sub(hn::Set(du, kQuickOneBits), e_field));
    const auto r = hn::MulAdd(hn::Mul(lo, scale), big_r, rm);
    return QuickLogFinish(dd, k, kd, r);
  }
}

template <class DD>
HWY_INLINE hn::Vec<DD> QuickLog1pD(DD dd, hn::Vec<DD> w) {
  // u + lo = 1 + w exactly (Fast2Sum, the larger of 1 and w first).
  const auto one = hn::Set(dd, 1.0);
  const auto big = hn::Max(w, one);
  const auto small = hn::Min(w, one);
  const auto u = hn::Add(big, small);
  const auto lo = hn::Sub(small, hn::Sub(u, big));
  return QuickLogOfSum<true>(dd, u, lo);
}

// log u for binary64 u in [1, 2^128]: QuickLog1pD's steps on u with no
// part lost, within the same 76u (asinh's a + sqrt(1 + a^2)).
template <class DD>
HWY_INLINE hn::Vec<DD> QuickLogD(DD dd, hn::Vec<DD> u) {
  return QuickLogOfSum<false>(dd, u, u);
}

struct QuickLog1p : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::And(hn::And(hn::Gt(x, Const(d, -1.0f)),
                           hn::Le(x, Const(d, 0x1.fffffep+127f))),
                   hn::Ge(hn::Abs(x), Const(d, 0x1p-125f)));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return QuickLog1pD(dd, x);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
