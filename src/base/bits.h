// The bit patterns of binary32 and binary64 values and back, for every
// layer above the kernels (whose lane-level bit tricks are in
// simd/lanes/).  Header-only: librefmath uses it without linking
// refmath_base.  Equality of results is always a comparison of these bits.
#ifndef REFMATH_SRC_BASE_BITS_H_
#define REFMATH_SRC_BASE_BITS_H_

#include <stdint.h>
#include <string.h>

namespace refmath {

inline uint32_t FloatBits(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return bits;
}

inline float BitsToFloat(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

inline uint64_t DoubleBits(double d) {
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  return bits;
}

inline double BitsToDouble(uint64_t bits) {
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

}  // namespace refmath

#endif  // REFMATH_SRC_BASE_BITS_H_
