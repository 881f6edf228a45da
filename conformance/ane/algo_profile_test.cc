// Cross-chip routes as profile options (src/ane/algorithms/codegen_routes.h): the A13
// crop-DMA saturation of width-offset slices and the 192 / 384 reduction
// blocks.
#include <vector>

#include "gtest/gtest.h"
#include "src/ane/algorithms/codegen_routes.h"
#include "src/ane/algorithms/test_matrices.h"

namespace refmath {
namespace ane {
namespace {

Profile Chip(const char* family) {
  Profile p;
  const char* error = nullptr;
  EXPECT_TRUE(WithChipRoutes(SpecProfile(), family, &p, &error)) << family;
  return p;
}

// 5000, 4094 (0x6BFF, the largest passed), -4096, 1.
const Tensor kRow({1, 4}, {0x6CE2, 0x6BFF, 0xEC00, 0x3C00});

TEST(AneProfileCropDma, A13SaturatesWidthOffsetSlicesAbove4094) {
  const Tensor s = SliceLastAxis(kRow, 1, 3, Chip("a13"));
  EXPECT_EQ(s.data(), (std::vector<Half>{0x6BFF, kHalfNegInf, 0x3C00}));
}

TEST(AneProfileCropDma, SlicesFromZeroAndLaterChipsAreClean) {
  EXPECT_EQ(SliceLastAxis(kRow, 0, 2, Chip("a13")).data(),
            (std::vector<Half>{0x6CE2, 0x6BFF}));
  EXPECT_EQ(SliceLastAxis(kRow, 1, 3, Chip("a14")).data(),
            (std::vector<Half>{0x6BFF, 0xEC00, 0x3C00}));
  EXPECT_EQ(SliceLastAxis(kRow, 1, 3).data(),  // the spec profile: no route
            (std::vector<Half>{0x6BFF, 0xEC00, 0x3C00}));
  EXPECT_THROW(SliceLastAxis(kRow, 2, 3), std::invalid_argument);
  Profile p;
  const char* error = nullptr;
  EXPECT_FALSE(WithChipRoutes(SpecProfile(), "a12", &p, &error));
  EXPECT_NE(error, nullptr);
}

TEST(AneProfileReductionRoute, BlocksOf192And384ReorderTheSum) {
  // 2048 and 1 in the first 192, another 1 in the second 192: the A13/A14
  // route rounds the partial 2049 to 2048 (tie to even) and 2048 + 1 to
  // 2048 again; the A15 route sums 2050 at once.
  std::vector<Half> row(384, 0);
  row[0] = 0x6800;  // 2048
  row[1] = 0x3C00;
  row[200] = 0x3C00;
  const Tensor x({1, 384}, row);
  EXPECT_EQ(RoutedReduceSum(x, Chip("a13"))[0], 0x6800);  // 2048
  EXPECT_EQ(RoutedReduceSum(x, Chip("a15"))[0], 0x6801);  // 2050
}

TEST(AneProfileReductionRoute, RoutesDifferByAtMostOneUlp) {
  Rng rng(0x5EED0600);
  std::vector<double> v(64 * 768);
  for (double& x : v) x = rng.Uniform(0, 1);
  const Tensor x = Tensor::FromDoubles({64, 768}, v);
  const Tensor a = RoutedReduceSum(x, Chip("a13")), b = RoutedReduceSum(x, Chip("a15"));
  int differing = 0;
  for (size_t r = 0; r < 64; ++r) {
    // Positive finite binary16 values: adjacent patterns are one ulp apart.
    const int d = static_cast<int>(a[r]) - static_cast<int>(b[r]);
    EXPECT_LE(d < 0 ? -d : d, 1) << "row " << r;
    differing += d != 0;
  }
  EXPECT_GT(differing, 0);  // the reorder is observable
}

}  // namespace
}  // namespace ane
}  // namespace refmath
