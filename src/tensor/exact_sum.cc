#include "src/tensor/exact_sum.h"

#include <math.h>

#include "src/base/bits.h"

namespace refmath {
namespace tensor {
namespace {

constexpr uint32_t kSignBit = 0x80000000u;
constexpr int kLimbs = 12;  // 384 bits in 32-bit limbs, units of 2^-149

// bins[e] * 2^(max(e, 1) - 1) summed into two's-complement 32-bit limbs
// (each limb held in an int64 until the carries are propagated).  A bin
// v = hi * 2^32 + lo (lo in [0, 2^32)) shifted by s < 32 adds lo * 2^s to
// limbs at and at + 1, hi * 2^s to limbs at + 1 and at + 2: 64-bit
// arithmetic only, so 32-bit targets need no 128-bit integers.
void ToLimbs(const int64_t (&bins)[256], int64_t (&limbs)[kLimbs]) {
  for (int64_t& l : limbs) l = 0;
  for (int e = 0; e < 255; ++e) {
    if (bins[e] == 0) continue;
    const int shift = (e == 0 ? 1 : e) - 1;
    const int at = shift / 32;
    const int64_t scale = int64_t{1} << (shift % 32);
    const uint64_t lo = static_cast<uint64_t>(bins[e]) & 0xFFFFFFFFu;
    const int64_t hi = (bins[e] - static_cast<int64_t>(lo)) / (int64_t{1} << 32);
    const uint64_t lo_scaled = lo << (shift % 32);  // < 2^63
    const int64_t hi_scaled = hi * scale;           // |hi| <= 2^31
    limbs[at] += static_cast<int64_t>(lo_scaled & 0xFFFFFFFFu);
    limbs[at + 1] += static_cast<int64_t>(lo_scaled >> 32);
    const int64_t hi_low = hi_scaled & 0xFFFFFFFF;  // two's complement bits
    limbs[at + 1] += hi_low;
    limbs[at + 2] += (hi_scaled - hi_low) / (int64_t{1} << 32);
  }
  for (int i = 0; i + 1 < kLimbs; ++i) {
    const int64_t low = limbs[i] & 0xFFFFFFFF;
    limbs[i + 1] += (limbs[i] - low) / (int64_t{1} << 32);  // exact: floor
    limbs[i] = low;
  }
}

// |value| of limbs (top limb signed) rounded to nearest even in binary32.
float RoundLimbs(int64_t (&limbs)[kLimbs]) {
  const bool negative = limbs[kLimbs - 1] < 0;
  if (negative) {  // two's complement negation, limb by limb
    int64_t carry = 1;
    for (int64_t& l : limbs) {
      l = (~l & 0xFFFFFFFF) + carry;
      carry = l >> 32;
      l &= 0xFFFFFFFF;
    }
  }
  int top = -1;  // highest set bit
  for (int i = kLimbs - 1; i >= 0 && top < 0; --i) {
    if (limbs[i] != 0) top = i * 32 + 63 - __builtin_clzll(limbs[i]);
  }
  if (top < 0) return 0.0f;
  const auto bit = [&](int k) { return (limbs[k / 32] >> (k % 32)) & 1; };
  const int low = top > 23 ? top - 23 : 0;  // lowest kept bit
  uint32_t q = 0;
  for (int k = top; k >= low; --k) q = (q << 1) | static_cast<uint32_t>(bit(k));
  bool sticky = false;
  for (int k = 0; k + 1 < low; ++k) sticky = sticky || bit(k);
  const bool half = low > 0 && bit(low - 1);
  if (half && (sticky || (q & 1))) ++q;  // q may reach 2^24: still exact
  const float r = ldexpf(static_cast<float>(q), low - 149);
  return negative ? -r : r;
}

}  // namespace

ExactSum::ExactSum()
    : nan_(false), pos_inf_(false), neg_inf_(false),
      all_negative_zero_(true), count_(0) {
  memset(bins_, 0, sizeof(bins_));
}

void ExactSum::Add(const float* x, size_t n, ptrdiff_t step) {
  // The hot loop: the significand (with its implicit bit) into the bin of
  // its sign and exponent, the bins rotating over kCopies copies so that
  // neighbours with one exponent do not wait for each other.
  for (size_t i = 0; i < n; ++i) {
    const uint32_t u = FloatBits(x[static_cast<ptrdiff_t>(i) * step]);
    const uint32_t implicit = (u & 0x7F800000u) != 0 ? 0x800000u : 0u;
    bins_[i % kCopies][u >> 23] += (u & 0x7FFFFFu) | implicit;
  }
  for (size_t i = 0; i < n && all_negative_zero_; ++i) {
    all_negative_zero_ = FloatBits(x[static_cast<ptrdiff_t>(i) * step]) == kSignBit;
  }
  count_ += n;
  bool special = false;  // an exponent of 255 in either sign's bins
  for (int c = 0; c < kCopies; ++c) {
    special = special || bins_[c][255] != 0 || bins_[c][511] != 0;
  }
  if (!special) return;
  for (size_t i = 0; i < n; ++i) {
    const float v = x[static_cast<ptrdiff_t>(i) * step];
    nan_ = nan_ || v != v;
    pos_inf_ = pos_inf_ || v == INFINITY;
    neg_inf_ = neg_inf_ || v == -INFINITY;
  }
}

void ExactSum::AddSplit(double sum, size_t n, const float* rest,
                        size_t n_rest) {
  // sum = f1 + f2 + f3 exactly: f1 is sum rounded to binary32, the
  // remainder has at most 30 significant bits, its rounding leaves at most
  // 7; none falls below 2^-126, so none is rounded by the conversion.
  float parts[3];
  parts[0] = static_cast<float>(sum);
  const double r = sum - static_cast<double>(parts[0]);
  parts[1] = static_cast<float>(r);
  parts[2] = static_cast<float>(r - static_cast<double>(parts[1]));
  const size_t count = count_;
  Add(parts, 3, 1);
  Add(rest, n_rest, 1);
  all_negative_zero_ = false;  // a nonzero normal number is among them
  count_ = count + n;
}

void ExactSum::Merge(const ExactSum& o) {
  for (int c = 0; c < kCopies; ++c) {
    for (int e = 0; e < 512; ++e) bins_[c][e] += o.bins_[c][e];
  }
  nan_ = nan_ || o.nan_;
  pos_inf_ = pos_inf_ || o.pos_inf_;
  neg_inf_ = neg_inf_ || o.neg_inf_;
  all_negative_zero_ = all_negative_zero_ && o.all_negative_zero_;
  count_ += o.count_;
}

float ExactSum::Result() const {
  if (nan_ || (pos_inf_ && neg_inf_)) {
    return BitsToFloat(0x7FC00000u);  // the canonical quiet NaN
  }
  if (pos_inf_) return INFINITY;
  if (neg_inf_) return -INFINITY;
  int64_t merged[256] = {};
  for (int c = 0; c < kCopies; ++c) {
    for (int e = 0; e < 255; ++e) merged[e] += bins_[c][e] - bins_[c][256 + e];
  }
  int64_t limbs[kLimbs];
  ToLimbs(merged, limbs);
  const float r = RoundLimbs(limbs);
  if (r == 0.0f && count_ > 0 && all_negative_zero_) return -0.0f;
  return r;
}

}  // namespace tensor
}  // namespace refmath
