// The compositions of the ANE model (refmath/ane/layers.h): each equals the
// sequence of model ops it is defined as, written out here one scalar op
// at a time with every sum a Dot (the matmul's definition), under every
// preset, on random and edge inputs; and small cases worked by hand.
#include "refmath/ane/layers.h"

#include <math.h>

#include <random>
#include <stdexcept>
#include <vector>

#include "conformance/ane/test_profiles.h"
#include "gtest/gtest.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {
namespace {

constexpr Half kOne = 0x3C00;
const char* const kPresets[] = {"spec", "m1", "m3", "m5"};

Half Const(double v, const Profile& p) { return HalfFromDouble(v, p.Elementwise()); }

// Dot of x with ones: the matmul route's sum.
Half SumOnes(const std::vector<Half>& x, const Profile& p) {
  const std::vector<Half> ones(x.size(), kOne);
  return Dot(x.data(), ones.data(), x.size(), p);
}

// Layer norm of one row, step by step (layers.h).
std::vector<Half> LayerNormRow(std::vector<Half> x, const std::vector<Half>* gamma,
                               const std::vector<Half>* beta, double eps,
                               const Profile& p) {
  const Half inv_k = Const(1.0 / x.size(), p);
  const Half mean = Mul(SumOnes(x, p), inv_k, p);
  std::vector<Half> sq(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = Sub(x[i], mean, p);
    sq[i] = Mul(x[i], x[i], p);
  }
  const Half var = Mul(SumOnes(sq, p), inv_k, p);
  const Half r = Reciprocal(Sqrt(Add(var, Const(eps, p), p), p), p);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = Mul(x[i], r, p);
    if (gamma) x[i] = Mul(x[i], (*gamma)[i], p);
    if (beta) x[i] = Add(x[i], (*beta)[i], p);
  }
  return x;
}

std::vector<Half> RmsNormRow(std::vector<Half> x, const std::vector<Half>* gamma,
                             double eps, const Profile& p) {
  std::vector<Half> sq(x.size());
  for (size_t i = 0; i < x.size(); ++i) sq[i] = Mul(x[i], x[i], p);
  const Half ms = Mul(SumOnes(sq, p), Const(1.0 / x.size(), p), p);
  const Half r = Reciprocal(Sqrt(Add(ms, Const(eps, p), p), p), p);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = Mul(x[i], r, p);
    if (gamma) x[i] = Mul(x[i], (*gamma)[i], p);
  }
  return x;
}

// Applies a row function to every row of a [rows, k] tensor.
template <typename F>
std::vector<Half> Rows(const Tensor& x, F f) {
  std::vector<Half> out;
  for (size_t r = 0; r < x.rows(); ++r) {
    const std::vector<Half> row(x.data().begin() + r * x.cols(),
                                x.data().begin() + (r + 1) * x.cols());
    const std::vector<Half> y = f(row);
    out.insert(out.end(), y.begin(), y.end());
  }
  return out;
}

TEST(AneLayers, LayerNormIsItsOpSequence) {
  std::mt19937 rng(11);
  const Tensor x = Random({6, 48}, 3.0, &rng);
  const Tensor gamma = Random({48}, 2.0, &rng, false), beta = Random({48}, 1.0, &rng, false);
  for (const char* name : kPresets) {
    const Profile p = Preset(name);
    for (double eps : {kDefaultNormEps, 0.0, 0.25}) {
      EXPECT_EQ(LayerNorm(x, nullptr, nullptr, eps, -1, p).data(),
                Rows(x, [&](const std::vector<Half>& r) {
                  return LayerNormRow(r, nullptr, nullptr, eps, p);
                })) << name << " eps " << eps;
    }
    EXPECT_EQ(LayerNorm(x, &gamma, &beta, 1e-3, -1, p).data(),
              Rows(x, [&](const std::vector<Half>& r) {
                return LayerNormRow(r, &gamma.data(), &beta.data(), 1e-3, p);
              })) << name;
    // Along axis 0: the same on the transpose, transposed back.
    const Tensor xt = Transpose(x, 0, 1);
    EXPECT_EQ(LayerNorm(xt, nullptr, nullptr, kDefaultNormEps, 0, p).data(),
              Transpose(Tensor({6, 48}, Rows(x, [&](const std::vector<Half>& r) {
                          return LayerNormRow(r, nullptr, nullptr, kDefaultNormEps, p);
                        })), 0, 1).data()) << name;
  }
}

