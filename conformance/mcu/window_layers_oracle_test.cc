// The windowed int8 layers against a second formulation written here from
// TFLite Micro's formulas, on a few hundred small random layers (fixed
// seed): the input is first copied into an explicitly zero-padded array of
// offset-added values, so no tap is ever skipped, and the requantization is
// done with 128-bit integers.  Shapes are non-square, with batches,
// groups, depth multipliers, strides, dilations and both paddings, which
// the hand-worked cases cannot cover one by one.
#include <stdint.h>

#include <algorithm>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/mcu/conv.h"
#include "refmath/mcu/depthwise_conv.h"
#include "refmath/mcu/pooling.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {
namespace {

class Lcg {
 public:
  explicit Lcg(uint64_t seed) : state_(seed) {}
  int Uniform(int lo, int hi) {  // in [lo, hi]
    state_ = state_ * 6364136223846793005u + 1442695040888963407u;
    const uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
    return lo + static_cast<int>((state_ >> 33) % span);
  }

 private:
  uint64_t state_;
};

// floor(a / 2^k) for any sign, on 128-bit values.
__int128 FloorPow2(__int128 a, int k) {
  const __int128 d = static_cast<__int128>(1) << k;
  return a >= 0 ? a / d : -((-a + d - 1) / d);
}

// TFLite's two roundings: the high multiply rounds (v 2^left m) / 2^31
// half up; the power-of-two divide rounds half away from zero.
int64_t Requantized(int64_t v, int32_t m, int shift) {
  const int left = std::max(shift, 0), right = std::max(-shift, 0);
  const __int128 scaled = static_cast<__int128>(v) * (int64_t{1} << left);
  const __int128 high = FloorPow2(scaled * m + (int64_t{1} << 30), 31);
  if (right == 0) return static_cast<int64_t>(high);
  const __int128 magnitude = high < 0 ? -high : high;
  const __int128 q = FloorPow2(magnitude + (static_cast<__int128>(1) << (right - 1)), right);
  return static_cast<int64_t>(high < 0 ? -q : q);
}

// Offset-added input, zero-padded: entry (n, py, px, c) is the input at
// (py - pad_h, px - pad_w) plus the offset, or 0 outside the image.
struct Padded {
  int n, h, w, c;
  std::vector<int64_t> v;
  int64_t At(int b, int y, int x, int ch) const {
    return v[((static_cast<size_t>(b) * h + y) * w + x) * c + ch];
  }
};

Padded PadInput(const std::vector<int8_t>& input, const Shape4& in,
                const WindowAxis& ah, const WindowAxis& aw, int kh, int kw,
                int32_t offset) {
  Padded p;
  p.n = in.n;
  p.c = in.c;
  p.h = (ah.out_size - 1) * ah.stride + (kh - 1) * ah.dilation + 1;
  p.w = (aw.out_size - 1) * aw.stride + (kw - 1) * aw.dilation + 1;
  p.v.assign(static_cast<size_t>(p.n) * p.h * p.w * p.c, 0);
  for (int b = 0; b < in.n; ++b) {
    for (int y = 0; y < in.h; ++y) {
      for (int x = 0; x < in.w; ++x) {
        const int py = y + ah.pad, px = x + aw.pad;
        if (py >= p.h || px >= p.w) continue;  // never read
        for (int ch = 0; ch < in.c; ++ch) {
          p.v[((static_cast<size_t>(b) * p.h + py) * p.w + px) * p.c + ch] =
              input[((static_cast<size_t>(b) * in.h + y) * in.w + x) * in.c + ch] +
              int64_t{offset};
        }
      }
    }
  }
  return p;
}

struct Layer {
  Shape4 in, f;
  int groups = 1, depth_multiplier = 1;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  ConvS8Params p;
};

std::vector<int8_t> RandomBytes(Lcg* g, size_t n) {
  std::vector<int8_t> v(n);
  for (int8_t& x : v) x = static_cast<int8_t>(g->Uniform(-128, 127));
  return v;
}

// Random geometry and parameters; false if PaddedAxis refuses the window.
bool RandomLayer(Lcg* g, bool depthwise, Layer* l) {
  const int per_group = g->Uniform(1, 3);
  l->groups = depthwise ? 1 : g->Uniform(1, 3);
  l->depth_multiplier = depthwise ? g->Uniform(1, 3) : 1;
  l->in = {g->Uniform(1, 2), g->Uniform(1, 6), g->Uniform(1, 7), per_group * l->groups};
  const int c_out = depthwise ? l->in.c * l->depth_multiplier
                              : l->groups * g->Uniform(1, 2);
  l->f = depthwise ? Shape4{1, g->Uniform(1, 3), g->Uniform(1, 3), c_out}
                   : Shape4{c_out, g->Uniform(1, 3), g->Uniform(1, 3), per_group};
  const Padding padding = g->Uniform(0, 1) ? Padding::kSame : Padding::kValid;
  if (!PaddedAxis(padding, l->in.h, l->f.h, g->Uniform(1, 3), g->Uniform(1, 2), &l->p.height) ||
      !PaddedAxis(padding, l->in.w, l->f.w, g->Uniform(1, 3), g->Uniform(1, 2), &l->p.width)) {
    return false;
  }
  l->input = RandomBytes(g, static_cast<size_t>(l->in.n) * l->in.h * l->in.w * l->in.c);
  l->filter = RandomBytes(g, static_cast<size_t>(l->f.n) * l->f.h * l->f.w * l->f.c);
  if (g->Uniform(0, 3) != 0) {
    for (int o = 0; o < c_out; ++o) l->bias.push_back(g->Uniform(-20000, 20000));
  }
  l->p.input_offset = g->Uniform(-127, 128);
  l->p.output_offset = g->Uniform(-128, 127);
  l->p.act_min = g->Uniform(-128, 0);
  l->p.act_max = g->Uniform(0, 127);
  for (int o = 0; o < c_out; ++o) {
    l->p.requant.multiplier.push_back((1 << 30) + g->Uniform(0, (1 << 30) - 1));
    l->p.requant.shift.push_back(g->Uniform(-12, 2));
  }
  return true;
}

int8_t Finish(int64_t acc, const Layer& l, int o) {
  if (!l.bias.empty()) acc += l.bias[o];
  int64_t out = Requantized(acc, l.p.requant.multiplier[o], l.p.requant.shift[o]);
  out += l.p.output_offset;
  return static_cast<int8_t>(std::min<int64_t>(std::max<int64_t>(out, l.p.act_min), l.p.act_max));
}

// Conv (or depthwise conv) by the padded form: every tap is read.
std::vector<int8_t> Oracle(const Layer& l, bool depthwise) {
  const Padded s = PadInput(l.input, l.in, l.p.height, l.p.width, l.f.h, l.f.w,
                            l.p.input_offset);
  const int c_out = depthwise ? l.f.c : l.f.n;
  const int per_group_out = c_out / l.groups;
  std::vector<int8_t> out;
  for (int b = 0; b < l.in.n; ++b) {
    for (int y = 0; y < l.p.height.out_size; ++y) {
      for (int x = 0; x < l.p.width.out_size; ++x) {
        for (int o = 0; o < c_out; ++o) {
          int64_t acc = 0;
          for (int ky = 0; ky < l.f.h; ++ky) {
            for (int kx = 0; kx < l.f.w; ++kx) {
              const int py = y * l.p.height.stride + ky * l.p.height.dilation;
              const int px = x * l.p.width.stride + kx * l.p.width.dilation;
              if (depthwise) {
                const size_t fi = (static_cast<size_t>(ky) * l.f.w + kx) * l.f.c + o;
                acc += s.At(b, py, px, o / l.depth_multiplier) * l.filter[fi];
                continue;
              }
              for (int i = 0; i < l.f.c; ++i) {
                const int ch = (o / per_group_out) * l.f.c + i;
                const size_t fi = ((static_cast<size_t>(o) * l.f.h + ky) * l.f.w + kx) * l.f.c + i;
                acc += s.At(b, py, px, ch) * l.filter[fi];
              }
            }
          }
          out.push_back(Finish(acc, l, o));
        }
      }
    }
  }
  return out;
}

TEST(McuWindowLayersOracle, ConvAndDepthwiseAgreeWithThePaddedForm) {
  Lcg g(20261205);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const bool depthwise = trial % 2 == 1;
    Layer l;
    if (!RandomLayer(&g, depthwise, &l)) continue;
    std::vector<int8_t> got;
    const bool ok = depthwise
        ? DepthwiseConvS8(l.input, l.in, l.filter, l.f, l.bias, l.depth_multiplier, l.p, &got)
        : ConvS8(l.input, l.in, l.filter, l.f, l.bias, l.p, &got);
    ASSERT_TRUE(ok) << "trial " << trial;
    ASSERT_EQ(got, Oracle(l, depthwise)) << "trial " << trial;
    ++compared;
  }
  EXPECT_GT(compared, 300);
}

