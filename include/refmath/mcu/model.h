// A whole int8 model of TFLite Micro run layer by layer (docs/mcu.md,
// "Running a model"): a list of layers as a model file states them
// (operator, weights, bias, window, the quantization of each tensor, the
// fused activation), each prepared as TFLite Micro's Prepare does and run
// by its kernel in refmath/mcu, every intermediate tensor kept.  The
// layers a keyword-spotting DS-CNN needs: conv, depthwise conv, average and
// max pooling, MEAN over the image, fully connected and softmax.
#ifndef REFMATH_MCU_MODEL_H_
#define REFMATH_MCU_MODEL_H_

#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/mcu/conv.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

enum class LayerOp {
  kConv,            // filter OHWI, per-channel scales
  kDepthwiseConv,   // filter 1HWO, depth_multiplier
  kAveragePool,     // pool_height x pool_width; input and output share
  kMaxPool,         //   scale and zero point
  kFullyConnected,  // filter [C_OUT, 1, 1, C_IN], one filter scale; the
                    //   input flattened to [N, H * W * C]
  kSoftmax,         // over the channels; output scale 1/256, zero point -128
  kMean,            // MEAN over H and W, kept: [N, 1, 1, C]
};

struct ModelLayer {
  LayerOp op = LayerOp::kConv;
  std::vector<int8_t> filter;  // conv, depthwise conv, fully connected
  Shape4 filter_shape;
  std::vector<int32_t> bias;  // [C_OUT] or empty
  int depth_multiplier = 1;
  int pool_height = 1, pool_width = 1;
  float beta = 1.0f;  // softmax
  // Padding, strides, dilations, the input's scale and zero point, the
  // filter scales, the output's scale and zero point, the activation.
  ConvLayerSpec spec;
};

// Runs `layers` on `input` (NHWC, int8): outputs[i] and shapes[i] are layer
// i's output tensor (a fully connected or softmax output is [N, 1, 1, C]).
// False with a one-line *error naming the first layer whose shapes or
// parameters TFLite Micro would refuse (outputs then hold the layers
// before it).
bool RunModelS8(const std::vector<ModelLayer>& layers,
                const std::vector<int8_t>& input, const Shape4& input_shape,
                std::vector<std::vector<int8_t>>* outputs,
                std::vector<Shape4>* shapes, std::string* error);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_MODEL_H_
