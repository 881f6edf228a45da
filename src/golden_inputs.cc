#include "src/golden_inputs.h"

#include "src/file_io.h"

namespace refmath {

const std::vector<uint32_t>& SpecialValueBits() {
  static const std::vector<uint32_t> kList(
      kSpecialValueBits, kSpecialValueBits + kSpecialValueCount);
  return kList;
}

std::vector<float> GoldenInputs() {
  const std::vector<uint32_t>& special = SpecialValueBits();
  std::vector<float> inputs;
  inputs.reserve(kGoldenStridedCount + special.size());
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += kGoldenStride) {
    inputs.push_back(io::BitsToFloat(static_cast<uint32_t>(bits)));
  }
  for (uint32_t bits : special) inputs.push_back(io::BitsToFloat(bits));
  return inputs;
}

}  // namespace refmath
