// Integer fully connected layers of CMSIS-NN (docs/mcu.md):
//   s8  (A8W8):  int8 activations and weights, int32 bias, zero points,
//                the default requantization, output offset, clamp;
//   s16 (A16W8): int16 activations, int8 weights, int64 bias, no zero
//                points, RequantizeS64 (CMSIS-NN's arm_fully_connected_s16,
//                the default) or, with kernel kTflite, TFLite's 64-bit
//                MultiplyByQuantizedMultiplier (they part from
//                |result| = 2^30; shifts -49..14 and -31..7), clamp.
// The accumulations are exact integer sums, so every summation order of
// every implementation gives the same bits; s8 accumulates modulo 2^32 as
// the device's int32 accumulator does.
#ifndef REFMATH_MCU_FULLY_CONNECTED_H_
#define REFMATH_MCU_FULLY_CONNECTED_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "refmath/mcu/kernel.h"

namespace refmath {
namespace mcu {

// Requantization of one layer: one multiplier/shift for the whole tensor,
// or one per output channel (both vectors of size C_OUT).
struct Requant {
  std::vector<int32_t> multiplier;
  std::vector<int32_t> shift;
  int32_t MultiplierFor(size_t n) const {
    return multiplier.size() == 1 ? multiplier[0] : multiplier[n];
  }
  int32_t ShiftFor(size_t n) const {
    return shift.size() == 1 ? shift[0] : shift[n];
  }
};

struct FcS8Params {
  int32_t input_offset = 0;   // -input zero point
  int32_t filter_offset = 0;  // -weight zero point (0 in TFLite: symmetric)
  int32_t output_offset = 0;  // output zero point
  int32_t act_min = INT8_MIN;
  int32_t act_max = INT8_MAX;
  Requant requant;
};

struct FcS16Params {
  int32_t act_min = INT16_MIN;
  int32_t act_max = INT16_MAX;
  Requant requant;  // Q31 multipliers, reduced to 16 bits inside
  Kernel kernel = Kernel::kCmsisNn;  // kNsCmsisNn: the same bits
};

// input [rows][c_in], weights [c_out][c_in], bias [c_out] or empty, output
// [rows][c_out].  Returns false (output untouched) on inconsistent sizes
// (and, s16, a shift outside its form's range).
bool FullyConnectedS8(const std::vector<int8_t>& input,
                      const std::vector<int8_t>& weights,
                      const std::vector<int32_t>& bias, size_t rows,
                      size_t c_in, size_t c_out, const FcS8Params& params,
                      std::vector<int8_t>* output);

bool FullyConnectedS16(const std::vector<int16_t>& input,
                       const std::vector<int8_t>& weights,
                       const std::vector<int64_t>& bias, size_t rows,
                       size_t c_in, size_t c_out, const FcS16Params& params,
                       std::vector<int16_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_FULLY_CONNECTED_H_
