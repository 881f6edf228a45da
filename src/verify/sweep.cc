#include "src/verify/sweep.h"

#include <math.h>
#include <string.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <new>
#include <thread>

#include "src/verify/max_candidates.h"
#include "src/verify/reference.h"
#include "src/verify/threads.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace sweep {
namespace {

constexpr uint64_t kChunk = 1 << 16;          // positions per work item
constexpr uint64_t kSampleEvery = 1024;       // double vs MPFR check

uint32_t Bits(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}
float FromBits(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}

// Position of a float in the increasing order of binary32 values, with
// both zeros at 0.
int64_t Ordinal(float x) {
  const uint32_t b = Bits(x);
  return (b & 0x80000000u) ? -static_cast<int64_t>(b & 0x7FFFFFFFu) : b;
}
float FromOrdinal(int64_t o) {
  return o >= 0 ? FromBits(static_cast<uint32_t>(o))
                : FromBits(0x80000000u | static_cast<uint32_t>(-o));
}

struct Accumulator {
  Result r;
  MaxCandidates candidates;
};

void AddValue(const Spec& spec, uint64_t position, float x, float got,
              Accumulator* acc) {
  Result& r = acc->r;
  const refmath_function f = spec.function;
  const double ref = ReferenceDouble(f, x);
  if (isnan(got) || isnan(ref)) {
    if (isnan(got) && isnan(ref)) {
      ++r.nan_agreements;
    } else if (r.special_disagreements++ == 0) {
      r.first_disagreement_bits = Bits(x);
    }
    return;
  }
  const double rounded = RoundTo(ref, Format::kBinary32);
  double ulp;
  bool correctly_rounded;
  if (isinf(got) || isinf(rounded)) {
    if (static_cast<double>(got) != rounded) {
      if (r.special_disagreements++ == 0) r.first_disagreement_bits = Bits(x);
      return;
    }
    ulp = 0;
    correctly_rounded = true;
  } else {
    ulp = fabs(got - ref) / SpacingOf(rounded, Format::kBinary32);
    // Is the double reference too close to a rounding boundary to say
    // which way the true value rounds?  Then MPFR decides.
    if (NearRoundingBoundary(f, ref, rounded, Format::kBinary32)) {
      const MpfrResult m = ReferenceMpfr(f, x, got);
      ++r.mpfr_decisions;
      ulp = m.ulp_error;
      correctly_rounded = Bits(got) == m.correctly_rounded_bits;
    } else {
      correctly_rounded = Bits(got) == Bits(static_cast<float>(rounded));
    }
    if (position % kSampleEvery == 0) {
      const MpfrResult m = ReferenceMpfr(f, x, got);
      ++r.reference_samples;
      if (isfinite(m.ulp_error)) {
        r.reference_max_discrepancy =
            std::max(r.reference_max_discrepancy, fabs(m.ulp_error - ulp));
      }
    }
  }
  ++r.count;
  r.ulp_sum.Add(ulp);
  ++r.histogram[HistogramBucket(ulp)];
  r.not_correctly_rounded += !correctly_rounded;
  acc->candidates.Add(position, ulp);
  if (!r.bins.empty()) {
    Bin& bin = r.bins[position * r.bins.size() / r.positions];
    if (ulp > bin.max_ulp) {
      bin.max_ulp = ulp;
      bin.x_bits = Bits(x);
    }
  }
}

// Is bin b's maximum ahead of a's: larger, or as large at an earlier
// input?
bool BinAhead(const Spec& spec, const Bin& b, const Bin& a) {
  return b.max_ulp > a.max_ulp ||
         (b.max_ulp == a.max_ulp && b.max_ulp >= 0 &&
          PositionOf(spec, b.x_bits) < PositionOf(spec, a.x_bits));
}

// Folds b into a (same spec): each figure as one pass over both parts'
// positions gives it.  Candidates are merged by the caller.
void Combine(const Spec& spec, const Result& b, Result* a) {
  a->count += b.count;
  a->ulp_sum.Merge(b.ulp_sum);
  a->not_correctly_rounded += b.not_correctly_rounded;
  a->nan_agreements += b.nan_agreements;
  if (b.special_disagreements &&
      (!a->special_disagreements ||
       PositionOf(spec, b.first_disagreement_bits) <
           PositionOf(spec, a->first_disagreement_bits))) {
    a->first_disagreement_bits = b.first_disagreement_bits;
  }
  a->special_disagreements += b.special_disagreements;
  for (int i = 0; i < kHistogramBuckets; ++i) a->histogram[i] += b.histogram[i];
  for (size_t i = 0; i < a->bins.size() && i < b.bins.size(); ++i) {
    if (BinAhead(spec, b.bins[i], a->bins[i])) a->bins[i] = b.bins[i];
  }
  a->reference_samples += b.reference_samples;
  a->reference_max_discrepancy =
      std::max(a->reference_max_discrepancy, b.reference_max_discrepancy);
  a->mpfr_decisions += b.mpfr_decisions;
}

// A maximum is the larger error; on a tie, the earlier position.
bool Better(double ulp, uint64_t pos, double best_ulp, uint64_t best_pos) {
  return ulp > best_ulp || (ulp == best_ulp && pos < best_pos);
}

// The maximum, from r's candidates, and the rounded sum: the figures a
// result derives once its parts are combined.
void Settle(Result* r) {
  r->max_ulp = 0;
  r->max_position = UINT64_MAX;
  r->max_x_bits = 0;
  for (const Candidate& c : r->candidates) {
    if (isfinite(c.exact) &&
        Better(c.exact, c.position, r->max_ulp, r->max_position)) {
      r->max_ulp = c.exact;
      r->max_position = c.position;
      r->max_x_bits = Bits(InputAt(r->spec, c.position));
    }
  }
  r->sum_ulp = r->ulp_sum.Value();
}

}  // namespace

