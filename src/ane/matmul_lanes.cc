#include "src/ane/matmul_lanes.h"

#include <math.h>
#include <stdint.h>

#include <algorithm>
#include <type_traits>
#include <vector>

#include "refmath/ane/ops.h"
#include "src/ane/matmul_accumulator.h"
#include "src/base/bits.h"

namespace refmath {
namespace ane {
namespace {

constexpr int kHalfMantissa = 10;
constexpr double kHalfMinNormal = 0x1p-14;  // 0x0400

// The bit layout of the two formats the routes compute in, and the
// scale 2^(emax + 1 - 16) that takes 2^16 and above to infinity and 65504
// to a finite value.
template <typename F>
struct Format;
template <>
struct Format<float> {
  using Bits = uint32_t;
  static constexpr int kMantissa = 23;
  static constexpr float kOverflowScale = 0x1p112f, kUnscale = 0x1p-112f;
  static Bits ToBits(float x) { return FloatBits(x); }
  static float FromBits(Bits b) { return BitsToFloat(b); }
};
template <>
struct Format<double> {
  using Bits = uint64_t;
  static constexpr int kMantissa = 52;
  static constexpr double kOverflowScale = 0x1p1008, kUnscale = 0x1p-1008;
  static Bits ToBits(double x) { return DoubleBits(x); }
  static double FromBits(Bits b) { return BitsToDouble(b); }
};

// The binary16 nearest to x (ties to even), in x's format: HalfFromDouble
// under Tie::kEven, with its overflow to infinity and, if kFlush, its flush
// of results below 2^-14 to zero of x's sign.  x is exact in its format: a
// product of two binary16 values (|x| < 2^33; binary32 holds it), or the
// sum of two products or binary16 values, rounded once to the format.
//
// With 2^e <= max(|x|, 2^-14) < 2^(e+1), the binary16 spacing at |x| is
// 2^(e-10).  c = 1.5 * 2^(e-10+m), m the format's mantissa bits (2^(e+13)
// in binary32, 2^(e+42) in binary64: the exponent field of max(|x|, 2^-14)
// raised by m - 10, with the first mantissa bit set), has last place
// 2^(e-10), and so has |x| + c (in [2^(e-10+m), 2^(e-9+m))); the addition
// rounds |x| there to nearest, ties to even (c is an even number of those
// places, 1.5 * 2^m), and subtracting c back is exact.  An infinity or NaN
// (whose c is some finite value) comes through both additions as it was.
// A rounded value above 65504 is 2^16 or more (|x| >= 65520, the
// midpoint tying to the even 2^16), which the multiplication by
// 2^(emax+1-16) takes to infinity while 65504 stays finite; the
// multiplication back is exact.  Branch-free: max, masks, adds and
// multiplications, which the compiler runs in vector lanes.
template <typename F, bool kFlush>
inline F RoundToHalf(F x) {
  using L = Format<F>;
  using Bits = typename L::Bits;
  constexpr Bits kSign = Bits{1} << (8 * sizeof(F) - 1);
  constexpr Bits kExponent = (kSign - 1) & ~((Bits{1} << L::kMantissa) - 1);
  constexpr Bits kRaise = Bits{L::kMantissa - kHalfMantissa} << L::kMantissa |
                          Bits{1} << (L::kMantissa - 1);
  const Bits bits = L::ToBits(x);
  const F abs = L::FromBits(bits & ~kSign);
  const F floor = abs > F(kHalfMinNormal) ? abs : F(kHalfMinNormal);
  const F c = L::FromBits((L::ToBits(floor) & kExponent) + kRaise);
  F r = (abs + c) - c;
  r = (r * L::kOverflowScale) * L::kUnscale;
  if (kFlush) r = r < F(kHalfMinNormal) ? F(0) : r;
  return L::FromBits(L::ToBits(r) | (bits & kSign));
}

// The product of two operands read, rounded to binary16 if the profile
// rounds products.  Exact before the rounding: 11 by 11 significant bits,
// |x * y| < 2^32 and, if not zero, >= 2^-48, which binary32 holds.
template <typename F, bool kRound, bool kFlush>
inline F Product(F x, F y) {
  const F t = x * y;
  return kRound ? RoundToHalf<F, kFlush>(t) : t;
}

// Dot's binary32 accumulator: one binary32 addition per term, from -0 (the
// empty IEEE sum).  A term (a product or a binary16 tile sum) converts to
// binary32 exactly.
class Fp32Sums {
 public:
  static constexpr size_t kFoldTerms = 0;  // nothing to fold
  static constexpr bool kSplit = false;
  explicit Fp32Sums(size_t count) : sum_(count) {}
  void Start() { std::fill(sum_.begin(), sum_.end(), -0.0f); }
  template <typename F>
  void Add(size_t i, F term) {
    sum_[i] = sum_[i] + static_cast<float>(term);
  }
  void Fold() {}
  // Dot's MatmulOutput of the binary32 sum: the output rounding, then the
  // saturation.
  Half Output(size_t i, const Profile& p) const {
    const Half h = HalfFromDouble(sum_[i], p.Output());
    if (!HalfIsNaN(h) && fabsf(HalfToFloat(h)) >= p.output_saturation) {
      return (h & 0x8000) | kHalfPosInf;
    }
    return h;
  }

