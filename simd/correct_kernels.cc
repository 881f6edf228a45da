// The complete method of the correctly rounded kernels (REFMATH_CORRECT),
// compiled once per target: binary64 lanes, IEEE operations rounded once,
// no fused multiply-add (-ffp-contract=off), so the binary64 values and
// the set of hard cases are the same on every target (docs/correct.md).
// The variant's entry point is EvalCorrect in correct_quick_kernels.cc,
// which tries the quick path first and calls EvalCorrectComplete for the
// rest.  Their binary16 and bfloat16 forms are in correct_narrow.cc, a
// translation unit that a parallel build compiles beside this one; their
// two roundings, which only the search of hard cases reads, are in
// correct_bounds.cc, linked into that tool alone.
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
#include "simd/correct/complete_kernels-inl.h"
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

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();
