// Fuzz target: the .npy parser on arbitrary bytes.  It must return (true
// or false with a one-line error), never crash or read out of bounds; a
// successful parse must be self-consistent.
#include <stdint.h>
#include <stdlib.h>

#include <string>

#include "src/verify/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  refmath::io::NpyArray array;
  std::string error;
  if (refmath::io::ParseNpy(data, size, "fuzz.npy", &array, &error)) {
    if (array.bits.size() != array.count()) abort();
  } else if (error.empty() || error.find('\n') != std::string::npos) {
    abort();
  }
  return 0;
}
