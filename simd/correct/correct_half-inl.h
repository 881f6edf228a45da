// The correctly rounded variant in binary16 and bfloat16 (docs/correct.md,
// "binary16 and bfloat16"): the binary32 frame (correct_round-inl.h) with
// the same Key, Apply and Finish of each function, but y(1 - eps) and
// y(1 + eps) rounded directly from binary64 to the narrow format F, never
// through binary32 (which would round twice).  Where the two agree, that
// F value is the correctly rounded f(x); where they differ, the input is
// in F's own table of hard cases.
//
// Contract.
//   Inputs are F values widened to binary32 (exactly); results are F
//   values as binary32 (exactly; +-inf where F overflows).
//   Finish returns F values (special values, x itself, the table's or the
//   rounded value), or, for the GELU-type tiny-x rule, x/2: a number whose
//   true result lies just above it.  x/2 is an F value or the midpoint
//   between two, so rounding Finish's result upward into F gives the
//   correctly rounded result in every case (RoundUpIntoFormat).
//   A binary32 Key clamp stays valid: f at the clamp and beyond rounds to
//   the same binary32 number, one of 0, +-1, 2 and +-inf, which are F
//   values and not midpoints, so it rounds to the same F number too.
//
// Highway "-inl.h" header: included once per target by foreach_target.h.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_HALF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_HALF_INL_H_
#undef REFMATH_SIMD_CORRECT_HALF_INL_H_
#else
#define REFMATH_SIMD_CORRECT_HALF_INL_H_
#endif
// clang-format on

#include <stddef.h>
#include <stdint.h>

#include "simd/correct/correct_round-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// A narrow format F: its significand bits (the leading one included), the
// exponent of its smallest normal number and of its largest binade.  A
// value, not a type, so that each function's kernel is compiled once for
// both formats.
struct FormatBits {
  int precision;
  int min_exponent;
  int max_exponent;
};
constexpr FormatBits kBinary16Bits = {11, -14, 15};
constexpr FormatBits kBfloat16Bits = {8, -126, 127};

// v rounded to the nearest number of F (ties to even, subnormals of F
// included, +-inf from F's overflow threshold on), in binary64 lanes: a +
// C - C rounds a = |v| to a multiple of C's ulp, and C = 1.5 * 2^(e + 52 -
// (p - 1)) makes that ulp F's spacing at a (e = a's exponent, at least
// F's smallest normal one).  a < 2^(e + 1) stays far below C, so the sum
// lies in C's binade; the multiple is even where C's significand is.
template <class DD>
HWY_INLINE VecD<DD> RoundToFormatD(DD dd, const FormatBits& f, VecD<DD> v) {
  const hn::RebindToSigned<DD> di;
  const VecD<DD> a = hn::Abs(v);
  const auto e = hn::Max(hn::ShiftRight<52>(hn::BitCast(di, a)),
                         hn::Set(di, int64_t{1023} + f.min_exponent));
  const auto c_exponent = hn::Add(e, hn::Set(di, int64_t{52} - (f.precision - 1)));
  const VecD<DD> c = hn::BitCast(
      dd, hn::Or(hn::ShiftLeft<52>(c_exponent), hn::Set(di, int64_t{1} << 51)));
  const VecD<DD> inf = hn::BitCast(dd, hn::Set(di, 0x7FF0000000000000));
  VecD<DD> r = hn::Sub(hn::Add(a, c), c);
  const VecD<DD> overflow = hn::BitCast(  // 2^(kMaxExponent + 1)
      dd, hn::Set(di, (int64_t{1023} + f.max_exponent + 1) << 52));
  r = hn::IfThenElse(hn::Ge(r, overflow), inf, r);
  r = hn::IfThenElse(hn::IsInf(a), a, r);
  return hn::CopySign(r, v);
}

// F values (+-inf included) held in binary64 lanes, to binary32 lanes:
// exact, but Highway's SCALAR DemoteTo saturates +-inf at +-FLT_MAX, which
// is no F value (F's largest finite numbers are below it), so it is read
// back as +-inf.
template <class DH, class V>
HWY_INLINE VecF<DH> DemoteFormatValue(DH dh, V v) {
  const VecF<DH> r = hn::DemoteTo(dh, v);
  return hn::IfThenElse(hn::Eq(hn::Abs(r), Const(dh, kFltMax)),
                        hn::CopySign(FromBits(dh, 0x7F800000u), r), r);
}

