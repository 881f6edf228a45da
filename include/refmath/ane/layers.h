// The compositions ANE graphs are built from (layer norm, RMS norm, GELU,
// attention, 2-D convolution), each decomposed into the model's device
// ops (ops.h, matmul.h) under a profile: every step is one op with the
// profile's rounding, elementwise steps in binary16 and every sum through
// the wide-accumulator matmul route.  docs/ane.md ("Layers") lists the
// steps of each; the result is what the device computes if its graph is
// that sequence.
//
// Constants (1/K, eps, scale, GELU's coefficients) enter the graph as
// binary16 values rounded with the profile's elementwise rounding, so a
// subnormal constant reads as zero under a flushing profile.
#ifndef REFMATH_ANE_LAYERS_H_
#define REFMATH_ANE_LAYERS_H_

#include <stddef.h>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

// PyTorch's default eps of layer_norm and rms_norm (binary16 0x00A8, a
// subnormal: 1.0013580322265625e-05).
constexpr double kDefaultNormEps = 1e-5;

// Layer norm along `axis` (-1 the last), with the mean and the variance
// through the matmul route:
//   mean = (x @ ones) * fp16(1/K)      d = x - mean
//   var = ((d * d) @ ones) * fp16(1/K) r = 1 / sqrt(var + fp16(eps))
//   y = d * r, then y * gamma and y + beta where given.
// gamma and beta (null: none) have shape [K], K the axis' length.  A bad
// axis, a gamma or beta of another shape, K = 0 or a negative or
// non-finite eps: std::invalid_argument.
Tensor LayerNorm(const Tensor& x, const Tensor* gamma, const Tensor* beta,
                 double eps = kDefaultNormEps, int axis = -1,
                 const Profile& p = SpecProfile());

// RMS norm along `axis`: ms = ((x * x) @ ones) * fp16(1/K),
// r = 1 / sqrt(ms + fp16(eps)), y = x * r, then y * gamma where given.
// Errors as LayerNorm.
Tensor RmsNorm(const Tensor& x, const Tensor* gamma,
               double eps = kDefaultNormEps, int axis = -1,
               const Profile& p = SpecProfile());

// GELU in its tanh form, every element:
//   u = x + fp16(0.044715) * ((x * x) * x)
//   y = (fp16(0.5) * x) * (1 + tanh(fp16(sqrt(2 / pi)) * u))
// with the native tanh (ops.h).  The erf form is not modelled: the
// model's erf graph (special.h) is meant for |x| <= 2 only.
Tensor Gelu(const Tensor& x, const Profile& p = SpecProfile());

// Scaled dot-product attention as the decomposed graph computes it:
//   s = (q @ k^T) * fp16(scale), softmax(s) along the last axis (Softmax,
//   matmul.h), then @ v.
// q [..., Lq, D], k [..., Lk, D], v [..., Lk, Dv], 2 to 4 axes, batch
// axes broadcasting as Matmul's.  scale 0 means 1 / sqrt(D).  causal:
// before the softmax, s[i][j] for j > i becomes -inf (a select of a
// lower-triangular mask).  Shapes that do not fit, or a negative or
// non-finite scale: std::invalid_argument.
Tensor Attention(const Tensor& q, const Tensor& k, const Tensor& v,
                 double scale = 0, bool causal = false,
                 const Profile& p = SpecProfile());

// The envelope of the device's native fused attention (the numerics spec:
// about 3e-3 within it, about 1.0 outside, where the device emits the
// decomposition Attention computes instead): neither axis above 2048 and
// not both above 512.  The model computes the decomposition either way.
constexpr size_t kFusedAttentionMaxLength = 2048;
constexpr size_t kFusedAttentionMaxBothAxes = 512;
bool WithinFusedAttentionEnvelope(size_t queries, size_t keys);

// 2-D convolution (cross-correlation, as PyTorch's conv2d) of x [N, C, H, W]
// with w [O, C, KH, KW], zero padding and stride per axis: for each image,
// w as [O, C*KH*KW] @ the im2col matrix [C*KH*KW, HO*WO] (Matmul), the
// im2col row (c, i, j) holding x[c][oh*sh + i - ph][ow*sw + j - pw], +0
// where that lies in the padding.  So every output is Dot over the
// products in (c, i, j) order, c slowest, padded positions included.
// Result [N, O, HO, WO], HO = (H + 2 ph - KH) / sh + 1.  Bad ranks,
// channel counts, a stride below 1 or a kernel larger than the padded
// input: std::invalid_argument.
struct Conv2dOptions {
  size_t stride_h = 1, stride_w = 1;
  size_t pad_h = 0, pad_w = 0;
};
Tensor Conv2d(const Tensor& x, const Tensor& w, const Conv2dOptions& o = {},
              const Profile& p = SpecProfile());

// The im2col matrix of one image of x, [C*KH*KW, HO*WO], as above.
Tensor Im2col(const Tensor& x, size_t image, size_t kh, size_t kw,
              const Conv2dOptions& o);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_LAYERS_H_
