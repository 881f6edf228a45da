// The quick path of GELU tanh in the correctly rounded variant:
// gelu_tanh(x) = x / (1 + e^t), t = x (A + B x^2), A = -2 sqrt(2/pi),
// B = A 0.044715, e^t from exp's quick path.  Error bound:
// docs/correct.md, "The quick path", GELU tanh; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickGeluTanh::InRange: -5 <= x <= FLT_MAX and |x| >= 2^-124 (results
//   normal binary32; t <= 16.9, so the error of t stays small).
//   QuickGeluTanh::Apply: within relative error 2^-44.9 there, with MulAdd
//   fused or rounded twice.  Other lanes (zeros, tiny and subnormal
//   results, x < -5, infinities, NaN), and vectors with a lane not settled,
//   go to the complete method (CorrectGeluTanh).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_GELU_TANH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_GELU_TANH_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_GELU_TANH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_GELU_TANH_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_quick_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_gelu_tanh {
// Rounded to binary64 from mpmath at 200 bits.
constexpr double kA = -0x1.9884533d43651p+0;  // RN(-2 sqrt(2/pi))
constexpr double kB = -0x1.2444f2a4d8b4bp-4;  // RN(-2 sqrt(2/pi) 0.044715)
// Below it e^t < 2^-125: 1 + e^t is 1 in binary64 and in the result.
constexpr double kTMin = -87.0;
}  // namespace quick_gelu_tanh

struct QuickGeluTanh : QuickPlainFinish {
  template <class D>
  static HWY_INLINE hn::Mask<D> InRange(D d, VecF<D> x) {
    return QuickGeluBetween(d, x, -5.0f);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    namespace qg = quick_gelu_tanh;
    // t = x (A + B x^2): x^2 is exact (48 bits), A and B x^2 have one sign.
    const auto w = hn::MulAdd(hn::Mul(x, x), hn::Set(dd, qg::kB),
                              hn::Set(dd, qg::kA));
    const auto t = hn::Max(hn::Mul(x, w), hn::Set(dd, qg::kTMin));
    return QuickOverOnePlusExp(dd, x, t);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