const char* const kHistogramLabels[kHistogramBuckets] = {
    "<=0.5", "<=1", "<=2", "<=4", "<=8", "<=16", "<=32", "<=64", "<=128",
    "<=256", ">256"};

int HistogramBucket(double ulp) {
  if (ulp <= 0.5) return 0;
  int b = 1;
  for (double edge = 1; b < kHistogramBuckets - 1; edge *= 2, ++b) {
    if (ulp <= edge) return b;
  }
  return kHistogramBuckets - 1;
}

bool CheckSpec(const Spec& spec, std::string* error) {
  if (spec.stride == 0 || spec.stride > kMaxStride) {
    *error = "stride must be from 1 to 2^32 = " + std::to_string(kMaxStride) +
             " (a larger one steps past every binary32 value), not " +
             std::to_string(spec.stride);
    return false;
  }
  if (!spec.all && (isnan(spec.lo) || isnan(spec.hi) ||
                    Ordinal(spec.lo) > Ordinal(spec.hi))) {
    *error = "empty range: lo must be <= hi, neither NaN";
    return false;
  }
  if (spec.shard_count < 1 || spec.shard_index < 0 ||
      spec.shard_index >= spec.shard_count) {
    *error = "shard must be i/N with 0 <= i < N";
    return false;
  }
  for (const char c : spec.label) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      *error = "label must be printable text, without control characters";
      return false;
    }
  }
  return true;
}

uint64_t Positions(const Spec& spec) {
  if (spec.all) return ((uint64_t{1} << 32) + spec.stride - 1) / spec.stride;
  return static_cast<uint64_t>(Ordinal(spec.hi) - Ordinal(spec.lo)) /
             spec.stride + 1;
}

float InputAt(const Spec& spec, uint64_t position) {
  if (spec.all) return FromBits(static_cast<uint32_t>(position * spec.stride));
  return FromOrdinal(Ordinal(spec.lo) +
                     static_cast<int64_t>(position * spec.stride));
}

uint64_t PositionOf(const Spec& spec, uint32_t x_bits) {
  if (spec.all) return x_bits / spec.stride;
  return static_cast<uint64_t>(Ordinal(FromBits(x_bits)) - Ordinal(spec.lo)) /
         spec.stride;
}

void ShardPositions(const Spec& spec, uint64_t* first, uint64_t* end) {
  // Below 2^32 * 10^6 < 2^52: no overflow.
  const uint64_t positions = Positions(spec);
  const uint64_t n = static_cast<uint64_t>(spec.shard_count);
  *first = positions * static_cast<uint64_t>(spec.shard_index) / n;
  *end = positions * static_cast<uint64_t>(spec.shard_index + 1) / n;
}

bool Result::Sound() const {
  // The double reference must agree with MPFR far below the precision
  // reported (three decimals).
  return special_disagreements == 0 && reference_max_discrepancy < 1e-5;
}

