// The correctly rounded sum (docs/tensor-ops.md, "Correctly rounded
// summation"): every finite binary32 is an integer multiple of 2^-149, so
// the exact sum is kept as integers (one bin per exponent, then one wide
// integer) and rounded once, to nearest even.  The order of the additions
// cannot matter: integer addition is associative.
#ifndef REFMATH_SRC_TENSOR_EXACT_SUM_H_
#define REFMATH_SRC_TENSOR_EXACT_SUM_H_

#include <stddef.h>
#include <stdint.h>

namespace refmath {
namespace tensor {

class ExactSum {
 public:
  ExactSum();
  // Adds x[0], x[step], ... (n values).  Exact for up to 2^38 values.
  void Add(const float* x, size_t n, ptrdiff_t step);
  // Adds n values of which at least one is a nonzero normal number, given
  // as `sum`, their exact sum in binary64, which is a multiple of 2^-126
  // below 2^120, and the n_rest values not in it (rest[0..n_rest)).
  void AddSplit(double sum, size_t n, const float* rest, size_t n_rest);
  void Merge(const ExactSum& other);
  // The binary32 nearest the exact sum (ties to even); +-inf beyond the
  // range; NaN (0x7FC00000) for a NaN or both infinities; +0 for an exact
  // zero unless every value was -0 (then -0); +0 for no values.
  float Result() const;

 private:
  static constexpr int kCopies = 2;  // bins per exponent, for throughput
  // bins_[c][sign * 256 + exponent]: sums of significands (implicit bit
  // included), each below 2^24, so exact for 2^38 values.
  int64_t bins_[kCopies][512];
  bool nan_, pos_inf_, neg_inf_, all_negative_zero_;
  size_t count_;
};

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_EXACT_SUM_H_
