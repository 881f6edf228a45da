// Cross-chip routes as the chip presets a13 .. a17 (profile.h): the A13
// crop-DMA saturation of width-offset slices and the 192 / 384 reduction
// blocks of the wide sums.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/ane/matmul.h"
#include "src/ane/algorithms/test_matrices.h"

namespace refmath {
namespace ane {
namespace {

Profile Chip(const char* family) {
  Profile p;
  std::string error;
  EXPECT_TRUE(FindProfile(family, &p, &error)) << error;
  return p;
}

TEST(AneProfileChips, EachFamilyHasItsRoutesOnTheSpecModel) {
  const struct { const char* name; double crop; int block; } kChips[] = {
      {"a13", 4094, 192}, {"a14", 0, 192}, {"a15", 0, 384},
      {"a16", 0, 384}, {"a17", 0, 384}};
  for (const auto& c : kChips) {
    const Profile p = Chip(c.name), spec = SpecProfile();
    EXPECT_EQ(p.crop_dma_saturation, c.crop) << c.name;
    EXPECT_EQ(p.reduction_block, c.block) << c.name;
    EXPECT_EQ(p.tile, spec.tile);
    EXPECT_EQ(p.output_saturation, spec.output_saturation);
    EXPECT_EQ(p.flush_subnormals, spec.flush_subnormals);
  }
  EXPECT_EQ(SpecProfile().reduction_block, 0);
  EXPECT_EQ(Chip("m1").reduction_block, 0);  // not modelled on the M chips
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
  std::string error;
  EXPECT_FALSE(FindProfile("a12", &p, &error));
  EXPECT_NE(error.find("a13, a14, a15, a16, a17"), std::string::npos) << error;
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
  EXPECT_EQ(ReduceSumAsMatmul(x, Chip("a13"))[0], 0x6800);  // 2048
  EXPECT_EQ(ReduceSumAsMatmul(x, Chip("a14"))[0], 0x6800);
  EXPECT_EQ(ReduceSumAsMatmul(x, Chip("a15"))[0], 0x6801);  // 2050
  EXPECT_EQ(ReduceSumAsMatmul(x)[0], 0x6801);               // spec: one sum
  // Along another axis the route applies after the transpose, and the
  // softmax's sum takes it too.
  EXPECT_EQ(ReduceSumAsMatmul(Transpose(x, 0, 1), 0, Chip("a13"))[0], 0x6800);
}

TEST(AneProfileReductionRoute, ABlockIsAMatmulOfItsColumns) {
  // The route by hand: three blocks of 192 (the last 16 long), each
  // through Matmul to a binary16 partial, then the partials.
  Rng rng(0x5EED0601);
  std::vector<double> v(3 * 400);
  for (double& x : v) x = rng.Uniform(-40, 40);
  const Tensor x = Tensor::FromDoubles({3, 400}, v);
  const Profile a13 = Chip("a13");
  std::vector<Half> partials;
  for (size_t r = 0; r < 3; ++r) {
    for (size_t start = 0; start < 400; start += 192) {
      const size_t width = start + 192 <= 400 ? 192 : 400 - start;
      const std::vector<Half> row(x.data().begin() + r * 400 + start,
                                  x.data().begin() + r * 400 + start + width);
      const std::vector<Half> ones(width, 0x3C00);
      partials.push_back(Dot(row.data(), ones.data(), width, a13));
    }
  }
  const Tensor got = ReduceSumAsMatmul(x, a13);
  for (size_t r = 0; r < 3; ++r) {
    const std::vector<Half> ones(3, 0x3C00);
    EXPECT_EQ(got[r], Dot(&partials[3 * r], ones.data(), 3, a13)) << r;
  }
}

TEST(AneProfileReductionRoute, RoutesDifferByAtMostOneUlp) {
  Rng rng(0x5EED0600);
  std::vector<double> v(64 * 768);
  for (double& x : v) x = rng.Uniform(0, 1);
  const Tensor x = Tensor::FromDoubles({64, 768}, v);
  const Tensor a = ReduceSumAsMatmul(x, Chip("a13")), b = ReduceSumAsMatmul(x, Chip("a15"));
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
