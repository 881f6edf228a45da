// The true values of the tensor row operations (src/verify/tensor_truth.h)
// on rows whose results are known by hand: exact rationals (1/3, -1, 1/2)
// and values of ln, sqrt and exp written out to 20 digits.
//
// Tolerances.  Where the exact result is a binary64 value, or a rational
// (1/3) whose binary64 rounding is not near a tie, the reference (within
// 2^-120 relative before one rounding to binary64) must give its bits.
// Where it is irrational, both the reference and the 20-digit literal
// are the exact value rounded to binary64 once, so they agree unless the
// value lies within 2^-120 of a rounding boundary; the check allows one
// binary64 ulp, and a wrong formula (a missing 1/n, eps in the wrong
// place, a lost bit of a sum) is off by far more.
#include <math.h>
#include <stdint.h>

#include <vector>

#include <gtest/gtest.h>

#include "conformance/tests/test_util.h"
#include "src/verify/tensor_truth.h"

namespace refmath {
namespace test {
namespace {

// One binary64 ulp at want (the spacing above |want|).
double Ulp64(double want) {
  const double a = fabs(want);
  return nextafter(a, INFINITY) - a;
}

std::vector<double> Truth(RowOp op, const std::vector<float>& x,
                          const std::vector<float>& g = {},
                          const std::vector<float>& b = {}, float eps = 0) {
  std::vector<double> y(x.size());
  RowTruth(op, x.data(), x.size(), g.empty() ? nullptr : g.data(),
           b.empty() ? nullptr : b.data(), eps, y.data());
  return y;
}

void ExpectBits(const std::vector<double>& got,
                const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(Bits(got[i]), Bits(want[i]))
        << "element " << i << ": got " << got[i] << ", want " << want[i];
  }
}

void ExpectWithinUlp(const std::vector<double>& got,
                     const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_LE(fabs(got[i] - want[i]), Ulp64(want[i]))
        << "element " << i << ": got " << got[i] << ", want " << want[i];
  }
}

TEST(TensorTruth, OpNames) {
  for (RowOp op : {RowOp::kSoftmax, RowOp::kLogSoftmax, RowOp::kLayerNorm,
                   RowOp::kRmsNorm}) {
    RowOp back = RowOp::kSoftmax;
    EXPECT_TRUE(ParseRowOp(RowOpName(op), &back));
    EXPECT_EQ(back, op);
  }
  RowOp unused;
  EXPECT_FALSE(ParseRowOp("softmax2", &unused));
  EXPECT_FALSE(ParseRowOp("", &unused));
}

TEST(TensorTruth, SoftmaxOfEqualEntries) {
  // exp(c) / (3 exp(c)) = 1/3, whatever c; 1/2 for two.
  ExpectBits(Truth(RowOp::kSoftmax, {7.5f, 7.5f, 7.5f}),
             {1.0 / 3, 1.0 / 3, 1.0 / 3});
  ExpectBits(Truth(RowOp::kSoftmax, {-2.0f, -2.0f}), {0.5, 0.5});
  ExpectBits(Truth(RowOp::kSoftmax, {123.0f}), {1.0});
}

TEST(TensorTruth, SoftmaxOfZeroAndLn2) {
  // The binary32 nearest ln 2 is 0x3F317218 = 0.693147182464599609375 =
  // ln 2 + d, d = 1.9046542999577678785e-9, so the row [0, ln 2 + d]
  // gives 1 / (1 + 2 e^d) = 1/3 - 2d/9 + O(d^2) and its complement.
  const float ln2 = 0.693147182464599609375f;
  ExpectWithinUlp(Truth(RowOp::kSoftmax, {0.0f, ln2}),
                  {0.33333333291007682237, 0.66666666708992317763});
  // With d removed by hand (1/3, 2/3) the reference is off by 2d/9 =
  // 4.2e-10, some 8 million binary64 ulps: the input is taken exactly.
  const std::vector<double> y = Truth(RowOp::kSoftmax, {0.0f, ln2});
  EXPECT_GT(fabs(y[0] - 1.0 / 3), 4e-10);
}

TEST(TensorTruth, SoftmaxAcrossAWideRange) {
  // [0, -200]: e^-200 / (1 + e^-200) = e^-200 (1 - e^-200 + ...), and
  // e^-200 = 1.3838965267367375306e-87; the other output is 1 - e^-200,
  // which rounds to 1.
  ExpectWithinUlp(Truth(RowOp::kSoftmax, {0.0f, -200.0f}),
                  {1.0, 1.3838965267367375306e-87});
}

TEST(TensorTruth, LogSoftmax) {
  // Equal entries: log(1/n) = -ln n, ln 5 = 1.6094379124341003746.
  const double ln5 = 1.6094379124341003746;
  ExpectWithinUlp(Truth(RowOp::kLogSoftmax, {3.0f, 3.0f, 3.0f, 3.0f, 3.0f}),
                  {-ln5, -ln5, -ln5, -ln5, -ln5});
  // One element: log(1) = 0.
  ExpectBits(Truth(RowOp::kLogSoftmax, {-42.0f}), {0.0});
  // [0, -200]: -log(1 + e^-200) rounds to -e^-200 = -1.38...e-87, and
  // -200 - log(1 + e^-200) to -200.
  ExpectWithinUlp(Truth(RowOp::kLogSoftmax, {0.0f, -200.0f}),
                  {-1.3838965267367375306e-87, -200.0});
}

TEST(TensorTruth, LayerNorm) {
  // [1, 3]: mean 2, variance ((-1)^2 + 1^2) / 2 = 1 (divided by n).
  ExpectBits(Truth(RowOp::kLayerNorm, {1.0f, 3.0f}), {-1.0, 1.0});
  // eps is added to the variance under the root: sqrt(1 + 3) = 2.
  ExpectBits(Truth(RowOp::kLayerNorm, {1.0f, 3.0f}, {}, {}, 3.0f),
             {-0.5, 0.5});
  // Scale then bias: -1 * 2 + 0.25, 1 * 0.5 - 1.
  ExpectBits(Truth(RowOp::kLayerNorm, {1.0f, 3.0f}, {2.0f, 0.5f},
                   {0.25f, -1.0f}),
             {-1.75, -0.5});
  // Bias only.
  ExpectBits(Truth(RowOp::kLayerNorm, {1.0f, 3.0f}, {}, {10.0f, 20.0f}),
             {9.0, 21.0});
}

TEST(TensorTruth, LayerNormSumsAreExact) {
  // 2^100 and 2^100 + 2^77: the mean 2^100 + 2^76 and the differences
  // -+2^76 are far below a binary64 ulp of the values (2^48), so only
  // exact sums give [-1, 1].
  const float big = 0x1p100f, next = 0x1.000002p100f;
  ExpectBits(Truth(RowOp::kLayerNorm, {big, next}), {-1.0, 1.0});
  // [1 + 2^-23, 1, 1, 1]: mean 1 + 2^-25, differences 3 * 2^-25 and
  // -2^-25, variance (9 + 3) 2^-50 / 4 = 3 * 2^-50, so sqrt(3) and
  // -1/sqrt(3) (1.7320508075688772935, 0.57735026918962576451).
  const double s3 = 1.7320508075688772935, r3 = 0.57735026918962576451;
  ExpectWithinUlp(
      Truth(RowOp::kLayerNorm, {0x1.000002p0f, 1.0f, 1.0f, 1.0f}),
      {s3, -r3, -r3, -r3});
}

TEST(TensorTruth, RmsNorm) {
  // [3, 4]: mean square (9 + 16) / 2 = 12.5, sqrt(12.5) = 5 / sqrt(2), so
  // 3 sqrt(2) / 5 and 4 sqrt(2) / 5.
  ExpectWithinUlp(Truth(RowOp::kRmsNorm, {3.0f, 4.0f}),
                  {0.84852813742385702928, 1.1313708498984760390});
  // eps under the root: mean square 1, sqrt(1 + 3) = 2; then the scale.
  ExpectBits(Truth(RowOp::kRmsNorm, {1.0f, -1.0f, 1.0f, -1.0f},
                   {1.0f, 1.0f, 4.0f, 0.5f}, {}, 3.0f),
             {0.5, -0.5, 2.0, -0.25});
  // The smallest subnormal beside a zero: mean square 2^-299 (its square
  // 2^-298 is held exactly), so sqrt(2) and 0.
  ExpectWithinUlp(Truth(RowOp::kRmsNorm, {0x1p-149f, 0.0f}),
                  {1.4142135623730950488, 0.0});
}

TEST(TensorTruth, UndefinedRowsGiveNaN) {
  const float inf = INFINITY;
  for (const std::vector<double>& y :
       {Truth(RowOp::kSoftmax, {1.0f, inf}),
        Truth(RowOp::kLogSoftmax, {NAN, 0.0f}),
        Truth(RowOp::kLayerNorm, {1.0f, 2.0f}, {1.0f, inf}),
        Truth(RowOp::kRmsNorm, {-inf, 2.0f}),
        // var + eps = 0 and ms + eps = 0: 0 / 0.
        Truth(RowOp::kLayerNorm, {5.0f, 5.0f}),
        Truth(RowOp::kRmsNorm, {0.0f, 0.0f})}) {
    for (double v : y) EXPECT_TRUE(isnan(v)) << v;
  }
}

}  // namespace
}  // namespace test
}  // namespace refmath