// Average pooling by the padded form, with a second array of 1s marking
// the in-image positions; rounding as sign(s) * floor((|s| + k/2) / k).
TEST(McuWindowLayersOracle, PoolingAgreesWithThePaddedForm) {
  Lcg g(7);
  int compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Shape4 in{g.Uniform(1, 2), g.Uniform(1, 6), g.Uniform(1, 7), g.Uniform(1, 3)};
    PoolS8Params p;
    p.filter_height = g.Uniform(1, 3);
    p.filter_width = g.Uniform(1, 4);
    const Padding padding = g.Uniform(0, 1) ? Padding::kSame : Padding::kValid;
    if (!PaddedAxis(padding, in.h, p.filter_height, g.Uniform(1, 3), 1, &p.height) ||
        !PaddedAxis(padding, in.w, p.filter_width, g.Uniform(1, 3), 1, &p.width)) {
      continue;
    }
    p.act_min = g.Uniform(-128, 0);
    p.act_max = g.Uniform(0, 127);
    const std::vector<int8_t> input =
        RandomBytes(&g, static_cast<size_t>(in.n) * in.h * in.w * in.c);
    const Padded values = PadInput(input, in, p.height, p.width, p.filter_height,
                                   p.filter_width, 0);
    const Padded marks = PadInput(std::vector<int8_t>(input.size(), 1), in, p.height,
                                  p.width, p.filter_height, p.filter_width, 0);
    std::vector<int8_t> want_avg, want_max;
    bool empty_window = false;
    for (int b = 0; b < in.n; ++b) {
      for (int y = 0; y < p.height.out_size; ++y) {
        for (int x = 0; x < p.width.out_size; ++x) {
          for (int c = 0; c < in.c; ++c) {
            int64_t sum = 0, count = 0, largest = -128;
            for (int ky = 0; ky < p.filter_height; ++ky) {
              for (int kx = 0; kx < p.filter_width; ++kx) {
                const int py = y * p.height.stride + ky, px = x * p.width.stride + kx;
                if (marks.At(b, py, px, c) == 0) continue;
                sum += values.At(b, py, px, c);
                largest = std::max(largest, values.At(b, py, px, c));
                ++count;
              }
            }
            empty_window |= count == 0;
            const int64_t magnitude = (sum < 0 ? -sum : sum) + count / 2;
            const int64_t avg = count == 0 ? 0 : (sum < 0 ? -1 : 1) * (magnitude / count);
            const auto clamp = [&](int64_t v) {
              return static_cast<int8_t>(std::min<int64_t>(std::max<int64_t>(v, p.act_min), p.act_max));
            };
            want_avg.push_back(clamp(avg));
            want_max.push_back(clamp(largest));
          }
        }
      }
    }
    ASSERT_FALSE(empty_window);  // SAME / VALID never leave a window empty
    std::vector<int8_t> got;
    ASSERT_TRUE(AveragePoolS8(input, in, p, &got)) << "trial " << trial;
    ASSERT_EQ(got, want_avg) << "trial " << trial;
    ASSERT_TRUE(MaxPoolS8(input, in, p, &got)) << "trial " << trial;
    ASSERT_EQ(got, want_max) << "trial " << trial;
    ++compared;
  }
  EXPECT_GT(compared, 150);
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
