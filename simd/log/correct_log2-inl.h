// log2 and log10 of the correctly rounded variant (REFMATH_CORRECT), on
// log's binary64 logarithm (correct_log-inl.h).  Method and error bound:
// docs/correct.md, section "log2 and log10"; the frame (two roundings,
// hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectLog2, CorrectLog10: the binary32 nearest log2 x and log10 x for
//   x > 0, subnormal x included (no tie occurs); exact at the powers of 2
//   (log2) and at 10^k for k from 0 to 10 (log10), +0 at 1; +-0 gives
//   -inf, +inf gives +inf, x < 0 (-inf included) and NaN give the
//   canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_log2f and
// cr_log10f.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_LOG2_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_LOG2_INL_H_
#undef REFMATH_SIMD_CORRECT_LOG2_INL_H_
#else
#define REFMATH_SIMD_CORRECT_LOG2_INL_H_
#endif
// clang-format on

#include "simd/log/correct_log-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

struct Log2Base {
  static constexpr double kInvLn = 0x1.71547652b82fep+0;  // RN(1/ln 2)
};
struct Log10Base {
  static constexpr double kInvLn = 0x1.bcb7b1526e50ep-2;  // RN(1/ln 10)
};

// log_b x = RN(ln x, from LogD) RN(1/ln b); log's key and special values.
template <const auto& kTable, class Base>
struct CorrectLogBaseEval : CaseTable<kTable> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return CorrectLogEval::Key(d, x);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return hn::Mul(LogD(dd, x), ConstD(dd, Base::kInvLn));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return CorrectLogEval::Finish(d, x, r);
  }
};
using CorrectLog2Eval = CorrectLogBaseEval<correct::kLog2HardCases, Log2Base>;
using CorrectLog10Eval =
    CorrectLogBaseEval<correct::kLog10HardCases, Log10Base>;

template <class D>
HWY_INLINE VecF<D> CorrectLog2(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectLog2Eval>(d, x);
}
template <class D>
HWY_INLINE VecF<D> CorrectLog10(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectLog10Eval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
