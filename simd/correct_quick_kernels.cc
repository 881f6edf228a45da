// The correctly rounded variant's entry point (REFMATH_CORRECT), compiled
// once per target.  For every function each vector first takes the quick
// path (correct_quick_*-inl.h: tables, a short polynomial, fused
// multiply-adds where the target has them); a
// vector with a lane out of its range or not settled is computed again by
// the complete method, EvalCorrectComplete (correct_kernels.cc, no fused
// multiply-add, the exhaustively searched hard cases).  Both give the
// correctly rounded result, so which one answers never changes a bit
// (docs/correct.md).
#include <stddef.h>

#include <type_traits>

#include "simd/lanes/no_fast_math.h"
#include "simd/dispatch/kernel_table.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/correct_quick_kernels.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/erf/correct_quick_erf-inl.h"
#include "simd/erf/correct_quick_erfc-inl.h"
#include "simd/exp/correct_exp_env_free-inl.h"
#include "simd/exp/correct_quick_exp-inl.h"
#include "simd/exp/correct_quick_exp10-inl.h"
#include "simd/exp/correct_quick_expm1-inl.h"
#include "simd/gelu/correct_quick_gelu_tanh-inl.h"
#include "simd/hyperbolic/correct_quick_asinh-inl.h"
#include "simd/hyperbolic/correct_quick_sinh-inl.h"
#include "simd/log/correct_quick_log-inl.h"
#include "simd/log/correct_quick_log1p-inl.h"
#include "simd/log/correct_quick_log2-inl.h"
#include "simd/root/correct_quick_cbrt-inl.h"
#include "simd/root/correct_quick_rsqrt-inl.h"
#include "simd/sigmoid/correct_quick_sigmoid-inl.h"
#include "simd/sigmoid/correct_quick_silu-inl.h"
#include "simd/softplus/correct_quick_mish-inl.h"
#include "simd/softplus/correct_quick_softplus-inl.h"
#include "simd/tanh/correct_quick_tanh-inl.h"
#include "simd/trig/correct_quick_atan-inl.h"
#include "simd/trig/correct_quick_sin-inl.h"
#include "simd/trig/correct_quick_sinpi-inl.h"
#include "simd/dispatch/eval_array-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// correct_kernels.cc, the same target.
void EvalCorrectComplete(refmath_function f, const float* in, float* out,
                         size_t n);
float EvalCorrectCompleteOne(refmath_function f, float x);

// A row without a quick path says `using QuickKERNEL = NoQuickPath;` here,
// and the complete method answers its calls.
struct NoQuickPath {};

// Whole vectors through the quick path; the unsettled ones and the tail
// through the complete method (each vector is loaded before it is stored,
// so out == in is safe).
template <class Quick>
void QuickArray(refmath_function f, const float* in, float* out, size_t n) {
  if constexpr (std::is_same_v<Quick, NoQuickPath>) {
    EvalCorrectComplete(f, in, out, n);
  } else {
    const hn::ScalableTag<float> d;
    const size_t lanes = hn::Lanes(d);
    size_t i = 0;
    for (; i + lanes <= n; i += lanes) {
      if (HWY_UNLIKELY(!QuickRounded<Quick>(d, in + i, out + i))) {
        EvalCorrectComplete(f, in + i, out + i, lanes);
      }
    }
    if (i < n) EvalCorrectComplete(f, in + i, out + i, n - i);
  }
}

// Each row's quick path is QuickKERNEL (refmath/functions.def).
void EvalCorrect(refmath_function f, const float* in, float* out, size_t n) {
  switch (f) {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  REFMATH_IF_##CORRECT##_(case REFMATH_##ID                                \
                          : return QuickArray<Quick##KERNEL>(f, in, out, n);)
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
    default: return;
  }
}

// sin and cos of whole vectors from one reduction (QuickSinCosRounded);
// a vector it does not settle, and the tail, go through each function's
// own path (QuickArray), so every value has the bits of the two separate
// calls.  The arrays are distinct (the C API copies the input).
void EvalCorrectSinCos(const float* in, float* sin_out, float* cos_out,
                       size_t n) {
  size_t i = 0;
#if HWY_TARGET != HWY_SCALAR
  const hn::ScalableTag<float> d;
  const size_t lanes = hn::Lanes(d);
  for (; i + lanes <= n; i += lanes) {
    if (HWY_UNLIKELY(!QuickSinCosRounded(d, in + i, sin_out + i,
                                         cos_out + i))) {
      QuickArray<QuickSin>(REFMATH_SIN, in + i, sin_out + i, lanes);
      QuickArray<QuickCos>(REFMATH_COS, in + i, cos_out + i, lanes);
    }
  }
#endif
  QuickArray<QuickSin>(REFMATH_SIN, in + i, sin_out + i, n - i);
  QuickArray<QuickCos>(REFMATH_COS, in + i, cos_out + i, n - i);
}

// One value: the quick path on a vector of one lane, the complete method
// when it does not settle the value.
template <class Quick, refmath_function kF>
float QuickOne(float x) {
  if constexpr (!std::is_same_v<Quick, NoQuickPath>) {
    const hn::CappedTag<float, 1> d;
    VecF<decltype(d)> r;
    if (HWY_LIKELY(QuickRoundedLane<Quick>(d, hn::Set(d, x), &r))) {
      return hn::GetLane(r);
    }
  }
  return EvalCorrectCompleteOne(kF, x);
}

constexpr detail::VariantKernels CorrectEntry() {
  detail::VariantKernels k{&EvalCorrect, {}, &EvalCorrectSinCos, {}, {}};
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  REFMATH_IF_##CORRECT##_(                                                 \
      k.one[REFMATH_##ID] = (&QuickOne<Quick##KERNEL, REFMATH_##ID>);      \
      k.call[REFMATH_##ID] =                                               \
          (&GuardedOne<&QuickOne<Quick##KERNEL, REFMATH_##ID>>);)
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
  REFMATH_SET_ENV_FREE(k, REFMATH_EXP, CorrectExpEnvFree,
                       &QuickOne<QuickExp, REFMATH_EXP>);
  return k;
}
constexpr detail::VariantKernels kCorrectKernels = CorrectEntry();

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/dispatch/target_table.h"
REFMATH_DEFINE_KERNEL_TABLE(CorrectKernelTable, kCorrectKernels)
#endif  // HWY_ONCE
