// The lane-level bit tricks every kernel uses, in one place: round to an
// integer through M, power-of-two scaling in the exponent field, int-to-float
// through M, the canonical NaN, and OR-ing a sign bit.  Plus the arithmetic
// policy: ExactArith never fuses a multiply with an add.  Described in
// docs/algorithms.md, section "Lane operations" (cited below as
// `"Lane operations", 3`), and Horner under "Conventions".
//
// Contract (each helper is exact under its precondition; the kernels
// select away every lane where a precondition fails):
//   RoundViaM      |v| < 2^22: v rounded to nearest (ties to even), as a
//                  float and as an int32.
//   IntToFloatViaM |e| < 2^22: e as a float, exactly.
//   Pow2           -126 <= k <= 127: 2^k exactly; k = 128 gives +inf.
//   ApplyNaNRule   a NaN input or result becomes 0x7FC00000; any other
//                  result is unchanged.
//   OrSignOf       r OR sign(x); copysign(r, x) for r >= 0.
//   AllInRange, AllAtMost  false as soon as one lane is NaN.
//   ExactArith::MulAdd     a*b rounded, then + c rounded: never fused.
// No error figures: these are exact; the kernels' measured errors are in
// ulp_tables/exact.md and ulp_tables/fast.md, quoted in each kernel file.
//
// Highway "-inl.h" header: included once per target by foreach_target.h.

#include "simd/lanes/constants.h"
#include "simd/lanes/no_fast_math.h"

// clang-format off
#if defined(REFMATH_SIMD_LANE_OPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_LANE_OPS_INL_H_
#undef REFMATH_SIMD_LANE_OPS_INL_H_
#else
#define REFMATH_SIMD_LANE_OPS_INL_H_
#endif
// clang-format on

#include <stddef.h>
#include <stdint.h>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class D>
using VecF = hn::Vec<D>;
template <class D>
using VecI = hn::Vec<hn::RebindToSigned<D>>;

template <class D>
HWY_INLINE VecF<D> Const(D d, float c) {
  return hn::Set(d, c);
}

// The exact variant's arithmetic policy ("Conventions", Horner): every
// operator rounds once; `MulAdd(a, b, c)` is the product rounded, then the
// sum rounded.  Written out so that no optimiser flag can fuse it (the
// translation unit is also built -ffp-contract=off).
struct ExactArith {
  template <class V>
  static HWY_INLINE V MulAdd(V a, V b, V c) {
    return hn::Add(hn::Mul(a, b), c);
  }
};

// Horner's rule from the highest coefficient down, each step `c + q*r`.
// Arith: the arithmetic policy that forms each step, ExactArith (product
// and sum rounded separately) or FusedArith (one rounding).
template <class Arith, class D, size_t kN>
HWY_INLINE VecF<D> Horner(D d, VecF<D> r, const float (&coeffs)[kN]) {
  VecF<D> q = Const(d, coeffs[0]);
  for (size_t i = 1; i < kN; ++i) {
    q = Arith::MulAdd(q, r, Const(d, coeffs[i]));
  }
  return q;
}

// "Lane operations", 1: v rounded to the nearest integer through M, given
// t_plus_m = v + M: n as a float (returned) and as an int32 (*n_int).
// Requires |v| < 2^22, which every caller guarantees inside its
// thresholds.  An out-parameter rather than a struct: SVE vectors are
// sizeless and cannot be struct members.
template <class D>
HWY_INLINE VecF<D> RoundViaM(D d, VecF<D> t_plus_m, VecI<D>* n_int) {
  const hn::RebindToSigned<D> di;
  *n_int = hn::Sub(hn::BitCast(di, t_plus_m), hn::Set(di, kRoundMBits));
  return hn::Sub(t_plus_m, Const(d, kRoundM));
}

// "Lane operations", 2: float(e) for a small integer e, as
// float(bits(M) + e) - M.
template <class D>
HWY_INLINE VecF<D> IntToFloatViaM(D d, VecI<D> e) {
  const hn::RebindToSigned<D> di;
  return hn::Sub(hn::BitCast(d, hn::Add(e, hn::Set(di, kRoundMBits))),
                 Const(d, kRoundM));
}

// "Lane operations", 3: 2^k as a float built in the exponent field:
// bits((k + 127) << 23).  Exact for -126 <= k <= 127.
template <class D>
HWY_INLINE VecF<D> Pow2(D d, VecI<D> k) {
  const hn::RebindToSigned<D> di;
  return hn::BitCast(
      d, hn::ShiftLeft<kMantissaBits>(hn::Add(k, hn::Set(di, kExponentBias))));
}

template <class D>
HWY_INLINE VecF<D> FromBits(D d, uint32_t bits) {
  const hn::RebindToUnsigned<D> du;
  return hn::BitCast(d, hn::Set(du, bits));
}

// "Lane operations", 4, the NaN rule of every kernel: a NaN input, or a
// NaN produced on the way, gives the canonical quiet NaN 0x7FC00000,
// whatever the hardware's default NaN (x86 produces 0xFFC00000) or the
// input's payload.  The input is tested too because some paths (log's
// integer exponent split) turn a NaN into a finite garbage value.
template <class D>
HWY_INLINE VecF<D> ApplyNaNRule(D d, VecF<D> x, VecF<D> r) {
  const auto nan = hn::Or(hn::IsNaN(x), hn::IsNaN(r));
  return hn::IfThenElse(nan, FromBits(d, kCanonicalNaNBits), r);
}

// "Lane operations", 6: true when every lane of x lies in [lo, hi]; false
// if any lane is NaN.
// The kernels' shortcut: a vector whose lanes all avoid the special cases
// skips their selects.  Each shortcut computes the same operations as the
// general path for those lanes, so it changes no output bit.
template <class D>
HWY_INLINE bool AllInRange(D d, VecF<D> x, float lo, float hi) {
  return hn::AllTrue(
      d, hn::And(hn::Ge(x, Const(d, lo)), hn::Le(x, Const(d, hi))));
}

// The same for a vector of magnitudes (|x|, already computed): every lane
// <= hi, one comparison.
template <class D>
HWY_INLINE bool AllAtMost(D d, VecF<D> ax, float hi) {
  return hn::AllTrue(d, hn::Le(ax, Const(d, hi)));
}

// "Lane operations", 5: r with the sign bit of x OR-ed in.
template <class D>
HWY_INLINE VecF<D> OrSignOf(D d, VecF<D> r, VecF<D> x) {
  return hn::Or(r, hn::And(x, FromBits(d, kSignBit)));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
