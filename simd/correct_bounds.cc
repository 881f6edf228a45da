// The two roundings of the complete method (correct_round-inl.h) for every
// function the correctly rounded variant defines, compiled once per target:
// what the search of hard cases (tools/correct_cases) reads, on the best
// target of the CPU.  The kernels are the ones correct_kernels.cc
// evaluates (simd/correct/complete_kernels-inl.h).
#include <string.h>

#include "simd/lanes/no_fast_math.h"
#include "simd/dispatch/kernel_table.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/correct_bounds.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/correct/complete_kernels-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// The two roundings of every input; whole vectors, then a zero-padded tail.
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
