// The quick paths of erfc, 1 + erf and GELU erf in the correctly rounded
// variant, from erfc a = e^(-a^2) erfcx(a) for 0 <= a <= 3.9375: e^(-a^2)
// by exp's quick path on the exact a^2, erfcx on erf's 16 intervals with
// degree-9 polynomials; erfc also from e^(-a^2) P(1/a^2) / a for 3.9375 <
// a <= 10.125.  erfc has no cancellation; 1 + erf x is erfc |x| for x < 0
// and 2 - erfc x for x >= 0.  Error bounds: docs/correct.md, "The quick
// path", erfc, 1 + erf and GELU erf; the frame is correct_quick-inl.h.
//
// Contract.
//   ErfcQuick(dd, a, a2): erfc of the real number A with a2 = A^2 exactly
//   and a = A within relative error 2u (u = 2^-53), 0 <= A <= 3.9375;
//   within relative error 250u, with MulAdd fused or rounded twice.
//   QuickOnePlusErf::InRange: x >= -3.9375, +inf included (results normal
//   binary32); Apply: within 2^-45.0.  Beyond 3.9375 x is taken as 3.9375,
//   whose 1 + erf rounds to 2 as every larger x's does.
//   QuickGeluErf::InRange: -5.5 <= x <= FLT_MAX and |x| >= 2^-124; Apply:
//   within 2^-45.0.  Beyond 5.5 erfc is taken at 5.5/sqrt 2: the result
//   rounds to x either way.
//   QuickErfc::InRange: x not NaN; Apply: within 70u (2^-46.8), and from
//   x = 9.1945 (X0) on, where erfc x < 2^-126, erfc x + 2^-126 within
//   2^-174 absolute; Finish takes the 2^-126 off again, exactly.  Beyond
//   10.125 x is taken as 10.125 (erfc < 2^-152: the result is +0), below
//   -3.9375 as -3.9375 (the result rounds to 2).
//   Other lanes, and vectors with a lane not settled, go to the complete
//   method (CorrectOnePlusErf, CorrectGeluErf).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_ERFC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_ERFC_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_ERFC_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_ERFC_INL_H_
#endif
// clang-format on

#include <stddef.h>

#include "simd/correct/correct_coeffs.h"
#include "simd/erf/correct_quick_erf-inl.h"
#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_erfc {
// GELU erf: |x| at most 5.5 (erfc(5.5/sqrt 2) / 2 = 2^-25.65 < 2^-25).
constexpr float kGeluClamp = 5.5f;
constexpr double kSqrtHalf = 0x1.6a09e667f3bcdp-1;  // RN(1/sqrt 2)
// erfc: the asymptotic form's clamp (the intervals end at erf's
// quick_erf::kClamp, 3.9375), and X0 =
// 0x1.2639cp+3, the least binary32 number whose erfc is below 2^-126
// (mpmath: erfc X0 = 2^-126 (1 - 2.1e-6), its predecessor's 2^-126 (1 +
// 1.6e-5)).
constexpr float kAsymClamp = 10.125f;
constexpr float kSubnormalFrom = 0x1.2639cp+3f;
constexpr float kMinNormal = 0x1p-126f;
}  // namespace quick_erfc

template <class DD>
HWY_INLINE hn::Vec<DD> ErfcQuick(DD dd, hn::Vec<DD> a, hn::Vec<DD> a2) {
  // erfcx(a) on erf's intervals, times e^(-a^2).
  const auto q = QuickIntervals16<correct::kErfcxQuick>(dd, a);
  return hn::Mul(QuickExp::Apply(dd, hn::Neg(a2)), q);
}

// 1 + erf of a number of x's sign from e = erfc of its magnitude: e below
// 0, 2 - e (one rounding, no cancellation: e <= 1) from 0 on.
template <class DD>
HWY_INLINE hn::Vec<DD> OnePlusErfFromErfc(DD dd, hn::Vec<DD> x,
                                          hn::Vec<DD> e) {
  return hn::IfThenElse(hn::Lt(x, hn::Zero(dd)), e,
                        hn::Sub(hn::Set(dd, 2.0), e));
}

struct QuickOnePlusErf : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return hn::Ge(x, Const(d, -3.9375f));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    // a = min(|x|, 3.9375) is a binary32 number: a^2 is exact.
    const auto a = hn::Min(hn::Abs(x), hn::Set(dd, quick_erf::kClamp));
    return OnePlusErfFromErfc(dd, x, ErfcQuick(dd, a, hn::Mul(a, a)));
  }
};

struct QuickGeluErf : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickGeluBetween(d, x, -quick_erfc::kGeluClamp);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qc = quick_erfc;
    // erfc at |x_c|/sqrt 2 with x_c = min(|x|, 5.5): a rounded (2u), its
    // square x_c^2 / 2 exact.
    const auto xc = hn::Min(hn::Abs(x), hn::Set(dd, double{qc::kGeluClamp}));
    const auto a = hn::Mul(xc, hn::Set(dd, qc::kSqrtHalf));
    const auto e = ErfcQuick(dd, a, hn::Mul(hn::Mul(xc, xc), hn::Set(dd, 0.5)));
    // x/2 (1 + erf(x/sqrt 2)); x/2 is exact.
    return hn::Mul(hn::Mul(x, hn::Set(dd, 0.5)), OnePlusErfFromErfc(dd, x, e));
  }
};

// erfc x for every x but NaN.  b is x's magnitude clamped to the form that
// serves it: the intervals for x <= 3.9375 (b <= 3.9375), the asymptotic
// form e^(-b^2) P(w) b w, w = 1/b^2, beyond (b <= 10.125); b is a binary32
// number, so b^2 is exact.  Both forms share e^(-b^2); each is evaluated
// on every lane and the other form's lanes are discarded.  Where erfc x is
// subnormal in binary32 (x >= X0), y is erfc x + 2^-126, whose binary32
// grid there is the subnormals' (2^-149): it rounds as erfc x does, and
// Finish subtracts 2^-126 exactly.
struct QuickErfc {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D /*d*/, VecF<D> x) {
    return hn::Not(hn::IsNaN(x));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qc = quick_erfc;
    const auto intervals_end = hn::Set(dd, quick_erf::kClamp);
    const auto asym = hn::Gt(x, intervals_end);
    const auto b = hn::IfThenElse(
        asym, hn::Min(x, hn::Set(dd, double{qc::kAsymClamp})),
        hn::Min(hn::Abs(x), intervals_end));
    const auto b2 = hn::Mul(b, b);
    const auto w = hn::Div(hn::Set(dd, 1.0), b2);
    const auto p = QuickHorner(dd, w, correct::kErfcAsymQuick);
    const auto q = hn::IfThenElse(asym, hn::Mul(p, hn::Mul(b, w)),
                                  QuickIntervals16<correct::kErfcxQuick>(dd, b));
    const auto e = hn::Mul(QuickExpD(dd, hn::Neg(b2)), q);
    const auto y = OnePlusErfFromErfc(dd, hn::Neg(x), e);
    return hn::IfThenElse(hn::Ge(x, hn::Set(dd, double{qc::kSubnormalFrom})),
                          hn::Add(y, hn::Set(dd, double{qc::kMinNormal})), y);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    namespace qc = quick_erfc;
    return hn::IfThenElse(hn::Ge(x, Const(d, qc::kSubnormalFrom)),
                          hn::Sub(r, Const(d, qc::kMinNormal)), r);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
