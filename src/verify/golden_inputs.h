// The golden input set (docs/golden-hashes.md): every 4099th binary32 bit
// pattern, 0, 4099, ..., below 2^32, then the special values in their
// fixed order.  Header-only, so that every build that hashes the set (the
// library's tools and tests, the bare-metal firmware) uses this one
// definition.  Frozen: changing it changes every digest.
#ifndef REFMATH_SRC_VERIFY_GOLDEN_INPUTS_H_
#define REFMATH_SRC_VERIFY_GOLDEN_INPUTS_H_

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <vector>

namespace refmath {

constexpr uint32_t kGoldenStride = 4099;
// ceil(2^32 / 4099): the strided part of the set.
constexpr size_t kGoldenStridedCount = 1047809;

// Each threshold t appears as t, then the patterns bits(t)-1 and bits(t)+1
// (its two neighbouring floats).
constexpr uint32_t kSpecialValueBits[] = {
      0x00000000, 0x80000000,  // +0, -0
      0x7F800000, 0xFF800000,  // +inf, -inf
      0x7FC00000, 0xFFC00000,  // quiet NaNs, both signs
      0x7FC00001, 0xFFFFFFFF,  // quiet NaNs with payloads
      0x7F800001, 0xFF800001,  // signalling NaNs, smallest payload
      0x7FA00000, 0x7FBFFFFF,  // signalling NaNs, other payloads
      0x00000001, 0x80000001,  // smallest subnormals
      0x00400000, 0x80400000,  // 2^-127
      0x007FFFFF, 0x807FFFFF,  // largest subnormals
      0x00800000, 0x80800000,  // FLT_MIN (log's subnormal threshold)
      0x00800001, 0x80800001,  // FLT_MIN's upper neighbours
      0x7F7FFFFF, 0xFF7FFFFF,  // FLT_MAX
      0x7F7FFFFE, 0xFF7FFFFE,  // FLT_MAX's lower neighbours
      0x3F800000, 0x3F7FFFFF, 0x3F800001,  // 1 (log(1) = 0)
      0xBF800000, 0xBF7FFFFF, 0xBF800001,  // -1
      0x42B17217, 0x42B17216, 0x42B17218,  // 88.72283172607422: exp -> inf
      0xC2CFF1B4, 0xC2CFF1B3, 0xC2CFF1B5,  // -103.97207641601562: exp -> +0
      0xC2AEAC4F, 0xC2AEAC4E, 0xC2AEAC50,  // -87.33654: ExpNonPositive -> +0
      0x3F19999A, 0x3F199999, 0x3F19999B,  // 0.6: tanh branch
      0xBF19999A, 0xBF199999, 0xBF19999B,  // -0.6
      0x3F000000, 0x3EFFFFFF, 0x3F000001,  // 0.5: erf branch
      0xBF000000, 0xBEFFFFFF, 0xBF000001,  // -0.5
      0x42800000, 0x427FFFFF, 0x42800001,  // 64: erf drops x^2's low part
      0xC2800000, 0xC27FFFFF, 0xC2800001,  // -64
      0x42B0999A, 0x42B09999, 0x42B0999B,  // 88.3: fast exp clamp
      0xC2AE999A, 0xC2AE9999, 0xC2AE999B,  // -87.3: fast exp -> +0
      0x40B33333, 0x40B33332, 0x40B33334,  // 5.6: fast GELU clamp
      0xC0B33333, 0xC0B33332, 0xC0B33334,  // -5.6: fast GELU -> -0
};
constexpr size_t kSpecialValueCount =
    sizeof(kSpecialValueBits) / sizeof(kSpecialValueBits[0]);

constexpr size_t kGoldenInputCount = kGoldenStridedCount + kSpecialValueCount;

// Input #i of the set (i < kGoldenInputCount), as a bit pattern.
constexpr uint32_t GoldenInputBits(size_t i) {
  return i < kGoldenStridedCount
             ? static_cast<uint32_t>(i * kGoldenStride)
             : kSpecialValueBits[i - kGoldenStridedCount];
}

// The whole set as floats, in order.
inline std::vector<float> GoldenInputs() {
  std::vector<float> inputs(kGoldenInputCount);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const uint32_t bits = GoldenInputBits(i);
    memcpy(&inputs[i], &bits, sizeof bits);
  }
  return inputs;
}

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_GOLDEN_INPUTS_H_
