// Internal: the per-target entry points of the tensor kernels, one table
// per variant (filled by exact_tensor.cc and fast_tensor.cc through
// simd/dispatch/target_table.h).  Every kernel works on contiguous rows; the
// strided views (views.cc), the block tree (tree.h) and the threads
// (parallel.cc) are algorithms.cc's to combine.
#ifndef REFMATH_SRC_TENSOR_TENSOR_TABLE_H_
#define REFMATH_SRC_TENSOR_TENSOR_TABLE_H_

#include <stddef.h>
#include <stdint.h>

#include "refmath/refmath.h"

namespace refmath {
namespace tensor {

struct TensorKernels {
  // The canonical sum of x[0..n) (dot: of x[i]*y[i]), n <= kBlock: the 16
  // accumulators and their tree (docs/tensor-ops.md, steps 1-3).
  float (*block_sum)(const float* x, size_t n);
  float (*block_dot)(const float* x, const float* y, size_t n);
  // The same of (x[i] - mu)^2, each x[i] - mu rounded once.
  float (*block_squared_deviation)(const float* x, float mu, size_t n);
  // The correctly rounded sum's vector part (exact_window-inl.h): the
  // largest exponent field, and the exact binary64 sum of the elements
  // with an exponent field >= lo (the others copied to rest; their count).
  int (*max_exponent)(const float* x, size_t n);
  size_t (*window_sum)(const float* x, size_t n, int lo, double* sum,
                       float* rest);
  // The largest element and whether some element is NaN (n >= 1).
  float (*row_max)(const float* x, size_t n, bool* any_nan);
  // out[i] = ExpNonPositive(x[i] - m).
  void (*exp_shifted)(const float* x, float m, float* out, size_t n);
  // out[i] = x[i] / s.
  void (*divide)(const float* x, float s, float* out, size_t n);
  // out[i] = (x[i] - m) - c.
  void (*shift_twice)(const float* x, float m, float c, float* out,
                      size_t n);
  // log(s) by the variant's log kernel.
  float (*log1)(float s);
  // out[i] = ((x[i] - mu) / sigma) * g[i] + b[i]; g or b may be null
  // (absent).  mu = +0 leaves x unchanged.
  void (*normalize)(const float* x, float mu, float sigma, const float* g,
                    const float* b, float* out, size_t n);
  // c[r][j] = sum over k < kk of a[r][k] * b[k][j], added in k order from
  // -0 (one k-block), r < rows, j < cols; cols a multiple of 32.
  void (*matmul_block)(const float* a, size_t lda, const float* b,
                       size_t ldb, float* c, size_t ldc, size_t rows,
                       size_t cols, size_t kk);
};

struct TensorTargetRow {
  refmath_target target;
  int64_t hwy_target;
  size_t (*lanes)();
  const TensorKernels* kernels;
};

struct TensorTable {
  const TensorTargetRow* rows;
  size_t count;
};

TensorTable ExactTensorTable();
TensorTable FastTensorTable();

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_TENSOR_TABLE_H_
