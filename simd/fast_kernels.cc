// The fast variants, compiled for the targets with a true fused
// multiply-add: AVX2, AVX-512, and the portable SCALAR/EMU128 through
// std::fma.  SSSE3/SSE4 are not built, so a fast call there returns
// REFMATH_E_TARGET_NOT_BUILT instead of different bits.
//
// exp is FastExp (the spec's "Fast exponential"); gelu_erf is the rational
// form of "Fast-mode erf GELU"; every other function is its exact algorithm
// with each Horner step fused (FusedArith), including the exp inside
// sigmoid, tanh, erf and GELU tanh (docs/fast.md gives the measured error).
#include "simd/no_fast_math.h"
#include "src/kernel_table.h"

// Targets without a fused multiply-add instruction.
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4)

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/fast_kernels.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/eval_array-inl.h"
#include "simd/exp_fast-inl.h"
#include "simd/fused_arith-inl.h"
#include "simd/gelu-inl.h"
#include "simd/gelu_erf_fast-inl.h"
#include "simd/log-inl.h"
#include "simd/tanh-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

#define REFMATH_FAST_KERNEL(NAME, EXPR)               \
  struct FastKernel##NAME {                                 \
    template <class D>                                \
    static HWY_INLINE VecF<D> Apply(D d, VecF<D> x) { \
      return EXPR;                                    \
    }                                                 \
  };
REFMATH_FAST_KERNEL(Exp, FastExp(d, x))
REFMATH_FAST_KERNEL(ExpNonPositive, ExpNonPositive<FusedArith>(d, x))
REFMATH_FAST_KERNEL(Log, Log<FusedArith>(d, x))
REFMATH_FAST_KERNEL(Sigmoid, Sigmoid<FusedArith>(d, x))
REFMATH_FAST_KERNEL(Tanh, Tanh<FusedArith>(d, x))
REFMATH_FAST_KERNEL(Erf, Erf<FusedArith>(d, x))
REFMATH_FAST_KERNEL(OnePlusErf, OnePlusErf<FusedArith>(d, x))
REFMATH_FAST_KERNEL(GeluErf, GeluErfFast(d, x))
REFMATH_FAST_KERNEL(GeluTanh, GeluTanh<FusedArith>(d, x))
#undef REFMATH_FAST_KERNEL

void EvalFast(refmath_function f, const float* in, float* out, size_t n) {
  switch (f) {
    case REFMATH_EXP: return EvalArray<FastKernelExp>(in, out, n);
    case REFMATH_EXP_NONPOSITIVE: return EvalArray<FastKernelExpNonPositive>(in, out, n);
    case REFMATH_LOG: return EvalArray<FastKernelLog>(in, out, n);
    case REFMATH_SIGMOID: return EvalArray<FastKernelSigmoid>(in, out, n);
    case REFMATH_TANH: return EvalArray<FastKernelTanh>(in, out, n);
    case REFMATH_ERF: return EvalArray<FastKernelErf>(in, out, n);
    case REFMATH_ONE_PLUS_ERF: return EvalArray<FastKernelOnePlusErf>(in, out, n);
    case REFMATH_GELU_ERF: return EvalArray<FastKernelGeluErf>(in, out, n);
    case REFMATH_GELU_TANH: return EvalArray<FastKernelGeluTanh>(in, out, n);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/target_table.h"
REFMATH_DEFINE_KERNEL_TABLE(FastKernelTable, EvalFast)
#endif  // HWY_ONCE
