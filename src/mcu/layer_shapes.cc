#include "src/mcu/layer_shapes.h"

#include <stdint.h>

namespace refmath {
namespace mcu {
namespace {

std::string ShapeText(const std::vector<size_t>& s) {
  std::string t = "[";
  for (size_t i = 0; i < s.size(); ++i) {
    t += (i ? ", " : "") + std::to_string(s[i]);
  }
  return t + "]";
}

bool Shape4Of(const std::vector<size_t>& s, const std::string& name,
              const char* layout, Shape4* out, std::string* error) {
  bool ok = s.size() == 4;
  for (size_t d : s) ok = ok && d >= 1 && d <= INT32_MAX;
  if (!ok) {
    *error = name + " must be 4-D " + layout + " with every dimension 1.." +
             "2147483647 (got " + ShapeText(s) + ")";
    return false;
  }
  *out = {static_cast<int>(s[0]), static_cast<int>(s[1]),
          static_cast<int>(s[2]), static_cast<int>(s[3])};
  return true;
}

bool Axes(const Shape4& in, int fh, int fw, const WindowOptions& o,
          const LayerNames& names, LayerDims* dims, std::string* error) {
  if (o.stride_h < 1 || o.stride_w < 1 || o.dilation_h < 1 ||
      o.dilation_w < 1) {
    *error = "strides and dilations must be at least 1";
    return false;
  }
  if (!PaddedAxis(o.padding, in.h, fh, o.stride_h, o.dilation_h,
                  &dims->height) ||
      !PaddedAxis(o.padding, in.w, fw, o.stride_w, o.dilation_w,
                  &dims->width)) {
    *error = "the window (" + std::to_string(fh) + "x" + std::to_string(fw) +
             ", dilation " + std::to_string(o.dilation_h) + "x" +
             std::to_string(o.dilation_w) + ") leaves no valid output on " +
             names.input + " " + std::to_string(in.h) + "x" +
             std::to_string(in.w);
    return false;
  }
  return true;
}

}  // namespace

bool ParsePadding(const std::string& text, Padding* padding,
                  std::string* error) {
  if (text == "same" || text == "valid") {
    *padding = text == "same" ? Padding::kSame : Padding::kValid;
    return true;
  }
  *error = "unknown padding '" + text + "' (valid: same, valid)";
  return false;
}

bool ConvLayerDims(const std::vector<size_t>& input,
                   const std::vector<size_t>& filter,
                   const std::vector<size_t>* bias, int depth_multiplier,
                   const WindowOptions& window, const LayerNames& names,
                   LayerDims* dims, std::string* error) {
  LayerDims d;
  const bool depthwise = depth_multiplier != 0;
  if (!Shape4Of(input, names.input, "NHWC", &d.input, error) ||
      !Shape4Of(filter, names.filter, depthwise ? "1HWO" : "OHWI", &d.filter,
                error)) {
    return false;
  }
  if (depthwise) {
    if (depth_multiplier < 0 || d.filter.n != 1 ||
        static_cast<int64_t>(d.filter.c) !=
            static_cast<int64_t>(d.input.c) * depth_multiplier) {
      *error = names.filter + " " + ShapeText(filter) +
               " must be [1, KH, KW, C_IN * depth_multiplier] for " +
               names.input + " " + ShapeText(input) + " and depth_multiplier " +
               std::to_string(depth_multiplier);
      return false;
    }
    d.c_out = d.filter.c;
  } else {
    const int groups = d.input.c % d.filter.c == 0 ? d.input.c / d.filter.c : 0;
    if (groups == 0 || d.filter.n % groups != 0) {
      *error = names.filter + " " + ShapeText(filter) +
               " does not fit " + names.input + " " + ShapeText(input) +
               ": its depth must divide C_IN and the groups C_IN / depth "
               "must divide C_OUT";
      return false;
    }
    d.c_out = d.filter.n;
  }
  if (bias != nullptr &&
      (bias->size() != 1 || (*bias)[0] != static_cast<size_t>(d.c_out))) {
    *error = names.bias + " must be [" + std::to_string(d.c_out) +
             "] (C_OUT), got " + ShapeText(*bias);
    return false;
  }
  if (!Axes(d.input, d.filter.h, d.filter.w, window, names, &d, error)) {
    return false;
  }
  d.out_shape = {input[0], static_cast<size_t>(d.height.out_size),
                 static_cast<size_t>(d.width.out_size),
                 static_cast<size_t>(d.c_out)};
  *dims = d;
  return true;
}

bool PoolLayerDims(const std::vector<size_t>& input, int filter_h,
                   int filter_w, const WindowOptions& window,
                   const LayerNames& names, LayerDims* dims,
                   std::string* error) {
  LayerDims d;
  if (!Shape4Of(input, names.input, "NHWC", &d.input, error)) return false;
  if (filter_h < 1 || filter_w < 1) {
    *error = "the filter size must be at least 1x1";
    return false;
  }
  if (window.dilation_h != 1 || window.dilation_w != 1) {
    *error = "pooling has no dilation";
    return false;
  }
  if (!Axes(d.input, filter_h, filter_w, window, names, &d, error)) {
    return false;
  }
  d.c_out = d.input.c;
  d.out_shape = {input[0], static_cast<size_t>(d.height.out_size),
                 static_cast<size_t>(d.width.out_size), input[3]};
  *dims = d;
  return true;
}

bool CheckConvKernel(Kernel kernel, bool int16_input, bool depthwise,
                     bool int64_bias, const LayerDims& dims, std::string* error) {
  if (kernel == Kernel::kTflite) return true;
  if (!int16_input) {
    *error = "the kernel applies to int16 input only (the int8 kernels agree)";
  } else if (!depthwise && !int64_bias) {
    *error = "CMSIS-NN's int16 conv takes an int64 bias";
  } else if (!depthwise && dims.filter.c != dims.input.c) {
    *error = "CMSIS-NN's int16 conv has no groups";
  } else {
    return true;
  }
  return false;
}

}  // namespace mcu
}  // namespace refmath
