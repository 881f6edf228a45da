// The array driver shared by the exact and fast kernels: whole vectors,
// then the tail.  On targets whose masked loads and stores never touch
// masked-off memory (AVX2, AVX-512, SVE) the tail is one masked vector;
// elsewhere it goes through a zero-padded buffer.  Every lane is
// independent, so the zero lanes never change a result.  Each vector is
// loaded before it is stored, so out == in is safe.

// clang-format off
#if defined(REFMATH_SIMD_EVAL_ARRAY_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_EVAL_ARRAY_INL_H_
#undef REFMATH_SIMD_EVAL_ARRAY_INL_H_
#else
#define REFMATH_SIMD_EVAL_ARRAY_INL_H_
#endif
// clang-format on

#include <stddef.h>
#include <string.h>

#include "hwy/highway.h"
#include "refmath/refmath.h"
#include "simd/dispatch/kernel_table.h"
#include "simd/dispatch/one_call-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// Kernel::Apply(d, v) computes one vector.
template <class Kernel>
HWY_NOINLINE void EvalArray(const float* in, float* out, size_t n) {
  const hwy::HWY_NAMESPACE::ScalableTag<float> d;
  namespace hn = hwy::HWY_NAMESPACE;
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(Kernel::Apply(d, hn::LoadU(d, in + i)), d, out + i);
  }
  if (i == n) return;
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3 || \
    HWY_TARGET == HWY_AVX3_DL || HWY_TARGET == HWY_SVE ||  \
    HWY_TARGET == HWY_SVE2 || HWY_TARGET == HWY_SVE_256 || \
    HWY_TARGET == HWY_SVE2_128
  const auto tail = hn::FirstN(d, n - i);
  hn::BlendedStore(Kernel::Apply(d, hn::MaskedLoad(tail, d, in + i)), tail, d,
                   out + i);
#else
  {
    HWY_ALIGN float buf[hn::MaxLanes(d)] = {};
    memcpy(buf, in + i, (n - i) * sizeof(float));
    hn::Store(Kernel::Apply(d, hn::Load(d, buf)), d, buf);
    memcpy(out + i, buf, (n - i) * sizeof(float));
  }
#endif
}

// Whether the registry row (EXACT, FAST, CORRECT) defines a function in
// variant v.
constexpr bool RowDefines(refmath_variant v, int exact, int fast,
                          int correct) {
  return (v == REFMATH_EXACT ? exact : v == REFMATH_FAST ? fast : correct) != 0;
}

// out[i] = f(in[i]) with the kernels of a set: Set::kVariant is the
// variant, Set::Exp, Set::Log, ... the kernels (one struct per function,
// each with Apply(d, v)) of the rows of refmath/functions.def that define
// the function in that variant; a set has no member for the other rows,
// and the C API never asks it for one.
template <class Set>
void EvalFunction(refmath_function f, const float* in, float* out, size_t n) {
  switch (f) {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  case REFMATH_##ID:                                                       \
    if constexpr (RowDefines(Set::kVariant, EXACT, FAST, CORRECT)) {       \
      EvalArray<typename Set::Name>(in, out, n);                           \
    }                                                                      \
    return;
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
  }
}

// f(x) for one value: x in every lane of one vector of at most four lanes
// (128 bits; one lane on SCALAR), lane 0 of the result.  The kernels work
// lane by lane and give the same bits on every target and vector width,
// so this is the array call's value.
template <class Kernel>
float EvalOne(float x) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::CappedTag<float, 4> d;
  return hn::GetLane(Kernel::Apply(d, hn::Set(d, x)));
}

// A set's entry points: `array` (EvalFunction<Set> for this target), and
// EvalOne of each function the set's variant defines, alone and in the
// guard.
template <class Set>
constexpr detail::VariantKernels VariantEntry(detail::ArrayKernel array) {
  detail::VariantKernels k{array, {}, nullptr, {}, {}};
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  if constexpr (RowDefines(Set::kVariant, EXACT, FAST, CORRECT)) {         \
    k.one[REFMATH_##ID] = &EvalOne<typename Set::Name>;                    \
    k.call[REFMATH_##ID] = &GuardedOne<&EvalOne<typename Set::Name>>;      \
  }
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
  return k;
}

inline size_t FloatLanes() {
  return hwy::HWY_NAMESPACE::Lanes(hwy::HWY_NAMESPACE::ScalableTag<float>());
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