 private:
  std::vector<float> sum_;
};

// Dot's exact accumulator, in binary64 lanes that are folded into its
// fixed-point register (WideAccumulator) every kFoldTerms terms and at the
// end; the register then gives the value Dot rounds.
//
// Terms that are binary16 values (products rounded, or tile sums) are
// whole multiples of 2^-24 below 2^40 of them in magnitude, so 2^13 of
// them and every partial sum are whole multiples below 2^53: one binary64
// sum is exact.  Its infinities and NaN follow the register's rules (an
// infinity of one sign wins; both signs, or a NaN, give NaN), and a sum
// from -0 stays -0 only if every term is -0 (x + -x is +0), the register's
// sign of an all-zero sum.  Folding a lane sum is then adding one term
// with the same effect on the register as its terms had.
//
// Exact products (kSplit: products not rounded, no tile stage) are whole
// multiples of 2^-48 below 2^32.  Each is split into hi, p rounded to a
// multiple of 2^-8 ((p + 1.5 * 2^44) - 1.5 * 2^44: the sum lies in
// [2^44, 2^45), where binary64's spacing is 2^-8), and lo = p - hi, exact,
// |lo| <= 2^-9, a multiple of 2^-48.  |hi| is at most 2^40 multiples of
// 2^-8 and |lo| 2^39 of 2^-48, so 2^13 of each sum exactly in two binary64
// lanes.  hi takes p's sign, so that the hi sum is -0 exactly when every
// product is -0 or negative below 2^-9 (and then, unless every product is
// -0, the lo sum is not zero and is folded).  An infinity or NaN goes
// through hi as it is; its lo is NaN and is not folded.
template <bool kSplitProducts>
class ExactSums {
 public:
  static constexpr size_t kFoldTerms = size_t{1} << 13;
  static constexpr bool kSplit = kSplitProducts;
  explicit ExactSums(size_t count)
      : count_(count), sum_(kSplit ? 2 * count : count),
        wide_(count, matmul_detail::WideAccumulator(Accumulator::kExact)) {}
  void Start() {
    std::fill(sum_.begin(), sum_.begin() + count_, -0.0);
    std::fill(sum_.begin() + count_, sum_.end(), 0.0);
    std::fill(wide_.begin(), wide_.end(),
              matmul_detail::WideAccumulator(Accumulator::kExact));
  }
  template <typename F>
  void Add(size_t i, F term) {
    const double t = static_cast<double>(term);  // exact
    if (!kSplit) {
      sum_[i] = sum_[i] + t;
      return;
    }
    const double hi = copysign((t + kSplitter) - kSplitter, t);
    double* sum = sum_.data();
    sum[i] = sum[i] + hi;
    sum[count_ + i] = sum[count_ + i] + (t - hi);
  }
  void Fold() {
    for (size_t i = 0; i < count_; ++i) {
      const double hi = sum_[i], lo = kSplit ? sum_[count_ + i] : 0.0;
      wide_[i].Add(hi);
      if (kSplit && isfinite(hi) && lo != 0) wide_[i].Add(lo);
      sum_[i] = -0.0;
      if (kSplit) sum_[count_ + i] = 0.0;
    }
  }
  Half Output(size_t i, const Profile& p) const {
    return matmul_detail::MatmulOutput(wide_[i].Value(), p);
  }

