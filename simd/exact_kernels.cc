// The exact (normative) kernels, compiled once per target.  Built with
// -ffp-contract=off; uses only ExactArith, never MulAdd or an approximate
// reciprocal.  conformance/check_no_fma.cmake scans this object for fused
// multiply-add instructions.
#include "simd/no_fast_math.h"
#include "src/kernel_table.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/exact_kernels.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "simd/eval_array-inl.h"
#include "simd/gelu-inl.h"
#include "simd/log-inl.h"
#include "simd/tanh-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

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

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "simd/target_table.h"
REFMATH_DEFINE_KERNEL_TABLE(ExactKernelTable, EvalExact)
#endif  // HWY_ONCE
