// The complete method of the correctly rounded kernels (REFMATH_CORRECT),
// compiled once per target: binary64 lanes, IEEE operations rounded once,
// no fused multiply-add (-ffp-contract=off), so the binary64 values and
// the set of hard cases are the same on every target (docs/correct.md).
// The variant's entry point is EvalCorrect in correct_quick_kernels.cc,
// which tries the quick path first and calls EvalCorrectComplete for the
// rest.
//
// The functions are the rows of refmath/functions.def that the variant
// defines.
#include "simd/dispatch/kernel_set.h"
#include "simd/lanes/no_fast_math.h"
#include "simd/dispatch/kernel_table.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/correct_kernels.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/erf/correct_erf-inl.h"
#include "simd/erf/correct_erfc-inl.h"
#include "simd/exp/correct_exp-inl.h"
#include "simd/exp/correct_exp2-inl.h"
#include "simd/exp/correct_expm1-inl.h"
#include "simd/log/correct_log-inl.h"
#include "simd/hyperbolic/correct_acosh-inl.h"
#include "simd/hyperbolic/correct_asinh-inl.h"
#include "simd/hyperbolic/correct_atanh-inl.h"
#include "simd/hyperbolic/correct_cosh-inl.h"
#include "simd/hyperbolic/correct_sinh-inl.h"
#include "simd/log/correct_log1p-inl.h"
#include "simd/log/correct_log2-inl.h"
#include "simd/root/correct_cbrt-inl.h"
#include "simd/root/correct_rsqrt-inl.h"
#include "simd/sigmoid/correct_sigmoid-inl.h"
#include "simd/sigmoid/correct_silu-inl.h"
#include "simd/softplus/correct_mish-inl.h"
#include "simd/softplus/correct_softplus-inl.h"
#include "simd/dispatch/eval_array-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// The correctly rounded kernel set: for each row of refmath/functions.def
// that the variant defines, CorrectKERNEL (KERNEL is the row's kernel
// column: exp_nonpositive is computed by CorrectExp).
struct CorrectKernels {
  static constexpr refmath_variant kVariant = REFMATH_CORRECT;
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  REFMATH_IF_##CORRECT##_(                                                 \
      REFMATH_KERNEL(Name, HWY_NAMESPACE::Correct##KERNEL(d, x)))
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};

void EvalCorrectComplete(refmath_function f, const float* in, float* out,
                         size_t n) {
  EvalFunction<CorrectKernels>(f, in, out, n);
}

// The complete method for one value (correct_quick_kernels.cc calls it for
// a value its quick path does not settle, and for the rows without one).
float EvalCorrectCompleteOne(refmath_function f, float x) {
  static constexpr detail::VariantKernels kComplete =
      VariantEntry<CorrectKernels>(&EvalCorrectComplete);
  return kComplete.one[f](x);
}

// The two roundings of every input (correct_round-inl.h), for the search
// of hard cases; whole vectors, then a zero-padded tail.
template <class Eval>
void BoundsArray(const float* in, float* lo, float* hi, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t lanes = hn::Lanes(d);
  VecF<decltype(d)> l, h;
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    CorrectBounds<Eval>(d, hn::LoadU(d, in + i), &l, &h);
    hn::StoreU(l, d, lo + i);
    hn::StoreU(h, d, hi + i);
  }
  if (i == n) return;
  HWY_ALIGN float buf[hn::MaxLanes(d)] = {};
  HWY_ALIGN float lbuf[hn::MaxLanes(d)], hbuf[hn::MaxLanes(d)];
  memcpy(buf, in + i, (n - i) * sizeof(float));
  CorrectBounds<Eval>(d, hn::Load(d, buf), &l, &h);
  hn::Store(l, d, lbuf);
  hn::Store(h, d, hbuf);
  memcpy(lo + i, lbuf, (n - i) * sizeof(float));
  memcpy(hi + i, hbuf, (n - i) * sizeof(float));
}

bool BoundsCorrect(refmath_function f, const float* in, float* lo, float* hi,
                   size_t n) {
  switch (f) {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  REFMATH_IF_##CORRECT##_(case REFMATH_##ID                                \
                          : BoundsArray<Correct##KERNEL##Eval>(in, lo, hi, n); \
                          return true;)
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
    default: return false;
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace refmath {
HWY_EXPORT(BoundsCorrect);
namespace detail {
bool CorrectRoundingBounds(refmath_function f, const float* in, float* lo,
                           float* hi, size_t n) {
  return HWY_DYNAMIC_DISPATCH(BoundsCorrect)(f, in, lo, hi, n);
}
}  // namespace detail
}  // namespace refmath
#endif  // HWY_ONCE
