// The correctly rounded variant's frame (docs/correct.md, "Method"): a
// function's binary64 value y, proven within relative error kEps of f(x),
// is rounded to binary32 twice, as y(1 - kEps) and y(1 + kEps).  Rounding
// is monotonic, so where both give the same binary32 value every real
// number between them, f(x) included, rounds to it: that is the correctly
// rounded result.  Where they differ (rare: f(x) may lie near a rounding
// boundary), the input is looked up in the function's hard-case table,
// which lists every such input with its correctly rounded result.
//
// Contract.
//   An Eval policy provides
//     Key(d, x)                the binary32 value the result depends on
//                              (|x| for an odd function), with every
//                              special input replaced by a harmless one;
//     Apply(dd, k, &eps)       the binary64 value, from binary64 lanes
//                              holding Key's values exactly, and per lane
//                              eps: a bound on its relative error plus
//                              2^-52 for the two products by 1 -+ eps
//                              (docs/correct.md);
//     Finish(d, x, r)          the special values and the sign;
//     kCases, kCaseCount       the hard-case table (simd/correct/correct_table.h),
//                              from the base CaseTable<table>.
//   The binary64 steps use only IEEE operations rounded once (no fused
//   multiply-add, -ffp-contract=off), so Apply's value, and with it the set
//   of hard cases, is the same on every target.
//
// Highway "-inl.h" header: included once per target by foreach_target.h.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ROUND_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ROUND_INL_H_
#undef REFMATH_SIMD_CORRECT_ROUND_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ROUND_INL_H_
#endif
// clang-format on

#include <stddef.h>
#include <stdint.h>

#include "simd/correct/correct_table.h"
#include "simd/lanes/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

template <class D>
using VecD = hn::Vec<D>;

template <class DD>
HWY_INLINE VecD<DD> ConstD(DD dd, double c) {
  return hn::Set(dd, c);
}

// Binary64 integers through M = 1.5 * 2^52: v + M rounds v to an integer
// k (ties to even) for |v| < 2^51, and k is the low bits of v + M.
constexpr double kRoundMD = 0x1.8p+52;
constexpr int64_t kRoundMDBits = 0x4338000000000000;  // bits(kRoundMD)

// k = round(v) through M, as a double and as an integer.
template <class DD>
HWY_INLINE VecD<DD> RoundThroughM(DD dd, VecD<DD> v,
                                  hn::Vec<hn::RebindToSigned<DD>>* k_int) {
  const hn::RebindToSigned<DD> di;
  const VecD<DD> t = hn::Add(v, ConstD(dd, kRoundMD));
  *k_int = hn::Sub(hn::BitCast(di, t), hn::Set(di, kRoundMDBits));
  return hn::Sub(t, ConstD(dd, kRoundMD));
}

// 2^k for -1022 <= k <= 1023, built in the exponent field.
template <class DD>
HWY_INLINE VecD<DD> Pow2D(DD dd, hn::Vec<hn::RebindToSigned<DD>> k) {
  const hn::RebindToSigned<DD> di;
  return hn::BitCast(dd, hn::ShiftLeft<52>(hn::Add(k, hn::Set(di, 1023))));
}

// Horner's rule in binary64, highest coefficient first, each step rounded
// twice (product, then sum).
template <class DD, size_t kN>
HWY_INLINE VecD<DD> HornerD(DD dd, VecD<DD> t, const double (&coeffs)[kN]) {
  VecD<DD> q = ConstD(dd, coeffs[0]);
  for (size_t i = 1; i < kN; ++i) {
    q = hn::Add(hn::Mul(q, t), ConstD(dd, coeffs[i]));
  }
  return q;
}

// An Eval policy's hard-case table: `struct E : CaseTable<kTable>`.
template <const auto& kTable>
struct CaseTable {
  static constexpr const correct::HardCase* kCases = kTable;
  static constexpr size_t kCaseCount = correct::HardCaseCount(kTable);
};

