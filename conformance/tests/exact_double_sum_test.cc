// The exact sum of doubles: the nearest double to the true sum, whatever
// the order of the additions and merges, and its text form.
#include <cfloat>
#include <cmath>

#include "conformance/tests/test_util.h"
#include "src/verify/exact_double_sum.h"

namespace refmath {
namespace test {
namespace {

TEST(ExactDoubleSum, RoundsTheTrueSumOnce) {
  // 2^53 + 1 + 1: left to right in doubles, each 1 is lost (ties to even).
  ExactDoubleSum a;
  for (double v : {9007199254740992.0, 1.0, 1.0}) a.Add(v);
  EXPECT_EQ(a.Value(), 9007199254740994.0);
  // Ten times the double nearest 0.1 is 1 + 2^-54 + ...: nearest is 1.
  ExactDoubleSum b;
  for (int i = 0; i < 10; ++i) b.Add(0.1);
  EXPECT_EQ(b.Value(), 1.0);
  // Subnormals and the largest finite double.
  ExactDoubleSum c;
  for (int i = 0; i < 3; ++i) c.Add(4.9406564584124654e-324);
  EXPECT_EQ(Bits(c.Value()), 3u);
  c.Add(DBL_MAX);
  EXPECT_EQ(c.Value(), DBL_MAX);
  c.Add(DBL_MAX);
  EXPECT_EQ(c.Value(), INFINITY);
  EXPECT_EQ(ExactDoubleSum().Value(), 0.0);
}

TEST(ExactDoubleSum, OrderAndSplitDoNotMatter) {
  const double values[] = {1e-300, 0.75, 3.5e10, 1e-17, 2.0, 0.1, 1e-300,
                           7e22, 0.3};
  ExactDoubleSum forward, backward, left, right;
  for (double v : values) forward.Add(v);
  for (int i = 8; i >= 0; --i) backward.Add(values[i]);
  for (int i = 0; i < 9; ++i) (i % 2 ? left : right).Add(values[i]);
  right.Merge(left);
  EXPECT_EQ(Bits(forward.Value()), Bits(backward.Value()));
  EXPECT_EQ(Bits(forward.Value()), Bits(right.Value()));
  EXPECT_EQ(forward.Text(), right.Text());
}

TEST(ExactDoubleSum, TextReadsBack) {
  ExactDoubleSum a, back;
  for (double v : {0.5, 0.25, 1e-310, 123.0}) a.Add(v);
  ASSERT_TRUE(back.Parse(a.Text()));
  EXPECT_EQ(back.Text(), a.Text());
  EXPECT_EQ(Bits(back.Value()), Bits(a.Value()));
  EXPECT_EQ(ExactDoubleSum().Text(), "");
  ASSERT_TRUE(back.Parse(""));
  EXPECT_EQ(back.Value(), 0.0);
  a.Add(INFINITY);
  ASSERT_TRUE(back.Parse(a.Text()));
  EXPECT_EQ(back.Value(), INFINITY);
  for (const char* bad : {"x", "1022", "1022:", ":10", "2047:1", "-1:1",
                          "1022:0", "1022:1 1022:2", "1022:10000000000000000000000000",
                          "1022:G"}) {
    EXPECT_FALSE(back.Parse(bad)) << bad;
  }
}

}  // namespace
}  // namespace test
}  // namespace refmath
