// The MCU module's golden rows (golden/mcu.sha256, docs/mcu.md): SHA-256 of
// the exhaustive activation tables for a fixed set of parameters.  An int8
// table is its 256 outputs for the inputs -128..127 as bytes; an int16
// table its 65536 outputs for -32768..32767 as little-endian int16: the
// bytes `refmath mcu table` writes.
#ifndef REFMATH_SRC_CONFORM_MCU_GOLDEN_DIGESTS_H_
#define REFMATH_SRC_CONFORM_MCU_GOLDEN_DIGESTS_H_

#include <stdint.h>

#include <string>
#include <vector>

#include "src/verify/digest.h"

namespace refmath {
namespace mcu {

// One row's parameters: an int8 row gives the input scale (decimal text,
// parsed as binary32) and zero point; an int16 row the scale from which
// the multiplier and shift are prepared.
struct GoldenCase {
  const char* op;     // logistic_s8, tanh_s8, sigmoid_s16, tanh_s16
  const char* scale;  // decimal
  int32_t zero_point;  // int8 rows only
};

const std::vector<GoldenCase>& GoldenCases();

// The row name of a case, e.g. "logistic_s8:scale=0.0625:zp=-128" or
// "sigmoid_s16:scale=0.001:mult=24576:shift=11".
std::string GoldenRowName(const GoldenCase& c);

// The raw table bytes of a case (what the digest covers).
std::vector<uint8_t> GoldenTableBytes(const GoldenCase& c);

std::vector<NamedDigest> GoldenDigests();

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_MCU_GOLDEN_DIGESTS_H_
