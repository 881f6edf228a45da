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

// out[i] = f(in[i]) with the kernels of a set: Set::Exp, Set::Log, ...
// (one struct per function, each with Apply(d, v)).
template <class Set>
void EvalFunction(refmath_function f, const float* in, float* out, size_t n) {
  switch (f) {
    case REFMATH_EXP: return EvalArray<typename Set::Exp>(in, out, n);
    case REFMATH_EXP_NONPOSITIVE:
      return EvalArray<typename Set::ExpNonPositive>(in, out, n);
    case REFMATH_LOG: return EvalArray<typename Set::Log>(in, out, n);
    case REFMATH_SIGMOID: return EvalArray<typename Set::Sigmoid>(in, out, n);
    case REFMATH_TANH: return EvalArray<typename Set::Tanh>(in, out, n);
    case REFMATH_ERF: return EvalArray<typename Set::Erf>(in, out, n);
    case REFMATH_ONE_PLUS_ERF:
      return EvalArray<typename Set::OnePlusErf>(in, out, n);
    case REFMATH_GELU_ERF: return EvalArray<typename Set::GeluErf>(in, out, n);
    case REFMATH_GELU_TANH: return EvalArray<typename Set::GeluTanh>(in, out, n);
  }
}

inline size_t FloatLanes() {
  return hwy::HWY_NAMESPACE::Lanes(hwy::HWY_NAMESPACE::ScalableTag<float>());
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
