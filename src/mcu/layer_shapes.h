// The shapes and windows of the windowed int8/int16 layers over arrays
// (`refmath mcu conv2d|depthwise-conv2d|avg-pool|max-pool`, refmath.mcu):
// input NHWC [N, H, W, C_IN]; conv filter OHWI [C_OUT, KH, KW, C_IN /
// groups]; depthwise filter 1HWO [1, KH, KW, C_IN * depth_multiplier];
// bias [C_OUT].  The window axes come from TFLite's padding rule
// (PaddedAxis).  Errors are one line and name the operands as the caller
// calls them.
#ifndef REFMATH_SRC_MCU_LAYER_SHAPES_H_
#define REFMATH_SRC_MCU_LAYER_SHAPES_H_

#include <stddef.h>

#include <string>
#include <vector>

#include "refmath/mcu/kernel.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

struct WindowOptions {
  Padding padding = Padding::kValid;
  int stride_h = 1, stride_w = 1;
  int dilation_h = 1, dilation_w = 1;
};

struct LayerNames {
  std::string input, filter, bias;  // e.g. "--input" or "input"
};

struct LayerDims {
  Shape4 input, filter;
  WindowAxis height, width;
  int c_out = 0;
  std::vector<size_t> out_shape;  // [N, OH, OW, C_OUT]
};

// "same" or "valid"; false with *error otherwise.
bool ParsePadding(const std::string& text, Padding* padding,
                  std::string* error);

// Conv (depth_multiplier 0) or depthwise conv (depth_multiplier >= 1):
// the shapes checked against each other, `bias` null when there is none.
// False with a one-line *error unless every shape is 4-D (bias 1-D) with
// dimensions in 1..2^31-1, the filter depth divides C_IN and the groups
// divide C_OUT (conv), the filter is [1, KH, KW, C_IN * depth_multiplier]
// (depthwise), the bias has C_OUT values and both axes give an output.
bool ConvLayerDims(const std::vector<size_t>& input,
                   const std::vector<size_t>& filter,
                   const std::vector<size_t>* bias, int depth_multiplier,
                   const WindowOptions& window, const LayerNames& names,
                   LayerDims* dims, std::string* error);

// Whether `kernel` models this conv or depthwise conv: a CMSIS-NN kernel
// needs int16 input (the int8 kernels agree: only the default is taken
// there), an int64 bias for conv (or depthwise, whatever its bias) and,
// for conv, one group.  False with a one-line *error otherwise.
bool CheckConvKernel(Kernel kernel, bool int16_input, bool depthwise,
                     bool int64_bias, const LayerDims& dims, std::string* error);

// Pooling with a filter_h x filter_w window (dilation must be 1): the
// same checks on the input and the window; filter is left empty.
bool PoolLayerDims(const std::vector<size_t>& input, int filter_h,
                   int filter_w, const WindowOptions& window,
                   const LayerNames& names, LayerDims* dims,
                   std::string* error);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_LAYER_SHAPES_H_
