// Scaled dot-product attention (docs/tensor-ops.md, "Attention"):
// S = q k^T by matmul, each score divided by sqrt(d) (or multiplied by a
// scale) and the mask added, left-out keys set to -inf, softmax over each
// row, then P v by matmul; a causal row i takes keys 0..i only, in both
// the softmax and P v, so that it has the bits of a decode step at i.
// One (query, key, value) slice; the 2-D entry point here, the one with
// batch and heads in attention_heads.cc.
#include <math.h>

#include <algorithm>
#include <vector>

#include "refmath/tensor.h"
#include "src/tensor/algorithms.h"
#include "src/tensor/attention.h"
#include "src/tensor/checks.h"
#include "src/tensor/parallel.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

bool Is2D(const refmath_tensor* t, size_t rows, size_t cols) {
  return t->ndim == 2 && t->shape[0] == rows && t->shape[1] == cols;
}

int CheckAttention(const refmath_tensor* q, const refmath_tensor* k,
                   const refmath_tensor* v, const refmath_tensor* mask,
                   const refmath_tensor* out) {
  int status = CheckViews({q, k, v, out});
  if (status == REFMATH_OK && mask) status = CheckView(mask);
  if (status != REFMATH_OK) return status;
  if (q->ndim != 2 || k->ndim != 2 || v->ndim != 2) return REFMATH_E_SHAPE;
  const size_t lq = q->shape[0], d = q->shape[1], lk = k->shape[0];
  if (!Is2D(k, lk, d) || v->shape[0] != lk || !Is2D(out, lq, v->shape[1]) ||
      (mask && !Is2D(mask, lq, lk))) {
    return REFMATH_E_SHAPE;
  }
  if (d == 0 || lk == 0) return REFMATH_E_EMPTY_AXIS;
  if (OverlapsAny(*out, {q, k, v, mask})) return REFMATH_E_OVERLAP;
  return REFMATH_OK;
}

float At(const refmath_tensor& t, size_t i, size_t j) {
  return t.data[static_cast<ptrdiff_t>(i) * t.stride[0] +
                static_cast<ptrdiff_t>(j) * t.stride[1]];
}

// The keys query i reads: all lk, or with causal 0..min(i, lk - 1) only.
size_t KeysOf(const ScoreOptions& so, size_t i, size_t lk) {
  return so.causal ? std::min(i + 1, lk) : lk;
}

// Row i of the scores, over its keys: / sqrt(d) (or * scale), + mask,
// -inf where keep leaves a key out, softmax, in place.  A causal row's
// later entries are neither read nor written.
void ScoreRows(const TensorKernels& kk, float* s, size_t lk, float root_d,
               const ScoreOptions& so, size_t begin, size_t end) {
  std::vector<float> scratch;
  for (size_t i = begin; i < end; ++i) {
    float* row = s + i * lk;
    const size_t n = KeysOf(so, i, lk);
    if (so.has_scale) {
      for (size_t j = 0; j < n; ++j) row[j] = row[j] * so.scale;
    } else {
      kk.divide(row, root_d, row, n);
    }
    if (so.mask) {
      for (size_t j = 0; j < n; ++j) row[j] = row[j] + At(*so.mask, i, j);
    }
    for (size_t j = 0; so.keep && j < n; ++j) {
      if (At(*so.keep, i, j) == 0.0f) row[j] = -INFINITY;
    }
    SoftmaxRow(kk, row, row, n, false, &scratch);
  }
}

}  // namespace

void AttentionSlice(const Engine& e, const refmath_tensor& q,
                    const refmath_tensor& k, const refmath_tensor& v,
                    const ScoreOptions& so, const refmath_tensor& out) {
  const size_t lq = q.shape[0], d = q.shape[1], lk = k.shape[0];
  std::vector<float> scores(lq * lk);
  const size_t shape[2] = {lq, lk};
  const refmath_tensor s = refmath_tensor_contiguous(scores.data(), 2, shape);
  refmath_tensor kt = k;  // k^T: the same memory, axes swapped
  kt.shape[0] = d;
  kt.shape[1] = lk;
  kt.stride[0] = k.stride[1];
  kt.stride[1] = k.stride[0];
  Matmul(e, q, kt, s);
  const float root_d = sqrtf(static_cast<float>(d));
  ParallelFor(lq, ThreadsFor(e.threads, lq * lk),
              [&](size_t begin, size_t end) {
                ScoreRows(*e.k, scores.data(), lk, root_d, so, begin, end);
              });
  if (so.causal) {
    MatmulCausal(e, s, v, out);  // row i over keys 0..i only
  } else {
    Matmul(e, s, v, out);
  }
}

}  // namespace tensor
}  // namespace refmath

using namespace refmath::tensor;  // NOLINT: the C entry point below

extern "C" int refmath_tensor_attention(const refmath_tensor* q,
                                        const refmath_tensor* k,
                                        const refmath_tensor* v,
                                        const refmath_tensor* mask,
                                        const refmath_tensor* out,
                                        const refmath_tensor_options* opt) {
  Engine e;
  int status = Setup(opt, &e, nullptr);
  if (status == REFMATH_OK) status = CheckAttention(q, k, v, mask, out);
  if (status != REFMATH_OK) return status;
  ScoreOptions so;
  so.mask = mask;
  return Guarded([&] { AttentionSlice(e, *q, *k, *v, so, *out); });
}