// Finish's result rounded upward into F: itself where it is an F value,
// else (x/2, a midpoint of F) the larger of its two F neighbours, r_F and
// 2r - r_F (exact).
template <class DH>
HWY_INLINE VecF<DH> RoundUpIntoFormatHalf(DH dh, const FormatBits& f,
                                          VecF<DH> r) {
  const hn::Rebind<double, DH> dd;
  const VecD<decltype(dd)> rd = hn::PromoteTo(dd, r);
  const VecD<decltype(dd)> rf = RoundToFormatD(dd, f, rd);
  const VecD<decltype(dd)> other = hn::Sub(hn::Add(rd, rd), rf);
  const VecD<decltype(dd)> up =
      hn::IfThenElse(hn::Eq(rf, rd), rf, hn::Max(rf, other));
  return DemoteFormatValue(dh, up);
}

// The two roundings into F of y (one half of the float vector).
template <class Eval, class DH>
HWY_INLINE void HalfBoundsIn(DH dh, const FormatBits& f, VecF<DH> key,
                             VecF<DH>* lo, VecF<DH>* hi) {
  const hn::Rebind<double, DH> dd;
  VecD<decltype(dd)> eps;
  const VecD<decltype(dd)> y = Eval::Apply(dd, hn::PromoteTo(dd, key), &eps);
  const VecD<decltype(dd)> one = ConstD(dd, 1.0);
  *lo = DemoteFormatValue(
      dh, RoundToFormatD(dd, f, hn::Mul(y, hn::Sub(one, eps))));
  *hi = DemoteFormatValue(
      dh, RoundToFormatD(dd, f, hn::Mul(y, hn::Add(one, eps))));
}

// Apply a per-half operation Op(dh, v...) to whole float vectors: binary64
// lanes hold half as many values.
template <class D>
struct Halves {
#if HWY_TARGET == HWY_SCALAR
  using DH = D;
#else
  using DH = hn::Half<D>;
#endif
  static HWY_INLINE VecF<DH> Lower(D /*d*/, VecF<D> v) {
#if HWY_TARGET == HWY_SCALAR
    return v;
#else
    return hn::LowerHalf(DH(), v);
#endif
  }
  static HWY_INLINE VecF<DH> Upper(D /*d*/, VecF<D> v) {
#if HWY_TARGET == HWY_SCALAR
    return v;
#else
    return hn::UpperHalf(DH(), v);
#endif
  }
  static HWY_INLINE VecF<D> Join(D d, VecF<DH> upper, VecF<DH> lower) {
#if HWY_TARGET == HWY_SCALAR
    (void)d;
    (void)upper;
    return lower;
#else
    return hn::Combine(d, upper, lower);
#endif
  }
};

// The two roundings into F for a whole float vector of keys.  Not inlined:
// the one copy of each function's kernel that both the values and the
// search of hard cases call, for both formats.
template <class Eval, class D>
HWY_NOINLINE void BoundsInFormat(D d, const FormatBits& f, VecF<D> key,
                                 VecF<D>* lo, VecF<D>* hi) {
  using H = Halves<D>;
  const typename H::DH dh;
  VecF<typename H::DH> lo0, hi0, lo1, hi1;
  HalfBoundsIn<Eval>(dh, f, H::Lower(d, key), &lo0, &hi0);
#if HWY_TARGET == HWY_SCALAR
  lo1 = lo0;
  hi1 = hi0;
#else
  HalfBoundsIn<Eval>(dh, f, H::Upper(d, key), &lo1, &hi1);
#endif
  *lo = H::Join(d, lo1, lo0);
  *hi = H::Join(d, hi1, hi0);
}

// The correctly rounded f(x) in F for one float vector of F inputs, with
// F's table of hard cases.
template <class Eval, class D>
HWY_INLINE VecF<D> CorrectlyRoundedIn(D d, const FormatBits& f, VecF<D> x,
                                      const correct::HardCase* cases,
                                      size_t count) {
  const hn::RebindToUnsigned<D> du;
  const VecF<D> key = Eval::Key(d, x);
  VecF<D> lo, hi;
  BoundsInFormat<Eval>(d, f, key, &lo, &hi);
  const auto near = hn::Ne(hn::BitCast(du, lo), hn::BitCast(du, hi));
  if (HWY_UNLIKELY(!hn::AllFalse(du, near))) {
    lo = PatchHardCases(d, key, lo, near, cases, count);
  }
  const VecF<D> r = Eval::Finish(d, x, lo);
  using H = Halves<D>;
  const typename H::DH dh;
  VecF<D> up = H::Join(d, RoundUpIntoFormatHalf(dh, f, H::Upper(d, r)),
                       RoundUpIntoFormatHalf(dh, f, H::Lower(d, r)));
  return ApplyNaNRule(d, x, up);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