namespace {

// False (with *error) on what stops a sweep before it starts: a bad spec,
// a thread count out of range, a kernel this build or CPU lacks.
bool CheckRun(const Spec& spec, const Options& options, std::string* error) {
  if (!CheckSpec(spec, error)) return false;
  if (options.threads < 0 || options.threads > kMaxThreads) {
    *error = "threads must be from 0 (all cores) to " +
             std::to_string(kMaxThreads);
    return false;
  }
  const int status = refmath_target_status(spec.variant, spec.target);
  if (status != REFMATH_OK) {
    *error = refmath_status_string(status);
    return false;
  }
  return true;
}

// The work of one shard: its positions [first, end), in chunks of kChunk
// (the last one shorter).
struct ShardPlan {
  uint64_t positions = 0;        // of the whole sweep
  uint64_t first = 0, end = 0;   // this shard's positions
  uint64_t shard_chunks = 0;     // this shard's chunks
  uint64_t shard_positions = 0;  // end - first
};

ShardPlan PlanShard(const Spec& spec) {
  ShardPlan plan;
  plan.positions = Positions(spec);
  ShardPositions(spec, &plan.first, &plan.end);
  plan.shard_positions = plan.end - plan.first;
  plan.shard_chunks = (plan.shard_positions + kChunk - 1) / kChunk;
  return plan;
}

// One accumulator per worker thread, each starting from *base (given its
// error-profile bins here).
bool MakeAccumulators(const Options& options, Result* base,
                      std::vector<Accumulator>* accs, std::string* error) {
  const int threads =
      options.threads > 0
          ? options.threads
          : std::min<int>(kMaxThreads,
                          std::max(1u, std::thread::hardware_concurrency()));
  try {
    base->bins.assign(options.bins, Bin());
    accs->assign(threads, Accumulator());
    for (Accumulator& a : *accs) a.r = *base;
  } catch (const std::bad_alloc&) {
    *error = "not enough memory for " + std::to_string(threads) +
             " threads with " + std::to_string(options.bins) + " bins each";
    return false;
  }
  return true;
}

// What the worker threads share.
struct Workers {
  Workers(const Spec& s, const ShardPlan& p, const Options& o)
      : spec(s), plan(p), options(o) {}
  const Spec& spec;
  const ShardPlan& plan;
  const Options& options;
  std::atomic<uint64_t> next_chunk{0}, done{0};
  std::atomic<int> eval_status{REFMATH_OK};
  // Set when the sweep cannot go on: the workers stop at the next chunk.
  std::atomic<bool> abandon{false}, out_of_memory{false};

