#include "src/conform/decoder_case.h"

#include <algorithm>

#include "src/conform/tensor_cases.h"

namespace refmath {
namespace conformance {
namespace {

using Dims = std::vector<size_t>;

// An array and its shape; View() is C-contiguous over it.
struct Array {
  std::vector<float> v;
  Dims shape;
  refmath_tensor View() {
    return refmath_tensor_contiguous(v.data(), shape.size(), shape.data());
  }
};

Array Zeros(Dims shape) {
  size_t n = 1;
  for (size_t d : shape) n *= d;
  return {std::vector<float>(n, 0.0f), shape};
}

// Weight `index` of the case: the generator's input `index`, times 2^e.
Array Weight(size_t number, size_t index, Dims shape, int e) {
  Array a = Zeros(shape);
  a.v = TensorInput(number, index, a.v.size(), e);
  return a;
}

struct Layer {
  Array attn_gain, wq, wk, wv, wo, mlp_gain, w_gate, w_up, w_down;
};

struct Weights {
  Array embed, final_gain, head;
  std::vector<Layer> layers;
};

// Input 0 the embedding (e = 0); layer l's nine from 1 + 9l (gains e = 0,
// matrices e = -2); then the final gain and the head.
Weights MakeWeights(size_t number, const DecoderShape& s) {
  Weights w;
  const size_t qd = s.heads * s.head_dim, kd = s.kv_heads * s.head_dim;
  w.embed = Weight(number, 0, {s.vocab, s.dim}, 0);
  for (size_t l = 0; l < s.layers; ++l) {
    const size_t b = 1 + 9 * l;
    w.layers.push_back({Weight(number, b, {s.dim}, 0),
                        Weight(number, b + 1, {s.dim, qd}, -2),
                        Weight(number, b + 2, {s.dim, kd}, -2),
                        Weight(number, b + 3, {s.dim, kd}, -2),
                        Weight(number, b + 4, {qd, s.dim}, -2),
                        Weight(number, b + 5, {s.dim}, 0),
                        Weight(number, b + 6, {s.dim, s.ffn}, -2),
                        Weight(number, b + 7, {s.dim, s.ffn}, -2),
                        Weight(number, b + 8, {s.ffn, s.dim}, -2)});
  }
  const size_t f = 1 + 9 * s.layers;
  w.final_gain = Weight(number, f, {s.dim}, 0);
  w.head = Weight(number, f + 1, {s.dim, s.vocab}, -2);
  return w;
}

// The RoPE tables of positions 0..len-1: angle = float(p) * f[i], f =
// 10000^(-2i/8) as the binary32 constants 1, 0.1, 0.01, 0.001, then the
// correctly rounded sin and cos.
int RopeTables(size_t len, const refmath_tensor_options& opt, Array* cos,
               Array* sin) {
  static const float kFreq[4] = {1.0f, 0.1f, 0.01f, 0.001f};
  *cos = Zeros({len, 4});
  *sin = Zeros({len, 4});
  std::vector<float> angle(len * 4);
  for (size_t p = 0; p < len; ++p) {
    for (size_t i = 0; i < 4; ++i) {
      angle[p * 4 + i] = static_cast<float>(p) * kFreq[i];
    }
  }
  return refmath_sincos_f32(REFMATH_CORRECT, opt.target, angle.data(),
                            sin->v.data(), cos->v.data(), angle.size());
}

// Rows [start, start + n) of a table, as a view.
refmath_tensor TableRows(Array* t, size_t start, size_t n) {
  refmath_tensor v = t->View();
  v.data += start * t->shape[1];
  v.shape[0] = n;
  return v;
}

// [len, heads*hd] memory at `data` seen as [1, heads, len, hd].
refmath_tensor Heads(float* data, size_t len, size_t heads, size_t hd) {
  const size_t shape[4] = {1, heads, len, hd};
  refmath_tensor t = refmath_tensor_contiguous(data, 4, shape);
  t.stride[1] = static_cast<ptrdiff_t>(hd);
  t.stride[2] = static_cast<ptrdiff_t>(heads * hd);
  return t;
}

// Runs the calls in order while they succeed; the first failure's status.
struct Chain {
  int status = REFMATH_OK;
  Chain& operator<<(int s) {
    if (status == REFMATH_OK) status = s;
    return *this;
  }
};

// A layer's keys (after RoPE) and values of the positions so far, one
// row of kv_heads * head_dim per position.
struct Cache {
  std::vector<float> k, v;
  size_t len = 0;
};

// The attention block for n new positions from `start`: q, k, v of the
// RMS-normed h, RoPE at their positions, the new keys and values appended
// to the cache, attention of the new queries over every cached key
// (causal when the cache holds only these positions: the prompt; one new
// position otherwise), h += its projection.
int AttentionBlock(Layer& w, const DecoderShape& s, size_t n, size_t start,
                   Array* h, Array* cos, Array* sin, Cache* cache,
                   const refmath_tensor_options& o) {
  const size_t hd = s.head_dim, kd = s.kv_heads * hd;
  Array x = Zeros({n, s.dim}), q = Zeros({n, s.heads * hd}), k = Zeros({n, kd}),
        v = Zeros(k.shape), a = Zeros(q.shape), proj = Zeros(x.shape);
  refmath_tensor hv = h->View(), xv = x.View(), qv = q.View(), kv = k.View(),
                 vv = v.View(), av = a.View(), pv = proj.View(),
                 cv = TableRows(cos, start, n), sv = TableRows(sin, start, n),
                 wq = w.wq.View(), wk = w.wk.View(), wv = w.wv.View(),
                 wo = w.wo.View(), g1 = w.attn_gain.View();
  const refmath_tensor q4 = Heads(q.v.data(), n, s.heads, hd),
                       k4 = Heads(k.v.data(), n, s.kv_heads, hd),
                       a4 = Heads(a.v.data(), n, s.heads, hd);
  Chain c;
  c << refmath_tensor_rms_norm(&hv, &g1, 1e-6f, &xv, &o)
    << refmath_tensor_matmul(&xv, &wq, &qv, &o)
    << refmath_tensor_matmul(&xv, &wk, &kv, &o)
    << refmath_tensor_matmul(&xv, &wv, &vv, &o)
    << refmath_tensor_rope(&q4, &cv, &sv, 0, &q4, &o)
    << refmath_tensor_rope(&k4, &cv, &sv, 0, &k4, &o);
  if (c.status != REFMATH_OK) return c.status;
  cache->k.insert(cache->k.end(), k.v.begin(), k.v.end());
  cache->v.insert(cache->v.end(), v.v.begin(), v.v.end());
  cache->len += n;
  const refmath_tensor ck = Heads(cache->k.data(), cache->len, s.kv_heads, hd),
                       cvv = Heads(cache->v.data(), cache->len, s.kv_heads, hd);
  refmath_attention_options attn = refmath_attention_default_options();
  attn.causal = cache->len == n;
  c << refmath_tensor_attention_heads(&q4, &ck, &cvv, &attn, &a4, &o)
    << refmath_tensor_matmul(&av, &wo, &pv, &o)
    << refmath_tensor_add(&hv, &pv, &hv, &o);
  return c.status;
}

// h += the SwiGLU MLP of the RMS-normed h.
int MlpBlock(Layer& w, const DecoderShape& s, Array* h,
             const refmath_tensor_options& o) {
  const size_t n = h->shape[0];
  Array x = Zeros({n, s.dim}), gate = Zeros({n, s.ffn}), up = Zeros(gate.shape),
        proj = Zeros(x.shape);
  refmath_tensor hv = h->View(), xv = x.View(), gv = gate.View(),
                 uv = up.View(), pv = proj.View(), g2 = w.mlp_gain.View(),
                 wg = w.w_gate.View(), wu = w.w_up.View(),
                 wd = w.w_down.View();
  Chain c;
  c << refmath_tensor_rms_norm(&hv, &g2, 1e-6f, &xv, &o)
    << refmath_tensor_matmul(&xv, &wg, &gv, &o)
    << refmath_tensor_matmul(&xv, &wu, &uv, &o)
    << refmath_tensor_swiglu(&gv, &uv, &gv, &o)
    << refmath_tensor_matmul(&gv, &wd, &pv, &o)
    << refmath_tensor_add(&hv, &pv, &hv, &o);
  return c.status;
}

// logits [n, vocab] of the tokens at positions start.., each layer's
// earlier positions in its cache.
int Forward(Weights& w, const DecoderShape& s, const std::vector<int>& tokens,
            size_t start, std::vector<Cache>* caches, Array* cos, Array* sin,
            const refmath_tensor_options& o, Array* logits) {
  const size_t n = tokens.size();
  Array h = Zeros({n, s.dim});
  for (size_t r = 0; r < n; ++r) {
    std::copy_n(w.embed.v.begin() + tokens[r] * s.dim, s.dim,
                h.v.begin() + r * s.dim);
  }
  Chain c;
  for (size_t l = 0; l < w.layers.size(); ++l) {
    c << AttentionBlock(w.layers[l], s, n, start, &h, cos, sin,
                        &(*caches)[l], o)
      << MlpBlock(w.layers[l], s, &h, o);
  }
  Array x = Zeros(h.shape);
  *logits = Zeros({n, s.vocab});
  refmath_tensor hv = h.View(), xv = x.View(), gv = w.final_gain.View(),
                 head = w.head.View(), lv = logits->View();
  c << refmath_tensor_rms_norm(&hv, &gv, 1e-6f, &xv, &o)
    << refmath_tensor_matmul(&xv, &head, &lv, &o);
  return c.status;
}

// The first index of the largest logit.
int Argmax(const float* logits, size_t n) {
  return static_cast<int>(std::max_element(logits, logits + n) - logits);
}

// One sequence: the prompt, then `steps` positions one at a time; the
// logits before each step, then the new tokens, appended to *out.
int DecodeOne(Weights& w, const DecoderShape& s, std::vector<int> seq,
              size_t steps, const refmath_tensor_options& o,
              std::vector<float>* out) {
  Array cos, sin, logits;
  std::vector<Cache> caches(w.layers.size());
  const size_t prompt = seq.size();
  int status = RopeTables(prompt + steps, o, &cos, &sin);
  std::vector<int> fresh = seq;  // the positions not yet in the caches
  for (size_t step = 0; step < steps && status == REFMATH_OK; ++step) {
    status = Forward(w, s, fresh, seq.size() - fresh.size(), &caches, &cos,
                     &sin, o, &logits);
    if (status != REFMATH_OK) break;
    const float* last = logits.v.data() + (logits.shape[0] - 1) * s.vocab;
    out->insert(out->end(), last, last + s.vocab);
    seq.push_back(Argmax(last, s.vocab));
    fresh = {seq.back()};
  }
  for (size_t i = prompt; i < seq.size(); ++i) {
    out->push_back(static_cast<float>(seq[i]));
  }
  return status;
}

}  // namespace

std::vector<int> DecoderPrompt(size_t number, size_t j, size_t vocab) {
  std::vector<int> p(3 + 2 * j);
  for (size_t i = 0; i < p.size(); ++i) {
    p[i] = static_cast<int>((7 * i + 13 * j + 5 * number) % vocab);
  }
  return p;
}

int RunDecoder(size_t number, size_t first, size_t batch, size_t steps,
               const refmath_tensor_options& opt, std::vector<float>* out) {
  const DecoderShape s;
  Weights w = MakeWeights(number, s);
  out->clear();
  for (size_t b = 0; b < batch; ++b) {
    const int status = DecodeOne(w, s, DecoderPrompt(number, first + b, s.vocab),
                                 steps, opt, out);
    if (status != REFMATH_OK) return status;
  }
  return REFMATH_OK;
}

}  // namespace conformance
}  // namespace refmath
