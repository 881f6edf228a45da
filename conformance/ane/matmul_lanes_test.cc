// The matmul's faster routes (src/ane/matmul_lanes.cc), the binary32 one
// that computes many outputs side by side and Dot on operands read once,
// against the one-output Dot, which follows the model's definition product
// by product; and the rounding of products at the edges of binary16, with
// expected bit patterns worked out by hand.
#include <stdint.h>

#include <random>
#include <vector>

#include "conformance/ane/test_profiles.h"
#include "gtest/gtest.h"
#include "refmath/ane/matmul.h"

namespace refmath {
namespace ane {
namespace {

// Binary16 patterns: mostly finite values of every exponent below 2^4
// (subnormals included, so products fall below 2^-14 too), with zeros of
// both signs, infinities, NaN and the largest finite value sprinkled in.
std::vector<Half> Patterns(size_t count, std::mt19937* rng) {
  std::vector<Half> out(count);
  std::uniform_int_distribution<int> bits(0, 0xFFFF), exponent(0, 18),
      special(0, 199);
  const Half specials[] = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7BFF,
                           0x0001, 0x8400};
  for (Half& h : out) {
    const int s = special(*rng);
    if (s < 8) {
      h = specials[s];
    } else {
      h = static_cast<Half>((bits(*rng) & 0x83FF) | (exponent(*rng) << 10));
    }
  }
  return out;
}

Profile Custom(bool round_products, bool flush, int tile = 1,
              Accumulator acc = Accumulator::kFp32) {
  Profile p = SpecProfile();
  p.round_products = round_products;
  p.flush_subnormals = flush;
  p.tile = tile;
  p.accumulator = acc;
  return p;
}

TEST(AneMatmulLanes, EveryOutputEqualsTheOneOutputDot) {
  std::mt19937 rng(2026);
  const size_t m = 7, k = 37, n = 13;  // 7 rows: one block of 4 and 3 alone
  const Tensor a({m, k}, Patterns(m * k, &rng));
  const Tensor b({k, n}, Patterns(k * n, &rng));
  std::vector<Half> column(k);
  // The binary32 route (the first five) and Dot on operands read once.
  const Accumulator exact = Accumulator::kExact;
  for (const Profile& p :
       {Preset("spec"), Preset("m3"), Preset("m5"), Custom(false, false),
        Custom(true, true), Preset("m1"), Custom(true, false, 1, exact),
        Custom(true, true, 1, exact), Custom(false, false, 3),
        Custom(false, true, 5, exact), Custom(true, true, 4, exact)}) {
    const Tensor c = Matmul(a, b, p);
    size_t nan = 0;
    for (size_t j = 0; j < n; ++j) {
      for (size_t i = 0; i < k; ++i) column[i] = b[i * n + j];
      for (size_t r = 0; r < m; ++r) {
        const Half want = Dot(&a.data()[r * k], column.data(), k, p);
        ASSERT_EQ(c[r * n + j], want) << p.name << " row " << r << " col " << j;
        nan += HalfIsNaN(want);
      }
    }
    EXPECT_LT(nan, m * n / 2) << "too few finite outputs to test " << p.name;
  }
}

Half OneProduct(Half x, Half y, const Profile& p) {
  return Matmul(Tensor({1, 1}, {x}), Tensor({1, 1}, {y}), p)[0];
}

TEST(AneMatmulLanes, ProductsRoundToNearestEvenAtTheEdgesOfBinary16) {
  const Profile spec = Preset("spec");
  // 3 * (1 + 3 * 2^-10) = 3 + 4.5 * 2^-9: a tie between 3 + 4 * 2^-9
  // (0x4204, even) and 3 + 5 * 2^-9 (0x4205).
  EXPECT_EQ(OneProduct(0x4200, 0x3C03, spec), 0x4204);
  EXPECT_EQ(OneProduct(0xC200, 0x3C03, spec), 0xC204);
  // 2^-12 * 2.5 * 2^-12 = 2.5 * 2^-24: a tie between 2 and 3 subnormal
  // units, to 2 (0x0002); 2^-12 * 1.5 * 2^-12 ties between 1 and 2, to 2.
  EXPECT_EQ(OneProduct(0x0C00, 0x1100, spec), 0x0002);
  EXPECT_EQ(OneProduct(0x0C00, 0x0E00, spec), 0x0002);
  // 2^-12 * 2^-13 = 2^-25: half a unit, a tie to 0 (sign kept).
  EXPECT_EQ(OneProduct(0x0C00, 0x8800, spec), 0x8000);
  // With subnormals flushed (m3) the same product is written as zero.
  EXPECT_EQ(OneProduct(0x0C00, 0x1100, Preset("m3")), 0x0000);
  // 2^-12 * (1 + 2^-10) * 2^-3 = 2^-15 + 2^-25, half a unit above 512
  // subnormal units: each of two such products ties to 2^-15, and their sum
  // is 2^-14 (0x0400); kept on a finer grid they would sum to 0x0401.
  EXPECT_EQ(Matmul(Tensor({2}, {0x0C00, 0x0C00}), Tensor({2}, {0x3001, 0x3001}),
                   spec)[0],
            0x0400);
  // 64 products 2^-10 * 2^-10 = 2^-20, each subnormal: flushed (m3) they
  // add nothing; kept, they sum to 2^-14.
  const Tensor tiny({64}, std::vector<Half>(64, 0x1400));
  EXPECT_EQ(Matmul(tiny, tiny, Preset("m3"))[0], 0x0000);
  EXPECT_EQ(Matmul(tiny, tiny, Preset("m1"))[0], 0x0000);  // tiles of 4
  EXPECT_EQ(Matmul(tiny, tiny, Custom(true, true, 1, Accumulator::kExact))[0],
            0x0000);
  EXPECT_EQ(Matmul(tiny, tiny, spec)[0], 0x0400);
  // 256 * 255.875 = 65504 exactly, the largest finite value; 1365 * 48 =
  // 65520 is the midpoint above it, which ties to even: infinity.
  EXPECT_EQ(OneProduct(0x5C00, 0x5BFF, spec), 0x7BFF);
  EXPECT_EQ(OneProduct(0x6555, 0x5200, spec), 0x7C00);
  EXPECT_EQ(OneProduct(0x6554, 0x5200, spec), 0x7BFE);  // 1364 * 48 = 65472
}

// The output at batch index (i, j), row r, column c of
// [2, 1, 3, K] @ [4, K, 6] is Dot of a[i, 0, r, :] and b[j, :, c]: batch
// axes broadcast as numpy.matmul's.
TEST(AneMatmulLanes, BatchAxesBroadcastAsNumpyMatmul) {
  std::mt19937 rng(7);
  const size_t k = 5;
  const Tensor a({2, 1, 3, k}, Patterns(2 * 3 * k, &rng));
  const Tensor b({4, k, 6}, Patterns(4 * k * 6, &rng));
  for (const Profile& p : {Preset("spec"), Preset("m1")}) {
    const Tensor c = Matmul(a, b, p);
    ASSERT_EQ(c.shape(), (Shape{2, 4, 3, 6}));
    std::vector<Half> column(k);
    for (size_t i = 0; i < 2; ++i) {
      for (size_t j = 0; j < 4; ++j) {
        for (size_t col = 0; col < 6; ++col) {
          for (size_t t = 0; t < k; ++t) column[t] = b[(j * k + t) * 6 + col];
          for (size_t r = 0; r < 3; ++r) {
            const Half want = Dot(&a.data()[(i * 3 + r) * k], column.data(), k, p);
            ASSERT_EQ(c[((i * 4 + j) * 3 + r) * 6 + col], want)
                << p.name << " " << i << " " << j << " " << r << " " << col;
          }
        }
      }
    }
  }
}

TEST(AneMatmulLanes, VectorOperandsAndShapesAsNumpyMatmul) {
  const Tensor v({3}, {0x3C00, 0x4000, 0x4200});            // [1, 2, 3]
  const Tensor m({2, 3}, {0x3C00, 0x3C00, 0x3C00, 0, 0, 0x3C00});
  const Tensor batch({2, 3, 1}, {0x3C00, 0x3C00, 0x3C00, 0x4000, 0, 0});
  EXPECT_EQ(Matmul(v, v).shape(), Shape{});
  EXPECT_EQ(Matmul(v, v)[0], 0x4B00);                        // 1 + 4 + 9 = 14
  EXPECT_EQ(Matmul(m, v).data(), (std::vector<Half>{0x4600, 0x4200}));  // 6, 3
  // [3] @ [2, 3, 1]: the vector is [1, 3], the result [2, 1] with the
  // added axis dropped: [2], [1 + 2 + 3, 1 * 2] = [6, 2].
  const Tensor vb = Matmul(v, batch);
  EXPECT_EQ(vb.shape(), (Shape{2, 1}));
  EXPECT_EQ(vb.data(), (std::vector<Half>{0x4600, 0x4000}));
  EXPECT_EQ(Matmul(batch, Tensor({1}, {0x4000})).shape(), (Shape{2, 3}));
  // A batch axis of 1 meets one of 0: the result has 0 there, as NumPy's.
  EXPECT_EQ(Matmul(v, Tensor::Filled({0, 3, 2}, 0)).shape(), (Shape{0, 2}));
  EXPECT_EQ(Matmul(Tensor::Filled({1, 2, 3}, 0), Tensor::Filled({0, 3, 2}, 0)).shape(),
            (Shape{0, 2, 2}));
  // Batch axes 2 and 3 do not broadcast; inner sizes 3 and 2 differ.
  EXPECT_THROW(Matmul(Tensor::Filled({2, 1, 3}, 0), Tensor::Filled({3, 3, 1}, 0)),
               std::invalid_argument);
  EXPECT_THROW(Matmul(m, m), std::invalid_argument);
  EXPECT_THROW(Matmul(Tensor::Scalar(0x3C00), v), std::invalid_argument);
  EXPECT_THROW(Tensor::Filled({1, 1, 1, 1, 1}, 0), std::invalid_argument);
}

}  // namespace
}  // namespace ane
}  // namespace refmath
