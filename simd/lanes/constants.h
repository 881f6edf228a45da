// The constants that more than one kernel in simd/ uses: the rounding
// constant M, log2(e) and the two-part ln 2 of the exp and log reductions,
// the binary32 limits FLT_MIN and FLT_MAX, and the bit patterns of the lane
// operations.  docs/algorithms.md explains each where it is used (the
// section and step are named beside it) and lists them all under
// "Constants by bit pattern".
//
// Spelling, as in every kernel file: a value that is exactly a binary32
// number is a hexadecimal-float literal with its decimal in the comment; a
// decimal that gets rounded to binary32 keeps its decimal spelling, with
// the bits of the rounded value in the comment.
//
// Plain values, no Highway types: one header in namespace refmath serves
// every target's namespace.
#ifndef REFMATH_SIMD_CONSTANTS_H_
#define REFMATH_SIMD_CONSTANTS_H_

#include <stdint.h>

namespace refmath {

// M = 1.5 * 2^23.  v + M, for |v| < 2^22, lies in [2^23, 2^24) where the
// spacing is 1: the sum rounds v to the nearest integer (ties to even) and
// holds that integer in its low mantissa bits.  docs/algorithms.md, "Lane
// operations", 1 and 2; "exp", step 1; "log", step 2.
constexpr float kRoundM = 0x1.8p+23f;        // 12582912, 0x4B400000
constexpr int32_t kRoundMBits = 0x4B400000;  // bits(kRoundM)

// log2(e), rounded: "exp", step 1; "Fast exp", step 2.
constexpr float kLog2E = 1.44269502f;  // 0x3FB8AA3B

// ln 2 = kLn2Hi + kLn2Lo (their sum is 5.5e-14 above ln 2): "exp", step 2;
// "log", step 4; "Fast exp", step 3.  kLn2Hi = 22713 / 2^15 has a 15-bit
// significand, so n * kLn2Hi is exact for every |n| < 2^9.
constexpr float kLn2Hi = 0x1.62e4p-1f;   // 0.693145751953125, 0x3F317200
constexpr float kLn2Lo = 1.4286068e-6f;  // 0x35BFBE8E

// The smallest positive normal and the largest finite binary32: "log",
// steps 1 and 5, and log's shortcut range.
constexpr float kFltMin = 0x1p-126f;         // 1.17549435e-38, 0x00800000
constexpr float kFltMax = 0x1.fffffep+127f;  // 3.40282347e+38, 0x7F7FFFFF

// Bit patterns of the lane operations ("Lane operations", 3 to 5).
constexpr uint32_t kCanonicalNaNBits = 0x7FC00000u;  // the one NaN returned
constexpr uint32_t kSignBit = 0x80000000u;
constexpr int32_t kExponentBias = 127;  // 2^k has exponent field k + 127
constexpr int kMantissaBits = 23;       // the exponent field starts at bit 23

}  // namespace refmath

#endif  // REFMATH_SIMD_CONSTANTS_H_
