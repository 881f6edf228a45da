// The shapes of a fully connected layer over arrays (`refmath mcu fc`,
// refmath.mcu.fc_*): input [..., C_IN] (every leading index a row: a
// batch, or the pixels of a 1x1 convolution), weights [C_OUT, C_IN] (or,
// given packed, [ceil(C_OUT / L), C_IN, L]), bias [C_OUT]; the output
// [..., C_OUT].  Errors name the operands as the caller calls them.
#ifndef REFMATH_SRC_MCU_FC_SHAPES_H_
#define REFMATH_SRC_MCU_FC_SHAPES_H_

#include <stddef.h>

#include <string>
#include <vector>

#include "refmath/mcu/float_fc.h"
#include "refmath/mcu/platform.h"

namespace refmath {
namespace mcu {

struct FcNames {
  std::string input, weights, bias, c_out;  // e.g. "--input" or "input"
};

struct FcDims {
  size_t rows = 0, c_in = 0, c_out = 0;
  std::vector<size_t> out_shape;
};

// The layer's dimensions; `bias` null when there is none, `packed_c_out`
// the C_OUT of weights given packed (0: weights [C_OUT, C_IN]).  False
// with a one-line *error unless C_IN, C_OUT > 0 and the shapes fit.
bool FcLayerDims(const std::vector<size_t>& input,
                 const std::vector<size_t>& weights,
                 const std::vector<size_t>* bias, size_t packed_c_out,
                 const FcNames& names, FcDims* dims, std::string* error);

// Weights given packed for C_OUT = packed_c_out must be
// [ceil(C_OUT / lanes), C_IN, lanes]; false with a one-line *error.
bool CheckPackedWeights(const std::vector<size_t>& weights, size_t c_in,
                        size_t packed_c_out, size_t lanes,
                        const FcNames& names, std::string* error);

// Requantization given as one multiplier/shift or one per output channel:
// false with a one-line *error for any other count.
bool CheckRequantCount(size_t multipliers, size_t shifts, size_t c_out,
                       const std::string& names, std::string* error);

// A float layer's layout as the caller names it: "auto" (the platform
// model's choice, refmath/mcu/platform.h), "standard" or "packed".
struct FloatLayout {
  std::string name = "auto";
  bool legacy = false;          // the older fp16 standard kernel (not packed)
  bool weights_packed = false;  // C_OUT given: the weights come packed
  McuTarget target;
  Accumulation accumulation = Accumulation::kAuto;
  bool allow_approximate = false;
};
struct FloatLayoutNames {
  std::string layout, legacy, c_out;  // e.g. "--layout" or "layout"
};

// False with a one-line *error for an unknown layout, legacy beside the
// packed layout, or packed weights beside another layout.
bool CheckFloatLayout(const FloatLayout& layout, const FloatLayoutNames& names,
                      std::string* error);
// The kernel of a checked layout for a layer of `shape`.
FcKernel FloatKernelOf(const FloatLayout& layout, bool half, const FcShape& shape);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_FC_SHAPES_H_
