// The sweep engine: value counts of the specification's ranges, sharding
// and merging, result files, and the ULP error at the specification's worst
// inputs (point checks against MPFR, to 0.0005 ulp).
#include <cfloat>
#include <cmath>

#include "conformance/tests/test_util.h"
#include "src/verify/reference.h"
#include "src/verify/sweep.h"
#include "src/verify/sweep_io.h"

namespace refmath {
namespace test {
namespace {

sweep::Spec Range(refmath_function f, float lo, float hi, uint64_t stride) {
  sweep::Spec s;
  s.function = f;
  s.lo = lo;
  s.hi = hi;
  s.stride = stride;
  return s;
}

TEST(Sweep, ValueCountsOfTheSpecRanges) {
  // The "values" column of the specification's table.
  EXPECT_EQ(sweep::Positions(Range(REFMATH_EXP, -16, 16, 1)), 2197815297u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_EXP, -110, 90, 67)), 33444880u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_LOG, 0.0625f, 16, 1)), 67108865u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_LOG, 0, FLT_MAX, 67)), 31926792u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_TANH, -10, 10, 1)), 2185232385u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_TANH, -50, 50, 67)), 33194474u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_ERF, -6, 6, 1)), 2172649473u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_ERF, -10, 10, 67)), 32615409u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_GELU_ERF, -3, 10, 1)), 2170552321u);
  EXPECT_EQ(sweep::Positions(Range(REFMATH_GELU_ERF, -6, -3, 1)), 8388609u);
  sweep::Spec all;
  all.all = true;
  EXPECT_EQ(sweep::Positions(all), uint64_t{1} << 32);
}

TEST(Sweep, InputsRunInIncreasingOrderWithOneZero) {
  const sweep::Spec s = Range(REFMATH_EXP, -FLT_TRUE_MIN, FLT_TRUE_MIN, 1);
  ASSERT_EQ(sweep::Positions(s), 3u);
  EXPECT_EQ(Bits(sweep::InputAt(s, 0)), 0x80000001u);
  EXPECT_EQ(Bits(sweep::InputAt(s, 1)), 0x00000000u);
  EXPECT_EQ(Bits(sweep::InputAt(s, 2)), 0x00000001u);
  const sweep::Spec strided = Range(REFMATH_EXP, 1.0f, 2.0f, 1000);
  EXPECT_EQ(Bits(sweep::InputAt(strided, 3)), Bits(1.0f) + 3000);
}

TEST(Sweep, HistogramBuckets) {
  EXPECT_EQ(sweep::HistogramBucket(0), 0);
  EXPECT_EQ(sweep::HistogramBucket(0.5), 0);
  EXPECT_EQ(sweep::HistogramBucket(0.5000001), 1);
  EXPECT_EQ(sweep::HistogramBucket(1), 1);
  EXPECT_EQ(sweep::HistogramBucket(2.5), 3);
  EXPECT_EQ(sweep::HistogramBucket(256), 9);
  EXPECT_EQ(sweep::HistogramBucket(1e9), 10);
}

TEST(Sweep, ShardsMergeToTheWholeSweep) {
  sweep::Spec s = Range(REFMATH_TANH, -10, 10, 4099);
  sweep::Options opt;
  opt.bins = 16;
  std::string error;
  sweep::Result whole;
  ASSERT_TRUE(sweep::Run(s, opt, &whole, &error)) << error;
  std::vector<sweep::Result> parts(3);
  s.shard_count = 3;
  for (int i = 0; i < 3; ++i) {
    s.shard_index = i;
    ASSERT_TRUE(sweep::Run(s, opt, &parts[i], &error)) << error;
    EXPECT_FALSE(parts[i].Complete());
  }
  // Through the file format, in a scrambled order.
  std::vector<sweep::Result> reread(3);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(sweep::ParseResult(sweep::SerializeResult(parts[2 - i]), "part",
                                   &reread[i], &error))
        << error;
  }
  sweep::Result merged;
  ASSERT_TRUE(sweep::Merge(reread, &merged, &error)) << error;
  EXPECT_TRUE(merged.Complete());
  EXPECT_EQ(merged.count, whole.count);
  EXPECT_EQ(merged.histogram, whole.histogram);
  EXPECT_EQ(merged.not_correctly_rounded, whole.not_correctly_rounded);
  EXPECT_EQ(merged.max_ulp, whole.max_ulp);
  EXPECT_EQ(merged.max_x_bits, whole.max_x_bits);
  EXPECT_NEAR(merged.sum_ulp, whole.sum_ulp, 1e-9 * whole.sum_ulp);
  for (size_t b = 0; b < whole.bins.size(); ++b) {
    EXPECT_EQ(merged.bins[b].max_ulp, whole.bins[b].max_ulp);
  }
  // The same shard twice, or shards of another sweep, are refused.
  EXPECT_FALSE(sweep::Merge({parts[0], parts[0]}, &merged, &error));
  EXPECT_NE(error.find("given twice"), std::string::npos);
  sweep::Result other = parts[1];
  other.spec.stride = 67;
  EXPECT_FALSE(sweep::Merge({parts[0], other}, &merged, &error));
}

