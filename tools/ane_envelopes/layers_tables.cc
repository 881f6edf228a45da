// The layer compositions of refmath/ane/layers.h: the norms, GELU and the
// convolution next to the floor of one binary16 rounding, and decomposed
// attention by sequence length next to the route the numerics spec says
// the device takes there (its native fused layer or the decomposed form).
#include <math.h>

#include <algorithm>
#include <string>
#include <vector>

#include "refmath/ane/layers.h"
#include "src/ane/algorithms/test_matrices.h"
#include "tools/ane_envelopes/sections.h"

namespace refmath {
namespace envelopes {
namespace {

using ane::Tensor;
using Vec = std::vector<double>;

constexpr uint64_t kLayersSeed = 0x5EED0800;  // fixed: the tables reproduce
constexpr size_t kRows = 64, kWidth = 768;
constexpr size_t kChannels = 16, kSide = 32, kOutChannels = 32, kKernel = 3;
constexpr size_t kHead = 64;
constexpr double kQkvScale = 0.5;
const size_t kLengths[] = {128, 512, 1024, 2048, 4096};
constexpr size_t kCausalLength = 1024;

// Standard normal values times `scale`, rounded to binary16 on the way in.
Tensor Normal(const ane::Shape& shape, double scale, ane::Rng& rng,
              const ane::Profile& p) {
  Vec v(Tensor::Count(shape));
  for (double& x : v) x = scale * rng.Normal();
  return Tensor::FromDoubles(shape, v, p);
}

// ||y - ref||_2 / ||ref||_2 of the model's output.
std::string Error(const Tensor& y, const Vec& ref) {
  return Sci(ane::RelativeError2(y.ToDoubles(), ref));
}

// The same for the reference itself rounded to the nearest binary16: the
// least error any binary16 output can have.
std::string Floor(const Vec& ref) {
  Vec r(ref.size());
  for (size_t i = 0; i < ref.size(); ++i) r[i] = HalfToDouble(HalfFromDouble(ref[i]));
  return Sci(ane::RelativeError2(r, ref));
}

// Layer norm (rms = false) or RMS norm of each row, no gamma or beta.
Vec NormReference(const Vec& x, size_t width, bool rms) {
  Vec y(x.size());
  for (size_t r = 0; r < x.size() / width; ++r) {
    const double* row = &x[r * width];
    double mean = 0;
    if (!rms) {
      for (size_t j = 0; j < width; ++j) mean += row[j];
      mean /= width;
    }
    double ms = 0;
    for (size_t j = 0; j < width; ++j) ms += (row[j] - mean) * (row[j] - mean);
    const double scale = 1 / sqrt(ms / width + ane::kDefaultNormEps);
    for (size_t j = 0; j < width; ++j) y[r * width + j] = (row[j] - mean) * scale;
  }
  return y;
}

Vec GeluReference(const Vec& x) {
  Vec y(x.size());
  const double c = sqrt(2 / M_PI);
  for (size_t i = 0; i < x.size(); ++i) {
    y[i] = 0.5 * x[i] * (1 + tanh(c * (x[i] + 0.044715 * x[i] * x[i] * x[i])));
  }
  return y;
}

// Cross-correlation of x [C, H, W] with w [O, C, K, K], stride 1, zero
// padding (K - 1) / 2: output [O, H, W].
Vec ConvReference(const Vec& x, const Vec& w) {
  const long c_n = kChannels, side = kSide, k_n = kKernel, pad = (kKernel - 1) / 2;
  Vec y(kOutChannels * kSide * kSide, 0.0);
  for (size_t o = 0; o < kOutChannels; ++o) {
    for (long c = 0; c < c_n; ++c) {
      for (long i = 0; i < k_n; ++i) {
        for (long j = 0; j < k_n; ++j) {
          const double wv = w[((o * c_n + c) * k_n + i) * k_n + j];
          for (long h = 0; h < side; ++h) {
            const long xh = h + i - pad;
            if (xh < 0 || xh >= side) continue;
            for (long v = 0; v < side; ++v) {
              const long xw = v + j - pad;
              if (xw < 0 || xw >= side) continue;
              y[(o * side + h) * side + v] += wv * x[(c * side + xh) * side + xw];
            }
          }
        }
      }
    }
  }
  return y;
}

// softmax(q k^T / sqrt(D)) v for q, k, v [n, D], one query row at a time:
// its scores are dot products with contiguous rows of k and its output a
// sum of contiguous rows of v, so the loops stream through memory.
Vec AttentionReference(const Vec& q, const Vec& k, const Vec& v, size_t n,
                       bool causal) {
  const double scale = 1 / sqrt(static_cast<double>(kHead));
  Vec y(n * kHead, 0.0), s(n);
  for (size_t i = 0; i < n; ++i) {
    const size_t visible = causal ? i + 1 : n;
    double top = -INFINITY;
    for (size_t j = 0; j < visible; ++j) {
      double dot = 0;
      for (size_t d = 0; d < kHead; ++d) dot += q[i * kHead + d] * k[j * kHead + d];
      s[j] = dot * scale;
      top = std::max(top, s[j]);
    }
    double sum = 0;
    double* out = &y[i * kHead];
    for (size_t j = 0; j < visible; ++j) {
      const double e = exp(s[j] - top);
      sum += e;
      for (size_t d = 0; d < kHead; ++d) out[d] += e * v[j * kHead + d];
    }
    for (size_t d = 0; d < kHead; ++d) out[d] /= sum;
  }
  return y;
}

std::string NormsGeluConv(const ane::Profile& p) {
  report::MarkdownTable t({"layer", "input", "error", "rounding floor"});
  ane::Rng rng(kLayersSeed);
  const Tensor x = Normal({kRows, kWidth}, 1.0, rng, p);
  const Vec xd = x.ToDoubles();
  const std::string shape = "[" + Int(kRows) + ", " + Int(kWidth) + "]";
  report::Progress("layers", "norms and GELU");
  const Vec ln = NormReference(xd, kWidth, false), rms = NormReference(xd, kWidth, true);
  const Vec gelu = GeluReference(xd);
  t.Row({"LayerNorm, no gamma / beta", shape, Error(ane::LayerNorm(x, nullptr, nullptr,
         ane::kDefaultNormEps, -1, p), ln), Floor(ln)});
  t.Row({"RmsNorm, no gamma", shape,
         Error(ane::RmsNorm(x, nullptr, ane::kDefaultNormEps, -1, p), rms), Floor(rms)});
  t.Row({"GELU, tanh form", shape, Error(ane::Gelu(x, p), gelu), Floor(gelu)});

  report::Progress("layers", "Conv2d");
  const Tensor image = Normal({1, kChannels, kSide, kSide}, 1.0, rng, p);
  const Tensor w = Normal({kOutChannels, kChannels, kKernel, kKernel},
                          1 / sqrt(static_cast<double>(kChannels * kKernel * kKernel)), rng, p);
  ane::Conv2dOptions o;
  o.pad_h = o.pad_w = (kKernel - 1) / 2;
  const Vec conv = ConvReference(image.ToDoubles(), w.ToDoubles());
  t.Row({"Conv2d 3x3, padding 1, w [32, 16, 3, 3]", "[1, 16, 32, 32]",
         Error(ane::Conv2d(image, w, o, p), conv), Floor(conv)});
  return t.Markdown();
}

// The form the spec says the device runs for query length lq and key
// length lk: its native fused layer inside that layer's envelope.
std::string Route(size_t lq, size_t lk) {
  return ane::WithinFusedAttentionEnvelope(lq, lk) ? "fused (spec: ~3e-3)"
                                                   : "decomposed (spec: ~5e-3)";
}

std::vector<std::string> AttentionRow(size_t s, bool causal, ane::Rng& rng,
                                      const ane::Profile& p) {
  report::Progress("layers", "attention S = " + Int(s) + (causal ? ", causal" : ""));
  const Tensor q = Normal({s, kHead}, kQkvScale, rng, p);
  const Tensor k = Normal({s, kHead}, kQkvScale, rng, p);
  const Tensor v = Normal({s, kHead}, kQkvScale, rng, p);
  const Vec ref = AttentionReference(q.ToDoubles(), k.ToDoubles(), v.ToDoubles(), s, causal);
  return {Int(s), causal ? "causal" : "none",
          Error(ane::Attention(q, k, v, 0, causal, p), ref), Route(s, s)};
}

std::string AttentionTable(const ane::Profile& p) {
  report::MarkdownTable t({"S", "mask", "decomposed, measured",
                           "device route by the spec"});
  ane::Rng rng(kLayersSeed + 1);
  for (size_t s : kLengths) t.Row(AttentionRow(s, false, rng, p));
  t.Row(AttentionRow(kCausalLength, true, rng, p));
  return t.Markdown();
}

}  // namespace

std::string LayersTables(const ane::Profile& p) {
  std::string out;
  out += "### Layers: norms, GELU and convolution\n\n"
         "Relative error ||y - y_ref||_2 / ||y_ref||_2. y_ref is the same function "
         "evaluated in double on exactly the binary16 values the model is given "
         "(standard normal draws, rounded once on the way in), so the input cast "
         "costs nothing and the figure is the layer's own arithmetic. The norms "
         "are called without gamma and beta (null pointers) and with the default "
         "eps 1e-5 (the model uses its binary16, the reference 1e-5 itself). "
         "Rounding floor: y_ref rounded to the nearest binary16, element by "
         "element; no binary16 output can come closer. The convolution's weights "
         "are standard normal times 1/sqrt(16 * 9) = 1/12.\n\n";
  out += NormsGeluConv(p);
  out += "\n### Attention by sequence length\n\n"
         "Decomposed attention, the only form the model has: one head of size "
         "64, query length = key length = S, scale 1/sqrt(64), no mask unless "
         "marked causal; q, k and v standard normal times 0.5. Error as above, "
         "against softmax(q k^T / 8) v in double on the same binary16 q, k, v, "
         "over every query row. The last column is the form the numerics spec "
         "says the device emits at that S, with the spec's figure: its native "
         "fused layer inside that layer's envelope (S <= 2048 and not both "
         "axes above 512), the decomposed form outside it, where the spec finds "
         "the fused layer's output wrong (error about 1.0).\n\n";
  out += AttentionTable(p);
  return out;
}

}  // namespace envelopes
}  // namespace refmath