// A key: x with NaN replaced by 0, clamped to [lo, hi] (by comparisons:
// Min/Max differ between targets on NaN).
template <class D>
HWY_INLINE VecF<D> ClampedKey(D d, VecF<D> x, float lo, float hi) {
  VecF<D> k = hn::IfThenElse(hn::IsNaN(x), hn::Zero(d), x);
  k = hn::IfThenElse(hn::Gt(k, Const(d, hi)), Const(d, hi), k);
  return hn::IfThenElse(hn::Lt(k, Const(d, lo)), Const(d, lo), k);
}

// The two roundings of y (one half of the float vector): *lo from
// y(1 - eps), *hi from y(1 + eps).
template <class Eval, class DD, class DH>
HWY_INLINE void HalfBounds(DD dd, DH dh, VecF<DH> key, VecF<DH>* lo,
                           VecF<DH>* hi) {
  VecD<DD> eps;
  const VecD<DD> y = Eval::Apply(dd, hn::PromoteTo(dd, key), &eps);
  *lo = hn::DemoteTo(dh, hn::Mul(y, hn::Sub(ConstD(dd, 1.0), eps)));
  *hi = hn::DemoteTo(dh, hn::Mul(y, hn::Add(ConstD(dd, 1.0), eps)));
}

// The two roundings for a whole float vector of keys: binary64 lanes hold
// half as many values, so each half goes through HalfBounds.
template <class Eval, class D>
HWY_INLINE void RoundingBounds(D d, VecF<D> key, VecF<D>* lo, VecF<D>* hi) {
#if HWY_TARGET == HWY_SCALAR
  const hn::Rebind<double, D> dd;
  HalfBounds<Eval>(dd, d, key, lo, hi);
#else
  const hn::Half<D> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  VecF<decltype(dh)> lo0, hi0, lo1, hi1;
  HalfBounds<Eval>(dd, dh, hn::LowerHalf(dh, key), &lo0, &hi0);
  HalfBounds<Eval>(dd, dh, hn::UpperHalf(dh, key), &lo1, &hi1);
  *lo = hn::Combine(d, lo1, lo0);
  *hi = hn::Combine(d, hi1, hi0);
#endif
}

// The lanes where the two roundings differ get their result from the
// table (looked up by the key's bits); the others keep r.
template <class D, class M>
HWY_NOINLINE VecF<D> PatchHardCases(D d, VecF<D> key, VecF<D> r, M near,
                                    const correct::HardCase* cases,
                                    size_t count) {
  const hn::RebindToUnsigned<D> du;
  HWY_ALIGN uint32_t kb[hn::MaxLanes(d)], rb[hn::MaxLanes(d)],
      nb[hn::MaxLanes(d)];
  hn::Store(hn::BitCast(du, key), du, kb);
  hn::Store(hn::BitCast(du, r), du, rb);
  hn::Store(hn::VecFromMask(du, hn::RebindMask(du, near)), du, nb);
  for (size_t i = 0; i < hn::Lanes(d); ++i) {
    if (nb[i] != 0) rb[i] = correct::HardCaseResult(cases, count, kb[i], rb[i]);
  }
  return hn::BitCast(d, hn::Load(du, rb));
}

// The correctly rounded f(x) for one float vector.
template <class Eval, class D>
HWY_INLINE VecF<D> CorrectlyRounded(D d, VecF<D> x) {
  const hn::RebindToUnsigned<D> du;
  const VecF<D> key = Eval::Key(d, x);
  VecF<D> lo, hi;
  RoundingBounds<Eval>(d, key, &lo, &hi);
  const auto near = hn::Ne(hn::BitCast(du, lo), hn::BitCast(du, hi));
  if (HWY_UNLIKELY(!hn::AllFalse(du, near))) {
    lo = PatchHardCases(d, key, lo, near, Eval::kCases, Eval::kCaseCount);
  }
  return Eval::Finish(d, x, lo);
}

// The search for hard cases (tools/correct_cases): the two roundings of
// Key(x), without the table or Finish.
template <class Eval, class D>
HWY_INLINE void CorrectBounds(D d, VecF<D> x, VecF<D>* lo, VecF<D>* hi) {
  RoundingBounds<Eval>(d, Eval::Key(d, x), lo, hi);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
