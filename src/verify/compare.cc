#include "src/verify/compare.h"

#include <string.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "src/binary16/binary16.h"
#include "src/verify/file_io.h"
#include "src/verify/npy.h"
#include "src/verify/printable.h"

namespace refmath {
namespace {

struct Dump {
  bool is_npy = false;
  io::NpyArray array;  // raw files become a 1-d float32 array
};

bool LoadDump(const std::string& path, Dump* dump, std::string* error) {
  std::vector<uint8_t> bytes;
  if (!io::ReadAll(path, &bytes, error)) return false;
  static const uint8_t kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (bytes.size() >= sizeof(kMagic) &&
      memcmp(bytes.data(), kMagic, sizeof(kMagic)) == 0) {
    dump->is_npy = true;
    return io::ParseNpy(bytes.data(), bytes.size(), path, &dump->array, error);
  }
  if (bytes.size() % 4 != 0) {
    *error = Printable(path) + ": size " + std::to_string(bytes.size()) +
             " bytes is not a multiple of 4 (raw binary32 or .npy expected)";
    return false;
  }
  dump->array.dtype = io::DType::kFloat32;
  dump->array.shape = {bytes.size() / 4};
  dump->array.bits.resize(bytes.size() / 4);
  for (size_t i = 0; i < dump->array.bits.size(); ++i) {
    dump->array.bits[i] = io::LoadLE32(&bytes[4 * i]);
  }
  return true;
}

// Both files, checked against each other: float32 inputs, as many outputs
// (the same shape if both are .npy), at least one value.
bool LoadDumps(const std::string& inputs_path, const std::string& outputs_path,
               Dump* x, Dump* y, std::string* error) {
  if (!LoadDump(inputs_path, x, error) || !LoadDump(outputs_path, y, error)) {
    return false;
  }
  if (x->array.dtype != io::DType::kFloat32) {
    *error = Printable(inputs_path) + ": inputs must be float32";
    return false;
  }
  if (x->is_npy && y->is_npy ? x->array.shape != y->array.shape
                             : x->array.count() != y->array.count()) {
    *error = "shape mismatch: inputs " + io::ShapeText(x->array.shape) +
             ", outputs " + io::ShapeText(y->array.shape);
    return false;
  }
  if (x->array.count() == 0) {
    *error = Printable(inputs_path) + ": no values to compare";
    return false;
  }
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
  if (std::isnan(want) || std::isnan(have)) {
    return std::isnan(want) && std::isnan(have) ? 0 : HUGE_VAL;
  }
  if (std::isinf(want) || std::isinf(have)) return want == have ? 0 : HUGE_VAL;
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

// Adds elements [first, first + count) to r: their oracle and backend
// bits, and the inputs they came from.
void Accumulate(size_t first, size_t count, const uint32_t* input,
                const uint32_t* oracle, const uint32_t* got, size_t keep,
                CompareResult* r) {
  for (size_t j = 0; j < count; ++j) {
    const double ulp = UlpOf(io::BitsToFloat(oracle[j]),
                             io::BitsToFloat(got[j]), r->format);
    ++r->count;
    if (oracle[j] == got[j]) ++r->identical;
    if (std::isinf(ulp)) {
      ++r->special_disagreements;
    } else {
      ++r->buckets[Bucket(ulp)];
      r->sum_ulp += ulp;
      if (ulp > r->max_ulp) {
        r->max_ulp = ulp;
        r->max_input = input[j];
      }
    }
    if (ulp == 0 || keep == 0) continue;
    KeepWorst({first + j, ulp, input[j], oracle[j], got[j]}, keep, &r->worst);
  }
}

}  // namespace

const char* const kCompareBucketNames[kCompareBuckets] = {
    "0", "<=1", "<=2", "<=4", "<=16", ">16"};

bool Compare(refmath_function f, refmath_variant v,
             const std::string& inputs_path, const std::string& outputs_path,
             size_t worst, CompareResult* out, std::string* error) {
  Dump x, y;
  if (!LoadDumps(inputs_path, outputs_path, &x, &y, error)) return false;
  const size_t n = x.array.count();
  const bool half = y.array.dtype == io::DType::kFloat16;
  CompareResult r;
  r.format = half ? Format::kBinary16 : Format::kBinary32;
  // The oracle, a chunk at a time.
  constexpr size_t kChunk = 1 << 16;
  std::vector<float> in(std::min(n, kChunk)), oracle_f(in.size());
  std::vector<uint32_t> oracle(in.size()), got(in.size());
  for (size_t first = 0; first < n; first += kChunk) {
    const size_t count = std::min(kChunk, n - first);
    const uint32_t* input = x.array.bits.data() + first;
    for (size_t j = 0; j < count; ++j) in[j] = io::BitsToFloat(input[j]);
    const int status = refmath_eval_f32(f, v, REFMATH_TARGET_BEST, in.data(),
                                        oracle_f.data(), count);
    if (status != REFMATH_OK) {
      *error = refmath_status_string(status);
      return false;
    }
    for (size_t j = 0; j < count; ++j) {
      oracle[j] = io::FloatBits(oracle_f[j]);
      const uint32_t b = y.array.bits[first + j];
      got[j] = half ? HalfBitsToFloatBits(static_cast<uint16_t>(b)) : b;
    }
    Accumulate(first, count, input, oracle.data(), got.data(), worst, &r);
  }
  std::sort(r.worst.begin(), r.worst.end(), Worse);
  *out = std::move(r);
  return true;
}

}  // namespace refmath