 private:
  static constexpr double kSplitter = 0x1.8p44;  // 1.5 * 2^44
  size_t count_;
  std::vector<double> sum_;  // the hi sums, then (kSplit) the lo sums
  std::vector<matmul_detail::WideAccumulator> wide_;
};

// One step k of Dot for rows r0 .. r0 + kRows - 1 of a (their operands
// x[r]) against row k of b, every column j: the product, and either its
// addition to the accumulator (no tile stage) or the tile stage: the
// first product of a tile rounded to binary16 (already so if products
// are rounded), each further one added in F and the sum rounded to
// binary16, and at the tile's end the tile sum added to the accumulator.
//
// F is binary32 when the tile stage adds two binary16 values: their sum
// rounded to binary32 and then to binary16 is their sum rounded once to
// binary16, as Dot's (exact) binary64 sum is.  If it is not exact in
// binary32, 2^E <= |x + y|, |y| <= |x|, then y's last place is below
// 2^(E-23), so |y| < 2^(E-13); and x, within 2^(E-13) of a value at
// least 2^E, is a binary16 with spacing at least 2^(E-10) there.  x + y
// is then less than a quarter of that spacing from x, and so is its
// binary32 rounding (monotonic, x is a binary32): both round to x.  When
// products are not rounded, the tile stage adds exact products of 22
// significant bits, and F is binary64 with Dot's own additions.
template <typename F, bool kRound, bool kFlush, bool kTiles, size_t kRows,
          class Sums>
void Step(const F* x, const F* b, size_t n, bool first, bool last,
          F* const* tile, Sums* sums) {
  if (!kTiles) {
    for (size_t r = 0; r < kRows; ++r) {
      for (size_t j = 0; j < n; ++j) {
        sums->Add(r * n + j, Product<F, kRound, kFlush>(x[r], b[j]));
      }
    }
    return;
  }
  if (first) {
    for (size_t j = 0; j < n; ++j) {
      for (size_t r = 0; r < kRows; ++r) {
        const F t = Product<F, kRound, kFlush>(x[r], b[j]);
        tile[r][j] = kRound ? t : RoundToHalf<F, kFlush>(t);
      }
    }
  } else {
    for (size_t j = 0; j < n; ++j) {
      for (size_t r = 0; r < kRows; ++r) {
        tile[r][j] = RoundToHalf<F, kFlush>(
            tile[r][j] + Product<F, kRound, kFlush>(x[r], b[j]));
      }
    }
  }
  if (last) {
    for (size_t j = 0; j < n; ++j) {
      for (size_t r = 0; r < kRows; ++r) sums->Add(r * n + j, tile[r][j]);
    }
  }
}

// Rows r0 .. r0 + kRows - 1 of the output, a and b read into F.
template <typename F, bool kRound, bool kFlush, bool kTiles, size_t kRows,
          class Sums>
void RowBlock(const F* a, const F* b, size_t r0, size_t k, size_t n,
              size_t tile, const Profile& p, std::vector<F>* tiles,
              Sums* sums, Half* out) {
  F* tile_rows[kRows];  // the rows' tile sums (none without a tile stage)
  for (size_t r = 0; r < kRows; ++r) {
    tile_rows[r] = kTiles ? tiles->data() + r * n : nullptr;
  }
  sums->Start();
  size_t terms = 0;
  for (size_t i = 0; i < k; ++i) {
    F x[kRows];
    for (size_t r = 0; r < kRows; ++r) x[r] = a[(r0 + r) * k + i];
    const size_t place = kTiles ? i % tile : 0;
    const bool last = !kTiles || place + 1 == tile || i + 1 == k;
    Step<F, kRound, kFlush, kTiles, kRows>(x, &b[i * n], n, place == 0, last,
                                           tile_rows, sums);
    if (last && ++terms == Sums::kFoldTerms) {
      sums->Fold();
      terms = 0;
    }
  }
  sums->Fold();
  for (size_t r = 0; r < kRows; ++r) {
    for (size_t j = 0; j < n; ++j) out[(r0 + r) * n + j] = sums->Output(r * n + j, p);
  }
}

constexpr size_t kBlockRows = 4;

template <typename F>
std::vector<F> ReadAll(const Half* x, size_t count, const Profile& p) {
  std::vector<F> out(count);
  for (size_t i = 0; i < count; ++i) out[i] = static_cast<F>(Read(x[i], p));
  return out;
}

// The whole matmul in lanes with the accumulator's Sums: F is binary64
// where the products are not rounded and then added in binary64 (in tiles,
// or split for the exact accumulator), binary32 elsewhere (see Step and the
// Sums classes).
template <bool kRound, bool kFlush, bool kTiles, class Sums>
void Rows(const Half* a, const Half* b, size_t m, size_t k, size_t n,
          const Profile& p, Half* out) {
  using F = typename std::conditional<!kRound && (kTiles || Sums::kSplit),
                                      double, float>::type;
  const std::vector<F> af = ReadAll<F>(a, m * k, p);
  const std::vector<F> bf = ReadAll<F>(b, k * n, p);
  std::vector<F> tiles(kTiles ? kBlockRows * n : 0);
  const size_t tile = p.tile < 1 ? 1 : static_cast<size_t>(p.tile);
  Sums sums(kBlockRows * n);
  size_t r = 0;
  for (; r + kBlockRows <= m; r += kBlockRows) {
    RowBlock<F, kRound, kFlush, kTiles, kBlockRows>(
        af.data(), bf.data(), r, k, n, tile, p, &tiles, &sums, out);
  }
  for (; r < m; ++r) {
    RowBlock<F, kRound, kFlush, kTiles, 1>(af.data(), bf.data(), r, k, n,
                                           tile, p, &tiles, &sums, out);
  }
}

template <bool kRound, bool kFlush, bool kTiles>
void RowsOfAccumulator(const Half* a, const Half* b, size_t m, size_t k,
                       size_t n, const Profile& p, Half* out) {
  if (p.accumulator == Accumulator::kFp32) {
    return Rows<kRound, kFlush, kTiles, Fp32Sums>(a, b, m, k, n, p, out);
  }
  Rows<kRound, kFlush, kTiles, ExactSums<!kRound && !kTiles>>(a, b, m, k, n,
                                                              p, out);
}

template <bool kRound, bool kFlush>
void RowsOfTiles(const Half* a, const Half* b, size_t m, size_t k, size_t n,
                 const Profile& p, Half* out) {
  if (p.tile > 1) {
    return RowsOfAccumulator<kRound, kFlush, true>(a, b, m, k, n, p, out);
  }
  RowsOfAccumulator<kRound, kFlush, false>(a, b, m, k, n, p, out);
}

}  // namespace

// The route is compiled twice on x86-64, for the baseline instruction set
// (four binary32 lanes) and for AVX2 (eight), and the loader picks by the
// processor.  Both clones run the same IEEE operations in the same order
// (the compiler's vectors neither reorder nor contract them: the normative
// flags), so the bits do not depend on the pick; flatten inlines the whole
// route into each clone.  Only for GCC's optimized builds without the
// sanitizers: clang refuses target_clones beside flatten, and under
// AddressSanitizer the flattened clones take GCC minutes to compile; there
// the route is compiled once, for the baseline.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__)
#define REFMATH_MATMUL_CLONES \
  __attribute__((target_clones("avx2", "default"), flatten))
#else
#define REFMATH_MATMUL_CLONES
#endif

bool MatmulInLanesApplies(const Profile& p) {
  return p.elementwise_tie == Tie::kEven;
}

REFMATH_MATMUL_CLONES
void MatmulInLanes(const Half* a, const Half* b, size_t m, size_t k, size_t n,
                   const Profile& p, Half* out) {
  if (k == 0) {  // Dot of empty rows: +0
    std::fill(out, out + m * n, Half{0});
    return;
  }
  const bool flush = p.flush_subnormals;
  if (p.round_products) {
    flush ? RowsOfTiles<true, true>(a, b, m, k, n, p, out)
          : RowsOfTiles<true, false>(a, b, m, k, n, p, out);
  } else {
    flush ? RowsOfTiles<false, true>(a, b, m, k, n, p, out)
          : RowsOfTiles<false, false>(a, b, m, k, n, p, out);
  }
}

}  // namespace ane
}  // namespace refmath
