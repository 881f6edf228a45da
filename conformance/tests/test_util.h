// Shared helpers of the conformance tests: bit access, the targets usable
// here, and evaluation that fails the test on a non-zero status.
#ifndef REFMATH_CONFORMANCE_TESTS_TEST_UTIL_H_
#define REFMATH_CONFORMANCE_TESTS_TEST_UTIL_H_

#include <stdint.h>
#include <string.h>

#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/refmath.h"
#include "src/conform/runner.h"
#include "src/verify/golden_inputs.h"

namespace refmath {
namespace test {

inline uint32_t Bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof(b));
  return b;
}

inline uint64_t Bits(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof(b));
  return b;
}

inline float FromBits(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof(f));
  return f;
}

// The functions variant v defines (refmath/functions.def), in enum order.
using conformance::DefinedFunctions;

// The bit-identity sweeps' inputs: the golden set (every 4099th bit
// pattern, then the special values).  A sanitizer tree
// (REFMATH_SANITIZED_TESTS) checks memory and undefined behaviour along the
// same code paths, and the paths are set by the special values and the
// block tails, not by how many ordinary patterns pass: there the sweeps
// take every 16th strided pattern and every special value.  The release
// tree checks the whole set bit for bit.
#ifdef REFMATH_SANITIZED_TESTS
constexpr size_t kSweepStep = 16;
#else
constexpr size_t kSweepStep = 1;
#endif

inline std::vector<float> SweepInputs() {
  std::vector<float> in;
  for (size_t i = 0; i < kGoldenInputCount; ++i) {
    if (i < kGoldenStridedCount && i % kSweepStep != 0) continue;
    const uint32_t bits = GoldenInputBits(i);
    float f;
    memcpy(&f, &bits, sizeof f);
    in.push_back(f);
  }
  return in;
}

// Concrete targets (not BEST) that the variant can run on here.
using conformance::UsableTargets;

inline std::vector<float> Eval(refmath_function f, refmath_target t,
                               const std::vector<float>& in,
                               refmath_variant v = REFMATH_EXACT) {
  std::vector<float> out(in.size());
  const int status = refmath_eval_f32(f, v, t, in.data(), out.data(), in.size());
  EXPECT_EQ(status, REFMATH_OK) << refmath_status_string(status);
  return out;
}

// n normally distributed floats (mean 0, standard deviation `scale`)
// from a Mersenne Twister seeded with `seed`: the tensor tests' operands.
inline std::vector<float> Normal(size_t n, uint32_t seed,
                                 float scale = 1.0f) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist(0.0f, scale);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

inline std::string Hex(uint32_t bits) {
  char buf[16];
  snprintf(buf, sizeof(buf), "0x%08X", bits);
  return buf;
}

// Index of the first element whose bits differ, or -1.
inline long FirstBitDifference(const std::vector<float>& a,
                               const std::vector<float>& b) {
  if (a.size() != b.size()) return 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (Bits(a[i]) != Bits(b[i])) return static_cast<long>(i);
  }
  return -1;
}

inline std::string Name(refmath_function f) { return refmath_function_name(f); }
inline std::string Name(refmath_variant v) { return refmath_variant_name(v); }

// Parameters of the tests that run for every variant and every function
// it defines.
using FunctionVariant = std::tuple<refmath_function, refmath_variant>;
inline auto AllFunctionVariants() {
  std::vector<FunctionVariant> pairs;
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST, REFMATH_CORRECT}) {
    for (refmath_function f : DefinedFunctions(v)) pairs.emplace_back(f, v);
  }
  return ::testing::ValuesIn(pairs);
}
inline std::string FunctionVariantName(
    const ::testing::TestParamInfo<FunctionVariant>& info) {
  return Name(std::get<0>(info.param)) + "_" + Name(std::get<1>(info.param));
}
inline std::string Name(refmath_target t) { return refmath_target_name(t); }

}  // namespace test
}  // namespace refmath

#endif  // REFMATH_CONFORMANCE_TESTS_TEST_UTIL_H_
