#include "src/conform/mcu_layer_cases.h"

#include <cmath>

#include "refmath/mcu/conv_s16.h"
#include "refmath/mcu/elementwise.h"
#include "refmath/mcu/pooling.h"
#include "refmath/mcu/requantize_op.h"
#include "refmath/mcu/softmax.h"
#include "src/conform/mcu_case_draw.h"

namespace refmath {
namespace mcu {
namespace {

struct Quant {
  float scale;
  int32_t zero_point;
};

struct Window {
  Padding padding;
  int stride_h, stride_w, dilation_h, dilation_w;
};

const Window kSame = {Padding::kSame, 1, 1, 1, 1};
const Window kValid = {Padding::kValid, 1, 1, 1, 1};

void SetWindow(const Window& w, ConvLayerSpec* spec) {
  spec->padding = w.padding;
  spec->stride_h = w.stride_h;
  spec->stride_w = w.stride_w;
  spec->dilation_h = w.dilation_h;
  spec->dilation_w = w.dilation_w;
}

// Filter scales: `base` for the tensor, or base * (0.5 + u) per channel.
std::vector<float> Scales(Draw& d, int channels, double base, bool per_channel) {
  std::vector<float> s;
  for (int k = 0; k < (per_channel ? channels : 1); ++k) {
    s.push_back(static_cast<float>(per_channel ? base * (0.5 + d.Unit()) : base));
  }
  return s;
}

// A conv (filter OHWI) or depthwise conv (1HWO): the filter, the bias and
// then the scales drawn in that order.
ModelLayer Conv(Draw& d, LayerOp op, const Shape4& filter, const Window& w,
                Quant in, double base_scale, bool per_channel, Quant out,
                FusedActivation act) {
  ModelLayer l;
  l.op = op;
  l.filter_shape = filter;
  l.filter.resize(static_cast<size_t>(filter.n) * filter.h * filter.w * filter.c);
  for (int8_t& v : l.filter) v = d.Weight();
  const int c_out = op == LayerOp::kDepthwiseConv ? filter.c : filter.n;
  for (int k = 0; k < c_out; ++k) l.bias.push_back(d.Bias());
  l.spec.filter_scales = Scales(d, c_out, base_scale, per_channel);
  SetWindow(w, &l.spec);
  l.spec.input_scale = in.scale;
  l.spec.input_zero_point = in.zero_point;
  l.spec.output_scale = out.scale;
  l.spec.output_zero_point = out.zero_point;
  l.spec.activation = act;
  return l;
}

ModelLayer Depthwise(Draw& d, const Shape4& filter, int multiplier, const Window& w,
                     Quant in, double base_scale, bool per_channel, Quant out,
                     FusedActivation act) {
  ModelLayer l = Conv(d, LayerOp::kDepthwiseConv, filter, w, in, base_scale,
                      per_channel, out, act);
  l.depth_multiplier = multiplier;
  return l;
}

ModelLayer Pool(LayerOp op, int height, int width, const Window& w, Quant q,
                FusedActivation act) {
  ModelLayer l;
  l.op = op;
  l.pool_height = height;
  l.pool_width = width;
  SetWindow(w, &l.spec);
  l.spec.input_scale = l.spec.output_scale = q.scale;
  l.spec.input_zero_point = l.spec.output_zero_point = q.zero_point;
  l.spec.activation = act;
  return l;
}

ModelLayer FullyConnected(Draw& d, int c_out, int c_in, Quant in, double w_scale,
                          Quant out) {
  ModelLayer l = Conv(d, LayerOp::kFullyConnected, {c_out, 1, 1, c_in}, kValid, in,
                      w_scale, false, out, FusedActivation::kNone);
  return l;
}

ModelLayer MeanOverImage(Quant in, Quant out) {
  ModelLayer l;
  l.op = LayerOp::kMean;
  l.spec.input_scale = in.scale;
  l.spec.input_zero_point = in.zero_point;
  l.spec.output_scale = out.scale;
  l.spec.output_zero_point = out.zero_point;
  return l;
}

ModelLayer Softmax(float input_scale, float beta) {
  ModelLayer l;
  l.op = LayerOp::kSoftmax;
  l.spec.input_scale = input_scale;
  l.beta = beta;
  return l;
}

LayerCase Start(const char* name, uint64_t seed, const Shape4& shape, Draw* d) {
  *d = Draw(seed);
  LayerCase c;
  c.name = name;
  c.input_shape = shape;
  c.input.resize(static_cast<size_t>(shape.n) * shape.h * shape.w * shape.c);
  for (int8_t& v : c.input) v = d->Activation();
  return c;
}

// The keyword-spotting DS-CNN's shape (as refmath.mcu.ds_cnn): conv 64
// filters 10 x 4 stride 2, four depthwise-separable blocks, average pool,
// fully connected to 12 classes, softmax; He-like per-channel scales.
LayerCase DsCnn() {
  Draw d(0);
  LayerCase c = Start("ds_cnn", 2024, {1, 49, 10, 1}, &d);
  const FusedActivation relu = FusedActivation::kRelu;
  const float out_scales[] = {0.66f, 1.0f, 1.0f, 1.6f, 1.0f, 1.8f, 0.91f, 1.1f, 0.88f};
  Quant in = {0.5f, -20};
  auto he = [](int fan_in) { return std::sqrt(2.0 / fan_in) / 73.3; };
  const Window stride2 = {Padding::kSame, 2, 2, 1, 1};
  c.layers.push_back(Conv(d, LayerOp::kConv, {64, 10, 4, 1}, stride2, in, he(40),
                          true, {out_scales[0], -128}, relu));
  in = {out_scales[0], -128};
  for (int block = 0; block < 4; ++block) {
    const Quant mid = {out_scales[1 + 2 * block], -128};
    const Quant out = {out_scales[2 + 2 * block], -128};
    c.layers.push_back(Depthwise(d, {1, 3, 3, 64}, 1, kSame, in, he(9), true, mid, relu));
    c.layers.push_back(Conv(d, LayerOp::kConv, {64, 1, 1, 64}, kSame, mid, he(64),
                            true, out, relu));
    in = out;
  }
  c.layers.push_back(Pool(LayerOp::kAveragePool, 25, 5, kValid, in, FusedActivation::kNone));
  c.layers.push_back(FullyConnected(d, 12, 64, in, 0.0004, {0.1f, 0}));
  c.layers.push_back(Softmax(0.1f, 1.0f));
  return c;
}

}  // namespace

std::vector<LayerCase> LayerCases() {
  using F = FusedActivation;
  std::vector<LayerCase> cases;
  Draw d(0);
  LayerCase c = Start("conv_same_relu", 1, {1, 7, 6, 3}, &d);
  c.layers = {Conv(d, LayerOp::kConv, {4, 3, 3, 3}, kSame, {0.5f, -3}, 0.02, true,
                   {0.8f, 5}, F::kRelu)};
  cases.push_back(c);
  c = Start("conv_valid_stride_dilation", 2, {2, 9, 8, 2}, &d);
  c.layers = {Conv(d, LayerOp::kConv, {3, 2, 3, 2}, {Padding::kValid, 2, 1, 1, 2},
                   {0.25f, 7}, 0.03, false, {0.6f, -10}, F::kNone)};
  cases.push_back(c);
  c = Start("conv_grouped", 3, {1, 5, 5, 4}, &d);  // filter depth 2: two groups
  c.layers = {Conv(d, LayerOp::kConv, {4, 3, 3, 2}, {Padding::kSame, 2, 2, 1, 1},
                   {0.5f, 0}, 0.02, true, {1.0f, -128}, F::kRelu6)};
  cases.push_back(c);
  c = Start("depthwise_multiplier", 4, {1, 8, 8, 3}, &d);
  c.layers = {Depthwise(d, {1, 3, 3, 6}, 2, {Padding::kSame, 2, 2, 1, 1}, {0.5f, -20},
                        0.05, true, {1.2f, 3}, F::kRelu6)};
  cases.push_back(c);
  c = Start("depthwise_dilated", 5, {1, 9, 9, 4}, &d);
  c.layers = {Depthwise(d, {1, 3, 3, 4}, 1, {Padding::kValid, 1, 1, 2, 2}, {0.3f, 10},
                        0.04, false, {0.7f, -5}, F::kNone)};
  cases.push_back(c);
  c = Start("pools", 6, {1, 7, 7, 5}, &d);
  c.layers = {Pool(LayerOp::kAveragePool, 3, 3, {Padding::kSame, 2, 2, 1, 1},
                   {0.5f, -1}, F::kNone),
              Pool(LayerOp::kMaxPool, 2, 2, {Padding::kValid, 2, 2, 1, 1}, {0.5f, -1},
                   F::kRelu)};
  cases.push_back(c);
  c = Start("fc_softmax", 7, {3, 2, 2, 4}, &d);
  c.layers = {FullyConnected(d, 6, 16, {0.4f, 2}, 0.01, {0.2f, -3}),
              Softmax(0.2f, 1.0f)};
  cases.push_back(c);
  c = Start("mean_spatial", 8, {2, 5, 4, 3}, &d);
  c.layers = {MeanOverImage({0.5f, -7}, {0.3f, 4})};
  cases.push_back(c);
  cases.push_back(DsCnn());
  return cases;
}

bool LayerCaseBytes(const LayerCase& c, std::vector<uint8_t>* bytes) {
  std::vector<std::vector<int8_t>> outputs;
  std::vector<Shape4> shapes;
  std::string error;
  if (!RunModelS8(c.layers, c.input, c.input_shape, &outputs, &shapes, &error)) {
    return false;
  }
  bytes->clear();
  for (const std::vector<int8_t>& o : outputs) {
    for (int8_t v : o) bytes->push_back(static_cast<uint8_t>(v));
  }
  return true;
}

namespace {

BytesRow AddMulRow(bool add) {
  Draw d(add ? 10 : 11);
  const std::vector<int8_t> a = Activations(d, 35), b = Activations(d, 35);
  std::vector<int8_t> out;
  bool ok;
  if (add) {
    AddS8Params p;
    ok = AddS8Prepare(0.05f, 3, 0.08f, -7, 0.1f, 2, &p) && AddS8(a, b, p, &out);
  } else {
    MulS8Params p;
    ok = MulS8Prepare(0.05f, 3, 0.08f, -7, 0.02f, 2, &p) && MulS8(a, b, p, &out);
  }
  return {add ? "add_s8" : "mul_s8", ok ? Bytes(out) : std::vector<uint8_t>()};
}

BytesRow RequantizeRow() {
  Draw d(12);
  const std::vector<int16_t> x = Activations16(d, 40);
  RequantizeOpParams p;
  std::vector<int32_t> out;
  const bool ok = RequantizeOpPrepare(0.001f, 5, 0.05f, -3, &p) &&
                  RequantizeOp(std::vector<int32_t>(x.begin(), x.end()), p, 8, &out);
  return {"requantize_s16_to_s8",
          ok ? Bytes(std::vector<int8_t>(out.begin(), out.end())) : std::vector<uint8_t>()};
}

// Per output channel of an int16 layer: an int64 bias, then a multiplier
// in [2^30, 2^31) and a shift in -14..-10.
void DrawS16Channels(Draw& d, int channels, std::vector<int64_t>* bias, Requant* r) {
  for (int k = 0; k < channels; ++k) {
    bias->push_back(d.Bias());
    r->multiplier.push_back(static_cast<int32_t>((1u << 30) + (d.Next() >> 34)));
    r->shift.push_back(-10 - static_cast<int32_t>((d.Next() >> 32) % 5));
  }
}

// A16W8: int16 input [1, 6, 5, 3], filter [4, 3, 3, 3], int64 bias, SAME
// stride 2, one multiplier m in [2^30, 2^31) and shift in -14..-10 per
// output channel.
BytesRow ConvS16Row() {
  Draw d(13);
  const Shape4 in = {1, 6, 5, 3}, f = {4, 3, 3, 3};
  const std::vector<int16_t> x = Activations16(d, 6 * 5 * 3);
  std::vector<int8_t> w;
  for (int i = 0; i < 4 * 3 * 3 * 3; ++i) w.push_back(d.Weight());
  std::vector<int64_t> bias;
  ConvS16Params p;
  DrawS16Channels(d, 4, &bias, &p.requant);
  std::vector<int16_t> out;
  const bool ok = PaddedAxis(Padding::kSame, in.h, f.h, 2, 1, &p.height) &&
                  PaddedAxis(Padding::kSame, in.w, f.w, 2, 1, &p.width) &&
                  ConvS16(x, in, w, f, bias, p, &out);
  return {"conv_s16", ok ? Bytes(out) : std::vector<uint8_t>()};
}

BytesRow DepthwiseS16Row() {
  Draw d(14);
  const Shape4 in = {1, 7, 6, 2}, f = {1, 3, 3, 4};  // depth multiplier 2
  const std::vector<int16_t> x = Activations16(d, 7 * 6 * 2);
  std::vector<int8_t> w;
  for (int i = 0; i < 3 * 3 * 4; ++i) w.push_back(d.Weight());
  std::vector<int64_t> bias;
  ConvS16Params p;
  DrawS16Channels(d, 4, &bias, &p.requant);
  std::vector<int16_t> out;
  const bool ok = PaddedAxis(Padding::kValid, in.h, f.h, 1, 2, &p.height) &&
                  PaddedAxis(Padding::kValid, in.w, f.w, 1, 2, &p.width) &&
                  DepthwiseConvS16(x, in, w, f, bias, 2, p, &out);
  return {"depthwise_s16", ok ? Bytes(out) : std::vector<uint8_t>()};
}

// Average 3x3 SAME stride 2 (clipped windows), then max 2x2 VALID stride 2
// on the same int16 input: the two outputs' bytes in turn.
BytesRow PoolsS16Row() {
  Draw d(15);
  const Shape4 in = {1, 7, 7, 3};
  const std::vector<int16_t> x = Activations16(d, 7 * 7 * 3);
  PoolS16Params avg, max;
  avg.filter_height = avg.filter_width = 3;
  max.filter_height = max.filter_width = 2;
  std::vector<int16_t> a, m;
  const bool ok = PaddedAxis(Padding::kSame, 7, 3, 2, 1, &avg.height) &&
                  PaddedAxis(Padding::kSame, 7, 3, 2, 1, &avg.width) &&
                  PaddedAxis(Padding::kValid, 7, 2, 2, 1, &max.height) &&
                  PaddedAxis(Padding::kValid, 7, 2, 2, 1, &max.width) &&
                  AveragePoolS16(x, in, avg, &a) && MaxPoolS16(x, in, max, &m);
  a.insert(a.end(), m.begin(), m.end());
  return {"pools_s16", ok ? Bytes(a) : std::vector<uint8_t>()};
}

// int8 in, int16 out (scale 1/65536, zero point -32768), rows of 10.
BytesRow SoftmaxS8ToS16Row() {
  Draw d(16);
  const std::vector<int8_t> x = Activations(d, 6 * 10);
  SoftmaxS8Params p;
  std::vector<int16_t> out;
  const bool ok = SoftmaxS8Prepare(1.0f, 0.1f, &p) && SoftmaxS8ToS16(x, 6, 10, p, &out);
  return {"softmax_s8_to_s16", ok ? Bytes(out) : std::vector<uint8_t>()};
}

// 12 random rows of 9, then eight at the maximum with one 26840 below
// (the reciprocal's wrap in CMSIS-NN) and a row of one dominant element.
std::vector<BytesRow> SoftmaxS16Rows() {
  Draw d(9);
  std::vector<int16_t> x = Activations16(d, 12 * 9);
  for (int i = 0; i < 8; ++i) x.push_back(32767);
  x.push_back(5927);
  for (int i = 0; i < 8; ++i) x.push_back(-32768);
  x.push_back(32767);
  SoftmaxS16Params p;
  const bool prepared = SoftmaxS16Prepare(1.0f, 1.0f / 4096, &p);
  std::vector<BytesRow> rows;
  const struct {
    const char* name;
    Kernel kernel;
  } kernels[] = {{"softmax_s16_tflite", Kernel::kTflite},
                 {"softmax_s16_cmsis_nn", Kernel::kCmsisNn}};
  for (const auto& k : kernels) {
    std::vector<int16_t> out;
    p.kernel = k.kernel;
    const bool ok = prepared && SoftmaxS16(x, x.size() / 9, 9, p, &out);
    rows.push_back({k.name, ok ? Bytes(out) : std::vector<uint8_t>()});
  }
  return rows;
}

}  // namespace

std::vector<BytesRow> OpRows() {
  std::vector<BytesRow> rows = {AddMulRow(true),   AddMulRow(false), RequantizeRow(),
                                ConvS16Row(),      DepthwiseS16Row(), PoolsS16Row(),
                                SoftmaxS8ToS16Row()};
  for (const BytesRow& r : SoftmaxS16Rows()) rows.push_back(r);
  for (const BytesRow& r : KernelRows()) rows.push_back(r);
  return rows;
}

}  // namespace mcu
}  // namespace refmath
