// The 256-entry sigmoid table of the int16 activations (CMSIS-NN and
// TFLite share it): entry i is about 65536 * sigmoid(i / 24).  It is data
// of the device, not a formula: 44 entries exceed round(65536 *
// sigmoid(i / 24)) by one, the last of them the final entry 65535.
#ifndef REFMATH_SRC_MCU_SIGMOID_TABLE_H_
#define REFMATH_SRC_MCU_SIGMOID_TABLE_H_

#include <stdint.h>

#include <array>

namespace refmath {
namespace mcu {

constexpr int kSigmoidTableSize = 256;
constexpr double kSigmoidTableStep = 1.0 / 24;  // input step between entries

const std::array<uint16_t, kSigmoidTableSize>& SigmoidTableU16();

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_SIGMOID_TABLE_H_
