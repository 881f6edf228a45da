#include "refmath/mcu/model.h"

#include <stddef.h>

#include "refmath/mcu/depthwise_conv.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/mean.h"
#include "refmath/mcu/pooling.h"
#include "refmath/mcu/quantize_params.h"
#include "refmath/mcu/softmax.h"

namespace refmath {
namespace mcu {
namespace {

const char* OpName(LayerOp op) {
  switch (op) {
    case LayerOp::kConv: return "conv";
    case LayerOp::kDepthwiseConv: return "depthwise conv";
    case LayerOp::kAveragePool: return "average pool";
    case LayerOp::kMaxPool: return "max pool";
    case LayerOp::kFullyConnected: return "fully connected";
    case LayerOp::kSoftmax: return "softmax";
    case LayerOp::kMean: return "mean";
  }
  return "?";
}

// One layer: its output and shape, or false.
bool RunLayer(const ModelLayer& l, const std::vector<int8_t>& in,
              const Shape4& s, std::vector<int8_t>* out, Shape4* out_shape) {
  const ConvLayerSpec& spec = l.spec;
  switch (l.op) {
    case LayerOp::kConv:
    case LayerOp::kDepthwiseConv: {
      ConvS8Params p;
      if (!ConvS8Prepare(s, l.filter_shape, spec, &p)) return false;
      const bool dw = l.op == LayerOp::kDepthwiseConv;
      *out_shape = {s.n, p.height.out_size, p.width.out_size,
                    dw ? l.filter_shape.c : l.filter_shape.n};
      return dw ? DepthwiseConvS8(in, s, l.filter, l.filter_shape, l.bias,
                                  l.depth_multiplier, p, out)
                : ConvS8(in, s, l.filter, l.filter_shape, l.bias, p, out);
    }
    case LayerOp::kAveragePool:
    case LayerOp::kMaxPool: {
      PoolS8Params p;
      if (!PoolS8Prepare(s, l.pool_height, l.pool_width, spec.stride_h,
                         spec.stride_w, spec.padding, spec.activation,
                         spec.output_scale, spec.output_zero_point, &p)) {
        return false;
      }
      *out_shape = {s.n, p.height.out_size, p.width.out_size, s.c};
      return l.op == LayerOp::kAveragePool ? AveragePoolS8(in, s, p, out)
                                           : MaxPoolS8(in, s, p, out);
    }
    case LayerOp::kFullyConnected: {
      const Shape4& f = l.filter_shape;
      const size_t c_in = static_cast<size_t>(s.h) * s.w * s.c;
      if (s.n < 1 || f.n < 1 || f.h != 1 || f.w != 1 ||
          static_cast<size_t>(f.c) != c_in || spec.filter_scales.size() != 1) {
        return false;
      }
      FcS8Params p;
      int32_t lo, hi;
      if (!FullyConnectedRequant(spec.input_scale, spec.filter_scales[0],
                                 spec.output_scale, &p.requant) ||
          !ActivationRange(spec.activation, spec.output_scale,
                           spec.output_zero_point, INT8_MIN, INT8_MAX, &lo,
                           &hi)) {
        return false;
      }
      p.input_offset = -spec.input_zero_point;
      p.output_offset = spec.output_zero_point;
      p.act_min = lo;
      p.act_max = hi;
      *out_shape = {s.n, 1, 1, f.n};
      return FullyConnectedS8(in, l.filter, l.bias, static_cast<size_t>(s.n),
                              c_in, static_cast<size_t>(f.n), p, out);
    }
    case LayerOp::kMean: {
      // Over H and W, keeping them: [N, 1, 1, C].
      RequantizeOpParams p;
      if (!RequantizeOpPrepare(spec.input_scale, spec.input_zero_point,
                       spec.output_scale, spec.output_zero_point, &p)) {
        return false;
      }
      std::vector<int32_t> wide(in.begin(), in.end()), mean;
      const std::vector<size_t> shape = {static_cast<size_t>(s.n), static_cast<size_t>(s.h),
                                         static_cast<size_t>(s.w), static_cast<size_t>(s.c)};
      if (!Mean(wide, shape, {1, 2}, p, 8, &mean)) return false;
      out->assign(mean.begin(), mean.end());
      *out_shape = {s.n, 1, 1, s.c};
      return true;
    }
    case LayerOp::kSoftmax: {
      SoftmaxS8Params p;
      if (!SoftmaxS8Prepare(l.beta, spec.input_scale, &p)) return false;
      *out_shape = s;
      return SoftmaxS8(in, in.size() / static_cast<size_t>(s.c),
                       static_cast<size_t>(s.c), p, out);
    }
  }
  return false;
}

}  // namespace

bool RunModelS8(const std::vector<ModelLayer>& layers,
                const std::vector<int8_t>& input, const Shape4& input_shape,
                std::vector<std::vector<int8_t>>* outputs,
                std::vector<Shape4>* shapes, std::string* error) {
  outputs->clear();
  shapes->clear();
  const std::vector<int8_t>* in = &input;
  Shape4 s = input_shape;
  if (s.n < 1 || s.h < 1 || s.w < 1 || s.c < 1 ||
      input.size() != static_cast<size_t>(s.n) * s.h * s.w * s.c) {
    *error = "the input's size does not match its shape";
    return false;
  }
  for (size_t i = 0; i < layers.size(); ++i) {
    std::vector<int8_t> out;
    Shape4 out_shape;
    if (!RunLayer(layers[i], *in, s, &out, &out_shape)) {
      *error = "layer " + std::to_string(i) + " (" + OpName(layers[i].op) +
               "): shapes or parameters its kernel refuses";
      return false;
    }
    outputs->push_back(std::move(out));
    shapes->push_back(out_shape);
    in = &outputs->back();
    s = out_shape;
  }
  return true;
}

}  // namespace mcu
}  // namespace refmath
