// The fixed pairwise tree of docs/tensor-ops.md ("Canonical summation",
// step 3): neighbours are added level by level, p[2j] + p[2j+1], and an
// odd last element moves up a level unchanged.  Shared by the kernels (the
// 16 accumulators) and the block combination; plain binary32 additions,
// compiled with the normative flags.
#ifndef REFMATH_SRC_TENSOR_TREE_H_
#define REFMATH_SRC_TENSOR_TREE_H_

#include <stddef.h>

namespace refmath {
namespace tensor {

// The canonical block length and accumulator count (docs/tensor-ops.md).
constexpr size_t kBlock = 4096;
constexpr size_t kAccumulators = 16;
// matmul's k-block: sequential accumulation inside, the tree across.
constexpr size_t kMatmulBlock = 256;

// Reduces p[0..count) in place by the tree; returns the root (-0 when
// count == 0, the sum's identity).
inline float PairwiseTree(float* p, size_t count) {
  if (count == 0) return -0.0f;
  while (count > 1) {
    const size_t half = count / 2;
    for (size_t j = 0; j < half; ++j) p[j] = p[2 * j] + p[2 * j + 1];
    if (count % 2 != 0) p[half] = p[count - 1];
    count = half + count % 2;
  }
  return p[0];
}

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_TREE_H_
