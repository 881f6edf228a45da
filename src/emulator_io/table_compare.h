// A device's activation table against the oracle's, entry by entry in
// output LSBs (`refmath mcu compare`, docs/mcu.md).
#ifndef REFMATH_SRC_EMULATOR_IO_TABLE_COMPARE_H_
#define REFMATH_SRC_EMULATOR_IO_TABLE_COMPARE_H_

#include <stddef.h>
#include <stdint.h>

#include <map>
#include <string>
#include <vector>

namespace refmath {
namespace mcu {

struct TableEntry {
  int32_t input;   // the quantized input
  int32_t device;  // the device's output
  int32_t ideal;   // the oracle's output
};

struct TableComparison {
  int64_t max_lsb = 0;    // max |device - ideal|
  int64_t differing = 0;  // entries with device != ideal
  // |device - ideal| -> number of entries, every distance that occurs.
  std::map<int64_t, int64_t> histogram;
  // The differing entries with the largest |device - ideal|, largest first
  // (equal distances: lower input first), at most `worst` of them.
  std::vector<TableEntry> worst;
};

// device and ideal hold the outputs for the inputs first_input,
// first_input + 1, ... (same size).
TableComparison CompareTables(const std::vector<int32_t>& device,
                              const std::vector<int32_t>& ideal,
                              int32_t first_input, size_t worst);

// A device's table from a file's bytes: with `npy`, a .npy file holding an
// int8 array of 256 or an int16 array of 65536 elements (any shape);
// otherwise raw, 256 bytes of int8 or 131072 bytes of little-endian int16
// (as `refmath mcu table` writes them), which must not start with the .npy
// magic.  `name` prefixes the one-line *error.
bool ReadDeviceTable(const std::vector<uint8_t>& bytes, bool npy,
                     const std::string& name, std::vector<int32_t>* table,
                     std::string* error);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_EMULATOR_IO_TABLE_COMPARE_H_
