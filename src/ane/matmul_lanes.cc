#include "src/ane/matmul_lanes.h"

#include <math.h>
#include <stdint.h>

#include <algorithm>
#include <vector>

#include "refmath/ane/ops.h"
#include "src/ane/matmul_accumulator.h"
#include "src/base/bits.h"

namespace refmath {
namespace ane {
namespace {

constexpr int kHalfMinExp = -14;  // binary16's least normal exponent
constexpr int kHalfMantissa = 10;
constexpr double kHalfMax = 65504.0;       // 0x7BFF
constexpr double kHalfMinNormal = 0x1p-14;  // 0x0400

// The bit layout of the two formats the routes compute in.
template <typename F>
struct Format;
template <>
struct Format<float> {
  using Bits = uint32_t;
  static constexpr int kBias = 127, kMantissa = 23;
  static Bits ToBits(float x) { return FloatBits(x); }
  static float FromBits(Bits b) { return BitsToFloat(b); }
};
template <>
struct Format<double> {
  using Bits = uint64_t;
  static constexpr int kBias = 1023, kMantissa = 52;
  static Bits ToBits(double x) { return DoubleBits(x); }
  static double FromBits(Bits b) { return BitsToDouble(b); }
};

// The binary16 nearest to x (ties to even), in x's format: HalfFromDouble
// under Tie::kEven, with its overflow to infinity and, if kFlush, its flush
// of results below 2^-14 to zero of x's sign.  x is exact in its format: a
// product of two binary16 values (|x| < 2^33; binary32 holds it), or in
// binary64 the sum of two.
//
// With 2^e <= |x| < 2^(e+1) and e raised to -14 at least, the binary16
// spacing at |x| is 2^(e-10).  c = 1.5 * 2^(e-10+m), m the format's
// mantissa bits (2^(e+13) in binary32, 2^(e+42) in binary64), has last
// place 2^(e-10), and so has |x| + c (below 2^(e-9+m)); the addition rounds
// |x| there to nearest, ties to even (c is an even number of those places,
// 1.5 * 2^m), and subtracting c back is exact.  An infinity or NaN (whose c
// is some finite value) comes through both additions as it was.
template <typename F, bool kFlush>
inline F RoundToHalf(F x) {
  using L = Format<F>;
  using Bits = typename L::Bits;
  const Bits sign = Bits{1} << (8 * sizeof(F) - 1);
  const Bits bits = L::ToBits(x);
  const Bits abs = bits & ~sign;
  int e = static_cast<int>(abs >> L::kMantissa) - L::kBias;
  e = e < kHalfMinExp ? kHalfMinExp : e;
  const Bits one_and_half = Bits{1} << (L::kMantissa - 1);
  const F c = L::FromBits(
      static_cast<Bits>(e - kHalfMantissa + L::kMantissa + L::kBias)
          << L::kMantissa |
      one_and_half);
  F r = (L::FromBits(abs) + c) - c;
  r = r > F(kHalfMax) ? F(INFINITY) : r;
  if (kFlush) r = r < F(kHalfMinNormal) ? F(0) : r;
  return L::FromBits(L::ToBits(r) | (bits & sign));
}

// acc[r][j] += round(x[r] * b[j]) for r < kRows, j < n: for each output the
// same binary32 additions, in the same order of k, as Dot's accumulator.
// kRows rows of a share each load of b's row.
template <bool kRound, bool kFlush, size_t kRows>
void AddRows(const float* x, const float* b, size_t n, float* const* acc) {
  for (size_t j = 0; j < n; ++j) {
    const float bj = b[j];
    for (size_t r = 0; r < kRows; ++r) {
      float t = x[r] * bj;  // exact: 11 by 11 significant bits
      if (kRound) t = RoundToHalf<float, kFlush>(t);
      acc[r][j] = acc[r][j] + t;
    }
  }
}

std::vector<float> ReadAll(const Half* x, size_t count, const Profile& p) {
  std::vector<float> out(count);
  for (size_t i = 0; i < count; ++i) out[i] = static_cast<float>(Read(x[i], p));
  return out;
}

// Half of the binary32 sum, as Dot's MatmulOutput: the output rounding,
// then the saturation.
Half Output(float sum, const Profile& p) {
  const Half h = HalfFromDouble(sum, p.Output());
  if (!HalfIsNaN(h) && fabsf(HalfToFloat(h)) >= p.output_saturation) {
    return (h & 0x8000) | kHalfPosInf;
  }
  return h;
}

// Rows r0 .. r0 + kRows - 1 of the output.
template <bool kRound, bool kFlush, size_t kRows>
void RowBlock(const float* a, const float* b, size_t r0, size_t k, size_t n,
              const Profile& p, std::vector<float>* acc, Half* out) {
  float* rows[kRows];
  for (size_t r = 0; r < kRows; ++r) rows[r] = &(*acc)[r * n];
  std::fill(acc->begin(), acc->begin() + kRows * n, -0.0f);  // empty sums
  for (size_t i = 0; i < k; ++i) {
    float x[kRows];
    for (size_t r = 0; r < kRows; ++r) x[r] = a[(r0 + r) * k + i];
    AddRows<kRound, kFlush, kRows>(x, &b[i * n], n, rows);
  }
  for (size_t r = 0; r < kRows; ++r) {
    for (size_t j = 0; j < n; ++j) {
      out[(r0 + r) * n + j] = Output(rows[r][j], p);
    }
  }
}

constexpr size_t kBlockRows = 4;

template <bool kRound, bool kFlush>
void Rows(const float* a, const float* b, size_t m, size_t k, size_t n,
          const Profile& p, Half* out) {
  std::vector<float> acc(kBlockRows * n);
  size_t r = 0;
  for (; r + kBlockRows <= m; r += kBlockRows) {
    RowBlock<kRound, kFlush, kBlockRows>(a, b, r, k, n, p, &acc, out);
  }
  for (; r < m; ++r) RowBlock<kRound, kFlush, 1>(a, b, r, k, n, p, &acc, out);
}

// Dot's steps on operands already read: products, their rounding, the
// binary16 tiles and the accumulator, in Dot's order.
template <bool kFlush>
Half DotOfReads(const double* x, const double* y, size_t n, size_t tile,
                const Profile& p) {
  matmul_detail::WideAccumulator acc(p.accumulator);
  for (size_t start = 0; start < n; start += tile) {
    const size_t end = start + tile < n ? start + tile : n;
    double tile_sum = 0;
    for (size_t k = start; k < end; ++k) {
      double product = x[k] * y[k];  // exact in double
      if (p.round_products) product = RoundToHalf<double, kFlush>(product);
      tile_sum = tile == 1 ? product
                           : RoundToHalf<double, kFlush>(
                                 k == start ? product : tile_sum + product);
    }
    acc.Add(tile_sum);
  }
  return matmul_detail::MatmulOutput(acc.Value(), p);
}

template <bool kFlush>
void DotsOfReads(const double* a, const double* bt, size_t m, size_t k,
                 size_t n, size_t tile, const Profile& p, Half* out) {
  for (size_t r = 0; r < m; ++r) {
    for (size_t j = 0; j < n; ++j) {
      out[r * n + j] = DotOfReads<kFlush>(&a[r * k], &bt[j * k], k, tile, p);
    }
  }
}

}  // namespace

bool MatmulInBinary32(const Profile& p) {
  return p.accumulator == Accumulator::kFp32 && p.tile <= 1 &&
         p.elementwise_tie == Tie::kEven;
}

void MatmulBinary32(const Half* a, const Half* b, size_t m, size_t k,
                    size_t n, const Profile& p, Half* out) {
  if (k == 0) {  // Dot of empty rows: +0
    std::fill(out, out + m * n, Half{0});
    return;
  }
  const std::vector<float> af = ReadAll(a, m * k, p);
  const std::vector<float> bf = ReadAll(b, k * n, p);
  const bool flush = p.flush_subnormals;
  if (!p.round_products) {
    Rows<false, false>(af.data(), bf.data(), m, k, n, p, out);
  } else if (flush) {
    Rows<true, true>(af.data(), bf.data(), m, k, n, p, out);
  } else {
    Rows<true, false>(af.data(), bf.data(), m, k, n, p, out);
  }
}

bool MatmulOfReadsApplies(const Profile& p) {
  return p.elementwise_tie == Tie::kEven;
}

void MatmulOfReads(const Half* a, const Half* b, size_t m, size_t k, size_t n,
                   const Profile& p, Half* out) {
  if (k == 0) {  // Dot of empty rows: +0
    std::fill(out, out + m * n, Half{0});
    return;
  }
  std::vector<double> ad(m * k), bt(k * n);  // b transposed: columns as rows
  for (size_t i = 0; i < m * k; ++i) ad[i] = Read(a[i], p);
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = 0; j < n; ++j) bt[j * k + i] = Read(b[i * n + j], p);
  }
  const size_t tile = p.tile < 1 ? 1 : static_cast<size_t>(p.tile);
  if (p.flush_subnormals) {
    DotsOfReads<true>(ad.data(), bt.data(), m, k, n, tile, p, out);
  } else {
    DotsOfReads<false>(ad.data(), bt.data(), m, k, n, tile, p, out);
  }
}

}  // namespace ane
}  // namespace refmath
