// Fuzz target: the array file reader (src/verify/array_file.h) on
// arbitrary bytes.  The first byte picks the dtype (bits 0-1) and .npy or
// raw (bit 2); the rest is the file.  A refusal must be one line; an
// accepted array must be self-consistent, and writing it back in the same
// form must read back identically (a raw file byte for byte).
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "src/verify/array_file.h"

namespace {

using refmath::io::DType;
using refmath::io::NpyArray;

constexpr DType kDTypes[] = {DType::kFloat32, DType::kFloat16, DType::kInt8,
                             DType::kInt16};

void CheckConsistent(const NpyArray& a, DType dtype) {
  if (a.dtype != dtype || a.bits.size() != a.count()) abort();
  const size_t width = 8 * refmath::io::ItemSize(dtype);
  for (uint32_t bits : a.bits) {
    if (width < 32 && (bits >> width) != 0) abort();
  }
}

// Encodes `a` in the form it was read from and parses it again.
void CheckRoundTrip(const NpyArray& a, bool npy, const uint8_t* data,
                    size_t size) {
  std::vector<uint8_t> bytes;
  std::string error;
  const bool encoded = npy ? refmath::io::EncodeNpy(a, "fuzz", &bytes, &error)
                           : refmath::io::EncodeRaw(a, "fuzz", &bytes, &error);
  if (!encoded) abort();
  if (!npy && (bytes.size() != size ||
               (size != 0 && memcmp(bytes.data(), data, size) != 0))) {
    abort();
  }
  NpyArray again;
  if (!refmath::io::ParseArray(bytes.data(), bytes.size(), npy, a.dtype,
                               "fuzz", &again, &error) ||
      again.bits != a.bits ||
      (npy && again.shape != a.shape)) {
    abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const DType dtype = kDTypes[data[0] & 3];
  const bool npy = (data[0] & 4) != 0;
  ++data;
  --size;
  NpyArray array;
  std::string error;
  if (!refmath::io::ParseArray(size ? data : nullptr, size, npy, dtype,
                               npy ? "fuzz.npy" : "fuzz.bin", &array,
                               &error)) {
    if (error.empty() || error.find('\n') != std::string::npos) abort();
    return 0;
  }
  CheckConsistent(array, dtype);
  CheckRoundTrip(array, npy, data, size);
  return 0;
}
