// The report of `refmath compare` (src/verify/compare.h's measurement):
// the verdict under the bounds asked for, the text the command prints and
// the JSON it writes (docs/compare.md names every field).  The command and
// the Python package's refmath.compare both write theirs from here.
#ifndef REFMATH_SRC_VERIFY_COMPARE_REPORT_H_
#define REFMATH_SRC_VERIFY_COMPARE_REPORT_H_

#include <string>

#include "src/verify/compare.h"

namespace refmath {

// The default bound on 16-bit outputs' distance to the truth: a backend
// that computes in binary32 and rounds once is within 0.5 ulp plus a
// sliver (the oracle's largest error, 17 binary32 ulp, is 0.002 binary16
// ulp).
constexpr double kDefaultHalfBound = 1.0;

// The version of the JSON document's layout (its "schema" field); raised
// when a field changes meaning or goes away, not when one is added.
constexpr const char* kCompareSchema = "refmath-compare/1";

// The checks of a run: --max-ulp and --max-ulp-vs-oracle when given.
struct CompareBounds {
  bool has_max_ulp = false, has_vs_oracle = false;
  double max_ulp = 0, max_ulp_vs_oracle = 0;
};

// The bound on the backend's distance to the truth: max_ulp, else the
// output format's default; false if there is none (binary32 without one).
bool TruthBound(const CompareBounds& o, const CompareResult& r,
                double* bound);

// kFail: a NaN/inf disagreement with the truth, or a bound not kept (a
// --max-ulp-vs-oracle of 0 asks for the same bits: a zero of the other
// sign or another NaN payload breaks it).  kNoBound: nothing failed and
// there was no bound to keep.  kPass: every bound kept.
enum class Verdict { kPass, kFail, kNoBound };
Verdict VerdictOf(const CompareBounds& o, const CompareResult& r);
// "pass", "fail", "no bound set".
const char* VerdictName(Verdict v);
// No check failed (kPass or kNoBound): the command's exit status 0.
inline bool Passes(const CompareBounds& o, const CompareResult& r) {
  return VerdictOf(o, r) != Verdict::kFail;
}

// The report the command prints, ending with its verdict line.
std::string TextReport(const CompareSpec& s, const CompareBounds& o,
                       const CompareResult& r);
// The JSON object --json writes (one line per section, newline-ended).
std::string JsonReport(const CompareSpec& s, const CompareBounds& o,
                       const CompareResult& r);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_COMPARE_REPORT_H_