TEST(AneLayers, RmsNormIsItsOpSequence) {
  std::mt19937 rng(12);
  const Tensor x = Random({2, 3, 40}, 4.0, &rng);
  const Tensor gamma = Random({40}, 2.0, &rng, false);
  for (const char* name : kPresets) {
    const Profile p = Preset(name);
    EXPECT_EQ(RmsNorm(x, nullptr, kDefaultNormEps, -1, p).data(),
              Rows(x, [&](const std::vector<Half>& r) {
                return RmsNormRow(r, nullptr, kDefaultNormEps, p);
              })) << name;
    EXPECT_EQ(RmsNorm(x, &gamma, 0.5, -1, p).data(),
              Rows(x, [&](const std::vector<Half>& r) {
                return RmsNormRow(r, &gamma.data(), 0.5, p);
              })) << name;
  }
}

TEST(AneLayers, NormsOfInfinitiesNaNsAndLargeRows) {
  // A row with +inf, one with NaN, one of 65504s (its sum leaves binary16,
  // and the devices saturate at 32768), one of subnormals.
  std::vector<double> v(32, 1.5);
  v[2] = INFINITY;
  v[9] = NAN;
  for (size_t i = 16; i < 24; ++i) v[i] = 65504;
  for (size_t i = 24; i < 32; ++i) v[i] = i % 2 ? 3e-6 : -6e-8;
  const Tensor x = Tensor::FromDoubles({4, 8}, v);
  for (const char* name : kPresets) {
    const Profile p = Preset(name);
    EXPECT_EQ(LayerNorm(x, nullptr, nullptr, kDefaultNormEps, -1, p).data(),
              Rows(x, [&](const std::vector<Half>& r) {
                return LayerNormRow(r, nullptr, nullptr, kDefaultNormEps, p);
              })) << name;
    EXPECT_EQ(RmsNorm(x, nullptr, kDefaultNormEps, -1, p).data(),
              Rows(x, [&](const std::vector<Half>& r) {
                return RmsNormRow(r, nullptr, kDefaultNormEps, p);
              })) << name;
  }
}

TEST(AneLayers, NormsWorkedByHand) {
  // [1, 2, 3, 4]: sum 10, mean 10 * 0.25 = 2.5, d = [-1.5, -0.5, 0.5, 1.5],
  // sum of squares 5, var 1.25; 1.25 + 0x00A8 rounds to 1.25, sqrt(1.25)
  // to 1.1181640625, its reciprocal to 0.89453125 (0x3B28);
  // y = [-1.341796875 (0xBD5E), -0.447265625 (0xB728), ...], all exact.
  const Tensor x = Tensor::Vector({1, 2, 3, 4});
  for (const char* name : kPresets) {
    EXPECT_EQ(LayerNorm(x, nullptr, nullptr, kDefaultNormEps, -1, Preset(name)).data(),
              (std::vector<Half>{0xBD5E, 0xB728, 0x3728, 0x3D5E})) << name;
  }
  // A constant row: d = 0 and var = 0.  Under spec, var + eps is the
  // subnormal eps, 1/sqrt of it rounds to 316 and y = 0 * 316 = +0.
  // The device presets read the subnormal eps as 0: 1/sqrt(0) = inf and
  // y = 0 * inf = NaN.
  const Tensor c = Tensor::Vector({3, 3, 3, 3});
  EXPECT_EQ(LayerNorm(c, nullptr, nullptr).data(), std::vector<Half>(4, 0));
  EXPECT_EQ(LayerNorm(c, nullptr, nullptr, kDefaultNormEps, -1, Preset("m3")).data(),
            std::vector<Half>(4, kHalfCanonicalNaN));
  // RMS [3, 4]: mean square 12.5, sqrt to 3.53515625, reciprocal to
  // 0.282958984375; 3 * that = 0.848876953125 is a tie between 0x3ACA and
  // 0x3ACB: even, 0x3ACA (0.8486328125); 4 * that = 0x3C87, exact.
  EXPECT_EQ(RmsNorm(Tensor::Vector({3, 4}), nullptr).data(),
            (std::vector<Half>{0x3ACA, 0x3C87}));
}

Half GeluOf(Half x, const Profile& p) {
  const Half cube = Mul(Mul(x, x, p), x, p);
  const Half u = Add(x, Mul(Const(0.044715, p), cube, p), p);
  const Half t = Tanh(Mul(Const(0.7978845608028654, p), u, p), p);
  return Mul(Mul(Const(0.5, p), x, p), Add(kOne, t, p), p);
}

