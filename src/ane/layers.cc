#include "refmath/ane/layers.h"

#include <math.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"
#include "src/ane/along_axis.h"
#include "src/base/text.h"

namespace refmath {
namespace ane {
namespace {

constexpr Half kHalfOne = 0x3C00;

[[noreturn]] void Refuse(const char* op, const std::string& why) {
  throw std::invalid_argument(std::string("ane::") + op + ": " + why);
}

// A constant of the graph: `v` rounded to binary16 as the profile's
// elementwise ops round.
Tensor Constant(double v, const Profile& p) {
  return Tensor::Scalar(HalfFromDouble(v, p.Elementwise()));
}

void CheckEps(const char* op, double eps) {
  if (!(eps >= 0) || !isfinite(eps)) {
    Refuse(op, "eps must be finite and not negative");
  }
}

// An optional per-feature operand (gamma, beta): absent, or shape [k].
void CheckFeatureShape(const char* op, const char* name, const Tensor* t,
                       size_t k) {
  if (t != nullptr && t->shape() != Shape{k}) {
    Refuse(op, std::string(name) + " has shape " + ShapeText(t->shape()) +
                   ", not " + ShapeText(Shape{k}));
  }
}

// The norms' means go through the matmul route: (x @ ones) * fp16(1/K).
constexpr bool kWide = true;

// 1 / sqrt(v + fp16(eps)): the rsqrt of the norms as three device ops.
Tensor InverseRoot(const Tensor& v, double eps, const Profile& p) {
  return Reciprocal(Sqrt(Add(v, Constant(eps, p), p), p), p);
}

// The length of `axis` of x (a bad axis refused by AxisIndex).
size_t AxisLength(const Tensor& x, int axis) { return x.shape()[AxisIndex(x, axis)]; }

// `f` along `axis` (along_axis.h), an empty axis refused first.
template <typename F>
Tensor AlongNonEmptyAxis(const char* op, const Tensor& x, int axis, F f) {
  if (AxisLength(x, axis) == 0) Refuse(op, "the normalized axis is empty");
  return AlongAxis(x, axis, f);
}

Tensor LayerNormLast(const Tensor& x, const Tensor* gamma, const Tensor* beta,
                     double eps, const Profile& p) {
  const Tensor d = Sub(x, ReduceMean(x, -1, kWide, p), p);
  const Tensor var = ReduceMean(Mul(d, d, p), -1, kWide, p);
  Tensor y = Mul(d, InverseRoot(var, eps, p), p);
  if (gamma != nullptr) y = Mul(y, *gamma, p);
  if (beta != nullptr) y = Add(y, *beta, p);
  return y;
}

Tensor RmsNormLast(const Tensor& x, const Tensor* gamma, double eps,
                   const Profile& p) {
  const Tensor ms = ReduceMean(Mul(x, x, p), -1, kWide, p);
  Tensor y = Mul(x, InverseRoot(ms, eps, p), p);
  if (gamma != nullptr) y = Mul(y, *gamma, p);
  return y;
}

}  // namespace

Tensor LayerNorm(const Tensor& x, const Tensor* gamma, const Tensor* beta,
                 double eps, int axis, const Profile& p) {
  CheckEps("LayerNorm", eps);
  const size_t k = AxisLength(x, axis);
  CheckFeatureShape("LayerNorm", "gamma", gamma, k);
  CheckFeatureShape("LayerNorm", "beta", beta, k);
  return AlongNonEmptyAxis("LayerNorm", x, axis, [&](const Tensor& t) {
    return LayerNormLast(t, gamma, beta, eps, p);
  });
}

Tensor RmsNorm(const Tensor& x, const Tensor* gamma, double eps, int axis,
               const Profile& p) {
  CheckEps("RmsNorm", eps);
  CheckFeatureShape("RmsNorm", "gamma", gamma, AxisLength(x, axis));
  return AlongNonEmptyAxis("RmsNorm", x, axis, [&](const Tensor& t) {
    return RmsNormLast(t, gamma, eps, p);
  });
}

Tensor Gelu(const Tensor& x, const Profile& p) {
  const Tensor cube = Mul(Mul(x, x, p), x, p);
  const Tensor u = Add(x, Mul(Constant(0.044715, p), cube, p), p);
  const Tensor t = Tanh(Mul(Constant(0.7978845608028654, p), u, p), p);  // sqrt(2/pi)
  return Mul(Mul(Constant(0.5, p), x, p),
             Add(Tensor::Scalar(kHalfOne), t, p), p);
}

bool WithinFusedAttentionEnvelope(size_t queries, size_t keys) {
  return queries <= kFusedAttentionMaxLength && keys <= kFusedAttentionMaxLength &&
         !(queries > kFusedAttentionMaxBothAxes && keys > kFusedAttentionMaxBothAxes);
}

Tensor Attention(const Tensor& q, const Tensor& k, const Tensor& v,
                 double scale, bool causal, const Profile& p) {
  for (const Tensor* t : {&q, &k, &v}) {
    if (t->rank() < 2) {
      Refuse("Attention", "q, k and v need 2 to 4 axes, got " +
                              ShapeText(q.shape()) + ", " + ShapeText(k.shape()) +
                              ", " + ShapeText(v.shape()));
    }
  }
  const size_t d = q.cols(), lq = q.shape()[q.rank() - 2];
  const size_t lk = k.shape()[k.rank() - 2];
  if (k.cols() != d || v.shape()[v.rank() - 2] != lk) {
    Refuse("Attention", "q [..., Lq, D], k [..., Lk, D] and v [..., Lk, Dv] "
                        "do not fit: " + ShapeText(q.shape()) + ", " +
                        ShapeText(k.shape()) + ", " + ShapeText(v.shape()));
  }
  if (!(scale >= 0) || !isfinite(scale)) {
    Refuse("Attention", "scale must be finite and not negative");
  }
  const double s = scale == 0 ? 1.0 / sqrt(static_cast<double>(d)) : scale;
  Tensor scores = Mul(Matmul(q, Transpose(k, -1, -2), p), Constant(s, p), p);
  if (causal) {
    Tensor keep = Tensor::Filled({lq, lk}, 0);
    for (size_t i = 0; i < lq; ++i) {
      for (size_t j = 0; j <= i && j < lk; ++j) keep[i * lk + j] = kHalfOne;
    }
    scores = Select(keep, scores, Tensor::Scalar(kHalfNegInf), p);
  }
  return Matmul(Softmax(scores, p), v, p);
}

Tensor Im2col(const Tensor& x, size_t image, size_t kh, size_t kw,
              const Conv2dOptions& o) {
  const size_t c = x.shape()[1], h = x.shape()[2], w = x.shape()[3];
  const size_t ho = (h + 2 * o.pad_h - kh) / o.stride_h + 1;
  const size_t wo = (w + 2 * o.pad_w - kw) / o.stride_w + 1;
  Tensor cols = Tensor::Filled({c * kh * kw, ho * wo}, 0);
  const Half* src = &x.data()[image * c * h * w];
  size_t row = 0;
  for (size_t ch = 0; ch < c; ++ch) {
    for (size_t i = 0; i < kh; ++i) {
      for (size_t j = 0; j < kw; ++j, ++row) {
        for (size_t oh = 0; oh < ho; ++oh) {
          for (size_t ow = 0; ow < wo; ++ow) {
            // Row and column in the padded input, then in x.
            const size_t ph = oh * o.stride_h + i, pw = ow * o.stride_w + j;
            if (ph < o.pad_h || ph - o.pad_h >= h || pw < o.pad_w ||
                pw - o.pad_w >= w) {
              continue;  // padding: +0
            }
            cols[row * ho * wo + oh * wo + ow] =
                src[(ch * h + ph - o.pad_h) * w + pw - o.pad_w];
          }
        }
      }
    }
  }
  return cols;
}

Tensor Conv2d(const Tensor& x, const Tensor& w, const Conv2dOptions& o,
              const Profile& p) {
  const std::string shapes =
      "x " + ShapeText(x.shape()) + ", w " + ShapeText(w.shape());
  if (x.rank() != 4 || w.rank() != 4) {
    Refuse("Conv2d", "x [N, C, H, W] and w [O, C, KH, KW] need 4 axes, got " + shapes);
  }
  const size_t n = x.shape()[0], c = x.shape()[1];
  const size_t out = w.shape()[0], kh = w.shape()[2], kw = w.shape()[3];
  if (w.shape()[1] != c) Refuse("Conv2d", "channel counts differ, " + shapes);
  if (o.stride_h < 1 || o.stride_w < 1) Refuse("Conv2d", "stride must be at least 1");
  if (kh < 1 || kw < 1 || kh > x.shape()[2] + 2 * o.pad_h ||
      kw > x.shape()[3] + 2 * o.pad_w) {
    Refuse("Conv2d", "the kernel is empty or larger than the padded input, " + shapes);
  }
  const size_t ho = (x.shape()[2] + 2 * o.pad_h - kh) / o.stride_h + 1;
  const size_t wo = (x.shape()[3] + 2 * o.pad_w - kw) / o.stride_w + 1;
  const Tensor weights({out, c * kh * kw}, w.data());
  std::vector<Half> data;
  data.reserve(n * out * ho * wo);
  for (size_t image = 0; image < n; ++image) {
    const Tensor y = Matmul(weights, Im2col(x, image, kh, kw, o), p);
    data.insert(data.end(), y.data().begin(), y.data().end());
  }
  return Tensor({n, out, ho, wo}, std::move(data));
}

}  // namespace ane
}  // namespace refmath
