// The measurements behind `refmath compare`, over another backend's
// outputs for a set of inputs: the backend against the true value f(x)
// (src/verify/truth.h), the oracle (refmath's kernels, in a chosen
// variant, on the same inputs) against the same truth, and the backend
// against the oracle bit for bit and in ULPs.
#ifndef REFMATH_SRC_VERIFY_COMPARE_H_
#define REFMATH_SRC_VERIFY_COMPARE_H_

#include <stddef.h>
#include <stdint.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/verify/sweep.h"
#include "src/verify/ulp.h"

namespace refmath {

// How a file's values are stored.  float32: raw little-endian binary32 or
// .npy '<f4'; float16: raw binary16 or .npy '<f2' (or '<u2'); bfloat16:
// raw, or .npy '<u2' (NumPy has no bfloat16 dtype).  kAuto: a .npy's own
// dtype, float32 for a raw file.
enum class DumpType { kAuto, kFloat32, kFloat16, kBfloat16 };
const char* DumpTypeName(DumpType type);  // "auto", "float32", ...
bool DumpTypeFromName(const std::string& name, DumpType* type);

// The histogram of the backend's distances to the oracle: 0, <=1, <=2,
// <=4, <=16, >16 ulp.  Distances to the truth use the sweep's histogram
// (sweep::kHistogramLabels).
constexpr int kCompareBuckets = 6;
extern const char* const kCompareBucketNames[kCompareBuckets];

constexpr size_t kNoIndex = SIZE_MAX;

// One element whose bits differ from the oracle's.
struct CompareEntry {
  size_t index;
  // +inf for a NaN/inf disagreement; 0 for a zero of the other sign or a
  // NaN of another payload.
  double ulp;
  uint32_t input, oracle, backend;  // bits (backend widened to binary32)
};

// One set of results (the backend's or the oracle's) against the truth,
// in ulps of the output format.
struct TruthStats {
  size_t finite = 0;             // results at a finite distance
  size_t correctly_rounded = 0;  // truth.h's IsCorrectlyRounded
  // A NaN or infinity where the truth has none, or the reverse.
  size_t special_disagreements = 0;
  double max_ulp = 0, sum_ulp = 0;  // max_ulp settled by MPFR
  size_t at_index = kNoIndex;       // first input of the maximum
  uint32_t at_x = 0;                // its bits
  std::array<uint64_t, sweep::kHistogramBuckets> histogram{};

  double MeanUlp() const { return finite ? sum_ulp / finite : 0.0; }
};

// The backend against the oracle's binary32 results (a 16-bit backend
// widened, measured in its own format's ulps).  Every element is in
// exactly one of: identical (the same bits; the histogram's 0 bucket),
// a NaN/inf disagreement, a zero of the other sign, a NaN of another
// payload (those two are 0 ulp away but not the same bits), or a
// histogram bucket above 0.
struct OracleDiff {
  size_t identical = 0, special_disagreements = 0;
  size_t zero_sign_differences = 0, nan_payload_differences = 0;
  double max_ulp = 0, sum_ulp = 0;
  size_t at_index = kNoIndex;  // first input of the maximum
  uint32_t at_x = 0;
  size_t buckets[kCompareBuckets] = {};
  // The `worst` largest differences asked for, worst first, ties in input
  // order.
  std::vector<CompareEntry> worst;

  // Elements at a finite distance (the zero-sign and payload
  // differences at 0 ulp among them).
  size_t Finite(size_t count) const { return count - special_disagreements; }
  // Over the elements at a finite distance (0 if there are none).
  double MeanUlp(size_t count) const {
    return Finite(count) ? sum_ulp / Finite(count) : 0.0;
  }
};

struct CompareSpec {
  refmath_function function = REFMATH_EXP;
  refmath_variant variant = REFMATH_EXACT;  // the oracle's
  std::string label = "backend";  // what the report calls the backend
  std::string inputs_path, outputs_path;    // "-": standard input
  DumpType inputs_type = DumpType::kAuto, outputs_type = DumpType::kAuto;
  size_t worst = 10;       // differences from the oracle listed
  bool per_input = false;  // keep every input's figures (for the CSV)
  int threads = 0;         // 0: every core
  // Called about every 0.25 s with (done, total) values.
  std::function<void(uint64_t, uint64_t)> progress;
};

struct CompareResult {
  Format format = Format::kBinary32;  // the outputs' (every ulp is theirs)
  DumpType inputs_type = DumpType::kFloat32, outputs_type = DumpType::kFloat32;
  size_t count = 0;
  TruthStats backend, oracle;  // the oracle rounded to `format`
  OracleDiff vs_oracle;
  // Inputs where the backend is nearer the truth, the oracle is, or both
  // are as near (the same value, or equally far: truth.h's Nearer).
  size_t backend_closer = 0, oracle_closer = 0, ties = 0;
  // With spec.per_input, one entry per input: its binary32 bits (16-bit
  // inputs widened), the backend's and the oracle's results as bits of
  // `format` (the oracle rounded to it), and their distances to the truth
  // (+inf for a NaN/inf disagreement).
  std::vector<uint32_t> input_bits, backend_bits, oracle_bits;
  std::vector<double> backend_ulp, oracle_ulp;
};

// Reads the inputs and the backend's outputs, evaluates the oracle and the
// truth on the inputs on spec.threads threads, and measures.  Memory is
// the two files' values plus O(threads * chunk), and 28 bytes per input
// more with per_input.  False with a one-line *error on an unreadable or
// malformed file, a type the options contradict, a shape (.npy both) or
// count mismatch, no values, or a kernel status.
bool Compare(const CompareSpec& spec, CompareResult* out, std::string* error);

// One row per input, "index,x,x_bits,backend_bits,oracle_bits,backend_ulp,
// oracle_ulp", after a header line; a result with per_input only.
bool WriteCompareCsv(const std::string& path, const CompareResult& r,
                     std::string* error);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_COMPARE_H_