TEST(AneLayers, GeluIsItsOpSequenceOnEveryHalf) {
  std::vector<Half> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = static_cast<Half>(i);
  const Tensor x({all.size()}, all);
  for (const char* name : kPresets) {
    const Profile p = Preset(name);
    const Tensor y = Gelu(x, p);
    for (uint32_t i = 0; i < all.size(); ++i) {
      ASSERT_EQ(y[i], GeluOf(all[i], p)) << name << " x 0x" << std::hex << i;
    }
  }
  // Worked from the steps: fp16(0.044715) = 0x29B9, fp16(sqrt(2/pi)) =
  // 0x3A62 (0.7978515625).  x = 1: u = 1.044921875, tanh(0.83367...)
  // rounds to 0.68212890625, y = 0.5 * 1.68212890625 = 0.8408203125
  // (0x3ABA).  x = -3: u = -4.20703125, tanh to -0.99755859375,
  // y = -1.5 * 0.00244140625 = -0.003662109375 (0x9B80).
  EXPECT_EQ(Gelu(Tensor::Vector({1, -3, 0})).data(),
            (std::vector<Half>{0x3ABA, 0x9B80, 0}));
}

// Attention of one [lq, d] / [lk, d] / [lk, dv] block, step by step.
std::vector<Half> AttentionBlock(const Half* q, const Half* k, const Half* v, size_t lq,
                                 size_t lk, size_t d, size_t dv, double scale,
                                 bool causal, const Profile& p) {
  const Half s = Const(scale == 0 ? 1 / sqrt(static_cast<double>(d)) : scale, p);
  std::vector<Half> out;
  for (size_t i = 0; i < lq; ++i) {
    std::vector<Half> e(lk);
    Half max = kHalfNegInf;
    for (size_t j = 0; j < lk; ++j) {
      e[j] = causal && j > i ? kHalfNegInf : Mul(Dot(&q[i * d], &k[j * d], d, p), s, p);
      max = Max(max, e[j], p);
    }
    for (Half& t : e) t = Exp(Sub(t, max, p), p);
    const Half sum = SumOnes(e, p);
    for (Half& t : e) t = Div(t, sum, p);
    for (size_t c = 0; c < dv; ++c) {
      std::vector<Half> column(lk);
      for (size_t j = 0; j < lk; ++j) column[j] = v[j * dv + c];
      out.push_back(Dot(e.data(), column.data(), lk, p));
    }
  }
  return out;
}

TEST(AneLayers, AttentionIsItsOpSequence) {
  std::mt19937 rng(13);
  constexpr size_t kB = 2, kLq = 5, kLk = 7, kD = 8, kDv = 3;
  const Tensor q = Random({kB, kLq, kD}, 2.0, &rng, false);
  const Tensor k = Random({kB, kLk, kD}, 2.0, &rng, false);
  const Tensor v = Random({kB, kLk, kDv}, 4.0, &rng, false);
  for (const char* name : kPresets) {
    const Profile p = Preset(name);
    for (bool causal : {false, true}) {
      for (double scale : {0.0, 0.3}) {
        std::vector<Half> want;
        for (size_t b = 0; b < kB; ++b) {
          const std::vector<Half> block = AttentionBlock(
              &q.data()[b * kLq * kD], &k.data()[b * kLk * kD], &v.data()[b * kLk * kDv],
              kLq, kLk, kD, kDv, scale, causal, p);
          want.insert(want.end(), block.begin(), block.end());
        }
        const Tensor got = Attention(q, k, v, scale, causal, p);
        EXPECT_EQ(got.shape(), (Shape{kB, kLq, kDv}));
        EXPECT_EQ(got.data(), want) << name << " causal " << causal << " scale " << scale;
      }
    }
  }
  // One k and v for every batch of q: broadcast as the matmul's.
  const Tensor k1 = Tensor({1, kLk, kD}, std::vector<Half>(k.data().begin(),
                                                          k.data().begin() + kLk * kD));
  const Tensor v1 = Tensor({kLk, kDv}, std::vector<Half>(v.data().begin(),
                                                        v.data().begin() + kLk * kDv));
  const std::vector<Half> second = AttentionBlock(&q.data()[kLq * kD], k1.data().data(),
                                                  v1.data().data(), kLq, kLk, kD, kDv, 0,
                                                  false, SpecProfile());
  const Tensor got = Attention(q, k1, v1);
  EXPECT_EQ(std::vector<Half>(got.data().begin() + kLq * kDv, got.data().end()), second);
}

