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
// equal to 2^28.  y is within 2^-44 |f(x)| of f(x) (every bound is
// below that), which is less than 2^9 = kQuickTolerance units in the last
// place of y (a binary64 ulp is 2^-52 to 2^-53 of y).  So a lane is
// settled when the dropped bits lie at least kQuickTolerance from 2^28.
// No tie occurs (correct.md, "Method").
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
//   QuickRounded stores the correctly rounded results and returns true
//   when every lane is in range and settled; returns false otherwise.
//   QuickRoundedLane does the same for a vector of one lane held in a
//   register (SCALAR's vectors, and the one-value calls).
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

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "simd/lanes/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// In binary64 ulps of y: 2^-44 relative is at most 2^9 of them.
constexpr int64_t kQuickTolerance = 512;

// Binary64 bit patterns the quick paths share.  M = 1.5 * 2^52: v + M
// rounds v (|v| < 2^51) to an integer, whose bits are M's plus it.
constexpr double kQuickRoundM = 0x1.8p+52;
constexpr uint64_t kQuickOneBits = 0x3FF0000000000000ull;    // bits of 1.0
constexpr uint64_t kQuickTwo52Bits = 0x4330000000000000ull;  // bits of 2^52

// Horner's rule in MulAdds (fused or rounded twice, as the target has
// them) on c[kFirst..], the highest coefficient first: the polynomials of
// the quick paths.
template <size_t kFirst = 0, class DD, size_t kN>
HWY_INLINE hn::Vec<DD> QuickHorner(DD dd, hn::Vec<DD> t,
                                   const double (&c)[kN]) {
  static_assert(kFirst < kN, "at least one coefficient");
  hn::Vec<DD> p = hn::Set(dd, c[kFirst]);
  for (size_t i = kFirst + 1; i < kN; ++i) {
    p = hn::MulAdd(p, t, hn::Set(dd, c[i]));
  }
  return p;
}

// lo <= v <= hi; false for NaN.  The InRange of most policies.
template <class D>
HWY_INLINE hn::Mask<D> QuickBetween(D d, VecF<D> v, float lo, float hi) {
  return hn::And(hn::Ge(v, Const(d, lo)), hn::Le(v, Const(d, hi)));
}

// lo <= x <= FLT_MAX and |x| >= 2^-124: the InRange of the GELUs, whose
// results are normal binary32 numbers there (about x/2 near 0, at most x).
template <class D>
HWY_INLINE hn::Mask<D> QuickGeluBetween(D d, VecF<D> x, float lo) {
  return hn::And(QuickBetween(d, x, lo, 0x1.fffffep+127f),
                 hn::Ge(hn::Abs(x), Const(d, 0x1p-124f)));
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

#if HWY_TARGET == HWY_AVX2
// A 16-interval table row-major, each row padded to a multiple of 4: for
// AVX2, which has no two-register permute of binary64 lanes and whose
// gathers cost more than the polynomial, each lane loads its interval's
// row whole and four rows are transposed into coefficient vectors.
template <size_t kRows>
struct QuickRows16 {
  static constexpr size_t kCols = (kRows + 3) / 4 * 4;
  alignas(32) double row[16][kCols] = {};
  explicit constexpr QuickRows16(const double (&c)[kRows][16]) {
    for (size_t i = 0; i < 16; ++i) {
      for (size_t j = 0; j < kRows; ++j) row[i][j] = c[j][i];
    }
  }
};

// Coefficient j of each lane's interval (of 4 binary64 lanes): rows loaded
// per lane, transposed 4 by 4 (two unpacks per pair of rows, then 128-bit
// halves joined).
template <const auto& kTable, class DD, class VI>
HWY_INLINE void QuickRowsTransposed(DD dd, VI k, hn::Vec<DD>* col) {
  constexpr size_t kRows =
      std::extent_v<std::remove_reference_t<decltype(kTable)>>;
  static constexpr QuickRows16<kRows> kT{kTable};
  const hn::RebindToSigned<DD> di;
  alignas(32) int64_t index[4];
  hn::Store(hn::And(hn::BitCast(di, k), hn::Set(di, 15)), di, index);
  for (size_t g = 0; g < kT.kCols; g += 4) {
    const auto r0 = hn::Load(dd, kT.row[index[0]] + g);
    const auto r1 = hn::Load(dd, kT.row[index[1]] + g);
    const auto r2 = hn::Load(dd, kT.row[index[2]] + g);
    const auto r3 = hn::Load(dd, kT.row[index[3]] + g);
    const auto lo01 = hn::InterleaveLower(dd, r0, r1);  // r0[0] r1[0] r0[2] r1[2]
    const auto hi01 = hn::InterleaveUpper(dd, r0, r1);  // r0[1] r1[1] r0[3] r1[3]
    const auto lo23 = hn::InterleaveLower(dd, r2, r3);
    const auto hi23 = hn::InterleaveUpper(dd, r2, r3);
    col[g] = hn::ConcatLowerLower(dd, lo23, lo01);
    col[g + 1] = hn::ConcatLowerLower(dd, hi23, hi01);
    col[g + 2] = hn::ConcatUpperUpper(dd, lo23, lo01);
    col[g + 3] = hn::ConcatUpperUpper(dd, hi23, hi01);
  }
}
#endif  // HWY_TARGET == HWY_AVX2

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

// The lanes of y whose binary32 rounding is settled (see above): with
// v = (bits + 2^28 + tol) mod 2^29, the dropped bits lie in
// [2^28 - tol, 2^28 + tol) exactly when v < 2 tol = 2^10, i.e. when bits 10
// to 28 of v are all zero.  A lane exactly tol from the midpoint counts as
// settled: the bounds keep |y - f(x)| strictly below tol ulps.  Unsigned
// addition: wraps, never overflows.  Two integer operations (an add and a
// bit test).
static_assert(2 * kQuickTolerance == 1 << 10, "the test masks bits 10..28");
constexpr uint64_t kSettledOffset = (uint64_t{1} << 28) + kQuickTolerance;
constexpr uint64_t kSettledMask = (uint64_t{1} << 29) - 2 * kQuickTolerance;
template <class DD>
HWY_INLINE hn::Mask<hn::RebindToUnsigned<DD>> Settled(DD dd, hn::Vec<DD> y) {
  const hn::RebindToUnsigned<DD> du;
  const auto v = hn::Add(hn::BitCast(du, y), hn::Set(du, kSettledOffset));
  const auto bits_10_to_28 = hn::Set(du, kSettledMask);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(dd) == 8) {
    return hn::Mask<decltype(du)>{
        _mm512_test_epi64_mask(v.raw, bits_10_to_28.raw)};
  }
#endif
  (void)dd;
  return hn::Ne(hn::And(v, bits_10_to_28), hn::Zero(du));
}

