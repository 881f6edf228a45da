// refmath_correct_cases: the search for the hard cases of the correctly
// rounded variant (docs/correct.md, "Hard cases").  For every binary32
// input (x >= 0 only for the odd and even functions, SYM in the registry)
// it asks the kernels for the two roundings of the binary64 value times
// 1 -+ eps (refmath::detail::CorrectRoundingBounds); where they differ,
// MPFR gives the correctly rounded result.  With --out it writes those
// inputs and results as simd/correct/correct_hard_cases.h; it prints per
// function the count, how many of them the first rounding already had
// right, and the time.
//
//   refmath_correct_cases [--out FILE] [--threads N]   (default: 2 threads)
//   refmath_correct_cases --narrow [--out FILE]
// --narrow searches binary16 and bfloat16 instead (all 65536 inputs of
// each, seconds) and writes simd/correct/correct_hard_cases_half.h.
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "simd/correct/correct_table.h"
#include "simd/dispatch/kernel_table.h"
#include "src/base/bits.h"
#include "src/cmdline/args.h"
#include "src/verify/file_io.h"
#include "src/verify/reference.h"
#include "src/verify/threads.h"
#include "refmath/binary16/binary16.h"

namespace {

using refmath::Format;
using refmath::HalfBitsToFloatBits;
using refmath::correct::HardCase;
namespace detail = refmath::detail;
namespace io = refmath::io;
namespace sweep = refmath::sweep;

// The rows of refmath/functions.def.
struct Row {
  refmath_function f;
  const char* name;    // the C++ name
  const char* kernel;  // the row whose correctly rounded kernel computes it
  bool correct;
  bool sym;     // odd or even: the kernel sees |x| only
};
constexpr Row kRows[] = {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  {REFMATH_##ID, #Name, #KERNEL, CORRECT != 0, SYM != 0},
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};

// The rows with a correctly rounded kernel of their own, in row order (the
// order of the generated tables); exp_nonpositive is computed by exp's
// kernel and shares its table.
std::vector<Row> ProvenRows() {
  std::vector<Row> rows;
  for (const Row& r : kRows) {
    if (r.correct && strcmp(r.name, r.kernel) == 0) rows.push_back(r);
  }
  return rows;
}

constexpr uint64_t kChunk = uint64_t{1} << 20;

struct Found {
  std::vector<HardCase> cases;
  uint64_t first_rounding_right = 0;
};

// Inputs [first, first + kChunk) whose two roundings differ, with MPFR's
// result.
void SearchChunk(refmath_function f, uint64_t first, Found* found,
                 std::mutex* mu) {
  std::vector<float> in(kChunk), lo(kChunk), hi(kChunk);
  for (uint64_t i = 0; i < kChunk; ++i) {
    in[i] = refmath::BitsToFloat(static_cast<uint32_t>(first + i));
  }
  refmath::detail::CorrectRoundingBounds(f, in.data(), lo.data(), hi.data(),
                                         kChunk);
  for (uint64_t i = 0; i < kChunk; ++i) {
    const uint32_t l = refmath::FloatBits(lo[i]);
    if (l == refmath::FloatBits(hi[i])) continue;
    const auto m = refmath::sweep::ReferenceMpfr(f, in[i], lo[i]);
    std::lock_guard<std::mutex> lock(*mu);
    found->cases.push_back(
        {static_cast<uint32_t>(first + i), m.correctly_rounded_bits});
    if (m.correctly_rounded_bits == l) ++found->first_rounding_right;
  }
}

bool Search(const Row& row, size_t threads, Found* found,
            std::string* error) {
  const refmath_function f = row.f;
  const uint64_t end = row.sym ? uint64_t{1} << 31 : uint64_t{1} << 32;
  std::atomic<uint64_t> next{0};
  std::mutex mu;
  auto work = [&](size_t) {
    for (uint64_t c; (c = next.fetch_add(kChunk)) < end;) {
      SearchChunk(f, c, found, &mu);
    }
  };
  std::vector<std::thread> pool = refmath::StartThreads(threads, work, error);
  for (auto& t : pool) t.join();
  if (!error->empty()) return false;
  std::sort(found->cases.begin(), found->cases.end(),
            [](const HardCase& a, const HardCase& b) { return a.x < b.x; });
  return true;
}

// The narrow formats (--narrow): every bit pattern of binary16 and of
// bfloat16 (x >= 0 only for the SYM rows), on the portable target, where
// the two roundings into the format differ, with MPFR's result in that
// format (as the binary32 bits of the same value).
struct NarrowFormat {
  detail::NarrowFormat format;
  Format reference;
  const char* name;  // of the table: k<Kernel>HardCases<name>
};
constexpr NarrowFormat kNarrowFormats[] = {
    {detail::NarrowFormat::kBinary16, Format::kBinary16, "Binary16"},
    {detail::NarrowFormat::kBfloat16, Format::kBfloat16, "Bfloat16"}};

float Widen(const NarrowFormat& nf, uint32_t bits) {
  return nf.format == detail::NarrowFormat::kBinary16
             ? refmath::BitsToFloat(HalfBitsToFloatBits(static_cast<uint16_t>(bits)))
             : refmath::BitsToFloat(bits << 16);
}

std::vector<HardCase> SearchNarrow(const Row& row, const NarrowFormat& nf) {
  const uint32_t end = row.sym ? 0x8000u : 0x10000u;
  std::vector<float> in(end), lo(end), hi(end);
  for (uint32_t i = 0; i < end; ++i) in[i] = Widen(nf, i);
  detail::CorrectNarrowRoundingBounds(row.f, nf.format, in.data(), lo.data(),
                                      hi.data(), end);
  std::vector<HardCase> cases;
  for (uint32_t i = 0; i < end; ++i) {
    if (refmath::FloatBits(lo[i]) == refmath::FloatBits(hi[i])) continue;
    cases.push_back({refmath::FloatBits(in[i]),
                     sweep::CorrectlyRoundedBits(row.f, in[i], nf.reference)});
  }
  std::sort(cases.begin(), cases.end(),
            [](const HardCase& a, const HardCase& b) { return a.x < b.x; });
  return cases;
}

// One generated table.
std::string TableText(const std::string& comment, const std::string& name,
                      const std::vector<HardCase>& cases) {
  std::string s = "\n// " + comment + ": " + std::to_string(cases.size()) +
                  " inputs.\ninline constexpr HardCase " + name + "[] = {\n";
  char buf[64];
  for (const HardCase& c : cases) {
    snprintf(buf, sizeof buf, "    {0x%08Xu, 0x%08Xu},\n", c.x, c.y);
    s += buf;
  }
  return s + "    kHardCaseEnd};\n";
}

std::string NarrowHeader(const std::vector<Row>& rows,
                         const std::vector<std::vector<HardCase>>& all) {
  std::string s =
      "// Generated by refmath_correct_cases --narrow (tools/correct_cases/):\n"
      "// for each function of the correctly rounded variant and each narrow\n"
      "// format, every input (a value of the format, as binary32 bits) whose\n"
      "// binary64 value lies too close to a rounding boundary of the format\n"
      "// for the error bound to decide (docs/correct.md), with its correctly\n"
      "// rounded result in the format from MPFR (as binary32 bits).  Sorted\n"
      "// by input bits; odd and even functions list |x| only.  Do not edit.\n"
      "#ifndef REFMATH_SIMD_CORRECT_HARD_CASES_HALF_H_\n"
      "#define REFMATH_SIMD_CORRECT_HARD_CASES_HALF_H_\n\n"
      "#include \"simd/correct/correct_table.h\"\n\n"
      "namespace refmath {\nnamespace correct {\n";
  size_t k = 0;
  for (const Row& row : rows) {
    for (const NarrowFormat& nf : kNarrowFormats) {
      s += TableText(std::string(refmath_function_name(row.f)) + " in " +
                         (nf.reference == Format::kBinary16 ? "binary16"
                                                            : "bfloat16"),
                     "k" + std::string(row.kernel) + "HardCases" + nf.name,
                     all[k++]);
    }
  }
  s += "\n}  // namespace correct\n}  // namespace refmath\n\n"
       "#endif  // REFMATH_SIMD_CORRECT_HARD_CASES_HALF_H_\n";
  return s;
}

std::string Header(const std::vector<Row>& rows,
                   const std::vector<Found>& all) {
  std::string s =
      "// Generated by refmath_correct_cases (tools/correct_cases/): for each\n"
      "// function of the correctly rounded variant, every input whose binary64\n"
      "// value lies too close to a rounding boundary for the error bound to\n"
      "// decide (docs/correct.md), with its correctly rounded result from MPFR.\n"
      "// Sorted by input bits; odd and even functions list |x| only.  Do not\n"
      "// edit.\n"
      "#ifndef REFMATH_SIMD_CORRECT_HARD_CASES_H_\n"
      "#define REFMATH_SIMD_CORRECT_HARD_CASES_H_\n\n"
      "#include \"simd/correct/correct_table.h\"\n\n"
      "namespace refmath {\nnamespace correct {\n";
  for (size_t k = 0; k < all.size(); ++k) {
    s += TableText(refmath_function_name(rows[k].f),
                   "k" + std::string(rows[k].kernel) + "HardCases",
                   all[k].cases);
  }
  s += "\n}  // namespace correct\n}  // namespace refmath\n\n"
       "#endif  // REFMATH_SIMD_CORRECT_HARD_CASES_H_\n";
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace refmath;
  cli::Args args;
  std::string error;
  if (!args.Parse(std::vector<std::string>(argv + 1, argv + argc),
                  {"out", "threads"}, {"narrow"}, &error)) {
    fprintf(stderr, "refmath_correct_cases: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  long threads = 2;
  if (args.Has("threads") &&
      !cli::ParseInteger(args.Get("threads"), 1, 256, &threads)) {
    fprintf(stderr, "refmath_correct_cases: --threads: expected 1 to 256\n");
    return cli::kExitUsage;
  }
  const std::string out = args.Get("out");
  if (!out.empty() && !io::CheckOutputPath(out, &error)) {
    fprintf(stderr, "refmath_correct_cases: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  const std::vector<Row> rows = ProvenRows();
  if (args.Has("narrow")) {
    std::vector<std::vector<HardCase>> all;
    for (const Row& row : rows) {
      for (const NarrowFormat& nf : kNarrowFormats) {
        all.push_back(SearchNarrow(row, nf));
        printf("%-12s %-9s %4zu hard cases\n", refmath_function_name(row.f),
               nf.reference == Format::kBinary16 ? "binary16" : "bfloat16",
               all.back().size());
      }
    }
    fflush(stdout);
    const std::string text = NarrowHeader(rows, all);
    if (!out.empty() &&
        !io::WriteAllAtomic(out, text.data(), text.size(), &error)) {
      fprintf(stderr, "refmath_correct_cases: %s\n", error.c_str());
      return cli::kExitUsage;
    }
    return cli::kExitOk;
  }
  std::vector<Found> all(rows.size());
  for (size_t k = 0; k < all.size(); ++k) {
    const auto start = std::chrono::steady_clock::now();
    if (!Search(rows[k], static_cast<size_t>(threads), &all[k], &error)) {
      fprintf(stderr, "refmath_correct_cases: %s\n", error.c_str());
      return cli::kExitUsage;
    }
    const double s = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start).count();
    printf("%-5s %6zu hard cases (%llu rounded right by y(1-eps) anyway), %.0f s\n",
           refmath_function_name(rows[k].f), all[k].cases.size(),
           static_cast<unsigned long long>(all[k].first_rounding_right), s);
    fflush(stdout);
  }
  if (out.empty()) return cli::kExitOk;
  const std::string text = Header(rows, all);
  if (!io::WriteAllAtomic(out, text.data(), text.size(), &error)) {
    fprintf(stderr, "refmath_correct_cases: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  return cli::kExitOk;
}
