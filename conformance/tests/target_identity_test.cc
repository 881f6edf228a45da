// Every target gives the scalar target's bits, for every function, on the
// special values, every 4099th bit pattern and a million random patterns
// (a sixteenth of the patterns in a sanitizer tree: test_util.h).
#include <random>

#include "conformance/tests/test_util.h"

namespace refmath {
namespace test {
namespace {

std::vector<float> IdentityInputs() {
  std::vector<float> in = SweepInputs();  // strided patterns + specials
  std::mt19937 rng(20261129);
  for (size_t i = 0; i < 1000000 / kSweepStep; ++i) in.push_back(FromBits(rng()));
  return in;
}

class TargetIdentity : public ::testing::TestWithParam<FunctionVariant> {};

TEST_P(TargetIdentity, EveryTargetMatchesScalarBitForBit) {
  static const std::vector<float> in = IdentityInputs();
  const refmath_function f = std::get<0>(GetParam());
  const refmath_variant v = std::get<1>(GetParam());
  const std::vector<float> scalar = Eval(f, refmath_portable_target(), in, v);
  const std::vector<refmath_target> targets = UsableTargets(v);
  ASSERT_GE(targets.size(), 1u);
  for (refmath_target t : targets) {
    const std::vector<float> got = Eval(f, t, in, v);
    const long i = FirstBitDifference(scalar, got);
    EXPECT_EQ(i, -1) << Name(f) << " " << Name(v) << " on " << Name(t) << ": input "
                     << Hex(Bits(in[i])) << " gives " << Hex(Bits(got[i]))
                     << ", scalar " << Hex(Bits(scalar[i]));
  }
}

INSTANTIATE_TEST_SUITE_P(AllFunctions, TargetIdentity, AllFunctionVariants(),
                         FunctionVariantName);

}  // namespace
}  // namespace test
}  // namespace refmath