TEST(AneLayers, AttentionWorkedByHand) {
  // q = [1, 0], k = I, v = [[1, 2], [3, 4]], scale fp16(1/sqrt 2) =
  // 0.70703125: scores [0.70703125, 0]; softmax: e = [1, exp(-0.70703125)
  // = 0.4931640625], s = 1.4931640625, p = [0.669921875, 0.330322265625];
  // out = [p0 + 3 p1, 2 p0 + 4 p1] = [1.6611328125 (0x3EA5),
  // 2.66015625 (0x4152)].
  const Tensor q = Tensor::FromDoubles({1, 2}, {1, 0});
  const Tensor k = Tensor::FromDoubles({2, 2}, {1, 0, 0, 1});
  const Tensor v = Tensor::FromDoubles({2, 2}, {1, 2, 3, 4});
  EXPECT_EQ(Attention(q, k, v).data(), (std::vector<Half>{0x3EA5, 0x4152}));
  // Causal: the first query sees only the first key, p = [1, 0], and its
  // output is v's first row exactly.
  const Tensor q2 = Tensor::FromDoubles({2, 2}, {1, 0, 0, 1});
  const Tensor y = Attention(q2, k, v, 0, true);
  EXPECT_EQ(y[0], kOne);
  EXPECT_EQ(y[1], 0x4000);
}

// Conv2d by its definition: every output a Dot over (c, i, j), padded
// positions +0.
std::vector<Half> ConvByDot(const Tensor& x, const Tensor& w, const Conv2dOptions& o,
                            const Profile& p) {
  const size_t n = x.shape()[0], c = x.shape()[1], h = x.shape()[2], wd = x.shape()[3];
  const size_t out = w.shape()[0], kh = w.shape()[2], kw = w.shape()[3];
  const size_t ho = (h + 2 * o.pad_h - kh) / o.stride_h + 1;
  const size_t wo = (wd + 2 * o.pad_w - kw) / o.stride_w + 1;
  std::vector<Half> y;
  for (size_t b = 0; b < n; ++b) {
    for (size_t f = 0; f < out; ++f) {
      for (size_t oh = 0; oh < ho; ++oh) {
        for (size_t ow = 0; ow < wo; ++ow) {
          std::vector<Half> patch;
          for (size_t ch = 0; ch < c; ++ch) {
            for (size_t i = 0; i < kh; ++i) {
              for (size_t j = 0; j < kw; ++j) {
                const long r = static_cast<long>(oh * o.stride_h + i) - static_cast<long>(o.pad_h);
                const long s = static_cast<long>(ow * o.stride_w + j) - static_cast<long>(o.pad_w);
                const bool inside = r >= 0 && s >= 0 && r < static_cast<long>(h) &&
                                    s < static_cast<long>(wd);
                patch.push_back(inside ? x[((b * c + ch) * h + r) * wd + s] : Half{0});
              }
            }
          }
          y.push_back(Dot(&w.data()[f * c * kh * kw], patch.data(), patch.size(), p));
        }
      }
    }
  }
  return y;
}

TEST(AneLayers, Conv2dIsTheIm2colMatmul) {
  std::mt19937 rng(14);
  const Tensor x = Random({2, 3, 7, 6}, 3.0, &rng);
  const Tensor w = Random({4, 3, 3, 2}, 1.0, &rng, false);
  for (const char* name : kPresets) {
    const Profile p = Preset(name);
    for (const Conv2dOptions& o : {Conv2dOptions{}, Conv2dOptions{2, 1, 1, 1},
                                   Conv2dOptions{3, 2, 2, 0}}) {
      const Tensor y = Conv2d(x, w, o, p);
      EXPECT_EQ(y.data(), ConvByDot(x, w, o, p)) << name << " stride " << o.stride_h;
      EXPECT_EQ(y.shape()[2], (7 + 2 * o.pad_h - 3) / o.stride_h + 1);
    }
  }
}

TEST(AneLayers, Conv2dPaddingMeetsInfiniteWeights) {
  // A padded +0 against an infinite weight is NaN, as in the matmul; an
  // infinite input spreads to the outputs whose windows hold it.
  std::mt19937 rng(15);
  Tensor x = Random({1, 2, 4, 4}, 2.0, &rng, false);
  Tensor w = Random({2, 2, 3, 3}, 1.0, &rng, false);
  x[5] = kHalfPosInf;
  w[0] = kHalfNegInf;
  for (const char* name : kPresets) {
    const Profile p = Preset(name);
    const Tensor y = Conv2d(x, w, {1, 1, 1, 1}, p);
    EXPECT_EQ(y.data(), ConvByDot(x, w, {1, 1, 1, 1}, p)) << name;
    EXPECT_EQ(y[0], kHalfCanonicalNaN) << name;  // w[0] meets the padding
  }
}

