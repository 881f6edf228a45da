#include "src/mcu/gemmlowp_fixed.h"

#include "refmath/mcu/fixed_point.h"

namespace refmath {
namespace mcu {
namespace gemmlowp_fixed {
namespace {

int32_t Mul(int32_t a, int32_t b) { return SaturatingDoublingHighMul(a, b); }
int32_t Add(int32_t a, int32_t b) { return WrappingAdd(a, b); }
int32_t Sub(int32_t a, int32_t b) { return WrappingSub(a, b); }

constexpr int32_t kOneQ0 = INT32_MAX;   // 1.0 with 0 integer bits, saturated
constexpr int32_t kHalfQ0 = 1 << 30;    // 0.5 in Q0.31
constexpr int32_t kOneQ2 = 1 << 29;     // 1.0 in Q2.29

// exp(-1/8) and 1/3 in Q0.31 (round(exp(-1/8) * 2^31), round(2^31 / 3)).
constexpr int32_t kExpMinusOneEighth = 1895147668;
constexpr int32_t kOneThird = 715827883;
// 48/17 and -32/17 in Q2.29: the Newton-Raphson start 48/17 - 32/17 * d
// for 1/d, d in [1/2, 1].
constexpr int32_t kFortyEightSeventeenths = 1515870810;
constexpr int32_t kMinusThirtyTwoSeventeenths = -1010580540;

// exp(-2^e) in Q0.31 for e = -2..4: the factors applied for each set bit of
// the input's multiple of 1/4.
struct Barrel {
  int exponent;
  int32_t multiplier;
};
constexpr Barrel kBarrel[] = {
    {-2, 1672461947}, {-1, 1302514674}, {0, 790015084}, {1, 290630308},
    {2, 39332535},    {3, 720401},      {4, 242},
};

// gemmlowp's Rescale: from `from` integer bits to `to`.
int32_t Rescale(int32_t raw, int from, int to) {
  const int exponent = from - to;
  if (exponent > 0) return SaturatingShiftLeft(raw, exponent);
  if (exponent < 0) return RoundingDivideByPot(raw, -exponent);
  return raw;
}

// exp(a) for a in [-1/4, 0), Q0.31: Taylor series around -1/8.
int32_t ExpOnIntervalMinusQuarterToZero(int32_t a) {
  constexpr int32_t kOneEighth = 1 << 28;  // 1/8 in Q0.31
  const int32_t x = Add(a, kOneEighth);
  const int32_t x2 = Mul(x, x);
  const int32_t x3 = Mul(x2, x);
  const int32_t x4 = Mul(x2, x2);
  const int32_t x4_over_4 = RoundingDivideByPot(x4, 2);
  const int32_t poly =
      RoundingDivideByPot(Add(Mul(Add(x4_over_4, x3), kOneThird), x2), 1);
  return Add(kExpMinusOneEighth, Mul(kExpMinusOneEighth, Add(x, poly)));
}

// The three Newton-Raphson steps for 2 / (1 + a), in Q2.29.
int32_t TwoOverOnePlusX(int32_t a) {
  // RoundingHalfSum(a, 1): (a + b + sign) / 2 truncated, in 64 bits.
  const int64_t sum = int64_t{a} + kOneQ0;
  const int32_t half_denominator =
      static_cast<int32_t>((sum + (sum >= 0 ? 1 : -1)) / 2);
  int32_t x = Add(kFortyEightSeventeenths,
                  Mul(half_denominator, kMinusThirtyTwoSeventeenths));
  for (int i = 0; i < 3; ++i) {
    const int32_t hd_x = Mul(half_denominator, x);
    const int32_t one_minus = Sub(kOneQ2, hd_x);
    x = Add(x, Rescale(Mul(x, one_minus), 4, 2));
  }
  return x;
}

}  // namespace

int32_t ExpOnNegativeValues(int32_t a, int integer_bits) {
  const int fractional_bits = 31 - integer_bits;
  const int32_t one_quarter = int32_t{1} << (fractional_bits - 2);
  const int32_t mask = one_quarter - 1;
  const int32_t a_mod_quarter_minus_quarter = Sub(a & mask, one_quarter);
  int32_t result = ExpOnIntervalMinusQuarterToZero(
      Rescale(a_mod_quarter_minus_quarter, integer_bits, 0));
  const int32_t remainder = Sub(a_mod_quarter_minus_quarter, a);
  for (const Barrel& b : kBarrel) {
    if (integer_bits <= b.exponent) continue;
    const int bit = fractional_bits + b.exponent;
    if (remainder & (int32_t{1} << bit)) result = Mul(result, b.multiplier);
  }
  // Below -32 the result is 0 (only reachable with more than 5 integer bits).
  constexpr int kClampIntegerBits = 5;
  if (integer_bits > kClampIntegerBits) {
    const int32_t minus_32 = -(int32_t{1} << (36 - integer_bits));
    if (a < minus_32) result = 0;
  }
  if (a == 0) result = kOneQ0;
  return result;
}

int32_t OneOverOnePlusX(int32_t a) {
  // 2 / (1 + a) in Q2.29 reinterpreted as Q1.30 is 1 / (1 + a); to Q0.31.
  return Rescale(TwoOverOnePlusX(a), 1, 0);
}

int32_t OneMinusXOverOnePlusX(int32_t a) {
  return Rescale(Sub(TwoOverOnePlusX(a), kOneQ2), 2, 0);
}

int32_t Logistic(int32_t a, int integer_bits) {
  if (a == 0) return kHalfQ0;
  const int32_t abs_a = a > 0 ? a : Sub(0, a);
  const int32_t positive =
      OneOverOnePlusX(ExpOnNegativeValues(Sub(0, abs_a), integer_bits));
  return a > 0 ? positive : Sub(kOneQ0, positive);
}

int32_t Tanh(int32_t a, int integer_bits) {
  if (a == 0) return 0;
  const int32_t negative_a = a < 0 ? a : Sub(0, a);
  // tanh(n) = (1 - exp(2n)) / (1 + exp(2n)) for n <= 0; 2n is the same raw
  // value read with one more integer bit.
  const int32_t t = OneMinusXOverOnePlusX(
      ExpOnNegativeValues(negative_a, integer_bits + 1));
  return a < 0 ? Sub(0, t) : t;
}

}  // namespace gemmlowp_fixed
}  // namespace mcu
}  // namespace refmath
