// The sliding-window geometry shared by conv, depthwise conv and pooling
// (docs/mcu.md, "Windows and padding"): 4-D shapes, one spatial axis of a
// window, and TFLite's SAME / VALID padding.
#ifndef REFMATH_MCU_WINDOW_H_
#define REFMATH_MCU_WINDOW_H_

namespace refmath {
namespace mcu {

// A 4-D shape: NHWC for activations, OHWI for conv filters, 1HWO for
// depthwise filters.  Arrays are dense, row-major in this order.
struct Shape4 {
  int n = 0, h = 0, w = 0, c = 0;
};

// One spatial axis: output index o reads input positions
// o * stride - pad + dilation * k for filter taps k, positions outside
// [0, in_size) skipped.  out_size is the output extent on this axis.
struct WindowAxis {
  int stride = 1;
  int dilation = 1;
  int pad = 0;  // top / left padding (TFLite's padding_values)
  int out_size = 0;
};

enum class Padding { kSame, kValid };

// TFLite's output size and padding for one axis (kernels/padding.h):
// effective filter eff = (filter - 1) * dilation + 1; SAME gives
// out = ceil(in / stride), VALID out = (in + stride - eff) / stride;
// total = max(0, (out - 1) * stride + eff - in), pad = total / 2, and
// *offset (if not null) = total % 2, the extra bottom / right padding
// the kernels never read.  False for in, filter, stride or dilation < 1,
// or an output size < 1 (VALID with eff > in).
bool PaddedAxis(Padding padding, int in_size, int filter_size, int stride,
                int dilation, WindowAxis* axis, int* offset = nullptr);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_WINDOW_H_
