// numpy.matmul's shapes over the 2-D matmul (docs/tensor-ops.md,
// "matmul"): 1-D operands taken as one row or one column, the batch axes
// broadcast, and each batch element handed to the 2-D Matmul as strided
// views.  No arithmetic of its own, so every batch element has the bits of
// the 2-D matmul of that element alone.
#ifndef REFMATH_SRC_TENSOR_MATMUL_SHAPES_H_
#define REFMATH_SRC_TENSOR_MATMUL_SHAPES_H_

#include <stddef.h>

#include "refmath/tensor.h"
#include "src/tensor/algorithms.h"

namespace refmath {
namespace tensor {

// One operand as the batch loop reads it: its matrix at batch index 0 as a
// 2-D view, and its step along each output batch axis (0 where it is
// broadcast).
struct MatmulSide {
  refmath_tensor matrix;
  ptrdiff_t batch_stride[REFMATH_TENSOR_MAX_DIMS];
};

struct MatmulPlan {
  size_t batch_ndim = 0;
  size_t batch[REFMATH_TENSOR_MAX_DIMS] = {};
  size_t ndim = 0;  // the output's
  size_t shape[REFMATH_TENSOR_MAX_DIMS] = {};
  bool a_vector = false, b_vector = false;
  MatmulSide a, b;
};

// The plan of a @ b, false when the shapes do not fit (a 0-d operand, K
// unequal, batch axes that do not broadcast).
bool PlanMatmul(const refmath_tensor& a, const refmath_tensor& b,
                MatmulPlan* p);

// Whether out has the plan's shape.
bool HasPlanShape(const MatmulPlan& p, const refmath_tensor& out);

// out = a @ b by the plan (out's shape already checked).
void BatchedMatmul(const Engine& e, const MatmulPlan& p,
                   const refmath_tensor& out);

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_MATMUL_SHAPES_H_
