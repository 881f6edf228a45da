// Fuzz target: an ANE tensor from arbitrary .npy bytes, as `refmath ane`
// and refmath.ane read one.  Parsing and the conversion must return (true,
// or false with a one-line error), never crash; a tensor read must hold
// every element of the array, and written back it has the array's shape.
#include <stdint.h>
#include <stdlib.h>

#include <string>

#include "refmath/ane/profile.h"
#include "src/emulator_io/npy_tensor.h"
#include "src/verify/npy.h"

namespace {

bool OneLine(const std::string& error) {
  return !error.empty() && error.find('\n') == std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace refmath;
  io::NpyArray array;
  std::string error;
  if (!io::ParseNpy(data, size, "fuzz.npy", &array, &error,
                    ane::kTensorDTypes)) {
    if (!OneLine(error)) abort();
    return 0;
  }
  const ane::Profile& p = ane::SpecProfile();
  const io::NpyArray half = ane::AsFloat16(array, p);
  if (half.count() != array.count() || half.shape != array.shape) abort();
  ane::Tensor t;
  if (!ane::TensorFromNpy(array, "fuzz.npy", p, &t, &error)) {
    if (!OneLine(error)) abort();
    return 0;
  }
  const io::NpyArray back = ane::TensorToNpy(t);
  if (back.count() != array.count()) abort();
  if (array.dtype == io::DType::kFloat16 && back.bits != array.bits) abort();
  return 0;
}
