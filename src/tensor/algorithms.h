// The operations of docs/tensor-ops.md on contiguous rows and on views
// already checked by the C API (api.cc): the canonical sum over blocks,
// the row steps of softmax and the norms, matmul over k-blocks.
#ifndef REFMATH_SRC_TENSOR_ALGORITHMS_H_
#define REFMATH_SRC_TENSOR_ALGORITHMS_H_

#include <stddef.h>

#include <vector>

#include "refmath/tensor.h"
#include "src/tensor/tensor_table.h"

namespace refmath {
namespace tensor {

struct Engine {
  const TensorKernels* k;
  size_t threads;
};

// "Canonical summation": blocks of kBlock, each by the kernel, combined by
// the pairwise tree; threads take whole blocks.  n == 0 gives +0; a NaN
// result is 0x7FC00000.
float CanonicalSum(const Engine& e, const float* x, size_t n);
float CanonicalDot(const Engine& e, const float* x, const float* y, size_t n);
// D(d, d) with d[i] = x[i] - mu, without storing d.
float CanonicalSquaredDeviation(const Engine& e, const float* x, float mu,
                                size_t n);
// The correctly rounded sum of x[0], x[step], ... (threads over parts).
float CorrectlyRoundedSum(const Engine& e, const float* x, size_t n,
                          ptrdiff_t step);

// One row (n >= 1) of each row operation; scratch is the caller's, reused
// across rows.  out may equal x.
void SoftmaxRow(const TensorKernels& k, const float* x, float* out, size_t n,
                bool log, std::vector<float>* scratch);
// The reductions of refmath_reduce_op over one contiguous row (n >= 1 for
// max, min and log-sum-exp); scratch is the caller's.
float ReduceRow(const TensorKernels& k, refmath_reduce_op op, const float* x,
                size_t n, std::vector<float>* scratch);

// Layer norm's row statistics (ONNX LayerNormalization's Mean and
// InvStdDev): mu, and 1 / sigma rounded once.
struct NormStats {
  float mean;
  float inv_std_dev;
};
void LayerNormRow(const TensorKernels& k, const float* x, const float* g,
                  const float* b, float eps, float* out, size_t n,
                  NormStats* stats = nullptr);
void RmsNormRow(const TensorKernels& k, const float* x, const float* g,
                float eps, float* out, size_t n);

// out = a b ("matmul"), shapes already checked; K == 0 gives +0.
void Matmul(const Engine& e, const refmath_tensor& a, const refmath_tensor& b,
            const refmath_tensor& out);
// The same with row i of out summing over k = 0..min(i, K-1) only, its
// k-blocks and tree those of that shorter sum (a causal attention's P v);
// a's entries past a row's last k are not read.
void MatmulCausal(const Engine& e, const refmath_tensor& a,
                  const refmath_tensor& b, const refmath_tensor& out);

// The canonical NaN for a NaN, x otherwise.
float CanonicalNaN(float x);

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_ALGORITHMS_H_
