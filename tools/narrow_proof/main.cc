// refmath_narrow_proof: every function of the correctly rounded variant in
// binary16 and bfloat16 (refmath_eval_f16, refmath_eval_bf16) against MPFR
// over all 65536 bit patterns of each format (src/verify/narrow_check.h).
// Prints a line per function and format; with --md writes the table of
// ulp_tables/correct-half.md.  Exit 1 if any result is not correctly
// rounded, 2 on bad usage.
//
//   refmath_narrow_proof [--function F] [--md FILE]
#include <stdio.h>

#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/cmdline/args.h"
#include "src/conform/runner.h"
#include "src/verify/file_io.h"
#include "src/verify/narrow_check.h"

namespace {

using refmath::Format;
using refmath::FormatName;
using refmath::sweep::NarrowCheck;

std::string Row(const NarrowCheck& c) {
  char buf[256];
  const float at = refmath::sweep::WidenNarrow(c.format, c.max_at);
  snprintf(buf, sizeof buf,
           "| %s | %s | %llu | %.3f | %.9g (0x%04X) | %llu | %llu | %llu | "
           "%.1f |\n",
           refmath_function_name(c.f), FormatName(c.format),
           static_cast<unsigned long long>(c.values), c.max_ulp,
           static_cast<double>(at), c.max_at,
           static_cast<unsigned long long>(c.not_correctly_rounded),
           static_cast<unsigned long long>(c.nan_inf_disagreements),
           static_cast<unsigned long long>(c.twice_rounded_wrong), c.seconds);
  return buf;
}

// ulp_tables/correct-half.md: the table with what it measures.
std::string Document(const std::string& table, uint64_t failures,
                     uint64_t twice_rounded_wrong) {
  return "# The correctly rounded variant in binary16 and bfloat16\n\n"
         "Every function of the correct variant, in each narrow format, over "
         "all\n65536 bit patterns of the format (`refmath_eval_f16`,\n"
         "`refmath_eval_bf16`), against MPFR: the value at 128 bits, rounded "
         "once to\nthe format (ties to even, subnormals of the format, "
         "overflow to inf).\nULP error is in units of the format's spacing "
         "at the correctly rounded\nvalue.  \"not correctly rounded\" counts "
         "finite results that differ from\nit, \"NaN/inf disagreements\" "
         "results where one side is NaN or infinite and\nthe other is not the "
         "same.  The last column counts the inputs where the\nbinary32 "
         "correctly rounded result, rounded again to the format, is not\nthe "
         "right answer: what a half-precision function computed in binary32\n"
         "would get wrong (" + std::to_string(twice_rounded_wrong) +
         " inputs over all rows).\n\n"
         "Made with `build/bin/refmath_narrow_proof --md "
         "ulp_tables/correct-half.md`\n(seconds; the ctest "
         "`narrow_formats_proof` runs the same check in every\ntest run).  "
         "docs/correct.md, \"binary16 and bfloat16\", gives the method.\n\n" +
         table + "\nResults not correctly rounded, all rows together: " +
         std::to_string(failures) + ".\n";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace refmath;
  cli::Args args;
  std::string error;
  if (!args.Parse(std::vector<std::string>(argv + 1, argv + argc),
                  {"function", "md"}, {}, &error)) {
    fprintf(stderr, "refmath_narrow_proof: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  std::vector<refmath_function> functions =
      conformance::DefinedFunctions(REFMATH_CORRECT);
  if (args.Has("function")) {
    const int f = refmath_function_from_name(args.Get("function").c_str());
    if (f < 0 || refmath_function_status(static_cast<refmath_function>(f),
                                         REFMATH_CORRECT) != REFMATH_OK) {
      fprintf(stderr, "refmath_narrow_proof: --function: not a function of "
                      "the correct variant: %s\n", args.Get("function").c_str());
      return cli::kExitUsage;
    }
    functions = {static_cast<refmath_function>(f)};
  }
  const std::string md = args.Get("md");
  if (!md.empty() && !io::CheckOutputPath(md, &error)) {
    fprintf(stderr, "refmath_narrow_proof: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  std::string table =
      "| function | format | values | max ulp | at x | not correctly rounded "
      "| NaN/inf disagreements | binary32 result rounded again: wrong | "
      "time (s) |\n"
      "|---|---|---|---|---|---|---|---|---|\n";
  uint64_t failures = 0, twice_rounded_wrong = 0;
  for (refmath_function f : functions) {
    for (Format format : {Format::kBinary16, Format::kBfloat16}) {
      NarrowCheck c;
      if (!sweep::CheckNarrow(f, format, &c, &error)) {
        fprintf(stderr, "refmath_narrow_proof: %s\n", error.c_str());
        return cli::kExitUsage;
      }
      failures += c.not_correctly_rounded + c.nan_inf_disagreements;
      twice_rounded_wrong += c.twice_rounded_wrong;
      table += Row(c);
      printf("%-15s %-9s %llu inputs, max %.3f ulp, %llu not correctly "
             "rounded, %llu NaN/inf disagreements (%llu wrong from binary32)\n",
             refmath_function_name(f), FormatName(format),
             static_cast<unsigned long long>(c.values), c.max_ulp,
             static_cast<unsigned long long>(c.not_correctly_rounded),
             static_cast<unsigned long long>(c.nan_inf_disagreements),
             static_cast<unsigned long long>(c.twice_rounded_wrong));
      for (uint16_t b : c.first_failures) printf("  input 0x%04X\n", b);
      fflush(stdout);
    }
  }
  const std::string doc = Document(table, failures, twice_rounded_wrong);
  if (!md.empty() && !io::WriteAllAtomic(md, doc.data(), doc.size(), &error)) {
    fprintf(stderr, "refmath_narrow_proof: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  printf("%s: %llu results not correctly rounded\n", failures ? "FAIL" : "PASS",
         static_cast<unsigned long long>(failures));
  return failures ? 1 : 0;
}
