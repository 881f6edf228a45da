#include "src/base/bits.h"
#include "src/verify/compare.h"

#include <math.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <new>
#include <thread>
#include <utility>

#include "src/verify/compare_io.h"
#include "src/verify/file_io.h"
#include "src/verify/max_candidates.h"
#include "src/base/text.h"
#include "src/verify/reference.h"
#include "src/verify/threads.h"
#include "src/verify/truth.h"

namespace refmath {
namespace {

constexpr size_t kChunk = 1 << 14;  // values per work item
constexpr int kMaxThreads = 256;

// Both files, checked against each other: as many outputs as inputs (the
// same shape if both are .npy), at least one value.  16-bit inputs are
// widened to binary32 in place.
bool LoadDumps(const CompareSpec& spec, Dump* x, Dump* y, std::string* error) {
  if (!LoadDump(spec.inputs_path, spec.inputs_type, "inputs", x, error) ||
      !LoadDump(spec.outputs_path, spec.outputs_type, "outputs", y, error)) {
    return false;
  }
  if (x->is_npy && y->is_npy ? x->array.shape != y->array.shape
                             : x->array.count() != y->array.count()) {
    *error = "shape mismatch: inputs " + ShapeText(x->array.shape) +
             ", outputs " + ShapeText(y->array.shape);
    return false;
  }
  if (x->array.count() == 0) {
    const std::string& in = spec.inputs_path;
    *error = (in == "-" ? "<stdin>" : Printable(in)) + ": no values to compare";
    return false;
  }
  const Format in = FormatOf(x->type);
  for (uint32_t& b : x->array.bits) b = WidenedBits(b, in);
  return true;
}

int Bucket(double ulp) {
  if (ulp == 0) return 0;
  if (ulp <= 1) return 1;
  if (ulp <= 2) return 2;
  if (ulp <= 4) return 3;
  if (ulp <= 16) return 4;
  return 5;
}

// a is worse than b: a larger error, or the same error at an earlier index.
bool Worse(const CompareEntry& a, const CompareEntry& b) {
  return a.ulp > b.ulp || (a.ulp == b.ulp && a.index < b.index);
}

// The error of `have` against the oracle's `want`: 0 where both are NaN or
// the same infinity, +inf where only one is NaN or infinite.
double UlpOf(double want, double have, Format format) {
  if (isnan(want) || isnan(have)) {
    return isnan(want) && isnan(have) ? 0 : HUGE_VAL;
  }
  if (isinf(want) || isinf(have)) return want == have ? 0 : HUGE_VAL;
  return UlpError(have, want, format);
}

// Keeps `worst` a heap of at most `keep` entries whose front is the least
// bad of them, so memory stays O(keep) however many elements differ.
void KeepWorst(const CompareEntry& e, size_t keep,
               std::vector<CompareEntry>* worst) {
  if (worst->size() < keep) {
    worst->push_back(e);
    std::push_heap(worst->begin(), worst->end(), Worse);
  } else if (Worse(e, worst->front())) {
    std::pop_heap(worst->begin(), worst->end(), Worse);
    worst->back() = e;
    std::push_heap(worst->begin(), worst->end(), Worse);
  }
}

// A worker thread's share of the figures.  The ulp sums are kept per
// chunk instead (ChunkSums), so that they add up in input order whatever
// thread took which chunk: the same mean every run.
struct Accumulator {
  TruthStats backend, oracle;
  MaxCandidates backend_max, oracle_max;
  OracleDiff diff;
  size_t backend_closer = 0, oracle_closer = 0, ties = 0;
};

struct ChunkSums {
  double backend = 0, oracle = 0, vs_oracle = 0;
};

// What the worker threads share.
struct Job {
  Job(const CompareSpec& s, const Dump& x, const Dump& y, CompareResult* r)
      : spec(s), in(x.array.bits.data()), out(y.array.bits.data()),
        format(FormatOf(y.type)), n(x.array.count()),
        sums((n + kChunk - 1) / kChunk), result(r) {}
  const CompareSpec& spec;
  const uint32_t* in;   // binary32 bits
  const uint32_t* out;  // bits of `format`
  const Format format;
  const size_t n;
  std::vector<ChunkSums> sums;
  CompareResult* result;  // per-input vectors, written at [i]
  std::atomic<size_t> next_chunk{0}, done{0};
  std::atomic<int> eval_status{REFMATH_OK};
  std::atomic<bool> abandon{false}, out_of_memory{false};
};

void AddTruth(size_t i, double ulp, bool correctly_rounded, TruthStats* s,
              MaxCandidates* max, double* sum) {
  s->correctly_rounded += correctly_rounded;
  if (isinf(ulp)) {
    ++s->special_disagreements;
    return;
  }
  ++s->finite;
  *sum += ulp;
  ++s->histogram[sweep::HistogramBucket(ulp)];
  max->Add(i, ulp);
}

void AddDiff(size_t i, uint32_t x, uint32_t oracle, uint32_t backend,
             Format format, size_t keep, OracleDiff* d, double* sum) {
  const double ulp = UlpOf(refmath::BitsToFloat(oracle), refmath::BitsToFloat(backend),
                           format);
  if (oracle == backend) {
    ++d->identical;
    ++d->buckets[0];
    return;
  }
  if (isinf(ulp)) {
    ++d->special_disagreements;
  } else if (ulp == 0) {
    // The same value, other bits: +0 and -0, or two NaNs.
    ++(isnan(refmath::BitsToFloat(oracle)) ? d->nan_payload_differences
                                      : d->zero_sign_differences);
  } else {
    ++d->buckets[Bucket(ulp)];
    *sum += ulp;
  }
  if (!isinf(ulp) &&
      (ulp > d->max_ulp || (ulp == d->max_ulp && i < d->at_index))) {
    d->max_ulp = ulp;
    d->at_index = i;
    d->at_x = x;
  }
  if (keep != 0) KeepWorst({i, ulp, x, oracle, backend}, keep, &d->worst);
}

// Input i, whose oracle result (binary32) is o32.
void MeasureOne(Job* job, size_t i, float o32, Accumulator* acc,
                ChunkSums* sums) {
  const Format fmt = job->format;
  const refmath_function f = job->spec.function;
  const float x = refmath::BitsToFloat(job->in[i]);
  const double b = ValueOf(job->out[i], fmt);
  const double o = fmt == Format::kBinary32 ? o32 : RoundTo(o32, fmt);
  const Truth t = TruthOf(f, x, fmt);
  const double eb = UlpFromTruth(t, b, fmt), eo = UlpFromTruth(t, o, fmt);
  AddTruth(i, eb, IsCorrectlyRounded(t, b), &acc->backend, &acc->backend_max,
           &sums->backend);
  AddTruth(i, eo, IsCorrectlyRounded(t, o), &acc->oracle, &acc->oracle_max,
           &sums->oracle);
  const int nearer = Nearer(f, x, t, b, o, fmt);
  (nearer < 0 ? acc->backend_closer
              : nearer > 0 ? acc->oracle_closer : acc->ties)++;
  AddDiff(i, job->in[i], refmath::FloatBits(o32), WidenedBits(job->out[i], fmt),
          fmt, job->spec.worst, &acc->diff, &sums->vs_oracle);
  if (job->spec.per_input) {
    job->result->oracle_bits[i] = BitsIn(o32, fmt);
    job->result->backend_ulp[i] = eb;
    job->result->oracle_ulp[i] = eo;
  }
}

// A worker thread: takes the next chunk until there is none.
void Work(Job* job, Accumulator* acc) {
  try {
    std::vector<float> x(kChunk), oracle(kChunk);
    while (!job->abandon) {
      const size_t c = job->next_chunk.fetch_add(1);
      const size_t first = c * kChunk;
      if (first >= job->n) return;
      const size_t count = std::min(kChunk, job->n - first);
      for (size_t j = 0; j < count; ++j) {
        x[j] = refmath::BitsToFloat(job->in[first + j]);
      }
      const int s = refmath_eval_f32(job->spec.function, job->spec.variant,
                                     REFMATH_TARGET_BEST, x.data(),
                                     oracle.data(), count);
      if (s != REFMATH_OK) {
        job->eval_status = s;
        job->abandon = true;
        return;
      }
      for (size_t j = 0; j < count; ++j) {
        MeasureOne(job, first + j, oracle[j], acc, &job->sums[c]);
      }
      job->done += count;
    }
  } catch (const std::bad_alloc&) {
    job->out_of_memory = true;
    job->abandon = true;
  }
}

int ThreadCount(const CompareSpec& spec, size_t n) {
  const int cores = static_cast<int>(
      std::max(1u, std::thread::hardware_concurrency()));
  const int want = spec.threads > 0 ? spec.threads : cores;
  const size_t chunks = (n + kChunk - 1) / kChunk;
  return static_cast<int>(
      std::min<size_t>(std::min(want, kMaxThreads), chunks));
}

// Runs the worker threads, reporting progress until they are done, and
// says why the run failed, if it did.
bool RunWorkers(Job* job, std::vector<Accumulator>* accs, std::string* error) {
  std::string start_error;
  std::vector<std::thread> pool = StartThreads(
      accs->size(), [&](size_t i) { Work(job, &(*accs)[i]); }, &start_error);
  if (!start_error.empty()) job->abandon = true;
  // Short naps, so that a small run ends without waiting; the progress
  // every 0.25 s.
  const auto& progress = job->spec.progress;
  for (int nap = 1; job->done.load() < job->n && !job->abandon; ++nap) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (progress && nap % 25 == 0) progress(job->done.load(), job->n);
  }
  for (std::thread& t : pool) t.join();
  if (progress && !job->abandon) progress(job->n, job->n);
  if (!start_error.empty()) *error = start_error;
  if (job->out_of_memory) *error = "out of memory";
  if (job->eval_status != REFMATH_OK) {
    *error = refmath_status_string(job->eval_status);
  }
  return !job->abandon;
}

// Folds b's counts into a; maxima, sums and the worst list are settled by
// the caller.
void AddCounts(const TruthStats& b, TruthStats* a) {
  a->finite += b.finite;
  a->correctly_rounded += b.correctly_rounded;
  a->special_disagreements += b.special_disagreements;
  for (size_t k = 0; k < a->histogram.size(); ++k) {
    a->histogram[k] += b.histogram[k];
  }
}

void Combine(const Accumulator& b, Accumulator* a) {
  AddCounts(b.backend, &a->backend);
  AddCounts(b.oracle, &a->oracle);
  a->backend_max.Append(b.backend_max);
  a->oracle_max.Append(b.oracle_max);
  OracleDiff& d = a->diff;
  d.identical += b.diff.identical;
  d.special_disagreements += b.diff.special_disagreements;
  d.zero_sign_differences += b.diff.zero_sign_differences;
  d.nan_payload_differences += b.diff.nan_payload_differences;
  for (int k = 0; k < kCompareBuckets; ++k) d.buckets[k] += b.diff.buckets[k];
  if (b.diff.at_index != kNoIndex &&
      (d.at_index == kNoIndex || b.diff.max_ulp > d.max_ulp ||
       (b.diff.max_ulp == d.max_ulp && b.diff.at_index < d.at_index))) {
    d.max_ulp = b.diff.max_ulp;
    d.at_index = b.diff.at_index;
    d.at_x = b.diff.at_x;
  }
  d.worst.insert(d.worst.end(), b.diff.worst.begin(), b.diff.worst.end());
  a->backend_closer += b.backend_closer;
  a->oracle_closer += b.oracle_closer;
  a->ties += b.ties;
}

// The largest distance to the truth among the candidates, exact (MPFR);
// `result_at` gives the result (a value of the format) at an index.
template <class ResultAt>
void SettleMax(const Job& job, MaxCandidates* candidates, ResultAt result_at,
               TruthStats* s) {
  for (const MaxCandidates::Entry& c : candidates->Pruned()) {
    const size_t i = static_cast<size_t>(c.position);
    const float x = refmath::BitsToFloat(job.in[i]);
    const double exact =
        sweep::ReferenceMpfrUlp(job.spec.function, x, result_at(i), job.format);
    if (isinf(exact)) continue;
    if (s->at_index == kNoIndex || exact > s->max_ulp ||
        (exact == s->max_ulp && i < s->at_index)) {
      s->max_ulp = exact;
      s->at_index = i;
      s->at_x = job.in[i];
    }
  }
}

void Settle(const Job& job, Accumulator* all, CompareResult* r) {
  SettleMax(job, &all->backend_max,
            [&](size_t i) { return ValueOf(job.out[i], job.format); },
            &all->backend);
  SettleMax(job, &all->oracle_max,
            [&](size_t i) {
              const float x = refmath::BitsToFloat(job.in[i]);
              float o;
              refmath_eval_f32(job.spec.function, job.spec.variant,
                               REFMATH_TARGET_BEST, &x, &o, 1);
              return job.format == Format::kBinary32 ? o
                                                     : RoundTo(o, job.format);
            },
            &all->oracle);
  for (const ChunkSums& s : job.sums) {
    all->backend.sum_ulp += s.backend;
    all->oracle.sum_ulp += s.oracle;
    all->diff.sum_ulp += s.vs_oracle;
  }
  std::sort(all->diff.worst.begin(), all->diff.worst.end(), Worse);
  if (all->diff.worst.size() > job.spec.worst) {
    all->diff.worst.resize(job.spec.worst);
  }
  r->backend = all->backend;
  r->oracle = all->oracle;
  r->vs_oracle = std::move(all->diff);
  r->backend_closer = all->backend_closer;
  r->oracle_closer = all->oracle_closer;
  r->ties = all->ties;
}

}  // namespace

