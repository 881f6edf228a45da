// The true values of the reductions (src/verify/reduce_truth.h): cases
// whose exact value is known by hand, the special values, and a product
// whose binary32 partial products would overflow while its value does not.
#include <math.h>

#include <vector>

#include "conformance/tests/test_util.h"
#include "gtest/gtest.h"
#include "refmath/tensor.h"
#include "src/verify/reduce_truth.h"

namespace refmath {
namespace test {
namespace {

double Of(int op, std::vector<float> x) {
  return ReduceTruth(op, x.data(), x.size());
}

TEST(ReduceTruth, HandValues) {
  EXPECT_EQ(Of(REFMATH_REDUCE_MAX, {1, 3, -2}), 3.0);
  EXPECT_EQ(Of(REFMATH_REDUCE_MIN, {1, 3, -2}), -2.0);
  EXPECT_EQ(Of(REFMATH_REDUCE_SUM_SQUARE, {3, 4}), 25.0);
  EXPECT_EQ(Of(REFMATH_REDUCE_L1, {-3, 4}), 7.0);
  EXPECT_EQ(Of(REFMATH_REDUCE_L2, {3, -4}), 5.0);
  EXPECT_EQ(Of(kReduceMean, {1, 2}), 1.5);
  EXPECT_EQ(Of(kReduceMean, {1, 2, 2}), 5.0 / 3.0);  // one rounding of 5/3
  // log(e^0 + e^0) = ln 2 rounded once; the maximum taken out exactly.
  EXPECT_EQ(Of(REFMATH_REDUCE_LOG_SUM_EXP, {0, 0}), 0.6931471805599453);
  EXPECT_EQ(Of(REFMATH_REDUCE_LOG_SUM_EXP, {100, 100}),
            100.69314718055995);
}

TEST(ReduceTruth, ProductIsExact) {
  // 3 * float(1/3) = 3 * 11184811 * 2^-25 = 1 + 2^-25 exactly.
  EXPECT_EQ(Of(REFMATH_REDUCE_PROD, {3.0f, 1.0f / 3.0f}), 1.0 + ldexp(1, -25));
  // 2^120 * 2^120 * 2^-140 = 2^100, though 2^240 is beyond binary32.
  EXPECT_EQ(Of(REFMATH_REDUCE_PROD,
               {ldexpf(1, 120), ldexpf(1, 120), ldexpf(1, -140)}),
            ldexp(1, 100));
  EXPECT_EQ(Of(REFMATH_REDUCE_PROD, {}), 1.0);
}

TEST(ReduceTruth, SpecialValues) {
  EXPECT_TRUE(isnan(Of(REFMATH_REDUCE_MAX, {1, NAN})));
  EXPECT_TRUE(isnan(Of(REFMATH_REDUCE_MAX, {})));
  EXPECT_TRUE(isnan(Of(kReduceMean, {})));
  EXPECT_TRUE(isnan(Of(REFMATH_REDUCE_PROD, {0, INFINITY})));
  EXPECT_EQ(Of(REFMATH_REDUCE_PROD, {-2, INFINITY}), -INFINITY);
  EXPECT_EQ(Of(REFMATH_REDUCE_L2, {3, -INFINITY}), INFINITY);
  EXPECT_TRUE(isnan(Of(kReduceMean, {INFINITY, -INFINITY})));
  EXPECT_EQ(Of(REFMATH_REDUCE_LOG_SUM_EXP, {-INFINITY, -INFINITY}), -INFINITY);
  EXPECT_EQ(Of(REFMATH_REDUCE_LOG_SUM_EXP, {1, INFINITY}), INFINITY);
  EXPECT_EQ(Of(REFMATH_REDUCE_LOG_SUM_EXP, {-INFINITY, 2}), 2.0);
  EXPECT_EQ(Of(REFMATH_REDUCE_SUM_SQUARE, {}), 0.0);
}

}  // namespace
}  // namespace test
}  // namespace refmath
