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

// [B*L, heads*hd] memory seen as [B, heads, L, hd].
refmath_tensor Heads(Array* a, size_t batch, size_t len, size_t heads,
                     size_t hd) {
  refmath_tensor t = a->View();
  t.ndim = 4;
  const size_t shape[4] = {batch, heads, len, hd};
  const ptrdiff_t stride[4] = {static_cast<ptrdiff_t>(len * heads * hd),
                               static_cast<ptrdiff_t>(hd),
                               static_cast<ptrdiff_t>(heads * hd), 1};
  for (size_t i = 0; i < 4; ++i) {
    t.shape[i] = shape[i];
    t.stride[i] = stride[i];
  }
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

// x = rms_norm(h), the attention block, h += its output; then the MLP.
int LayerForward(Layer& w, const DecoderShape& s, size_t batch, size_t len,
                 Array* h, Array* cos, Array* sin,
                 const refmath_tensor_options& o) {
  const size_t rows = batch * len, hd = s.head_dim;
  Array x = Zeros({rows, s.dim}), q = Zeros({rows, s.heads * hd}),
        k = Zeros({rows, s.kv_heads * hd}), v = Zeros(k.shape),
        a = Zeros(q.shape), proj = Zeros(x.shape), gate = Zeros({rows, s.ffn}),
        up = Zeros(gate.shape);
  refmath_tensor hv = h->View(), xv = x.View(), qv = q.View(), kv = k.View(),
                 vv = v.View(), av = a.View(), pv = proj.View(),
                 gv = gate.View(), uv = up.View(), cv = cos->View(),
                 sv = sin->View();
  refmath_tensor wq = w.wq.View(), wk = w.wk.View(), wv = w.wv.View(),
                 wo = w.wo.View(), g1 = w.attn_gain.View(),
                 g2 = w.mlp_gain.View(), wg = w.w_gate.View(),
                 wu = w.w_up.View(), wd = w.w_down.View();
  const refmath_tensor q4 = Heads(&q, batch, len, s.heads, hd),
                       k4 = Heads(&k, batch, len, s.kv_heads, hd),
                       v4 = Heads(&v, batch, len, s.kv_heads, hd),
                       a4 = Heads(&a, batch, len, s.heads, hd);
  refmath_attention_options attn = refmath_attention_default_options();
  attn.causal = 1;
  Chain c;
  c << refmath_tensor_rms_norm(&hv, &g1, 1e-6f, &xv, &o)
    << refmath_tensor_matmul(&xv, &wq, &qv, &o)
    << refmath_tensor_matmul(&xv, &wk, &kv, &o)
    << refmath_tensor_matmul(&xv, &wv, &vv, &o)
    << refmath_tensor_rope(&q4, &cv, &sv, 0, &q4, &o)
    << refmath_tensor_rope(&k4, &cv, &sv, 0, &k4, &o)
    << refmath_tensor_attention_heads(&q4, &k4, &v4, &attn, &a4, &o)
    << refmath_tensor_matmul(&av, &wo, &pv, &o)
    << refmath_tensor_add(&hv, &pv, &hv, &o)
    << refmath_tensor_rms_norm(&hv, &g2, 1e-6f, &xv, &o)
    << refmath_tensor_matmul(&xv, &wg, &gv, &o)
    << refmath_tensor_matmul(&xv, &wu, &uv, &o)
    << refmath_tensor_swiglu(&gv, &uv, &gv, &o)
    << refmath_tensor_matmul(&gv, &wd, &pv, &o)
    << refmath_tensor_add(&hv, &pv, &hv, &o);
  return c.status;
}

// logits [B*L, vocab] of the right-padded tokens [B, L].
int Forward(Weights& w, const DecoderShape& s, const std::vector<int>& tokens,
            size_t batch, size_t len, const refmath_tensor_options& o,
            Array* logits) {
  Array h = Zeros({batch * len, s.dim}), cos, sin;
  for (size_t r = 0; r < batch * len; ++r) {
    std::copy_n(w.embed.v.begin() + tokens[r] * s.dim, s.dim,
                h.v.begin() + r * s.dim);
  }
  Chain c;
  c << RopeTables(len, o, &cos, &sin);
  for (Layer& layer : w.layers) {
    c << LayerForward(layer, s, batch, len, &h, &cos, &sin, o);
  }
  Array x = Zeros(h.shape);
  *logits = Zeros({batch * len, s.vocab});
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
  std::vector<std::vector<int>> seq(batch);
  std::vector<std::vector<float>> seen(batch);  // logits used, per sequence
  for (size_t b = 0; b < batch; ++b) {
    seq[b] = DecoderPrompt(number, first + b, s.vocab);
  }
  for (size_t step = 0; step < steps; ++step) {
    size_t len = 0;
    for (const auto& q : seq) len = std::max(len, q.size());
    std::vector<int> tokens(batch * len, 0);  // padded with token 0
    for (size_t b = 0; b < batch; ++b) {
      std::copy(seq[b].begin(), seq[b].end(), tokens.begin() + b * len);
    }
    Array logits;
    const int status = Forward(w, s, tokens, batch, len, opt, &logits);
    if (status != REFMATH_OK) return status;
    for (size_t b = 0; b < batch; ++b) {
      const float* last = logits.v.data() + (b * len + seq[b].size() - 1) *
                                                s.vocab;
      seen[b].insert(seen[b].end(), last, last + s.vocab);
      seq[b].push_back(Argmax(last, s.vocab));
    }
  }
  out->clear();
  for (size_t b = 0; b < batch; ++b) {
    out->insert(out->end(), seen[b].begin(), seen[b].end());
    for (size_t i = seq[b].size() - steps; i < seq[b].size(); ++i) {
      out->push_back(static_cast<float>(seq[b][i]));
    }
  }
  return REFMATH_OK;
}

}  // namespace conformance
}  // namespace refmath
