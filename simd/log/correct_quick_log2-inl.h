// The quick paths of log2 and log10 in the correctly rounded variant: log's
// quick path (correct_quick_log-inl.h) times RN(1/ln b).  Error bound:
// docs/correct.md, "The quick path", log2 and log10; the frame is
// correct_quick-inl.h.
//
// Contract.
//   QuickLog2::InRange, QuickLog10::InRange: log's, 0 < x < +inf and
//   x != 1 (|log2 x| and |log10 x| are then at least 2^-25.3, normal
//   binary32 results).
//   Apply: within relative error 73u < 2^-46.8 (u = 2^-53) of log2 x and
//   log10 x there, with MulAdd fused or rounded twice.  Other lanes, and vectors with a lane
//   not settled, go to the complete method (CorrectLog2, CorrectLog10).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_QUICK_LOG2_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_QUICK_LOG2_INL_H_
#undef REFMATH_SIMD_CORRECT_QUICK_LOG2_INL_H_
#else
#define REFMATH_SIMD_CORRECT_QUICK_LOG2_INL_H_
#endif
// clang-format on

#include "simd/log/correct_quick_log-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

namespace quick_log2 {
// The complete method's constants (correct_log2-inl.h, Log2Base and
// Log10Base).
constexpr double kInvLn2 = 0x1.71547652b82fep+0;   // RN(1/ln 2)
constexpr double kInvLn10 = 0x1.bcb7b1526e50ep-2;  // RN(1/ln 10)
}  // namespace quick_log2

// log_b x = RN(y_ln RN(1/ln b)), y_ln log's quick value.
template <const double& kInvLn>
struct QuickLogBase : QuickLog {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> Apply(DD dd, hn::Vec<DD> x) {
    return hn::Mul(QuickLog::Apply(dd, x), hn::Set(dd, kInvLn));
  }
};
using QuickLog2 = QuickLogBase<quick_log2::kInvLn2>;
using QuickLog10 = QuickLogBase<quick_log2::kInvLn10>;

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
