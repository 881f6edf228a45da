// A model's layers as a layer list states them (docs/mcu.md, "Checking a
// model's parameters"), turned into the LayerParams CheckLayers reads: the
// form refmath.mcu.check_model and `refmath mcu check` take, where a layer
// may leave out what follows from the layer before it.
//   type         s8, s16, f16 or f32 (absent: the previous layer's output
//                type, or s8 for the first layer);
//   output_type  (absent: type); filter_type (absent: s8 for an integer
//                layer, else type); input2_type (absent: type);
//   input        input_scale and input_zero_point; absent: the previous
//                layer's output when its type is this layer's, else
//                unstated (an empty TensorParams of the type);
//   input2, output, weights: input2_scale / input2_zero_point,
//                output_scale / output_zero_point, filter_scales /
//                filter_zero_points; absent: unstated.
// A float tensor's scales and zero points are not read.  A stated scale
// without a zero point has zero point 0; a zero point without its scale is
// an error.
#ifndef REFMATH_MCU_MODEL_DESCRIPTION_H_
#define REFMATH_MCU_MODEL_DESCRIPTION_H_

#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/mcu/model_check.h"

namespace refmath {
namespace mcu {

// One stated quantization: `stated` false when the list leaves it out.
struct StatedQuant {
  bool scale_stated = false, zero_point_stated = false;
  std::vector<double> scales;
  std::vector<int64_t> zero_points;
};

struct LayerDescription {
  std::string op;  // CheckedOpShortName: conv2d, softmax, ...
  std::string type, output_type, filter_type, input2_type;  // "" = absent
  StatedQuant input, input2, output, weights;
};

// The layers' LayerParams, in order.  False with a one-line *error naming
// the layer ("layer 2: unknown op 'pool'", "layer 0: unknown type 'u8'
// (valid: s8, s16, f16, f32)", "layer 1: output_zero_point is given
// without output_scale"); a zero point beyond int32 is kept at INT32_MIN
// or INT32_MAX, for CheckLayers to name.
bool LayersFromDescriptions(const std::vector<LayerDescription>& layers,
                            std::vector<LayerParams>* params, std::string* error);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_MODEL_DESCRIPTION_H_
