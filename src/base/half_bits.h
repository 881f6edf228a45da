// binary16 and bfloat16 bit patterns to and from binary32 bit patterns, in
// integer arithmetic and exact binary32 operations only, so that no result
// depends on the floating-point environment.
// Header-only, like bits.h: librefmath's narrow-format calls and the
// tensor layer's half-precision storage use it without linking refmath_base.
//
// Widening is exact (every value of either format is a binary32, NaN
// payloads kept).  Rounding is to nearest, ties to even, overflow to +-inf;
// a NaN becomes the format's canonical quiet NaN (0x7E00, 0x7FC0).
#ifndef REFMATH_SRC_BASE_HALF_BITS_H_
#define REFMATH_SRC_BASE_HALF_BITS_H_

#include <stdint.h>

#include "src/base/bits.h"

namespace refmath {

constexpr uint16_t kBinary16CanonicalNaN = 0x7E00;
constexpr uint16_t kBfloat16CanonicalNaN = 0x7FC0;

// binary16 (1 sign, 5 exponent bits biased by 15, 10 fraction bits) to
// the binary32 of the same value; every case computed, one chosen, as in
// the other direction below.
inline uint32_t Binary16ToFloatBits(uint16_t h) {
  const uint32_t sign = uint32_t{h & 0x8000u} << 16;
  const uint32_t exponent = (h >> 10) & 0x1Fu, fraction = h & 0x3FFu;
  const uint32_t special = sign | 0x7F800000u | (fraction << 13);
  const uint32_t normal = sign | ((exponent + 112) << 23) | (fraction << 13);
  // Subnormal or zero: fraction * 2^-24.  The conversion of an integer
  // below 2^10 and the product by a power of two are exact and their
  // results normal (or zero), so the floating-point environment (rounding
  // mode, flushing of subnormals) cannot change them.
  const uint32_t subnormal =
      sign | FloatBits(static_cast<float>(fraction) * 0x1p-24f);
  return exponent == 0x1F ? special : exponent != 0 ? normal : subnormal;
}

// The binary16 nearest the binary32 with bits b.  Both ranges are
// computed and one is chosen, without branches: the choice depends on
// the data, and a mispredicted branch per element costs more than the
// arithmetic.
inline uint16_t FloatBitsToBinary16(uint32_t b) {
  const uint32_t sign = (b >> 16) & 0x8000u;
  const uint32_t magnitude = b & 0x7FFFFFFFu;
  const uint32_t exponent = magnitude >> 23;
  // >= 2^-14, normal in binary16: drop 13 bits, rounding to nearest even
  // by adding 0xFFF plus the last kept bit (a carry raises the exponent:
  // still the right encoding), and rebias the exponent from 127 to 15.
  const uint32_t normal =
      ((magnitude + 0xFFFu + ((magnitude >> 13) & 1u)) >> 13) - (112u << 10);
  // Below 2^-14, in units of 2^-24: the significand (hidden bit set)
  // shifted right by 126 - exponent, at least 14; from 25 on the value is
  // below 2^-25 (or a binary32 subnormal) and rounds to 0, which a shift
  // of 25 gives too.  The same rounding, by adding half less one plus the
  // last kept bit; a carry out of 0x3FF is 2^-14 (0x0400), right again.
  const uint32_t capped = exponent < 112 ? exponent : 112;
  const uint32_t shift = 126 - capped < 25 ? 126 - capped : 25;
  const uint32_t significand = (magnitude & 0x7FFFFFu) | 0x800000u;
  const uint32_t subnormal =
      (significand + ((1u << (shift - 1)) - 1) + ((significand >> shift) & 1u)) >>
      shift;
  const uint32_t finite = exponent >= 113 ? normal : subnormal;
  // 65520 = 0x477FF000 is halfway between 65504 (the largest binary16,
  // odd fraction) and 2^16: the tie and everything above go to inf.
  const uint32_t big = magnitude > 0x7F800000u ? kBinary16CanonicalNaN
                                               : (sign | 0x7C00u);
  return static_cast<uint16_t>(magnitude >= 0x477FF000u ? big
                                                        : (sign | finite));
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
