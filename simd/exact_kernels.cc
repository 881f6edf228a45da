// The exact (normative) kernels, compiled once per target.  Built with
// -ffp-contract=off; uses only ExactArith, never MulAdd or an approximate
// reciprocal.  conformance/check_no_fma.cmake scans this object for fused
// multiply-add instructions.
#include <stddef.h>
#include <string.h>

#include "simd/no_fast_math.h"
#include "src/kernel_table.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/exact_kernels.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/gelu-inl.h"
#include "simd/log-inl.h"
#include "simd/tanh-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// Applies Kernel to whole vectors, then to the tail through a zero-padded
// buffer (every lane is independent, so padding never changes a result).
// Loads each vector before storing it, so out == in is safe.
template <class Kernel>
HWY_NOINLINE void EvalArray(const float* in, float* out, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(Kernel::Apply(d, hn::LoadU(d, in + i)), d, out + i);
  }
  if (i < n) {
    HWY_ALIGN float buf[hn::MaxLanes(d)] = {};
    memcpy(buf, in + i, (n - i) * sizeof(float));
    hn::Store(Kernel::Apply(d, hn::Load(d, buf)), d, buf);
    memcpy(out + i, buf, (n - i) * sizeof(float));
  }
}

#define REFMATH_EXACT_KERNEL(NAME)                     \
  struct Exact##NAME {                                 \
    template <class D>                                 \
    static HWY_INLINE VecF<D> Apply(D d, VecF<D> x) { \
      return NAME<ExactArith>(d, x);                   \
    }                                                  \
  };
REFMATH_EXACT_KERNEL(Exp)
REFMATH_EXACT_KERNEL(ExpNonPositive)
REFMATH_EXACT_KERNEL(Log)
REFMATH_EXACT_KERNEL(Sigmoid)
REFMATH_EXACT_KERNEL(Tanh)
REFMATH_EXACT_KERNEL(Erf)
REFMATH_EXACT_KERNEL(OnePlusErf)
REFMATH_EXACT_KERNEL(GeluErf)
REFMATH_EXACT_KERNEL(GeluTanh)
#undef REFMATH_EXACT_KERNEL

void EvalExact(refmath_function f, const float* in, float* out, size_t n) {
  switch (f) {
    case REFMATH_EXP: return EvalArray<ExactExp>(in, out, n);
    case REFMATH_EXP_NONPOSITIVE: return EvalArray<ExactExpNonPositive>(in, out, n);
    case REFMATH_LOG: return EvalArray<ExactLog>(in, out, n);
    case REFMATH_SIGMOID: return EvalArray<ExactSigmoid>(in, out, n);
    case REFMATH_TANH: return EvalArray<ExactTanh>(in, out, n);
    case REFMATH_ERF: return EvalArray<ExactErf>(in, out, n);
    case REFMATH_ONE_PLUS_ERF: return EvalArray<ExactOnePlusErf>(in, out, n);
    case REFMATH_GELU_ERF: return EvalArray<ExactGeluErf>(in, out, n);
    case REFMATH_GELU_TANH: return EvalArray<ExactGeluTanh>(in, out, n);
  }
}

size_t FloatLanes() { return hn::Lanes(hn::ScalableTag<float>()); }

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace refmath {
namespace detail {

#define REFMATH_TARGET_ROW(ID, BIT, NS) \
  {ID, BIT, &refmath::NS::FloatLanes, &refmath::NS::EvalExact},

// Best first, as Highway orders its target bits.
static const TargetKernels kExactTargets[] = {
#if HWY_TARGETS & HWY_AVX3_DL
    REFMATH_TARGET_ROW(REFMATH_TARGET_AVX3_DL, HWY_AVX3_DL, N_AVX3_DL)
#endif
#if HWY_TARGETS & HWY_AVX3
    REFMATH_TARGET_ROW(REFMATH_TARGET_AVX3, HWY_AVX3, N_AVX3)
#endif
#if HWY_TARGETS & HWY_AVX2
    REFMATH_TARGET_ROW(REFMATH_TARGET_AVX2, HWY_AVX2, N_AVX2)
#endif
#if HWY_TARGETS & HWY_SSE4
    REFMATH_TARGET_ROW(REFMATH_TARGET_SSE4, HWY_SSE4, N_SSE4)
#endif
#if HWY_TARGETS & HWY_SSSE3
    REFMATH_TARGET_ROW(REFMATH_TARGET_SSSE3, HWY_SSSE3, N_SSSE3)
#endif
#if HWY_TARGETS & HWY_EMU128
    REFMATH_TARGET_ROW(REFMATH_TARGET_EMU128, HWY_EMU128, N_EMU128)
#endif
#if HWY_TARGETS & HWY_SCALAR
    REFMATH_TARGET_ROW(REFMATH_TARGET_SCALAR, HWY_SCALAR, N_SCALAR)
#endif
};
#undef REFMATH_TARGET_ROW

KernelTable ExactKernelTable() {
  return {kExactTargets, sizeof(kExactTargets) / sizeof(kExactTargets[0])};
}

}  // namespace detail
}  // namespace refmath
#endif  // HWY_ONCE
