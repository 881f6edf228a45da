// Smoke tier of the accuracy checks: a random sample of each hot range
// against the double-precision reference every tool uses
// (src/verify/reference.h), with the spec's pinned bounds
// (exp 1.2, log 2.1, tanh 1.5, erf 3.0, sigmoid 2.5, GELU erf 13, GELU
// tanh 18 ulp).  The MPFR sweeps in ulp_tables/ are the full measurement.
#include <random>

#include "conformance/tests/test_util.h"
#include "src/verify/reference.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace test {
namespace {

struct Case {
  refmath_function f;
  double lo, hi;
  double bound;
};

class AccuracySmoke : public ::testing::TestWithParam<Case> {};

TEST_P(AccuracySmoke, WithinTheSpecBound) {
  const Case c = GetParam();
  std::mt19937 rng(static_cast<unsigned>(c.f) + 1);
  std::uniform_real_distribution<double> dist(c.lo, c.hi);
  std::vector<float> xs(1 << 18);
  for (float& x : xs) x = static_cast<float>(dist(rng));
  const std::vector<float> ys = Eval(c.f, REFMATH_TARGET_BEST, xs);
  double worst = 0;
  float worst_x = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const double ref = sweep::ReferenceDouble(c.f, xs[i]);
    const double err = UlpError(ys[i], ref, Format::kBinary32);
    if (err > worst) {
      worst = err;
      worst_x = xs[i];
    }
  }
  EXPECT_LE(worst, c.bound) << Name(c.f) << " at x = " << worst_x;
  RecordProperty("max_ulp", std::to_string(worst));
}

INSTANTIATE_TEST_SUITE_P(
    HotRanges, AccuracySmoke,
    ::testing::Values(Case{REFMATH_EXP, -16, 16, 1.2},
                      Case{REFMATH_EXP_NONPOSITIVE, -87.33654, 0, 1.2},
                      Case{REFMATH_LOG, 0.0625, 16, 2.1},
                      Case{REFMATH_LOG, 1e-37, 3e38, 2.1},
                      Case{REFMATH_TANH, -10, 10, 1.5},
                      Case{REFMATH_ERF, -6, 6, 3.0},
                      Case{REFMATH_SIGMOID, -16, 16, 2.5},
                      Case{REFMATH_GELU_ERF, -3, 10, 13},
                      Case{REFMATH_GELU_TANH, -3, 10, 18}),
    [](const auto& info) {
      return Name(info.param.f) + "_" + std::to_string(info.index);
    });

}  // namespace
}  // namespace test
}  // namespace refmath
