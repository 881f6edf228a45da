// ONNX Gemm (docs/tensor-ops.md, "gemm"): P = matmul(A', B') with A' and
// B' the operands or their transposes (views of the same memory), then
// y = alpha*P + beta*C element by element, C broadcast to (M, N).
#include "refmath/tensor.h"
#include "src/tensor/algorithms.h"
#include "src/tensor/checks.h"
#include "src/tensor/parallel.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

// t with its two axes swapped when `swap`.
refmath_tensor Transposed(const refmath_tensor& t, bool swap) {
  refmath_tensor v = t;
  if (swap) {
    v.shape[0] = t.shape[1];
    v.shape[1] = t.shape[0];
    v.stride[0] = t.stride[1];
    v.stride[1] = t.stride[0];
  }
  return v;
}

float& At(const refmath_tensor& t, size_t i, size_t j) {
  return t.data[static_cast<ptrdiff_t>(i) * t.stride[0] +
                static_cast<ptrdiff_t>(j) * t.stride[1]];
}

// out = alpha*out + beta*C (each product rounded, then the sum) for rows
// [begin, end); without C, alpha*out.
void Epilogue(const refmath_tensor& out, const refmath_tensor* c,
              float alpha, float beta, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    for (size_t j = 0; j < out.shape[1]; ++j) {
      float y = alpha * At(out, i, j);
      if (c != nullptr) y = y + beta * At(*c, i, j);
      At(out, i, j) = CanonicalNaN(y);
    }
  }
}

int CheckGemm(const refmath_tensor* a, const refmath_tensor* b,
              const refmath_tensor* c, int trans_a, int trans_b,
              const refmath_tensor* out, refmath_tensor* av,
              refmath_tensor* bv, refmath_tensor* cv) {
  int status = CheckViews({a, b, out});
  if (status == REFMATH_OK && c) status = CheckView(c);
  if (status != REFMATH_OK) return status;
  if ((trans_a != 0 && trans_a != 1) || (trans_b != 0 && trans_b != 1)) {
    return REFMATH_E_BAD_ARGUMENT;
  }
  if (a->ndim != 2 || b->ndim != 2 || out->ndim != 2) return REFMATH_E_SHAPE;
  *av = Transposed(*a, trans_a);
  *bv = Transposed(*b, trans_b);
  const size_t m = av->shape[0], n = bv->shape[1], mn[2] = {m, n};
  if (av->shape[1] != bv->shape[0] || out->shape[0] != m ||
      out->shape[1] != n || (c && !BroadcastView(*c, 2, mn, cv))) {
    return REFMATH_E_SHAPE;
  }
  if (OverlapsAny(*out, {a, b, c})) return REFMATH_E_OVERLAP;
  return REFMATH_OK;
}

}  // namespace
}  // namespace tensor
}  // namespace refmath

using namespace refmath::tensor;  // NOLINT: the C entry point below

extern "C" int refmath_tensor_gemm(const refmath_tensor* a,
                                   const refmath_tensor* b,
                                   const refmath_tensor* c, float alpha,
                                   float beta, int trans_a, int trans_b,
                                   const refmath_tensor* out,
                                   const refmath_tensor_options* opt) {
  Engine e;
  int status = Setup(opt, &e, nullptr);
  refmath_tensor av, bv, cv;
  if (status == REFMATH_OK) {
    status = CheckGemm(a, b, c, trans_a, trans_b, out, &av, &bv, &cv);
  }
  if (status != REFMATH_OK) return status;
  return Guarded([&] {
    Matmul(e, av, bv, *out);
    const size_t m = out->shape[0];
    ParallelFor(m, ThreadsFor(e.threads, m * out->shape[1]),
                [&](size_t begin, size_t end) {
                  Epilogue(*out, c ? &cv : nullptr, alpha, beta, begin, end);
                });
  });
}
