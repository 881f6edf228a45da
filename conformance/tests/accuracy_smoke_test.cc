// Smoke tier of the accuracy checks: a random sample of each hot range
// against a double-precision libm reference, with the spec's pinned bounds
// (exp 1.2, log 2.1, tanh 1.5, erf 3.0, sigmoid 2.5, GELU erf 13, GELU
// tanh 18 ulp).  The MPFR sweeps in ulp_tables/ are the full measurement.
#include <cmath>
#include <random>

#include "conformance/tests/test_util.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace test {
namespace {

struct Case {
  refmath_function f;
  double lo, hi;
  double bound;
  double (*ref)(double);
};

double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double GeluErf(double x) { return 0.5 * x * std::erfc(-x / std::sqrt(2.0)); }
double GeluTanh(double x) {
  const double u = std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x);
  return x * Sigmoid(2.0 * u);
}
double Exp(double x) { return std::exp(x); }
double Log(double x) { return std::log(x); }
double Tanh(double x) { return std::tanh(x); }
double Erf(double x) { return std::erf(x); }

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
    const double ref = c.ref(xs[i]);
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
    ::testing::Values(Case{REFMATH_EXP, -16, 16, 1.2, Exp},
                      Case{REFMATH_EXP_NONPOSITIVE, -87.33654, 0, 1.2, Exp},
                      Case{REFMATH_LOG, 0.0625, 16, 2.1, Log},
                      Case{REFMATH_LOG, 1e-37, 3e38, 2.1, Log},
                      Case{REFMATH_TANH, -10, 10, 1.5, Tanh},
                      Case{REFMATH_ERF, -6, 6, 3.0, Erf},
                      Case{REFMATH_SIGMOID, -16, 16, 2.5, Sigmoid},
                      Case{REFMATH_GELU_ERF, -3, 10, 13, GeluErf},
                      Case{REFMATH_GELU_TANH, -3, 10, 18, GeluTanh}),
    [](const auto& info) {
      return Name(info.param.f) + "_" + std::to_string(info.index);
    });

}  // namespace
}  // namespace test
}  // namespace refmath
