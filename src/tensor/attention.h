// One slice of scaled dot-product attention (attention.cc): the 2-D
// computation that both attention entry points run, so that a (batch,
// head) slice has the bits of the 2-D call where their options coincide.
#ifndef REFMATH_SRC_TENSOR_ATTENTION_H_
#define REFMATH_SRC_TENSOR_ATTENTION_H_

#include "refmath/tensor.h"
#include "src/tensor/algorithms.h"

namespace refmath {
namespace tensor {

// The steps between the two products, on scores (Lq, Lk).  mask and keep
// are 2-D (Lq, Lk) views or null.
struct ScoreOptions {
  bool has_scale = false;  // false: divide by sqrt(float(d))
  float scale = 1.0f;
  bool causal = false;  // query i reads keys 0..i only
  const refmath_tensor* mask = nullptr;  // added
  const refmath_tensor* keep = nullptr;  // a zero leaves the key out
};

// out[Lq, dv] for q[Lq, d], k[Lk, d], v[Lk, dv], all checked.
void AttentionSlice(const Engine& e, const refmath_tensor& q,
                    const refmath_tensor& k, const refmath_tensor& v,
                    const ScoreOptions& so, const refmath_tensor& out);

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_ATTENTION_H_
