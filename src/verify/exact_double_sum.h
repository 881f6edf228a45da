// The exact sum of non-negative doubles, whatever the order of the
// additions: every double is an integer (its significand) times a power of
// two fixed by its exponent field, so the significands are summed as
// integers, one wide counter per exponent, and the total is rounded once.
// Threads and shards of a sweep each keep one; merged in any order, they
// give the same bits as a single pass.
#ifndef REFMATH_SRC_VERIFY_EXACT_DOUBLE_SUM_H_
#define REFMATH_SRC_VERIFY_EXACT_DOUBLE_SUM_H_

#include <stdint.h>

#include <array>
#include <string>

namespace refmath {

class ExactDoubleSum {
 public:
  // Adds v >= 0 (NaN and negative values are ignored; +inf makes the sum
  // +inf).  Exact for up to 2^40 additions (merges included).
  void Add(double v);
  void Merge(const ExactDoubleSum& other);
  // The double nearest the exact sum (ties to even); +inf beyond range.
  double Value() const;

  // The counters as text, "EXPONENT:HEX" for each nonzero one, then "inf"
  // if an infinity was added, separated by spaces ("" for an empty sum),
  // and back; Parse refuses malformed
  // text and counters beyond what 2^40 additions can reach.
  std::string Text() const;
  bool Parse(const std::string& text);

 private:
  static constexpr int kExponents = 2047;  // biased exponents of finite doubles
  // counts_[e]: the sum of the significands (implicit bit included) of the
  // values added with exponent field e; each is below 2^53.
  std::array<unsigned __int128, kExponents> counts_{};
  bool infinite_ = false;
};

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_EXACT_DOUBLE_SUM_H_
