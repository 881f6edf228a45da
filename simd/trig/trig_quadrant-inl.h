// The quadrant's function of the reduced argument, shared by the complete
// methods (correct_sin-inl.h, correct_tan-inl.h, correct_sinpi-inl.h) and
// the quick paths (correct_quick_sin-inl.h) of the correctly rounded
// variant: x = k pi/2 + theta, q = k mod 4, and sin theta, cos theta
// already computed.  Selects and one division, no rounding of their own
// beyond the division's.
//
// Highway "-inl.h" header: included once per target by foreach_target.h.

// clang-format off
#if defined(REFMATH_SIMD_TRIG_QUADRANT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_TRIG_QUADRANT_INL_H_
#undef REFMATH_SIMD_TRIG_QUADRANT_INL_H_
#else
#define REFMATH_SIMD_TRIG_QUADRANT_INL_H_
#endif
// clang-format on

#include "simd/lanes/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// sin or cos from the quadrant: the function of quadrant q is f_q(theta),
// with sin: sin, cos, -sin, -cos and cos: cos, -sin, -cos, sin.  kShift is
// 0 for sin, 1 for cos.
template <int kShift, class DD>
HWY_INLINE hn::Vec<DD> TrigSelect(DD dd, hn::Vec<hn::RebindToSigned<DD>> q,
                                  hn::Vec<DD> sin_t, hn::Vec<DD> cos_t) {
  const hn::RebindToSigned<DD> di;
  const auto qs = hn::Add(q, hn::Set(di, kShift));
  const auto odd = hn::RebindMask(
      dd, hn::Ne(hn::And(qs, hn::Set(di, 1)), hn::Zero(di)));
  const auto neg = hn::RebindMask(
      dd, hn::Ne(hn::And(qs, hn::Set(di, 2)), hn::Zero(di)));
  const auto y = hn::IfThenElse(odd, cos_t, sin_t);
  return hn::IfThenElse(neg, hn::Neg(y), y);
}

// tan from the quadrant: tan theta = S/C for an even q, -cot theta = -C/S
// for an odd one, one division.
template <class DD>
HWY_INLINE hn::Vec<DD> TanSelect(DD dd, hn::Vec<hn::RebindToSigned<DD>> q,
                                 hn::Vec<DD> sin_t, hn::Vec<DD> cos_t) {
  const hn::RebindToSigned<DD> di;
  const auto odd = hn::RebindMask(
      dd, hn::Ne(hn::And(q, hn::Set(di, 1)), hn::Zero(di)));
  const auto num = hn::IfThenElse(odd, hn::Neg(cos_t), sin_t);
  const auto den = hn::IfThenElse(odd, sin_t, cos_t);
  return hn::Div(num, den);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
