// The runner's mismatch report names the first differing input with the
// expected and actual bits.
#include "conformance/tests/test_util.h"
#include "src/conform/runner.h"

namespace refmath {
namespace test {
namespace {

TEST(Runner, NamesTheFirstDifferingInput) {
  const std::vector<float> inputs = {1.0f, 2.0f, 3.0f, 4.0f};
  const std::vector<float> expected = {10.0f, 20.0f, 30.0f, 40.0f};
  std::vector<float> actual = expected;
  actual[2] = FromBits(Bits(30.0f) + 1);
  actual[3] = -40.0f;
  conformance::Row row;
  conformance::NameFirstDifference(inputs, expected, actual,
                                   REFMATH_TARGET_SCALAR, &row);
  ASSERT_TRUE(row.has_difference);
  EXPECT_EQ(row.index, 2u);
  EXPECT_EQ(row.input_bits, Bits(3.0f));
  EXPECT_EQ(row.expected_bits, Bits(30.0f));
  EXPECT_EQ(row.actual_bits, Bits(30.0f) + 1);
  EXPECT_EQ(row.note,
            "first difference at input #2 (0x40400000): expected 0x41F00000 "
            "(as scalar), got 0x41F00001");
}

TEST(Runner, NoDifferenceLeavesTheRowAlone) {
  const std::vector<float> v = {1.0f, -0.0f};
  conformance::Row row;
  conformance::NameFirstDifference(v, v, v, REFMATH_TARGET_SCALAR, &row);
  EXPECT_FALSE(row.has_difference);
  EXPECT_TRUE(row.note.empty());
}

TEST(Runner, PlusAndMinusZeroDiffer) {
  const std::vector<float> in = {0.0f}, a = {0.0f}, b = {-0.0f};
  conformance::Row row;
  conformance::NameFirstDifference(in, a, b, REFMATH_TARGET_AVX2, &row);
  EXPECT_TRUE(row.has_difference);
  EXPECT_EQ(row.actual_bits, 0x80000000u);
}

}  // namespace
}  // namespace test
}  // namespace refmath
