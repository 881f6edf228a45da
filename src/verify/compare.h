// How far another backend's outputs are from the oracle (refmath's kernels
// on the same inputs), bit for bit and in ULPs: the computation behind
// `refmath compare`.
#ifndef REFMATH_SRC_VERIFY_COMPARE_H_
#define REFMATH_SRC_VERIFY_COMPARE_H_

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/verify/ulp.h"

namespace refmath {

// The histogram of finite ULP errors: 0, <=1, <=2, <=4, <=16, >16.
constexpr int kCompareBuckets = 6;
extern const char* const kCompareBucketNames[kCompareBuckets];

// One element that differs from the oracle.
struct CompareEntry {
  size_t index;
  double ulp;  // +inf for a NaN/inf disagreement
  uint32_t input, oracle, backend;  // bits (backend widened from binary16)
};

struct CompareResult {
  Format format = Format::kBinary32;  // of the backend's outputs
  size_t count = 0, identical = 0, special_disagreements = 0;
  double max_ulp = 0, sum_ulp = 0;
  uint32_t max_input = 0;  // the input of the first maximum
  size_t buckets[kCompareBuckets] = {};
  // The `worst` largest errors asked for, worst first, ties in input order.
  std::vector<CompareEntry> worst;

  // Over the elements with a finite error (0 if there are none).
  double MeanUlp() const {
    return count > special_disagreements
               ? sum_ulp / (count - special_disagreements)
               : 0.0;
  }
};

// Reads the inputs (float32: raw little-endian binary32 or .npy) and the
// backend's outputs (the same, or float16 .npy) from the files ("-" for
// standard input), evaluates f in variant v on the inputs a chunk at a
// time (memory is the two files plus O(chunk)) and compares.  False with
// a one-line *error on an unreadable or malformed file, float16 inputs,
// a shape (.npy both) or count mismatch, no values, or a kernel status.
bool Compare(refmath_function f, refmath_variant v,
             const std::string& inputs_path, const std::string& outputs_path,
             size_t worst, CompareResult* out, std::string* error);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_COMPARE_H_
