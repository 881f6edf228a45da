#include "src/emulator_io/table_serialize.h"

#include "src/verify/file_io.h"

namespace refmath {
namespace mcu {

std::vector<uint8_t> TableBytes(const std::array<int8_t, 256>& table) {
  std::vector<uint8_t> bytes(table.size());
  for (size_t i = 0; i < table.size(); ++i) {
    bytes[i] = static_cast<uint8_t>(table[i]);
  }
  return bytes;
}

std::vector<uint8_t> TableBytes(const std::vector<int16_t>& table) {
  std::vector<uint8_t> bytes(2 * table.size());
  for (size_t i = 0; i < table.size(); ++i) {
    io::StoreLE16(static_cast<uint16_t>(table[i]), &bytes[2 * i]);
  }
  return bytes;
}

}  // namespace mcu
}  // namespace refmath
