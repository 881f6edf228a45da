// The matmul's accumulators and output rounding (internal to src/ane),
// shared by the one-output Dot, which states the model's steps, and the
// matmul's faster routes (matmul_lanes.h).
#ifndef REFMATH_SRC_ANE_MATMUL_ACCUMULATOR_H_
#define REFMATH_SRC_ANE_MATMUL_ACCUMULATOR_H_

#include <math.h>
#include <stdint.h>

#include "refmath/ane/profile.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {
namespace matmul_detail {

// The exact accumulator counts units of 2^-48: every product of two
// binary16 values (multiples of 2^-24) is a whole number of them, and the
// largest, 65504^2 < 2^32, is below 2^80 units, so 2^40 terms fit in 127
// bits.
constexpr int kExactUnitExponent = 48;
constexpr int kDoubleMantissaBits = 53;
constexpr double kUnit = 0x1p48;        // 2^kExactUnitExponent
constexpr double kInt64Limit = 0x1p63;

using Int128 = __int128;
using Uint128 = unsigned __int128;

// An exact fixed-point value as a double rounded to odd: exact below 2^53,
// otherwise the top 53 bits with the lowest set if any dropped bit was.
// Rounding that to binary16 (11 bits << 53 - 2) is then correct.
inline double ExactToDouble(Int128 v) {
  const bool negative = v < 0;
  Uint128 u = negative ? -static_cast<Uint128>(v) : static_cast<Uint128>(v);
  int bits = 0;
  for (Uint128 t = u; t != 0; t >>= 1) ++bits;
  double d;
  if (bits <= kDoubleMantissaBits) {
    d = ldexp(static_cast<double>(static_cast<uint64_t>(u)), -kExactUnitExponent);
  } else {
    const int shift = bits - kDoubleMantissaBits;
    uint64_t top = static_cast<uint64_t>(u >> shift);
    if ((u & ((Uint128{1} << shift) - 1)) != 0) top |= 1;
    d = ldexp(static_cast<double>(top), shift - kExactUnitExponent);
  }
  return negative ? -d : d;
}

// The running value of the wide accumulator, with the IEEE rules for
// infinities, NaN and the sign of an all-zero sum.
class WideAccumulator {
 public:
  explicit WideAccumulator(Accumulator kind) : kind_(kind) {}

  // term: a binary16 value, an exact product or an exact sum of them that
  // the matmul's lanes fold in (a whole number of 2^-48 below 2^81), or an
  // infinity or NaN.
  void Add(double term) {
    if (kind_ == Accumulator::kFp32) {
      fp32_ = fp32_ + static_cast<float>(term);  // exact conversion
      return;
    }
    if (isnan(term)) {
      nan_ = true;
    } else if (isinf(term)) {
      (term > 0 ? pos_inf_ : neg_inf_) = true;
    } else {
      if (!(term == 0 && signbit(term))) all_negative_zero_ = false;
      // A whole number of units below 2^81; most below 2^63, where the
      // conversion is one instruction.
      const double units = term * kUnit;  // exact: a power of two
      exact_ += fabs(units) < kInt64Limit
                    ? Int128{static_cast<int64_t>(units)}
                    : static_cast<Int128>(units);
    }
  }

  double Value() const {
    if (kind_ == Accumulator::kFp32) return fp32_;
    if (nan_ || (pos_inf_ && neg_inf_)) return NAN;
    if (pos_inf_) return INFINITY;
    if (neg_inf_) return -INFINITY;
    if (exact_ == 0) return all_negative_zero_ ? -0.0 : 0.0;
    return ExactToDouble(exact_);
  }

 private:
  Accumulator kind_;
  float fp32_ = -0.0f;  // -0 + x == x for every x, as an empty IEEE sum
  Int128 exact_ = 0;
  bool nan_ = false, pos_inf_ = false, neg_inf_ = false;
  bool all_negative_zero_ = true;
};

// The output of a matmul: rounded with the output tie rule, then saturated.
inline Half MatmulOutput(double value, const Profile& p) {
  const Half h = HalfFromDouble(value, p.Output());
  if (!HalfIsNaN(h) && fabs(HalfToDouble(h)) >= p.output_saturation) {
    return (h & 0x8000) | kHalfPosInf;
  }
  return h;
}

}  // namespace matmul_detail
}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_MATMUL_ACCUMULATOR_H_
