// The quick path of the correctly rounded variant (docs/correct.md, "The
// quick path"): a cheaper binary64 value y, proven within relative error
// 2^-44 of f(x), rounded to binary32 once.  A lane is settled when no
// binary32 rounding boundary lies within that error of y: then every real
// number that close to y, f(x) included, rounds to the same binary32
// value.  When every lane of a vector is settled, that vector is done; else
// the caller computes it again with the complete method
// (correct_round-inl.h, compiled without fused multiply-adds in
// correct_kernels.cc, with its exhaustively searched hard-case table).
//
// The test reads y's bits.  For y in the binary32 normal range, the 29
// low bits of its binary64 significand are what binary32 rounding drops;
// a rounding boundary (a midpoint between binary32 neighbours) has them
// equal to 2^28.  y is within 2^-44 |f(x)| of f(x), which is at most
// 2^9 = kQuickTolerance units in the last place of y (a binary64 ulp is
// 2^-52 to 2^-53 of y).  So a lane is settled when the dropped bits lie
// more than kQuickTolerance from 2^28.  No tie occurs (correct.md,
// "Method").
//
// Contract.
//   A Quick policy provides
//     InRange(d, x)      the lanes the quick path may settle: NaN never,
//                        and only inputs whose result is a normal binary32
//                        number (no overflow, no subnormal);
//     Apply(dd, x)       y for binary64 lanes holding binary32 inputs, any
//                        value (garbage included) outside InRange, within
//                        relative error 2^-44 inside it, whether MulAdd is
//                        fused or not on the target (an odd function
//                        evaluates at |x| and gives |f(x)|);
//     Finish(d, x, r)    the sign of an odd function (rounding to nearest
//                        is symmetric), or r itself: from the base
//                        QuickOddFinish or QuickPlainFinish.
//   QuickRounded returns true and the correctly rounded results when
//   every lane is settled; false (and *r unspecified) otherwise.
//
// Highway "-inl.h" header: included once per target by foreach_target.h.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_INL_H_
#endif
// clang-format on

#include <stdint.h>

#include "simd/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// In binary64 ulps of y: 2^-44 relative is at most 2^9 of them.
constexpr int64_t kQuickTolerance = 512;

// lo <= v <= hi; false for NaN.  The InRange of most policies.
template <class D>
HWY_INLINE hn::Mask<D> QuickBetween(D d, VecF<D> v, float lo, float hi) {
  return hn::And(hn::Ge(v, Const(d, lo)), hn::Le(v, Const(d, hi)));
}

// Entry i of a 16-entry binary64 table, i = the low 4 bits of each lane of
// `index` (any vector of 64-bit lanes): one two-register permute on
// AVX-512, which reads only those bits, a gather elsewhere.
template <class DD, class VI>
HWY_INLINE hn::Vec<DD> QuickTable16(DD dd, const double* table, VI index) {
  const hn::RebindToSigned<DD> di;
  const auto i = hn::BitCast(di, index);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(dd) == 8) {
    const auto lo = hn::Load(dd, table);
    const auto hi = hn::Load(dd, table + 8);
    return hn::Vec<DD>{_mm512_permutex2var_pd(lo.raw, i.raw, hi.raw)};
  }
#endif
  return hn::GatherIndex(dd, table, hn::And(i, hn::Set(di, 15)));
}

// The Finish of a policy: r itself, or with the sign of x (odd functions).
struct QuickPlainFinish {
  template <class D>
  static HWY_INLINE VecF<D> Finish(D /*d*/, VecF<D> /*x*/, VecF<D> r) {
    return r;
  }
};
struct QuickOddFinish {
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return OrSignOf(d, r, x);
  }
};

// a / b within relative error 1.5 u (u = 2^-53) for b > 0 with b and 1/b
// normal binary64 numbers: on
// AVX-512 from the 14-bit reciprocal estimate, one Newton step (2^-28) and
// one correction of the quotient, which squares that error (2^-56) before
// the last rounding (u); elsewhere the division itself (u).
template <class DD>
HWY_INLINE hn::Vec<DD> QuickDiv(DD dd, hn::Vec<DD> a, hn::Vec<DD> b) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(dd) == 8) {
    const hn::Vec<DD> one = hn::Set(dd, 1.0);
    hn::Vec<DD> r{_mm512_rcp14_pd(b.raw)};
    r = hn::MulAdd(r, hn::NegMulAdd(b, r, one), r);
    const hn::Vec<DD> q = hn::Mul(a, r);
    return hn::MulAdd(hn::NegMulAdd(b, q, a), r, q);
  }
#endif
  (void)dd;
  return hn::Div(a, b);
}

// The lanes of y whose binary32 rounding is settled (see above):
// ((bits + 2^28 + tol) mod 2^29) > 2 tol, i.e. the dropped bits lie
// outside [2^28 - tol, 2^28 + tol].  Unsigned addition: wraps, never
// overflows.
template <class DD>
HWY_INLINE hn::Mask<hn::RebindToSigned<DD>> Settled(DD dd, hn::Vec<DD> y) {
  const hn::RebindToUnsigned<DD> du;
  const hn::RebindToSigned<DD> di;
  const auto shifted = hn::And(
      hn::Add(hn::BitCast(du, y), hn::Set(du, (1ull << 28) + kQuickTolerance)),
      hn::Set(du, (1ull << 29) - 1));
  return hn::Gt(hn::BitCast(di, shifted), hn::Set(di, 2 * kQuickTolerance));
}

// y for one half of the float vector, rounded; *settled from Settled.
template <class Quick, class DD, class DH>
HWY_INLINE VecF<DH> QuickHalf(DD dd, DH dh, VecF<DH> x, bool* settled) {
  const hn::Vec<DD> y = Quick::Apply(dd, hn::PromoteTo(dd, x));
  *settled = hn::AllTrue(hn::RebindToSigned<DD>(), Settled(dd, y));
  return hn::DemoteTo(dh, y);
}

template <class Quick, class D>
HWY_INLINE bool QuickRounded(D d, VecF<D> x, VecF<D>* r) {
  if (!hn::AllTrue(d, Quick::InRange(d, x))) return false;
#if HWY_TARGET == HWY_SCALAR
  const hn::Rebind<double, D> dd;
  bool settled;
  *r = Quick::Finish(d, x, QuickHalf<Quick>(dd, d, x, &settled));
  return settled;
#else
  const hn::Half<D> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  bool settled0, settled1;
  const VecF<decltype(dh)> r0 =
      QuickHalf<Quick>(dd, dh, hn::LowerHalf(dh, x), &settled0);
  const VecF<decltype(dh)> r1 =
      QuickHalf<Quick>(dd, dh, hn::UpperHalf(dh, x), &settled1);
  *r = Quick::Finish(d, x, hn::Combine(d, r1, r0));
  return settled0 && settled1;
#endif
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
