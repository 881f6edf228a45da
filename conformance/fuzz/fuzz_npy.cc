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
  // Every dtype: the elements land in bits or bits64 by the item size.
  const refmath::io::DTypeSet all = ~refmath::io::DTypeSet{0};
  if (refmath::io::ParseNpy(data, size, "fuzz.npy", &array, &error, all)) {
    const bool wide = refmath::io::ItemSize(array.dtype) == 8;
    const size_t used = wide ? array.bits64.size() : array.bits.size();
    const size_t unused = wide ? array.bits.size() : array.bits64.size();
    if (used != array.count() || unused != 0) abort();
  } else if (error.empty() || error.find('\n') != std::string::npos) {
    abort();
  }
  return 0;
}
