// The matmul's faster routes (src/ane/matmul_lanes.cc), the binary32 one
// that computes many outputs side by side and Dot on operands read once,
// against the one-output Dot, which follows the model's definition product
// by product; and the rounding of products at the edges of binary16, with
// expected bit patterns worked out by hand.
#include <stdint.h>

#include <random>
#include <string>
#include <vector>

#include "conformance/ane/test_profiles.h"
#include "gtest/gtest.h"
#include "refmath/ane/matmul.h"

namespace refmath {
namespace ane {
namespace {

// Binary16 patterns: mostly finite values of every exponent below
// 2^(max_exponent - 15) (subnormals included, so products fall below 2^-14
// too), with zeros of both signs, infinities, NaN and the largest finite
// value sprinkled in.
std::vector<Half> Patterns(size_t count, std::mt19937* rng,
                           int max_exponent = 18) {
  std::vector<Half> out(count);
  std::uniform_int_distribution<int> bits(0, 0xFFFF), exponent(0, max_exponent),
      special(0, 399);
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

// Finite binary16 values below 2^(max_exponent - 15), of either sign.
std::vector<Half> Finite(size_t count, std::mt19937* rng, int max_exponent) {
  std::vector<Half> out(count);
  std::uniform_int_distribution<int> bits(0, 0xFFFF), exponent(0, max_exponent);
  for (Half& h : out) {
    h = static_cast<Half>((bits(*rng) & 0x83FF) | (exponent(*rng) << 10));
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

// The presets, each also with the exact accumulator, and every combination
// of tile 1, 2, 3, 4, 7, products rounded or not, subnormals flushed or
// not and either accumulator.
std::vector<Profile> ProfilesToCheck() {
  std::vector<Profile> out;
  for (const char* name : {"spec", "m1", "m3", "m5"}) {
    out.push_back(Preset(name));
    out.push_back(Preset(name));
    out.back().accumulator = Accumulator::kExact;
  }
  for (int tile : {1, 2, 3, 4, 7}) {
    for (bool round_products : {true, false}) {
      for (bool flush : {false, true}) {
        for (Accumulator acc : {Accumulator::kFp32, Accumulator::kExact}) {
          out.push_back(Custom(round_products, flush, tile, acc));
        }
      }
    }
  }
  return out;
}

std::string Describe(const Profile& p) {
  return std::string(p.name) + " tile " + std::to_string(p.tile) +
         (p.round_products ? " rounded" : " exact products") +
         (p.flush_subnormals ? " flushed " : " ") + AccumulatorName(p.accumulator);
}

// Every output of a @ b against Dot of its row and column; returns the
// number of NaN outputs.
size_t ExpectDotBits(const Tensor& a, const Tensor& b, const Profile& p) {
  const size_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  const Tensor c = Matmul(a, b, p);
  std::vector<Half> column(k);
  size_t nan = 0;
  for (size_t j = 0; j < n; ++j) {
    for (size_t i = 0; i < k; ++i) column[i] = b[i * n + j];
    for (size_t r = 0; r < m; ++r) {
      const Half want = Dot(&a.data()[r * k], column.data(), k, p);
      EXPECT_EQ(c[r * n + j], want) << Describe(p) << " row " << r << " col " << j;
      if (c[r * n + j] != want) return nan;
      nan += HalfIsNaN(want);
    }
  }
  return nan;
}

// Row 0 of a is its first half followed by that half negated, and column 0
// of b its first half twice: their products cancel exactly (sum 0, of
// either sign); row 1 is the same with one element changed by a unit.
void AddCancellation(std::vector<Half>* a, std::vector<Half>* b, size_t k,
                     size_t n) {
  const size_t h = k / 2;
  for (size_t i = 0; i < h; ++i) {
    (*a)[h + i] = (*a)[i] ^ 0x8000;
    (*a)[k + h + i] = (*a)[k + i] ^ 0x8000;
    (*b)[(h + i) * n] = (*b)[i * n];
  }
  (*a)[k + 1] = static_cast<Half>((*a)[k + 1] + 1);
}

TEST(AneMatmulLanes, EveryOutputEqualsTheOneOutputDot) {
  std::mt19937 rng(2026);
  const size_t m = 7, k = 37, n = 13;  // 7 rows: one block of 4 and 3 alone
  // Small values, and values up to 2^7 whose sums overflow binary16, the
  // tiles and the device saturation.
  for (int max_exponent : {18, 21}) {
    std::vector<Half> av = Patterns(m * k, &rng, max_exponent);
    std::vector<Half> bv = Patterns(k * n, &rng, max_exponent);
    AddCancellation(&av, &bv, k, n);
    const Tensor a({m, k}, av), b({k, n}, bv);
    for (const Profile& p : ProfilesToCheck()) {
      EXPECT_LT(ExpectDotBits(a, b, p), m * n / 2)
          << "too few finite outputs to test " << Describe(p);
    }
  }
}

// Rows longer than the exact accumulator's binary64 blocks (2^13 terms),
// folded block by block into the exact register.  Output (1, 1) sums
// products up to 2^28 that cancel in pairs (the second half of the row is
// the first negated) and leaves subnormal products: a binary64 sum of the
// whole row would round them away.
TEST(AneMatmulLanes, LongRowsEqualTheOneOutputDot) {
  std::mt19937 rng(48);
  const size_t m = 2, k = 4 * 8192 + 5, n = 2, h = k / 2;
  std::vector<Half> av = Patterns(k, &rng, 30), row1 = Finite(k, &rng, 21);
  std::vector<Half> bv = Patterns(k * n, &rng, 30), col1 = Finite(h, &rng, 21);
  const std::vector<Half> small = Finite(k, &rng, 5);
  for (size_t i = 0; i < h; ++i) {
    row1[h + i] = row1[i] ^ 0x8000;
    bv[i * n + 1] = bv[(h + i) * n + 1] = col1[i];
    if (i % 64 == 0) row1[i] = small[i], row1[h + i] = small[h + i];
  }
  row1[k - 1] = small[k - 1] & 0x7FFF;
  bv[(k - 1) * n + 1] = 0x3C00;
  av.insert(av.end(), row1.begin(), row1.end());
  const Tensor a({m, k}, av), b({k, n}, bv);
  for (int tile : {1, 2, 4}) {
    for (bool round_products : {true, false}) {
      ExpectDotBits(a, b, Custom(round_products, false, tile, Accumulator::kExact));
    }
  }
  // The large products cancel exactly; the rest, below 2^-2 and multiples
  // of 2^-48, sum exactly in binary64 (fewer than 2^53 multiples).
  double rest = HalfToDouble(row1[k - 1]);
  for (size_t i = 0; i < h; i += 64) {
    rest += HalfToDouble(small[i]) * HalfToDouble(col1[i]);
    rest += HalfToDouble(small[h + i]) * HalfToDouble(col1[i]);
  }
  EXPECT_EQ(Matmul(a, b, Custom(false, false, 1, Accumulator::kExact))[3],
            HalfFromDouble(rest));
  ExpectDotBits(a, b, Preset("m1"));
  Profile m1_exact = Preset("m1");
  m1_exact.accumulator = Accumulator::kExact;
  ExpectDotBits(a, b, m1_exact);
}

// 11520 products of 65504 and 11520 of -65504 cancel; 1536 products of
// 2^-24 between them sum to 1.5 * 2^-14 (0x0600).  A binary64 sum of the
// whole row passes 2^29, where its spacing is 2^-23, and drops them; the
// exact accumulator's blocks of 2^13 terms keep them.  And a row of 9000
// products -0 * 1 sums to -0, one +0 among them gives +0.
TEST(AneMatmulLanes, ExactAccumulatorKeepsTinyTermsPastLargeSums) {
  const size_t k = 3 * 8192;
  std::vector<Half> row(k);
  for (size_t i = 0; i < k; ++i) {
    row[i] = i % 16 == 15 ? 0x0001 : i < k / 2 ? 0x7BFF : 0xFBFF;
  }
  Profile exact = Preset("spec");
  exact.accumulator = Accumulator::kExact;
  EXPECT_EQ(Matmul(Tensor({k}, row), Ones(k, 1), exact)[0], 0x0600);
  std::vector<Half> zeros(9000, 0x8000);
  const Profile exact_products = Custom(false, false, 1, Accumulator::kExact);
  for (const Profile& p : {exact, exact_products, Preset("spec"), Preset("m1")}) {
    EXPECT_EQ(Matmul(Tensor({9000}, zeros), Ones(9000, 1), p)[0], 0x8000) << p.name;
  }
  zeros[8500] = 0x0000;
  EXPECT_EQ(Matmul(Tensor({9000}, zeros), Ones(9000, 1), exact)[0], 0x0000);
  EXPECT_EQ(Matmul(Tensor({9000}, zeros), Ones(9000, 1), exact_products)[0], 0x0000);
}

// A tile of two: 1 * 1, then 1141 * 2^-16 (0x2475) * 1838 * 2^-16 (0x272E)
// = (2^21 + 6) * 2^-32 = 2^-11 + 6 * 2^-32.  Rounded, that product is
// 2^-11 and 1 + 2^-11 ties to 1 (0x3C00).  Not rounded, 1 + 2^-11 + 6 * 2^-32
// is above the midpoint: 1 + 2^-10 (0x3C01); a binary32 sum would have
// rounded it to the midpoint (binary32's spacing at 1 is 2^-23).
TEST(AneMatmulLanes, TileSumsOfExactProductsRoundOnce) {
  const Tensor a({2}, {0x3C00, 0x2475}), b({2}, {0x3C00, 0x272E});
  for (Accumulator acc : {Accumulator::kFp32, Accumulator::kExact}) {
    EXPECT_EQ(Matmul(a, b, Custom(true, false, 2, acc))[0], 0x3C00);
    EXPECT_EQ(Matmul(a, b, Custom(false, false, 2, acc))[0], 0x3C01);
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
