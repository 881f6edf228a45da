// Scaled dot-product attention with batch and heads, as
// torch.nn.functional.scaled_dot_product_attention has it
// (docs/tensor-ops.md, "attention with batch and heads"): q[B, H, L, d],
// k[B, Hkv, S, d], v[B, Hkv, S, dv], masks broadcast to [B, H, L, S];
// query head h reads key/value head h / (H / Hkv).  Each (b, h) slice is
// AttentionSlice on strided views, so it has the 2-D call's bits where
// their options coincide, and never depends on the other slices.
#include <math.h>

#include "refmath/tensor.h"
#include "src/tensor/algorithms.h"
#include "src/tensor/attention.h"
#include "src/tensor/checks.h"
#include "src/tensor/parallel.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

// The 2-D slice [i0, i1, :, :] of a 4-D view.
refmath_tensor Slice(const refmath_tensor& t, size_t i0, size_t i1) {
  refmath_tensor s = t;
  s.ndim = 2;
  s.shape[0] = t.shape[2];
  s.shape[1] = t.shape[3];
  s.stride[0] = t.stride[2];
  s.stride[1] = t.stride[3];
  if (t.data != nullptr) {
    s.data = t.data + static_cast<ptrdiff_t>(i0) * t.stride[0] +
             static_cast<ptrdiff_t>(i1) * t.stride[1];
  }
  return s;
}

bool Is4D(const refmath_tensor* t, size_t a, size_t b, size_t c, size_t d) {
  return t->ndim == 4 && t->shape[0] == a && t->shape[1] == b &&
         t->shape[2] == c && t->shape[3] == d;
}

struct Heads {
  size_t batch, heads, kv_heads, l, s, d, dv;
  refmath_tensor mask, keep;  // 4-D broadcast views when given
};

int CheckHeads(const refmath_tensor* q, const refmath_tensor* k,
               const refmath_tensor* v, const refmath_attention_options& a,
               const refmath_tensor* out, Heads* h) {
  int status = CheckViews({q, k, v, out});
  if (status == REFMATH_OK && a.mask) status = CheckView(a.mask);
  if (status == REFMATH_OK && a.keep) status = CheckView(a.keep);
  if (status != REFMATH_OK) return status;
  if ((a.causal != 0 && a.causal != 1) ||
      (a.has_scale != 0 && a.has_scale != 1) ||
      (a.has_scale && !isfinite(a.scale))) {
    return REFMATH_E_BAD_ARGUMENT;
  }
  if (q->ndim != 4 || k->ndim != 4 || v->ndim != 4) return REFMATH_E_SHAPE;
  *h = {q->shape[0], q->shape[1], k->shape[1], q->shape[2], k->shape[2],
        q->shape[3], v->shape[3], {}, {}};
  const size_t want[4] = {h->batch, h->heads, h->l, h->s};
  if (!Is4D(k, h->batch, h->kv_heads, h->s, h->d) ||
      !Is4D(v, h->batch, h->kv_heads, h->s, h->dv) ||
      !Is4D(out, h->batch, h->heads, h->l, h->dv) || h->kv_heads == 0 ||
      h->heads % h->kv_heads != 0 ||
      (a.mask && !BroadcastView(*a.mask, 4, want, &h->mask)) ||
      (a.keep && !BroadcastView(*a.keep, 4, want, &h->keep))) {
    return REFMATH_E_SHAPE;
  }
  if (h->d == 0 || h->s == 0) return REFMATH_E_EMPTY_AXIS;
  if (OverlapsAny(*out, {q, k, v, a.mask, a.keep})) return REFMATH_E_OVERLAP;
  return REFMATH_OK;
}

void RunHeads(const Engine& e, const refmath_tensor& q,
              const refmath_tensor& k, const refmath_tensor& v,
              const refmath_attention_options& a, const Heads& h,
              const refmath_tensor& out) {
  const size_t count = h.batch * h.heads, group = h.heads / h.kv_heads;
  // Whole slices per thread when there are enough, else threads inside.
  const bool across = count >= e.threads;
  const Engine inner{e.k, across ? 1 : e.threads};
  const size_t work = h.l * h.s * (h.d + h.dv);
  ParallelFor(count, across ? ThreadsFor(e.threads, count * work) : 1,
              [&](size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      const size_t b = r / h.heads, head = r % h.heads;
      const refmath_tensor mask = a.mask ? Slice(h.mask, b, head) : q;
      const refmath_tensor keep = a.keep ? Slice(h.keep, b, head) : q;
      ScoreOptions so;
      so.has_scale = a.has_scale != 0;
      so.scale = a.scale;
      so.causal = a.causal != 0;
      so.mask = a.mask ? &mask : nullptr;
      so.keep = a.keep ? &keep : nullptr;
      AttentionSlice(inner, Slice(q, b, head), Slice(k, b, head / group),
                     Slice(v, b, head / group), so, Slice(out, b, head));
    }
  });
}

}  // namespace
}  // namespace tensor
}  // namespace refmath

using namespace refmath::tensor;  // NOLINT: the C entry points below

extern "C" {

refmath_attention_options refmath_attention_default_options(void) {
  refmath_attention_options a;
  a.mask = nullptr;
  a.keep = nullptr;
  a.scale = 1.0f;
  a.has_scale = 0;
  a.causal = 0;
  return a;
}

int refmath_tensor_attention_heads(const refmath_tensor* q,
                                   const refmath_tensor* k,
                                   const refmath_tensor* v,
                                   const refmath_attention_options* attn,
                                   const refmath_tensor* out,
                                   const refmath_tensor_options* opt) {
  Engine e;
  int status = Setup(opt, &e, nullptr);
  const refmath_attention_options a =
      attn ? *attn : refmath_attention_default_options();
  Heads h;
  if (status == REFMATH_OK) status = CheckHeads(q, k, v, a, out, &h);
  if (status != REFMATH_OK) return status;
  return Guarded([&] { RunHeads(e, *q, *k, *v, a, h, *out); });
}

}  // extern "C"
