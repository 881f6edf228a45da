// The files `refmath compare` reads (a backend's inputs and outputs), and
// the values of the formats they hold.  Internal to compare.cc; the CSV
// it writes is declared in compare.h.
#ifndef REFMATH_SRC_VERIFY_COMPARE_IO_H_
#define REFMATH_SRC_VERIFY_COMPARE_IO_H_

#include <stdint.h>

#include <string>

#include "src/verify/compare.h"
#include "src/verify/npy.h"

namespace refmath {

struct Dump {
  bool is_npy = false;
  DumpType type = DumpType::kFloat32;  // never kAuto once loaded
  io::NpyArray array;  // raw files become a 1-d array; 16-bit values in
                       // the low bits
};

// Reads `path` ("-": standard input) as `want` says (kAuto: the .npy's own
// dtype, float32 for a raw file); `role` ("inputs" or "outputs") names
// the file and its --ROLE-dtype option in errors.
bool LoadDump(const std::string& path, DumpType want, const char* role,
              Dump* dump, std::string* error);

Format FormatOf(DumpType type);

// A value of the format, from its bits, as a double (NaN payloads aside,
// exact).
double ValueOf(uint32_t bits, Format format);
// The binary32 bits of a value of the format (exact, NaN payloads kept).
uint32_t WidenedBits(uint32_t bits, Format format);
// v rounded to the format (nearest, ties to even), as the format's bits.
uint32_t BitsIn(float v, Format format);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_COMPARE_IO_H_
