// refmath compare: how far another backend's outputs are from the oracle
// (refmath's kernels on the same inputs), bit for bit and in ULPs.
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "src/verify/file_io.h"
#include "src/binary16/binary16.h"
#include "src/verify/npy.h"
#include "src/verify/ulp.h"
#include "src/cmdline/args.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {
namespace {

const char* kCmd = "compare";

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
    *error = ShowPath(path) + ": size " + std::to_string(bytes.size()) +
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

struct Entry {
  size_t index;
  double ulp;  // +inf for a NaN/inf disagreement
  uint32_t input, oracle, backend;  // bits (backend widened from binary16)
};

struct Stats {
  size_t count = 0, identical = 0, special_disagreements = 0;
  double max_ulp = 0, sum_ulp = 0;
  uint32_t max_input = 0;  // the input of the first maximum
  size_t buckets[6] = {};  // 0, <=1, <=2, <=4, <=16, >16
  std::vector<Entry> worst;
};

const char* const kBucketNames[6] = {"0", "<=1", "<=2", "<=4", "<=16", ">16"};

int Bucket(double ulp) {
  if (ulp == 0) return 0;
  if (ulp <= 1) return 1;
  if (ulp <= 2) return 2;
  if (ulp <= 4) return 3;
  if (ulp <= 16) return 4;
  return 5;
}

// a is worse than b: a larger error, or the same error at an earlier index.
bool Worse(const Entry& a, const Entry& b) {
  return a.ulp > b.ulp || (a.ulp == b.ulp && a.index < b.index);
}

// Adds elements [first, first + count) to s: their oracle and backend
// bits, and the inputs they came from.  s->worst is a heap of at most
// `keep` entries whose front is the least bad of them, so memory stays
// O(keep) however many elements differ; Finish sorts it.
void Accumulate(size_t first, size_t count, const uint32_t* input,
                const uint32_t* oracle, const uint32_t* got, Format format,
                size_t keep, Stats* s) {
  for (size_t j = 0; j < count; ++j) {
    const size_t i = first + j;
    const double want = io::BitsToFloat(oracle[j]);
    const double have = io::BitsToFloat(got[j]);
    ++s->count;
    if (oracle[j] == got[j]) ++s->identical;
    double ulp;
    if (std::isnan(want) || std::isnan(have)) {
      ulp = std::isnan(want) && std::isnan(have) ? 0 : HUGE_VAL;
    } else if (std::isinf(want) || std::isinf(have)) {
      ulp = want == have ? 0 : HUGE_VAL;
    } else {
      ulp = UlpError(have, want, format);
    }
    if (std::isinf(ulp)) {
      ++s->special_disagreements;
    } else {
      ++s->buckets[Bucket(ulp)];
      s->sum_ulp += ulp;
      if (ulp > s->max_ulp) {
        s->max_ulp = ulp;
        s->max_input = input[j];
      }
    }
    if (ulp == 0 || keep == 0) continue;
    const Entry e{i, ulp, input[j], oracle[j], got[j]};
    std::vector<Entry>& worst = s->worst;
    if (worst.size() < keep) {
      worst.push_back(e);
      std::push_heap(worst.begin(), worst.end(), Worse);
    } else if (Worse(e, worst.front())) {
      std::pop_heap(worst.begin(), worst.end(), Worse);
      worst.back() = e;
      std::push_heap(worst.begin(), worst.end(), Worse);
    }
  }
}

std::string HexAndValue(uint32_t bits) {
  char buf[64];
  snprintf(buf, sizeof(buf), "0x%08X (%.9g)", bits, io::BitsToFloat(bits));
  return buf;
}

}  // namespace