  bool Stopped() const {
    return abandon.load() || (options.stop && options.stop->load());
  }
  void Progress() const {
    if (options.progress) options.progress(done.load(), plan.shard_positions);
  }
};

// A worker thread: takes the shard's next chunk until there is none, or
// the sweep is stopped.
void Work(Workers* w, Accumulator* acc) {
  const Spec& spec = w->spec;
  try {
    std::vector<float> in(kChunk), got(kChunk);
    while (!w->Stopped()) {
      const uint64_t k = w->next_chunk.fetch_add(1);
      if (k >= w->plan.shard_chunks) return;
      const uint64_t first = w->plan.first + k * kChunk;
      const size_t n =
          static_cast<size_t>(std::min(kChunk, w->plan.end - first));
      for (size_t i = 0; i < n; ++i) in[i] = InputAt(spec, first + i);
      const int s = refmath_eval_f32(spec.function, spec.variant, spec.target,
                                     in.data(), got.data(), n);
      if (s != REFMATH_OK) {
        w->eval_status = s;
        w->abandon = true;
        return;
      }
      for (size_t i = 0; i < n; ++i) AddValue(spec, first + i, in[i], got[i], acc);
      w->done += n;
    }
  } catch (const std::bad_alloc&) {
    w->out_of_memory = true;
    w->abandon = true;
  }
}

// After the workers are joined: false (with *error) if they ran out of
// memory, a kernel failed or the sweep was stopped.
bool Finished(const Workers& w, std::string* error) {
  if (w.out_of_memory) {
    *error = "out of memory";
    return false;
  }
  w.Progress();
  if (w.eval_status != REFMATH_OK) {
    *error = refmath_status_string(w.eval_status);
    return false;
  }
  if (w.options.stop && w.options.stop->load()) {
    *error = "interrupted";
    return false;
  }
  return true;
}

// Runs one worker thread per accumulator, reporting progress until they
// are done, and says why the sweep failed, if it did.
bool RunWorkers(const Spec& spec, const ShardPlan& plan, const Options& options,
                std::vector<Accumulator>* accs, std::string* error) {
  Workers w(spec, plan, options);
  // If the system refuses a thread, the ones started are stopped and
  // joined, and the sweep fails.
  std::string start_error;
  std::vector<std::thread> pool = StartThreads(
      accs->size(), [&](size_t i) { Work(&w, &(*accs)[i]); }, &start_error);
  if (!start_error.empty()) w.abandon = true;
  while (w.done.load() < plan.shard_positions && !w.Stopped()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    w.Progress();
  }
  for (std::thread& t : pool) t.join();
  if (!start_error.empty()) {
    *error = start_error;
    return false;
  }
  return Finished(w, error);
}

// Folds the workers' results into *out, measures the candidates' errors
// with MPFR and settles the maximum among them.
void CombineAndSettle(const Spec& spec, const std::vector<Accumulator>& accs,
                      Result* out) {
  MaxCandidates candidates;
  for (const Accumulator& a : accs) {
    Combine(spec, a.r, out);
    candidates.Append(a.candidates);
  }
  for (const MaxCandidates::Entry& c : candidates.Pruned()) {
    const float x = InputAt(spec, c.position);
    float y;
    refmath_eval_f32(spec.function, spec.variant, spec.target, &x, &y, 1);
    out->candidates.push_back(
        {c.position, c.ulp, ReferenceMpfr(spec.function, x, y).ulp_error});
  }
  Settle(out);
}

// The candidates of a merge: those of the parts that one run over all
// their positions would keep (each part kept the best of its own, so the
// best of the whole are among them).
std::vector<Candidate> MergeCandidates(const std::vector<Result>& parts) {
  MaxCandidates pool;
  std::map<uint64_t, double> exact;
  for (const Result& p : parts) {
    for (const Candidate& c : p.candidates) {
      pool.Add(c.position, c.estimate);
      exact[c.position] = c.exact;
    }
  }
  std::vector<Candidate> kept;
  for (const MaxCandidates::Entry& e : pool.Pruned()) {
    kept.push_back({e.position, e.ulp, exact[e.position]});
  }
  return kept;
}

}  // namespace

bool Run(const Spec& spec, const Options& options, Result* out,
         std::string* error) {
  if (!CheckRun(spec, options, error)) return false;
  const auto start = std::chrono::steady_clock::now();
  const ShardPlan plan = PlanShard(spec);
  Result base;
  base.spec = spec;
  base.shards = {spec.shard_index};
  base.positions = plan.positions;
  std::vector<Accumulator> accs;
  if (!MakeAccumulators(options, &base, &accs, error) ||
      !RunWorkers(spec, plan, options, &accs, error)) {
    return false;
  }
  *out = base;
  CombineAndSettle(spec, accs, out);
  out->seconds = std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - start).count();
  return true;
}

bool Merge(const std::vector<Result>& parts, Result* out, std::string* error) {
  if (parts.empty()) {
    *error = "nothing to merge";
    return false;
  }
  *out = parts[0];
  if (parts.size() == 1) return true;
  for (size_t i = 1; i < parts.size(); ++i) {
    const Result& p = parts[i];
    const Spec &a = out->spec, &b = p.spec;
    if (a.function != b.function || a.variant != b.variant ||
        a.target != b.target || a.all != b.all || Bits(a.lo) != Bits(b.lo) ||
        Bits(a.hi) != Bits(b.hi) || a.stride != b.stride ||
        a.label != b.label || a.shard_count != b.shard_count ||
        out->bins.size() != p.bins.size()) {
      *error = "results are not shards of the same sweep";
      return false;
    }
    for (int s : p.shards) {
      if (std::find(out->shards.begin(), out->shards.end(), s) != out->shards.end()) {
        *error = "shard " + std::to_string(s) + " given twice";
        return false;
      }
      out->shards.push_back(s);
    }
    Combine(out->spec, p, out);
    out->seconds += p.seconds;
  }
  std::sort(out->shards.begin(), out->shards.end());
  out->candidates = MergeCandidates(parts);
  Settle(out);
  return true;
}

}  // namespace sweep
}  // namespace refmath
