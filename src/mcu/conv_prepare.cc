#include "refmath/mcu/conv.h"

#include "refmath/mcu/fixed_point.h"
#include "refmath/mcu/quantize_params.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

bool ConvS8Prepare(const Shape4& in, const Shape4& f, const ConvLayerSpec& s,
                   ConvS8Params* params) {
  ConvS8Params p;
  if (!PaddedAxis(s.padding, in.h, f.h, s.stride_h, s.dilation_h, &p.height) ||
      !PaddedAxis(s.padding, in.w, f.w, s.stride_w, s.dilation_w, &p.width) ||
      !ConvRequant(s.input_scale, s.filter_scales, s.output_scale, &p.requant) ||
      !ActivationRange(s.activation, s.output_scale, s.output_zero_point,
                       INT8_MIN, INT8_MAX, &p.act_min, &p.act_max)) {
    return false;
  }
  p.input_offset = WrapToInt32(-int64_t{s.input_zero_point});
  p.output_offset = s.output_zero_point;
  *params = p;
  return true;
}

}  // namespace mcu
}  // namespace refmath