TEST(AneLayers, Conv2dWorkedByHand) {
  // x = 1..9 as 3x3, w = [[1, 0], [0, 1]]: each output is x[r][c] +
  // x[r+1][c+1]: [1+5, 2+6, 4+8, 5+9].
  const Tensor x = Tensor::FromDoubles({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  const Tensor w = Tensor::FromDoubles({1, 1, 2, 2}, {1, 0, 0, 1});
  EXPECT_EQ(Conv2d(x, w).ToDoubles(), (std::vector<double>{6, 8, 12, 14}));
  // Padding 1, stride 2: windows at rows/columns -1 and 1; only x[0][0],
  // x[0][2], x[2][0] and x[1][1] + x[2][2] meet the kernel's 1s.
  EXPECT_EQ(Conv2d(x, w, {2, 2, 1, 1}).ToDoubles(), (std::vector<double>{1, 3, 7, 14}));
}

TEST(AneLayers, BadShapesAreRefused) {
  const Tensor x = Tensor::Filled({2, 4}, kOne);
  const Tensor g3 = Tensor::Filled({3}, kOne);
  EXPECT_THROW(LayerNorm(x, &g3, nullptr), std::invalid_argument);
  EXPECT_THROW(LayerNorm(x, nullptr, &g3), std::invalid_argument);
  EXPECT_THROW(LayerNorm(x, nullptr, nullptr, -1.0), std::invalid_argument);
  EXPECT_THROW(LayerNorm(x, nullptr, nullptr, NAN), std::invalid_argument);
  EXPECT_THROW(LayerNorm(x, nullptr, nullptr, 1e-5, 2), std::invalid_argument);
  EXPECT_THROW(LayerNorm(Tensor::Scalar(kOne), nullptr, nullptr), std::invalid_argument);
  EXPECT_THROW(LayerNorm(Tensor::Filled({2, 0}, 0), nullptr, nullptr), std::invalid_argument);
  const Tensor g2 = Tensor::Filled({2}, kOne);
  EXPECT_NO_THROW(LayerNorm(x, &g2, &g2, 1e-5, 0));  // axis 0 has length 2
  EXPECT_THROW(RmsNorm(x, &g3), std::invalid_argument);
  EXPECT_THROW(RmsNorm(x, nullptr, 1e-5, -3), std::invalid_argument);

  const Tensor q = Tensor::Filled({3, 4}, kOne), k = Tensor::Filled({5, 4}, kOne);
  const Tensor v = Tensor::Filled({5, 2}, kOne);
  EXPECT_EQ(Attention(q, k, v).shape(), (Shape{3, 2}));
  EXPECT_THROW(Attention(q, Tensor::Filled({5, 3}, kOne), v), std::invalid_argument);
  EXPECT_THROW(Attention(q, k, Tensor::Filled({4, 2}, kOne)), std::invalid_argument);
  EXPECT_THROW(Attention(Tensor::Filled({4}, kOne), k, v), std::invalid_argument);
  EXPECT_THROW(Attention(q, k, v, -1.0), std::invalid_argument);
  EXPECT_THROW(Attention(Tensor::Filled({2, 3, 4}, kOne), Tensor::Filled({3, 5, 4}, kOne),
                         Tensor::Filled({3, 5, 2}, kOne)),
               std::invalid_argument);  // batch axes 2 and 3

  const Tensor img = Tensor::Filled({1, 2, 4, 4}, kOne);
  EXPECT_THROW(Conv2d(img, Tensor::Filled({3, 1, 2, 2}, kOne)), std::invalid_argument);
  EXPECT_THROW(Conv2d(img, Tensor::Filled({3, 2, 5, 2}, kOne)), std::invalid_argument);
  EXPECT_NO_THROW(Conv2d(img, Tensor::Filled({3, 2, 5, 2}, kOne), {1, 1, 1, 0}));
  EXPECT_THROW(Conv2d(img, Tensor::Filled({3, 2, 2, 2}, kOne), {0, 1, 0, 0}),
               std::invalid_argument);
  EXPECT_THROW(Conv2d(Tensor::Filled({2, 4, 4}, kOne), Tensor::Filled({3, 2, 2, 2}, kOne)),
               std::invalid_argument);
}

}  // namespace
}  // namespace ane
}  // namespace refmath
