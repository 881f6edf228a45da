// RunModelS8: a model of every layer kind run as a list equals its layers
// prepared and run one by one, the values of a small case worked out by
// hand, and the first refused layer is named.
#include "refmath/mcu/model.h"

#include <stdint.h>

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/mcu/depthwise_conv.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/pooling.h"
#include "refmath/mcu/quantize_params.h"
#include "refmath/mcu/softmax.h"

namespace refmath {
namespace mcu {
namespace {

ModelLayer Conv(LayerOp op, std::vector<int8_t> filter, Shape4 shape) {
  ModelLayer l;
  l.op = op;
  l.filter = std::move(filter);
  l.filter_shape = shape;
  l.spec.padding = Padding::kSame;
  l.spec.input_scale = 0.5f;
  l.spec.input_zero_point = -3;
  l.spec.filter_scales = {0.25f, 0.125f};
  l.spec.output_scale = 0.5f;
  l.spec.output_zero_point = -128;
  l.spec.activation = FusedActivation::kRelu;
  return l;
}

// Input 1x3x3x1 = 0..8 (zero point -3: real (q + 3) / 2).
const std::vector<int8_t> kInput = {0, 1, 2, 3, 4, 5, 6, 7, 8};
const Shape4 kInputShape = {1, 3, 3, 1};

std::vector<ModelLayer> EveryKind() {
  std::vector<ModelLayer> m;
  m.push_back(Conv(LayerOp::kConv, {1, -1, 2, 0, 1, 1, 1, 0}, {2, 2, 2, 1}));
  m.push_back(Conv(LayerOp::kDepthwiseConv, {1, 2, 3, 4, 5, 6, 7, 8},
                   {1, 2, 2, 2}));
  m[1].spec.input_zero_point = -128;
  ModelLayer pool;
  pool.op = LayerOp::kMaxPool;
  pool.pool_height = pool.pool_width = 2;
  pool.spec.padding = Padding::kSame;
  pool.spec.stride_h = pool.spec.stride_w = 2;  // 3x3 -> 2x2 -> 1x1
  pool.spec.output_scale = 0.5f;
  pool.spec.output_zero_point = -128;
  m.push_back(pool);
  pool.op = LayerOp::kAveragePool;
  m.push_back(pool);
  ModelLayer fc;
  fc.op = LayerOp::kFullyConnected;
  fc.filter = {1, -2, 3, 4, -5, 6};
  fc.filter_shape = {3, 1, 1, 2};  // 3 classes from the pooled 1x1x2
  fc.spec.input_scale = 0.5f;
  fc.spec.input_zero_point = -128;
  fc.spec.filter_scales = {0.01f};
  fc.spec.output_scale = 0.25f;
  m.push_back(fc);
  ModelLayer sm;
  sm.op = LayerOp::kSoftmax;
  sm.spec.input_scale = 0.25f;
  m.push_back(sm);
  return m;
}

TEST(McuModel, EqualsItsLayersOneByOne) {
  const std::vector<ModelLayer> m = EveryKind();
  std::vector<std::vector<int8_t>> outs;
  std::vector<Shape4> shapes;
  std::string error;
  ASSERT_TRUE(RunModelS8(m, kInput, kInputShape, &outs, &shapes, &error)) << error;
  ASSERT_EQ(outs.size(), 6u);

  // The same by hand through the kernels.
  std::vector<int8_t> a, b, c, d, e, f;
  ConvS8Params p;
  ASSERT_TRUE(ConvS8Prepare(kInputShape, m[0].filter_shape, m[0].spec, &p));
  ASSERT_TRUE(ConvS8(kInput, kInputShape, m[0].filter, m[0].filter_shape, {}, p, &a));
  const Shape4 s1 = {1, 3, 3, 2};
  ASSERT_TRUE(ConvS8Prepare(s1, m[1].filter_shape, m[1].spec, &p));
  ASSERT_TRUE(DepthwiseConvS8(a, s1, m[1].filter, m[1].filter_shape, {}, 1, p, &b));
  PoolS8Params q;
  ASSERT_TRUE(PoolS8Prepare(s1, 2, 2, 2, 2, Padding::kSame, FusedActivation::kNone,
                            0.5f, -128, &q));
  ASSERT_TRUE(MaxPoolS8(b, s1, q, &c));
  const Shape4 s3 = {1, 2, 2, 2};
  ASSERT_TRUE(PoolS8Prepare(s3, 2, 2, 2, 2, Padding::kSame, FusedActivation::kNone,
                            0.5f, -128, &q));
  ASSERT_TRUE(AveragePoolS8(c, s3, q, &d));
  FcS8Params r;
  ASSERT_TRUE(FullyConnectedRequant(0.5f, 0.01f, 0.25f, &r.requant));
  r.input_offset = 128;
  ASSERT_TRUE(FullyConnectedS8(d, m[4].filter, {}, 1, 2, 3, r, &e));
  SoftmaxS8Params t;
  ASSERT_TRUE(SoftmaxS8Prepare(1.0f, 0.25f, &t));
  ASSERT_TRUE(SoftmaxS8(e, 1, 3, t, &f));
  EXPECT_EQ(outs[0], a);
  EXPECT_EQ(outs[1], b);
  EXPECT_EQ(outs[2], c);
  EXPECT_EQ(outs[3], d);
  EXPECT_EQ(outs[4], e);
  EXPECT_EQ(outs[5], f);
  EXPECT_EQ(shapes[3].h, 1);
  EXPECT_EQ(shapes[4].c, 3);
  EXPECT_EQ(shapes[5].c, 3);
}

// One conv, by hand: filter 0 is [[1, -1], [2, 0]] (scale 0.25), SAME over
// 3x3 pads nothing at the top / left; the input plus its offset 3 is
// [[3, 4, 5], [6, 7, 8], [9, 10, 11]] and the multiplier
// 0.5 * 0.25 / 0.5 = 0.25 is (2^30, shift -1).  Output (0, 0): 3 - 4 + 12
// = 11, 2.75, rounded to 3, plus -128: -125.  (2, 2): only the tap 11 is
// inside: -125 too.  (0, 2): 5 + 2 * 8 = 21, 5.25 exactly, but the two
// roundings give 6 (21 * 0.5 = 10.5 rounds up to 11, then 11 / 2 = 5.5
// away from zero): -122.
TEST(McuModel, OneConvByHand) {
  std::vector<ModelLayer> m = EveryKind();
  m.resize(1);
  std::vector<std::vector<int8_t>> outs;
  std::vector<Shape4> shapes;
  std::string error;
  ASSERT_TRUE(RunModelS8(m, kInput, kInputShape, &outs, &shapes, &error)) << error;
  ASSERT_EQ(outs[0].size(), 18u);
  EXPECT_EQ(outs[0][0], -125);             // (0, 0), channel 0
  EXPECT_EQ(outs[0][(0 * 3 + 2) * 2], -122);  // (0, 2), channel 0
  EXPECT_EQ(outs[0][(2 * 3 + 2) * 2], -125);  // (2, 2), channel 0
}

TEST(McuModel, NamesTheFirstRefusedLayer) {
  std::vector<ModelLayer> m = EveryKind();
  m[1].filter_shape = {1, 2, 2, 3};  // not C_IN * depth_multiplier
  std::vector<std::vector<int8_t>> outs;
  std::vector<Shape4> shapes;
  std::string error;
  EXPECT_FALSE(RunModelS8(m, kInput, kInputShape, &outs, &shapes, &error));
  EXPECT_EQ(error,
            "layer 1 (depthwise conv): shapes or parameters its kernel refuses");
  EXPECT_EQ(outs.size(), 1u);  // the conv's output is kept
  EXPECT_FALSE(RunModelS8(m, {1, 2}, kInputShape, &outs, &shapes, &error));
  EXPECT_EQ(error, "the input's size does not match its shape");
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
