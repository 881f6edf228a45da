// Activation tables as the raw bytes `refmath mcu table` writes and the
// golden digests cover: int8 outputs one byte each, int16 outputs
// little-endian, in input order.
#ifndef REFMATH_SRC_EMULATOR_IO_TABLE_SERIALIZE_H_
#define REFMATH_SRC_EMULATOR_IO_TABLE_SERIALIZE_H_

#include <stddef.h>
#include <stdint.h>

#include <array>
#include <vector>

namespace refmath {
namespace mcu {

std::vector<uint8_t> TableBytes(const std::array<int8_t, 256>& table);
std::vector<uint8_t> TableBytes(const std::vector<int16_t>& table);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_EMULATOR_IO_TABLE_SERIALIZE_H_
