// The exact dot product of binary32 values for the tensor truths
// (tensor_compare.cc and tensor_shape_truth.cc): every product exact, the
// sum exact, rounded once at the end.
#ifndef REFMATH_SRC_VERIFY_EXACT_DOT_H_
#define REFMATH_SRC_VERIFY_EXACT_DOT_H_

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <algorithm>

#include "src/base/bits.h"
#include "src/verify/mpfr.h"

namespace refmath {

// The exact sum of products of two binary32 values (a sum of binary32
// values: products by 1), rounded once to binary64.  A finite binary32 is
// m 2^e with |m| < 2^24 an integer and -149 <= e <= 104, so a product is
// an integer below 2^48 times 2^(ea + eb), -298 <= ea + eb <= 208: the
// integers are summed in one 128-bit bin per exponent (exact for 2^79
// terms), and the bins are added up in MPFR, exactly, once at the end.
// Non-finite terms give their binary64 sum instead (NaN, or an infinity).
class ExactDot {
 public:
  ExactDot() : acc_(kAccBits), bin_(128) {}
  void Clear() {
    for (int e = lo_; e <= hi_; ++e) bins_[e] = 0;
    lo_ = kBins;
    hi_ = -1;
    special_ = 0;
    has_special_ = false;
  }
  void Add(float a, float b) {
    if (!isfinite(a) || !isfinite(b)) {
      special_ += static_cast<double>(a) * b;
      has_special_ = true;
      return;
    }
    int ea, eb;
    const int64_t ma = Split(a, &ea), mb = Split(b, &eb);
    if (ma == 0 || mb == 0) return;
    const int e = ea + eb + kBias;
    bins_[e] += static_cast<__int128>(ma * mb);
    lo_ = std::min(lo_, e);
    hi_ = std::max(hi_, e);
  }
  // Whether every term so far was finite (Sum() is then the whole sum).
  bool AllFinite() const { return !has_special_; }
  double Value() {
    if (has_special_) return special_;
    return Sum().ToDouble();
  }
  // The exact sum of the finite terms (exact at its precision).
  const MpfrNumber& Sum() {
    mpfr_set_zero(acc_, 1);
    for (int e = lo_; e <= hi_; ++e) {
      const __int128 v = bins_[e];
      if (v == 0) continue;
      // v = high 2^64 + low, both exact in 64-bit longs.
      const long high = static_cast<long>(v >> 64);
      const unsigned long low = static_cast<unsigned long>(v);
      Exact(mpfr_set_si(bin_, high, MPFR_RNDN));
      Exact(mpfr_mul_2ui(bin_, bin_, 64, MPFR_RNDN));
      Exact(mpfr_add_ui(bin_, bin_, low, MPFR_RNDN));
      Exact(mpfr_mul_2si(bin_, bin_, e - kBias, MPFR_RNDN));
      Exact(mpfr_add(acc_, acc_, bin_, MPFR_RNDN));
    }
    return acc_;
  }

 private:
  // Exponents of products from -298 up; every partial sum of the bins is
  // a multiple of 2^-298 below 2^(208 + 48 + 80).
  static constexpr int kBias = 298, kBins = 298 + 208 + 1;
  static constexpr mpfr_prec_t kAccBits = 298 + 208 + 48 + 80 + 2;
  static int64_t Split(float v, int* e) {
    const uint32_t bits = FloatBits(v);
    const int biased = static_cast<int>((bits >> 23) & 0xFF);
    int64_t m = bits & 0x7FFFFF;
    if (biased != 0) m |= 0x800000;
    *e = (biased != 0 ? biased : 1) - 150;
    return bits >> 31 ? -m : m;
  }
  static void Exact(int ternary) {
    if (ternary != 0) abort();  // a precision too small above
  }
  MpfrNumber acc_, bin_;
  __int128 bins_[kBins] = {};
  int lo_ = kBins, hi_ = -1;
  double special_ = 0;
  bool has_special_ = false;
};

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_EXACT_DOT_H_
