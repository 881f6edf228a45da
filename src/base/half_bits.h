// binary16 and bfloat16 bit patterns to and from binary32 bit patterns, in
// integer arithmetic only (no result depends on the FPU's modes).
// Header-only, like bits.h: librefmath's narrow-format calls and the
// tensor layer's half-precision storage use it without linking refmath_base.
//
// Widening is exact (every value of either format is a binary32, NaN
// payloads kept).  Rounding is to nearest, ties to even, overflow to +-inf;
// a NaN becomes the format's canonical quiet NaN (0x7E00, 0x7FC0).
#ifndef REFMATH_SRC_BASE_HALF_BITS_H_
#define REFMATH_SRC_BASE_HALF_BITS_H_

#include <stdint.h>

namespace refmath {

constexpr uint16_t kBinary16CanonicalNaN = 0x7E00;
constexpr uint16_t kBfloat16CanonicalNaN = 0x7FC0;

// binary16 (1 sign, 5 exponent bits biased by 15, 10 fraction bits) to
// the binary32 of the same value.
inline uint32_t Binary16ToFloatBits(uint16_t h) {
  const uint32_t sign = uint32_t{h & 0x8000u} << 16;
  const uint32_t exponent = (h >> 10) & 0x1Fu, fraction = h & 0x3FFu;
  if (exponent == 0x1F) return sign | 0x7F800000u | (fraction << 13);
  if (exponent != 0) {
    return sign | ((exponent + 112) << 23) | (fraction << 13);  // 127 - 15
  }
  if (fraction == 0) return sign;
  // Subnormal: fraction * 2^-24.  Normalize: the leading one at bit 10.
  uint32_t e = 113, f = fraction;  // 2^-14 has binary32 exponent field 113
  while ((f & 0x400u) == 0) {
    f <<= 1;
    --e;
  }
  return sign | (e << 23) | ((f & 0x3FFu) << 13);
}

// The binary16 nearest the binary32 with bits b.
inline uint16_t FloatBitsToBinary16(uint32_t b) {
  const uint16_t sign = static_cast<uint16_t>((b >> 16) & 0x8000u);
  const uint32_t magnitude = b & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return kBinary16CanonicalNaN;
  // 65520 = 0x477FF000 is halfway between 65504 (the largest binary16,
  // odd fraction) and 2^16: the tie and everything above go to inf.
  if (magnitude >= 0x477FF000u) return sign | 0x7C00u;
  const uint32_t exponent = magnitude >> 23;
  uint32_t kept, rest, half;
  if (exponent >= 113) {  // >= 2^-14, normal in binary16: drop 13 bits
    kept = ((exponent - 112) << 10) | ((magnitude >> 13) & 0x3FFu);
    rest = magnitude & 0x1FFFu;
    half = 0x1000u;
  } else {  // subnormal in binary16: units of 2^-24
    // value = significand * 2^(exponent - 150); in units of 2^-24 that is
    // significand >> (126 - exponent).  Below 2^-25 it rounds to 0 (a
    // binary32 subnormal, exponent 0, is far below).
    const uint32_t shift = 126 - exponent;  // >= 14
    if (exponent == 0 || shift > 24) return sign;
    const uint32_t significand = (magnitude & 0x7FFFFFu) | 0x800000u;
    kept = significand >> shift;
    rest = significand & ((1u << shift) - 1);
    half = 1u << (shift - 1);
  }
  // A carry out of the fraction raises the exponent: still the right
  // encoding (0x3FF + 1 in the top subnormal is 2^-14, 0x0400).
  if (rest > half || (rest == half && (kept & 1u) != 0)) ++kept;
  return static_cast<uint16_t>(sign | kept);
}

// bfloat16 is the high half of a binary32.
inline uint32_t Bfloat16ToFloatBits(uint16_t h) { return uint32_t{h} << 16; }

inline uint16_t FloatBitsToBfloat16(uint32_t b) {
  if ((b & 0x7FFFFFFFu) > 0x7F800000u) return kBfloat16CanonicalNaN;
  // Adding 0x7FFF (0x8000 when the kept part is odd) carries into bit 16
  // exactly when the dropped half is above one half (or a tie to an odd
  // kept part); a carry out of the largest finite value gives inf.
  return static_cast<uint16_t>((b + 0x7FFFu + ((b >> 16) & 1u)) >> 16);
}

}  // namespace refmath

#endif  // REFMATH_SRC_BASE_HALF_BITS_H_