TEST(Sweep, TruncatedOrForeignResultFilesAreRejected) {
  sweep::Result r, back;
  sweep::Options opt;
  std::string error;
  ASSERT_TRUE(sweep::Run(Range(REFMATH_LOG, 1, 2, 100000), opt, &r, &error));
  const std::string text = sweep::SerializeResult(r);
  EXPECT_FALSE(sweep::ParseResult(text.substr(0, text.size() / 2), "half", &back, &error));
  EXPECT_NE(error.find("truncated"), std::string::npos);
  EXPECT_FALSE(sweep::ParseResult("hello\n", "x", &back, &error));
  EXPECT_NE(error.find("not a refmath sweep result"), std::string::npos);
}

TEST(Sweep, BadSpecsAreRejected) {
  sweep::Result r;
  sweep::Options opt;
  std::string error;
  EXPECT_FALSE(sweep::Run(Range(REFMATH_EXP, 2, 1, 1), opt, &r, &error));
  EXPECT_FALSE(sweep::Run(Range(REFMATH_EXP, 1, 2, 0), opt, &r, &error));
  sweep::Spec s = Range(REFMATH_EXP, 1, 2, 1);
  s.shard_index = 3;
  s.shard_count = 3;
  EXPECT_FALSE(sweep::Run(s, opt, &r, &error));
}

// The ULP error at the worst input of every exact row of the
// specification's table, against MPFR, to 0.0005.
struct Point {
  refmath_function f;
  float x;
  double ulp;
};

class SpecWorstInputs : public ::testing::TestWithParam<Point> {};

TEST_P(SpecWorstInputs, UlpErrorMatchesTheSpecTable) {
  const Point p = GetParam();
  float y;
  ASSERT_EQ(refmath_eval_f32(p.f, REFMATH_EXACT, refmath_portable_target(), &p.x,
                             &y, 1),
            REFMATH_OK);
  const double got = sweep::ReferenceMpfr(p.f, p.x, y).ulp_error;
  EXPECT_NEAR(got, p.ulp, 0.0005) << Name(p.f) << " at x = " << p.x;
}

INSTANTIATE_TEST_SUITE_P(
    ExactRows, SpecWorstInputs,
    ::testing::Values(Point{REFMATH_EXP, -5.8606462f, 0.976},
                      Point{REFMATH_EXP, 15.626762f, 0.953},
                      Point{REFMATH_LOG, 1.0038618f, 1.968},
                      Point{REFMATH_LOG, 1.0077533f, 1.929},
                      Point{REFMATH_TANH, -0.6310442f, 1.332},
                      Point{REFMATH_TANH, -0.6016164f, 1.315},
                      Point{REFMATH_ERF, -0.47693625f, 2.762},
                      Point{REFMATH_ERF, -0.50197357f, 2.484},
                      Point{REFMATH_SIGMOID, -4.157294f, 2.402},
                      Point{REFMATH_SIGMOID, -2.7397301f, 2.264},
                      Point{REFMATH_GELU_ERF, -2.8339381f, 11.943},
                      Point{REFMATH_GELU_TANH, -2.9897327f, 16.996},
                      Point{REFMATH_GELU_ERF, -5.962f, 46.145},
                      Point{REFMATH_GELU_ERF, -11.988144f, 179.769},
                      Point{REFMATH_GELU_TANH, -5.8887057f, 61.997},
                      Point{REFMATH_GELU_TANH, -9.859064f, 218.405}),
    [](const auto& info) {
      return Name(info.param.f) + "_" + std::to_string(info.index);
    });

}  // namespace
}  // namespace test
}  // namespace refmath
