// ULP sweeps: a kernel against the reference over a range of binary32
// values at a stride (or over every bit pattern), on all cores, with MPFR
// deciding every close call.  A sweep splits into shards, contiguous runs
// of its positions, whose results merge into exactly the result of one
// run: every figure is independent of the thread count and of the split.
#ifndef REFMATH_SRC_VERIFY_SWEEP_H_
#define REFMATH_SRC_VERIFY_SWEEP_H_

#include <stddef.h>
#include <stdint.h>

#include <array>
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/verify/exact_double_sum.h"

namespace refmath {
namespace sweep {

// Histogram of ULP errors: [0, 0.5], (0.5, 1], (1, 2], ..., (128, 256],
// (256, inf).
constexpr int kHistogramBuckets = 11;
extern const char* const kHistogramLabels[kHistogramBuckets];
int HistogramBucket(double ulp);

// The largest stride: 2^32 steps over every binary32 bit pattern, so a
// larger one visits nothing more (and the value count would overflow).
constexpr uint64_t kMaxStride = uint64_t{1} << 32;
// The most worker threads a sweep starts.
constexpr int kMaxThreads = 1024;

struct Spec {
  refmath_function function = REFMATH_EXP;
  refmath_variant variant = REFMATH_EXACT;
  refmath_target target = REFMATH_TARGET_BEST;
  // Either every binary32 bit pattern (`all`), or the binary32 values from
  // lo to hi in increasing order, +0 and -0 counted once as zero.
  bool all = false;
  float lo = 0, hi = 0;
  uint64_t stride = 1;  // every stride-th value, starting at lo
  std::string label;    // e.g. "hot", "wide", "negative tail"
  // Shard i of N: positions [floor(P i / N), floor(P (i + 1) / N)) of the
  // sweep's P (for --all at stride 1, 2^32 / N bit patterns in order).
  int shard_index = 0, shard_count = 1;
};

// False (with *error) unless the stride is 1 to kMaxStride, the range is
// ordered and NaN-free, the shard is i/N with 0 <= i < N, and the label is
// printable text (no control characters).  Such a sweep visits at least
// one value.
bool CheckSpec(const Spec& spec, std::string* error);

// Number of values the sweep visits (all shards together); spec must pass
// CheckSpec.
uint64_t Positions(const Spec& spec);
// The input at a position, and the position of an input the sweep visits.
float InputAt(const Spec& spec, uint64_t position);
uint64_t PositionOf(const Spec& spec, uint32_t x_bits);
// The positions [*first, *end) of the spec's shard.
void ShardPositions(const Spec& spec, uint64_t* first, uint64_t* end);

struct Bin {
  double max_ulp = -1;  // -1: no finite error recorded
  uint32_t x_bits = 0;  // the first input with that error
};

// An input that may hold the largest error: its error from the double
// reference, and from MPFR.
struct Candidate {
  uint64_t position = 0;
  double estimate = 0, exact = 0;
};

struct Result {
  Spec spec;
  std::vector<int> shards;  // shard indices this result covers
  uint64_t positions = 0;   // of the whole sweep
  uint64_t count = 0;       // values with a finite error (incl. inf == inf)
  double sum_ulp = 0;       // ulp_sum rounded to the nearest double
  ExactDoubleSum ulp_sum;
  uint64_t not_correctly_rounded = 0;
  uint64_t nan_agreements = 0;         // both NaN
  uint64_t special_disagreements = 0;  // NaN or inf on one side only
  uint32_t first_disagreement_bits = 0;  // at the lowest position
  // The largest error: among the candidates (every input whose estimated
  // error is within kCandidateTolerance of the largest estimate, at most
  // kMaxCandidates of them, largest estimate and then lowest position
  // first), the largest exact error, at the lowest position on a tie.
  double max_ulp = 0;  // exact (MPFR) at the reported x
  uint32_t max_x_bits = 0;
  uint64_t max_position = UINT64_MAX;  // UINT64_MAX: no value yet
  std::array<uint64_t, kHistogramBuckets> histogram{};
  std::vector<Candidate> candidates;  // what a merge settles the maximum from
  std::vector<Bin> bins;  // error profile over the range, for plots
  uint64_t reference_samples = 0;        // double reference checked vs MPFR
  double reference_max_discrepancy = 0;  // in ulps
  uint64_t mpfr_decisions = 0;           // close calls settled by MPFR
  double seconds = 0;

  bool Complete() const { return static_cast<int>(shards.size()) == spec.shard_count; }
  // Fails on NaN/inf disagreements or an untrustworthy double reference.
  bool Sound() const;
  double MeanUlp() const { return count ? sum_ulp / count : 0; }
  // Every value visited, NaN agreements and disagreements included.
  uint64_t Values() const {
    return count + nan_agreements + special_disagreements;
  }
};

struct Options {
  int threads = 0;   // 0: all cores (at most kMaxThreads)
  size_t bins = 0;   // error-profile bins (0: none)
  // Called about every 0.25 s with (done, total) positions of this shard.
  std::function<void(uint64_t, uint64_t)> progress;
  const std::atomic<bool>* stop = nullptr;  // set to abandon the sweep
};

// Runs the sweep.  Returns false (with *error) on a bad spec, a thread
// count above kMaxThreads, threads or memory the system refuses, a kernel
// status or an interruption; *out is then unspecified.
bool Run(const Spec& spec, const Options& options, Result* out,
         std::string* error);

// Merges shard results of the same sweep (same spec but for the shard), in
// any order, into what one run over their positions gives (the run time
// aside: the merge adds the shards' times).  A single result is copied.
bool Merge(const std::vector<Result>& parts, Result* out, std::string* error);

}  // namespace sweep
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_SWEEP_H_
