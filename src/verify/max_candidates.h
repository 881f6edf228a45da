// The inputs that may hold the largest error of a run whose errors are
// known only to within a small tolerance (from a double reference): every
// one within kCandidateTolerance of the running maximum is kept, and MPFR
// settles among them at the end.  Used by the sweep and by compare.
#ifndef REFMATH_SRC_VERIFY_MAX_CANDIDATES_H_
#define REFMATH_SRC_VERIFY_MAX_CANDIDATES_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

namespace refmath {

// The double reference is good to ~1e-5 ulp at worst (see
// ReferenceDoubleRelativeError); the tolerance leaves a margin.
constexpr double kCandidateTolerance = 1e-4;
constexpr size_t kMaxCandidates = 4096;

class MaxCandidates {
 public:
  struct Entry {
    uint64_t position;  // of the input in the run
    double ulp;         // its estimated error
  };

  // Keeps (position, ulp) if it is within the tolerance of the largest
  // error added so far; memory stays O(kMaxCandidates).
  void Add(uint64_t position, double ulp);
  // Takes in another part's candidates (of the same run).
  void Append(const MaxCandidates& other);
  // The candidates within the tolerance of the best, best first (ties:
  // lower position first), at most kMaxCandidates.
  const std::vector<Entry>& Pruned();

 private:
  void Prune();

  std::vector<Entry> entries_;
  double running_max_ = 0;
};

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_MAX_CANDIDATES_H_