// A vector x of one lane (SCALAR's vectors, and the one-value calls):
// true, with the correctly rounded result in *r, when x is in the policy's
// range and settled; false, with *r untouched, otherwise.
template <class Quick, class D>
HWY_INLINE bool QuickRoundedLane(D d, VecF<D> x, VecF<D>* r) {
  static_assert(hn::MaxLanes(D()) == 1, "one lane: binary64 holds it whole");
  if (!hn::AllTrue(d, Quick::InRange(d, x))) return false;
  const hn::Rebind<double, D> dd;
  const hn::Vec<decltype(dd)> y = Quick::Apply(dd, hn::PromoteTo(dd, x));
  if (!hn::AllTrue(hn::RebindToUnsigned<decltype(dd)>(), Settled(dd, y))) {
    return false;
  }
  *r = Quick::Finish(d, x, hn::DemoteTo(d, y));
  return true;
}

// One vector of inputs at `in`: true, with the correctly rounded results
// stored at `out`, when every lane is in the policy's range and settled;
// false, with `out` untouched, otherwise (so out == in is safe).  Each half
// is promoted from memory and stored as a half: no register is split or
// joined.
template <class Quick, class D>
HWY_INLINE bool QuickRounded(D d, const float* in, float* out) {
  const VecF<D> x = hn::LoadU(d, in);
#if HWY_TARGET == HWY_SCALAR
  VecF<D> r;
  if (!QuickRoundedLane<Quick>(d, x, &r)) return false;
  hn::StoreU(r, d, out);
#else
  if (!hn::AllTrue(d, Quick::InRange(d, x))) return false;
  const hn::Half<D> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  const size_t half = hn::Lanes(dh);
  const VecF<decltype(dh)> x0 = hn::LoadU(dh, in);
  const VecF<decltype(dh)> x1 = hn::LoadU(dh, in + half);
  const hn::Vec<decltype(dd)> y0 = Quick::Apply(dd, hn::PromoteTo(dd, x0));
  const hn::Vec<decltype(dd)> y1 = Quick::Apply(dd, hn::PromoteTo(dd, x1));
  if (!hn::AllTrue(hn::RebindToUnsigned<decltype(dd)>(),
                   hn::And(Settled(dd, y0), Settled(dd, y1)))) {
    return false;
  }
  hn::StoreU(Quick::Finish(dh, x0, hn::DemoteTo(dh, y0)), dh, out);
  hn::StoreU(Quick::Finish(dh, x1, hn::DemoteTo(dh, y1)), dh, out + half);
#endif
  return true;
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
