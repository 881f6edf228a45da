// A model's layer list as a JSON file, for `refmath mcu check` (docs/mcu.md,
// "Checking a model's parameters"): the same dicts refmath.mcu.check_model
// takes, written as JSON.  The file holds an array of layer objects, or an
// object {"layers": [...], "target": {...}}.  A layer's keys read: "op",
// "type", "output_type", "filter_type", "input2_type" (strings) and the
// scales and zero points (input_scale, input_zero_point, input2_scale,
// input2_zero_point, output_scale, output_zero_point, filter_scales,
// filter_zero_points: a number or an array of numbers, zero points
// integers); other keys (a model's weights, windows) are not read.  The
// target's keys: "name", "cpu" (strings), "mve", "fpu" (booleans), "fp16"
// (a boolean, or null for undeclared); absent, the Cortex-M55.
#ifndef REFMATH_SRC_EMULATOR_IO_MCU_MODEL_JSON_H_
#define REFMATH_SRC_EMULATOR_IO_MCU_MODEL_JSON_H_

#include <string>
#include <vector>

#include "refmath/mcu/model_description.h"
#include "refmath/mcu/platform.h"
#include "src/emulator_io/json_value.h"

namespace refmath {
namespace io {

// False with a one-line *error naming the layer or the key.
bool McuModelFromJson(const JsonValue& doc, std::vector<mcu::LayerDescription>* layers,
                      mcu::McuTarget* target, std::string* error);

}  // namespace io
}  // namespace refmath

#endif  // REFMATH_SRC_EMULATOR_IO_MCU_MODEL_JSON_H_
