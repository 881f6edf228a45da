// The cases of golden/tensor.sha256 (docs/golden-hashes.md, "Tensor
// module"): each an operation, a shape and inputs from a fixed generator,
// run through the C API of refmath/tensor.h.  Needs nothing beyond the
// public API and the C++ standard library, so a bare-metal firmware
// (tools/cross/m55) builds it too.
#ifndef REFMATH_SRC_CONFORM_TENSOR_CASES_H_
#define REFMATH_SRC_CONFORM_TENSOR_CASES_H_

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/tensor.h"

namespace refmath {
namespace conformance {

struct TensorCase {
  const char* op;  // sum, sum_cr, mean, dot, matmul, softmax, log_softmax,
                   // layer_norm, rms_norm, attention, the reductions (max,
                   // min, prod, sum_square, l1, l2, logsumexp),
                   // layer_norm_stats, the activations (silu, softplus,
                   // gelu, gelu_tanh), swiglu, add, rope, decoder (a
                   // transformer decoding greedily, decoder_case.h)
  std::vector<size_t> dims;  // see TensorCases() in tensor_digests.cc
  int exponent;              // inputs scaled by 2^exponent
  bool extra;                // layer/RMS norm: scale (and bias); attention:
                             // mask; sums: over axis 0; add: b one row;
                             // rope: interleaved
  bool special;              // the fixed 6 x 8 matrix of special values
  // Half-precision storage (docs/tensor-ops.md, "Half precision"): every
  // input rounded to the format first, the outputs rounded to it last
  // (and digested as the binary32 values they widen to).
  enum class Storage { kFloat32, kBinary16, kBfloat16 } storage =
      Storage::kFloat32;
};

const std::vector<TensorCase>& TensorCases();

// "sum:1x17", "matmul:33x300x45", "layer_norm:7x4097:scale",
// "softmax:7x4097:bf16", ...
std::string TensorCaseName(const TensorCase& c);

// The generated input `index` of case `number` (docs/golden-hashes.md):
// n values of the 32-bit LCG seeded with number * 16 + index + 1.
std::vector<float> TensorInput(size_t number, size_t index, size_t n,
                               int exponent);

// The outputs of one case, or a negative status.
int RunTensorCase(const TensorCase& c, size_t number,
                  const refmath_tensor_options& opt, std::vector<float>* out);

}  // namespace conformance
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_TENSOR_CASES_H_
