// The sweep engine: value counts of the specification's ranges, shards and
// their merge into exactly the whole sweep's result, result files, and the ULP error at the specification's worst
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

// The result file of r as a whole sweep's, its time left out: what must
// be the same for one run and for any merge of shards.
std::string Figures(sweep::Result r) {
  r.spec.shard_index = 0;
  r.spec.shard_count = 1;
  r.shards = {0};
  r.seconds = 0;
  return sweep::SerializeResult(r);
}

TEST(Sweep, ShardsAreContiguousRunsOfPositions) {
  sweep::Spec all;
  all.all = true;
  all.shard_count = 4;
  uint64_t first, end;
  for (int i = 0; i < 4; ++i) {
    all.shard_index = i;
    sweep::ShardPositions(all, &first, &end);
    EXPECT_EQ(first, static_cast<uint64_t>(i) << 30);
    EXPECT_EQ(end, static_cast<uint64_t>(i + 1) << 30);
  }
  // 10 positions in 3 shards: 3, 3 and 4 of them, in order.
  sweep::Spec s = Range(REFMATH_EXP, 1.0f, 2.0f, 1);
  s.hi = sweep::InputAt(s, 9);
  s.shard_count = 3;
  const uint64_t want[] = {0, 3, 6, 10};
  for (int i = 0; i < 3; ++i) {
    s.shard_index = i;
    sweep::ShardPositions(s, &first, &end);
    EXPECT_EQ(first, want[i]);
    EXPECT_EQ(end, want[i + 1]);
  }
}

TEST(Sweep, ShardsMergeToTheWholeSweep) {
  sweep::Spec s = Range(REFMATH_TANH, -10, 10, 4099);
  sweep::Options opt;
  opt.bins = 16;
  std::string error;
  sweep::Result whole, one_thread;
  ASSERT_TRUE(sweep::Run(s, opt, &whole, &error)) << error;
  opt.threads = 1;
  ASSERT_TRUE(sweep::Run(s, opt, &one_thread, &error)) << error;
  EXPECT_EQ(Figures(one_thread), Figures(whole));
  opt.threads = 3;
  std::vector<sweep::Result> parts(3);
  s.shard_count = 3;
  for (int i = 0; i < 3; ++i) {
    s.shard_index = i;
    ASSERT_TRUE(sweep::Run(s, opt, &parts[i], &error)) << error;
    EXPECT_FALSE(parts[i].Complete());
  }
  // Through the file format, in a scrambled order: every figure the same,
  // the exact sum of the errors and the first input of each bin's maximum
  // included.
  std::vector<sweep::Result> reread(3);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(sweep::ParseResult(sweep::SerializeResult(parts[2 - i]), "part",
                                   &reread[i], &error))
        << error;
  }
  sweep::Result merged;
  ASSERT_TRUE(sweep::Merge(reread, &merged, &error)) << error;
  EXPECT_TRUE(merged.Complete());
  EXPECT_EQ(Figures(merged), Figures(whole));
  EXPECT_GT(whole.max_ulp, 1.0);
  // Two shards merged first, then the third: the same again.
  sweep::Result pair, all3;
  ASSERT_TRUE(sweep::Merge({reread[0], reread[1]}, &pair, &error)) << error;
  ASSERT_TRUE(sweep::ParseResult(sweep::SerializeResult(pair), "pair", &pair,
                                 &error))
      << error;
  ASSERT_TRUE(sweep::Merge({reread[2], pair}, &all3, &error)) << error;
  EXPECT_EQ(Figures(all3), Figures(whole));
  // The same shard twice, or shards of another sweep, are refused.
  EXPECT_FALSE(sweep::Merge({parts[0], parts[0]}, &merged, &error));
  EXPECT_NE(error.find("given twice"), std::string::npos);
  sweep::Result other = parts[1];
  other.spec.stride = 67;
  EXPECT_FALSE(sweep::Merge({parts[0], other}, &merged, &error));
}

TEST(Sweep, MergeKeepsTheEarliestDisagreementAndBinMaximum) {
  // Shards 1 and 0 of an --all sweep, given in that order, each with a
  // NaN/inf disagreement and the same largest error in its one bin.
  sweep::Spec s;
  s.all = true;
  s.shard_count = 2;
  sweep::Result late, early;
  for (sweep::Result* r : {&late, &early}) {
    r->spec = s;
    r->positions = sweep::Positions(s);
    r->special_disagreements = 1;
    r->bins = {sweep::Bin{2.5, 0}};
  }
  late.shards = {1};
  late.first_disagreement_bits = 0x90000000u;
  late.bins[0].x_bits = 0x80000001u;
  early.shards = {0};
  early.first_disagreement_bits = 0x10000000u;
  early.bins[0].x_bits = 0x7F000000u;
  sweep::Result merged;
  std::string error;
  ASSERT_TRUE(sweep::Merge({late, early}, &merged, &error)) << error;
  EXPECT_EQ(merged.special_disagreements, 2u);
  EXPECT_EQ(merged.first_disagreement_bits, 0x10000000u);
  EXPECT_EQ(merged.bins[0].x_bits, 0x7F000000u);
}

TEST(Sweep, VersionOneResultsAreReadOnlyWhole) {
  sweep::Result r;
  std::string error;
  ASSERT_TRUE(sweep::Run(Range(REFMATH_LOG, 1, 2, 100000), {}, &r, &error));
  std::string text = sweep::SerializeResult(r);
  text.replace(text.find("result 2"), 8, "result 1");
  sweep::Result back;
  ASSERT_TRUE(sweep::ParseResult(text, "v1", &back, &error)) << error;
  EXPECT_EQ(back.max_x_bits, r.max_x_bits);
  text.replace(text.find("shard_count 1"), 13, "shard_count 2");
  EXPECT_FALSE(sweep::ParseResult(text, "v1", &back, &error));
  EXPECT_NE(error.find("interleaved layout of version 1"), std::string::npos);
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
