// The correctly rounded variant in binary16 and bfloat16
// (simd/correct/correct_half-inl.h) and, for the search of their hard
// cases, the two roundings into each format.  Compiled on one target
// alone: the portable one (SCALAR with GCC, EMU128 with clang), or
// Highway's static target in a build that compiles only that
// (HWY_COMPILE_ONLY_STATIC).  A format has at most 65536 inputs, which the
// C API evaluates once per function and format, and the results are
// correctly rounded, so which target computes them changes no bit.
#include <string.h>

#include "simd/lanes/no_fast_math.h"
#include "simd/dispatch/kernel_table.h"

#define REFMATH_NARROW_TARGET                                   \
  ((HWY_TARGETS & HWY_SCALAR) ? HWY_SCALAR                      \
   : (HWY_TARGETS & HWY_EMU128) ? HWY_EMU128 : HWY_STATIC_TARGET)

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/correct_narrow.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
// On every target (each header toggles its guard once per target); only
// the narrow target instantiates them.
#include "simd/correct/complete_kernels-inl.h"
#include "simd/correct/correct_half-inl.h"
#include "simd/correct/correct_hard_cases_half.h"

#if HWY_TARGET == REFMATH_NARROW_TARGET
HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

HWY_INLINE const FormatBits& BitsOf(detail::NarrowFormat format) {
  return format == detail::NarrowFormat::kBinary16 ? kBinary16Bits
                                                   : kBfloat16Bits;
}

// in[i] and out[i] are F values as binary32; whole vectors, then a tail
// padded with zeros.
template <class Eval>
void FormatArray(const FormatBits& f, const correct::HardCase* cases,
                 size_t count, const float* in, float* out, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t lanes = hn::Lanes(d);
  HWY_ALIGN float buf[hn::MaxLanes(d)];
  for (size_t i = 0; i < n; i += lanes) {
    const size_t m = n - i < lanes ? n - i : lanes;
    memset(buf, 0, sizeof buf);
    memcpy(buf, in + i, m * sizeof(float));
    hn::Store(CorrectlyRoundedIn<Eval>(d, f, hn::Load(d, buf), cases, count),
              d, buf);
    memcpy(out + i, buf, m * sizeof(float));
  }
}

// Each row's kernel with F's table of hard cases.
template <class Eval, const auto& kBinary16Cases, const auto& kBfloat16Cases>
void NarrowArray(detail::NarrowFormat format, const float* in, float* out,
                 size_t n) {
  if (format == detail::NarrowFormat::kBinary16) {
    FormatArray<Eval>(kBinary16Bits, kBinary16Cases,
                      correct::HardCaseCount(kBinary16Cases), in, out, n);
  } else {
    FormatArray<Eval>(kBfloat16Bits, kBfloat16Cases,
                      correct::HardCaseCount(kBfloat16Cases), in, out, n);
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
template <class Eval>
void NarrowBoundsArray(detail::NarrowFormat format, const float* in,
                       float* lo, float* hi, size_t n) {
  const FormatBits& f = BitsOf(format);
  const hn::ScalableTag<float> d;
  const size_t lanes = hn::Lanes(d);
  HWY_ALIGN float buf[hn::MaxLanes(d)], lbuf[hn::MaxLanes(d)],
      hbuf[hn::MaxLanes(d)];
  for (size_t i = 0; i < n; i += lanes) {
    const size_t m = n - i < lanes ? n - i : lanes;
    memset(buf, 0, sizeof buf);
    memcpy(buf, in + i, m * sizeof(float));
    VecF<decltype(d)> l, h;
    BoundsInFormat<Eval>(d, f, Eval::Key(d, hn::Load(d, buf)), &l, &h);
    hn::Store(l, d, lbuf);
    hn::Store(h, d, hbuf);
    memcpy(lo + i, lbuf, m * sizeof(float));
    memcpy(hi + i, hbuf, m * sizeof(float));
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

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();
#endif  // HWY_TARGET == REFMATH_NARROW_TARGET

#if HWY_ONCE
namespace refmath {
namespace detail {

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
