// The kernel set of one tensor variant: REFMATH_TENSOR_KERNELS(NAME, ARITH)
// defines the per-target TensorKernels NAME (src/tensor/tensor_table.h)
// with every kernel instantiated for the arithmetic policy ARITH.

// clang-format off
#if defined(REFMATH_SRC_TENSOR_TENSOR_KERNELS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SRC_TENSOR_TENSOR_KERNELS_INL_H_
#undef REFMATH_SRC_TENSOR_TENSOR_KERNELS_INL_H_
#else
#define REFMATH_SRC_TENSOR_TENSOR_KERNELS_INL_H_
#endif
// clang-format on

#include "simd/dispatch/eval_array-inl.h"
#include "src/tensor/canonical_sum-inl.h"
#include "src/tensor/exact_window-inl.h"
#include "src/tensor/matmul-inl.h"
#include "src/tensor/row_ops-inl.h"

#endif  // include guard

#ifndef REFMATH_TENSOR_KERNELS
#define REFMATH_TENSOR_KERNELS(NAME, ARITH)                              \
  const tensor::TensorKernels NAME = {                                   \
      &BlockSum<ARITH>, &BlockDot<ARITH>, &BlockSquaredDeviation<ARITH>,  \
      &MaxExponentField, &WindowSum,      &RowMax,                      \
      &ExpShifted<ARITH>, &DivideRow,      &ShiftTwice,                  \
      &Log1<ARITH>,     &Normalize<ARITH>,                               \
      &MatmulBlock<ARITH>};
#endif