int RunCompare(const Argv& argv) {
  Args args;
  std::string error, fn_name, in_path, out_path;
  if (!args.Parse(argv,
                  {"function", "variant", "inputs", "outputs", "max-ulp",
                   "worst", "json"},
                  {}, &error) ||
      !args.Require("function", &fn_name, &error) ||
      !args.Require("inputs", &in_path, &error) ||
      !args.Require("outputs", &out_path, &error)) {
    return Fail(kCmd, error);
  }
  refmath_function f;
  refmath_variant v;
  if (!ParseFunction(fn_name, &f, &error) ||
      !ParseVariant(args.Get("variant", "exact"), &v, &error)) {
    return Fail(kCmd, error);
  }
  double max_ulp = 0;
  if (!ParseDouble(args.Get("max-ulp", "0"), &max_ulp)) {
    return Fail(kCmd, "--max-ulp needs a non-negative decimal number, got " +
                          Quote(args.Get("max-ulp")));
  }
  size_t worst = 10;
  if (!ParseSize(args.Get("worst", "10"), &worst)) {
    return Fail(kCmd, "--worst needs a count, got " + Quote(args.Get("worst")));
  }
  if (in_path == "-" && out_path == "-") {
    return Fail(kCmd, "--inputs and --outputs cannot both be standard input");
  }
  // --json replaces its file whole: refuse, before reading, a file that is
  // one of the dumps under any name ("--json -" is standard output; a dump
  // "-" is standard input, looked at through /dev/stdin).
  const std::string json_path = args.Get("json", "-");
  for (const std::string& dump : {in_path, out_path}) {
    if (io::SameFile(json_path, dump == "-" ? "/dev/stdin" : dump)) {
      return Fail(kCmd, "--json would overwrite the input " +
                            (dump == "-" ? "<stdin>" : ShowPath(dump)));
    }
  }
  Dump x, y;
  if (!LoadDump(in_path, &x, &error) || !LoadDump(out_path, &y, &error)) {
    return Fail(kCmd, error);
  }
  if (x.array.dtype != io::DType::kFloat32) {
    return Fail(kCmd, ShowPath(in_path) + ": inputs must be float32");
  }
  if (x.is_npy && y.is_npy ? x.array.shape != y.array.shape
                           : x.array.count() != y.array.count()) {
    return Fail(kCmd, "shape mismatch: inputs " +
                          io::ShapeText(x.array.shape) + ", outputs " +
                          io::ShapeText(y.array.shape));
  }
  // The oracle.
  const size_t n = x.array.count();
  if (n == 0) return Fail(kCmd, ShowPath(in_path) + ": no values to compare");
  // The oracle, a chunk at a time: memory is the two dumps plus O(chunk).
  const bool half = y.array.dtype == io::DType::kFloat16;
  const Format format = half ? Format::kBinary16 : Format::kBinary32;
  constexpr size_t kChunk = 1 << 16;
  std::vector<float> in(std::min(n, kChunk)), oracle_f(in.size());
  std::vector<uint32_t> oracle(in.size()), got(in.size());
  Stats s;
  for (size_t first = 0; first < n; first += kChunk) {
    const size_t count = std::min(kChunk, n - first);
    const uint32_t* input = x.array.bits.data() + first;
    for (size_t j = 0; j < count; ++j) in[j] = io::BitsToFloat(input[j]);
    const int status = refmath_eval_f32(f, v, REFMATH_TARGET_BEST, in.data(),
                                        oracle_f.data(), count);
    if (status != REFMATH_OK) return Fail(kCmd, refmath_status_string(status));
    for (size_t j = 0; j < count; ++j) {
      oracle[j] = io::FloatBits(oracle_f[j]);
      const uint32_t b = y.array.bits[first + j];
      got[j] = half ? HalfBitsToFloatBits(static_cast<uint16_t>(b)) : b;
    }
    Accumulate(first, count, input, oracle.data(), got.data(), format, worst,
               &s);
  }
  // Worst first; ties in input order.
  std::sort(s.worst.begin(), s.worst.end(), Worse);
  const bool pass = s.special_disagreements == 0 && s.max_ulp <= max_ulp;

  std::ostringstream out;
  char line[256];
  out << "refmath compare: " << fn_name << " (" << refmath_variant_name(v)
      << ") vs " << ShowPath(out_path) << " ("
      << (half ? "float16" : "float32") << "), " << n << " values\n";
  snprintf(line, sizeof(line),
           "  bit-identical          %zu (%.2f%%)\n"
           "  NaN/inf disagreements  %zu\n"
           "  max ulp (%s)      %.3f%s\n"
           "  mean ulp               %.4f\n",
           s.identical, n ? 100.0 * s.identical / n : 100.0,
           s.special_disagreements, half ? "binary16" : "binary32", s.max_ulp,
           s.max_ulp > 0 ? (" at x = " + HexAndValue(s.max_input)).c_str() : "",
           n > s.special_disagreements ? s.sum_ulp / (n - s.special_disagreements) : 0.0);
  out << line << "  histogram             ";
  for (int b = 0; b < 6; ++b) {
    out << " " << kBucketNames[b] << ": " << s.buckets[b];
  }
  out << "\n";
  if (!s.worst.empty()) out << "  worst inputs:\n";
  for (const Entry& e : s.worst) {
    out << "    x = " << HexAndValue(e.input) << "  oracle "
        << HexAndValue(e.oracle) << "  backend " << HexAndValue(e.backend)
        << "  ";
    if (std::isinf(e.ulp)) {
      out << "NaN/inf disagreement\n";
    } else {
      snprintf(line, sizeof(line), "%.3f ulp\n", e.ulp);
      out << line;
    }
  }
  // The verdict in full precision: a bound of 0.1234567 must not read as
  // 0.123 when the max is 0.12345671.
  out << (pass ? "PASS" : "FAIL") << ": max ulp " << FormatDouble(s.max_ulp)
      << (s.max_ulp <= max_ulp ? " within" : " beyond") << " --max-ulp "
      << FormatDouble(max_ulp) << ", " << s.special_disagreements
      << " NaN/inf disagreement(s)\n";

  // The JSON file first: if it cannot be written, nothing is reported.
  if (args.Has("json")) {
    std::ostringstream js;
    js << "{\"function\": \"" << fn_name << "\", \"variant\": \""
       << refmath_variant_name(v) << "\", \"output_format\": \""
       << (half ? "float16" : "float32") << "\", \"count\": " << n
       << ", \"bit_identical\": " << s.identical
       << ", \"nan_inf_disagreements\": " << s.special_disagreements
       << ", \"max_ulp\": " << FormatDouble(s.max_ulp)
       << ", \"histogram\": {";
    for (int b = 0; b < 6; ++b) {
      js << (b ? ", " : "") << "\"" << kBucketNames[b] << "\": " << s.buckets[b];
    }
    js << "}, \"worst\": [";
    for (size_t i = 0; i < s.worst.size(); ++i) {
      const Entry& e = s.worst[i];
      snprintf(line, sizeof(line),
               "%s{\"index\": %zu, \"input\": \"0x%08X\", \"oracle\": "
               "\"0x%08X\", \"backend\": \"0x%08X\", \"ulp\": %s}",
               i ? ", " : "", e.index, e.input, e.oracle, e.backend,
               std::isinf(e.ulp) ? "null" : FormatDouble(e.ulp).c_str());
      js << line;
    }
    js << "], \"max_ulp_allowed\": " << FormatDouble(max_ulp) << ", \"pass\": "
       << (pass ? "true" : "false") << "}\n";
    const std::string text = js.str();
    if (!io::WriteAllAtomic(args.Get("json"), text.data(), text.size(),
                            &error)) {
      return Fail(kCmd, error);
    }
  }
  fputs(out.str().c_str(), stdout);
  return pass ? kExitOk : kExitCheckFailed;
}

}  // namespace cli
}  // namespace refmath
