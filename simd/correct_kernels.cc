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

// The target that builds binary16 and bfloat16: the portable one (SCALAR
// with GCC, EMU128 with clang), or Highway's static target in a build
// that compiles only that (HWY_COMPILE_ONLY_STATIC).
#define REFMATH_NARROW_TARGET                                   \
  ((HWY_TARGETS & HWY_SCALAR) ? HWY_SCALAR                      \
   : (HWY_TARGETS & HWY_EMU128) ? HWY_EMU128 : HWY_STATIC_TARGET)

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
#include "simd/correct/correct_half-inl.h"
#include "simd/correct/correct_hard_cases_half.h"

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

#if HWY_TARGET == REFMATH_NARROW_TARGET
// binary16 and bfloat16 (correct_half-inl.h), on one target alone (the
// portable one, or the static one in a build that compiles no other): F has at most 65536 inputs, which the C API evaluates once per
// function and format, so one build of this code serves every target.
// in[i] and out[i] are F values as binary32; whole vectors, then a tail
// padded with zeros.
template <class Eval, class Fmt>
void FormatArray(const correct::HardCase* cases, size_t count,
                 const float* in, float* out, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t lanes = hn::Lanes(d);
  HWY_ALIGN float buf[hn::MaxLanes(d)];
  for (size_t i = 0; i < n; i += lanes) {
    const size_t m = n - i < lanes ? n - i : lanes;
    memset(buf, 0, sizeof buf);
    memcpy(buf, in + i, m * sizeof(float));
    hn::Store(CorrectlyRoundedIn<Eval, Fmt>(d, hn::Load(d, buf), cases, count),
              d, buf);
    memcpy(out + i, buf, m * sizeof(float));
  }
}

// Each row's kernel with F's table of hard cases.
template <class Eval, const auto& kBinary16Cases, const auto& kBfloat16Cases>
void NarrowArray(detail::NarrowFormat format, const float* in, float* out,
                 size_t n) {
  if (format == detail::NarrowFormat::kBinary16) {
    FormatArray<Eval, Binary16Format>(
        kBinary16Cases, correct::HardCaseCount(kBinary16Cases), in, out, n);
  } else {
    FormatArray<Eval, Bfloat16Format>(
        kBfloat16Cases, correct::HardCaseCount(kBfloat16Cases), in, out, n);
  }
}

// Variadic forms of REFMATH_IF_0_/1_: the statements below hold commas.
#define REFMATH_NARROW_IF_0_(...)
#define REFMATH_NARROW_IF_1_(...) __VA_ARGS__

void EvalCorrectNarrow(refmath_function f, detail::NarrowFormat format,
                       const float* in, float* out, size_t n) {
  switch (f) {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  REFMATH_NARROW_IF_##CORRECT##_(                                          \
      case REFMATH_##ID                                                    \
      : NarrowArray<Correct##KERNEL##Eval,                                 \
                    correct::k##KERNEL##HardCasesBinary16,                 \
                    correct::k##KERNEL##HardCasesBfloat16>(format, in,     \
                                                           out, n);        \
      return;)
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
    default: return;
  }
}

// The two roundings into F, for the search of F's hard cases.
template <class Eval, class Fmt>
void FormatBoundsArray(const float* in, float* lo, float* hi, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t lanes = hn::Lanes(d);
  HWY_ALIGN float buf[hn::MaxLanes(d)], lbuf[hn::MaxLanes(d)],
      hbuf[hn::MaxLanes(d)];
  for (size_t i = 0; i < n; i += lanes) {
    const size_t m = n - i < lanes ? n - i : lanes;
    memset(buf, 0, sizeof buf);
    memcpy(buf, in + i, m * sizeof(float));
    VecF<decltype(d)> l, h;
    BoundsInFormat<Eval, Fmt>(d, Eval::Key(d, hn::Load(d, buf)), &l, &h);
    hn::Store(l, d, lbuf);
    hn::Store(h, d, hbuf);
    memcpy(lo + i, lbuf, m * sizeof(float));
    memcpy(hi + i, hbuf, m * sizeof(float));
  }
}

template <class Eval>
void NarrowBoundsArray(detail::NarrowFormat format, const float* in,
                       float* lo, float* hi, size_t n) {
  if (format == detail::NarrowFormat::kBinary16) {
    FormatBoundsArray<Eval, Binary16Format>(in, lo, hi, n);
  } else {
    FormatBoundsArray<Eval, Bfloat16Format>(in, lo, hi, n);
  }
}

bool BoundsCorrectNarrow(refmath_function f, detail::NarrowFormat format,
                         const float* in, float* lo, float* hi, size_t n) {
  switch (f) {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  REFMATH_IF_##CORRECT##_(case REFMATH_##ID                                \
                          : NarrowBoundsArray<Correct##KERNEL##Eval>(       \
                                format, in, lo, hi, n);                    \
                          return true;)
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
    default: return false;
  }
}
#endif  // portable target

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

// The one build of the narrow formats: the results are correctly rounded,
// so which target computes them changes no bit.
#if REFMATH_NARROW_TARGET == HWY_SCALAR
#define REFMATH_NARROW_CALL(FUNC) N_SCALAR::FUNC
#elif REFMATH_NARROW_TARGET == HWY_EMU128
#define REFMATH_NARROW_CALL(FUNC) N_EMU128::FUNC
#else
#define REFMATH_NARROW_CALL(FUNC) HWY_STATIC_DISPATCH(FUNC)
#endif

void CorrectNarrow(refmath_function f, NarrowFormat format, const float* in,
                   float* out, size_t n) {
  REFMATH_NARROW_CALL(EvalCorrectNarrow)(f, format, in, out, n);
}
bool CorrectNarrowRoundingBounds(refmath_function f, NarrowFormat format,
                                 const float* in, float* lo, float* hi,
                                 size_t n) {
  return REFMATH_NARROW_CALL(BoundsCorrectNarrow)(f, format, in, lo, hi, n);
}
#undef REFMATH_NARROW_CALL
}  // namespace detail
}  // namespace refmath
#endif  // HWY_ONCE