const char* const kCompareBucketNames[kCompareBuckets] = {
    "0", "<=1", "<=2", "<=4", "<=16", ">16"};

const char* DumpTypeName(DumpType type) {
  switch (type) {
    case DumpType::kFloat32: return "float32";
    case DumpType::kFloat16: return "float16";
    case DumpType::kBfloat16: return "bfloat16";
    case DumpType::kAuto: break;
  }
  return "auto";
}

bool DumpTypeFromName(const std::string& name, DumpType* type) {
  for (DumpType t : {DumpType::kAuto, DumpType::kFloat32, DumpType::kFloat16,
                     DumpType::kBfloat16}) {
    if (name == DumpTypeName(t)) {
      *type = t;
      return true;
    }
  }
  return false;
}

bool Compare(const CompareSpec& spec, CompareResult* out, std::string* error) {
  Dump x, y;
  if (!LoadDumps(spec, &x, &y, error)) return false;
  CompareResult r;
  r.format = FormatOf(y.type);
  r.inputs_type = x.type;
  r.outputs_type = y.type;
  r.count = x.array.count();
  if (spec.per_input) {
    r.oracle_bits.resize(r.count);
    r.backend_ulp.resize(r.count);
    r.oracle_ulp.resize(r.count);
  }
  Job job(spec, x, y, &r);
  std::vector<Accumulator> accs(ThreadCount(spec, r.count));
  if (!RunWorkers(&job, &accs, error)) return false;
  Accumulator all;
  for (const Accumulator& a : accs) Combine(a, &all);
  Settle(job, &all, &r);
  if (spec.per_input) {
    r.input_bits = std::move(x.array.bits);
    r.backend_bits = std::move(y.array.bits);
  }
  *out = std::move(r);
  return true;
}

}  // namespace refmath
