#include "src/verify/compare_report.h"

#include <cmath>
#include <sstream>

#include "src/verify/file_io.h"
#include "src/base/text.h"
#include "src/verify/report.h"

namespace refmath {

bool TruthBound(const CompareBounds& o, const CompareResult& r,
                double* bound) {
  *bound = o.has_max_ulp ? o.max_ulp : kDefaultHalfBound;
  return o.has_max_ulp || r.format != Format::kBinary32;
}

namespace {

bool TruthPasses(const CompareBounds& o, const CompareResult& r) {
  double bound;
  return r.backend.special_disagreements == 0 &&
         (!TruthBound(o, r, &bound) || r.backend.max_ulp <= bound);
}

bool OraclePasses(const CompareBounds& o, const CompareResult& r) {
  return !o.has_vs_oracle || (r.vs_oracle.special_disagreements == 0 &&
                              r.vs_oracle.max_ulp <= o.max_ulp_vs_oracle);
}

}  // namespace

bool Passes(const CompareBounds& o, const CompareResult& r) {
  return TruthPasses(o, r) && OraclePasses(o, r);
}

namespace {

const char* FormatName(Format f) {
  return f == Format::kBinary32   ? "binary32"
         : f == Format::kBinary16 ? "binary16"
                                  : "bfloat16";
}

std::string HexAndValue(uint32_t bits) {
  return report::Printf("0x%08X (%.9g)", bits, io::BitsToFloat(bits));
}

std::string Percent(size_t part, size_t whole) {
  return report::Printf("%zu (%.2f%%)", part, 100.0 * part / whole);
}

std::string Row(const char* label, const std::string& backend,
                const std::string& oracle) {
  return report::Printf("    %-22s %26s %26s\n", label, backend.c_str(),
                        oracle.c_str());
}

std::string IndexText(size_t i) {
  return i == kNoIndex ? "-" : std::to_string(i);
}

// Both result sets against the truth, side by side.
std::string TruthTable(const CompareSpec& spec, const CompareResult& r) {
  const TruthStats &b = r.backend, &c = r.oracle;
  std::string out = Row("against the truth", "backend",
                        std::string("oracle (") +
                            refmath_variant_name(spec.variant) + ")");
  out += Row("max ulp", report::Printf("%.3f", b.max_ulp),
             report::Printf("%.3f", c.max_ulp));
  out += Row("at index", IndexText(b.at_index), IndexText(c.at_index));
  out += Row("at x", b.at_index == kNoIndex ? "-" : HexAndValue(b.at_x),
             c.at_index == kNoIndex ? "-" : HexAndValue(c.at_x));
  out += Row("mean ulp", report::Printf("%.4f", b.MeanUlp()),
             report::Printf("%.4f", c.MeanUlp()));
  out += Row("correctly rounded", Percent(b.correctly_rounded, r.count),
             Percent(c.correctly_rounded, r.count));
  out += Row("NaN/inf disagreements", std::to_string(b.special_disagreements),
             std::to_string(c.special_disagreements));
  for (int k = 0; k < sweep::kHistogramBuckets; ++k) {
    if (b.histogram[k] == 0 && c.histogram[k] == 0) continue;
    out += Row(("ulp " + std::string(sweep::kHistogramLabels[k])).c_str(),
               std::to_string(b.histogram[k]), std::to_string(c.histogram[k]));
  }
  return out;
}

// The backend against the oracle: counts, max and mean ulp, histogram,
// the worst inputs.
std::string OracleSection(const CompareResult& r) {
  const OracleDiff& d = r.vs_oracle;
  std::ostringstream out;
  out << "  backend against the oracle\n"
      << "    bit-identical          " << Percent(d.identical, r.count) << "\n"
      << "    NaN/inf disagreements  " << d.special_disagreements << "\n"
      << report::Printf("    max ulp (%s)      %.3f", FormatName(r.format),
                        d.max_ulp)
      << (d.max_ulp > 0 ? " at x = " + HexAndValue(d.at_x) : "") << "\n"
      << report::Printf("    mean ulp               %.4f\n",
                        d.MeanUlp(r.count))
      << "    histogram             ";
  for (int k = 0; k < kCompareBuckets; ++k) {
    out << " " << kCompareBucketNames[k] << ": " << d.buckets[k];
  }
  out << "\n";
  if (!d.worst.empty()) out << "    worst inputs:\n";
  for (const CompareEntry& e : d.worst) {
    out << "      x = " << HexAndValue(e.input) << "  oracle "
        << HexAndValue(e.oracle) << "  backend " << HexAndValue(e.backend)
        << "  "
        << (std::isinf(e.ulp) ? "NaN/inf disagreement"
                              : report::Printf("%.3f ulp", e.ulp))
        << "\n";
  }
  return out.str();
}

// One line: the checks, and who is nearer the truth (bounds in full
// precision: 0.1234567 must not read as 0.123 beside a max of
// 0.12345671).
std::string Verdict(const CompareBounds& o, const CompareResult& r) {
  std::string out = std::string(Passes(o, r) ? "PASS" : "FAIL") +
                    ": backend max " + report::FormatDouble(r.backend.max_ulp) +
                    " ulp from the truth";
  double bound;
  if (TruthBound(o, r, &bound)) {
    out += std::string(r.backend.max_ulp <= bound ? " within" : " beyond") +
           " --max-ulp " + report::FormatDouble(bound);
  } else {
    out += " (no --max-ulp)";
  }
  out += ", " + std::to_string(r.backend.special_disagreements) +
         " NaN/inf disagreement(s)";
  if (o.has_vs_oracle) {
    const OracleDiff& d = r.vs_oracle;
    out += "; " + report::FormatDouble(d.max_ulp) + " ulp from the oracle" +
           (d.max_ulp <= o.max_ulp_vs_oracle ? " within" : " beyond") +
           " --max-ulp-vs-oracle " + report::FormatDouble(o.max_ulp_vs_oracle) +
           ", " + std::to_string(d.special_disagreements) +
           " NaN/inf disagreement(s)";
  }
  return out + report::Printf(
                   "; nearer the truth: backend on %zu, oracle on %zu, "
                   "equally near on %zu\n",
                   r.backend_closer, r.oracle_closer, r.ties);
}

}  // namespace

std::string TextReport(const CompareSpec& s, const CompareBounds& o,
                       const CompareResult& r) {
  std::string out = "refmath compare: " +
                    std::string(refmath_function_name(s.function)) +
                    ", outputs " +
                    Printable(s.outputs_path) + " (" +
                    DumpTypeName(r.outputs_type) + ") of inputs " +
                    Printable(s.inputs_path) + " (" +
                    DumpTypeName(r.inputs_type) + "), " +
                    std::to_string(r.count) + " values\n";
  out += std::string("  the truth: MPFR-checked f(x); the oracle: refmath ") +
         refmath_version() + " " + refmath_variant_name(s.variant) +
         "; ulps of " + FormatName(r.format) + "\n\n";
  return out + TruthTable(s, r) + "\n" + OracleSection(r) + Verdict(o, r);
}

namespace {

std::string JsonIndex(size_t i) {
  return i == kNoIndex ? "null" : std::to_string(i);
}

std::string JsonBound(bool has, double bound) {
  return has ? report::FormatDouble(bound) : "null";
}

// The input at an index: its value (null if NaN or infinite: JSON has no
// such numbers) and its bits.
std::string JsonAt(size_t index, uint32_t bits) {
  const float x = io::BitsToFloat(bits);
  if (index == kNoIndex) return "\"at_x\": null, \"at_x_bits\": null";
  return std::string("\"at_x\": ") +
         (std::isfinite(x) ? report::Printf("%.9g", x) : "null") +
         report::Printf(", \"at_x_bits\": \"0x%08X\"", bits);
}

std::string JsonTruth(const TruthStats& s) {
  std::string js = "{\"max_ulp\": " + report::FormatDouble(s.max_ulp) +
                   ", \"at_index\": " + JsonIndex(s.at_index) + ", " +
                   JsonAt(s.at_index, s.at_x) +
                   ", \"mean_ulp\": " + report::FormatDouble(s.MeanUlp()) +
                   ", \"correctly_rounded\": " +
                   std::to_string(s.correctly_rounded) +
                   ", \"nan_inf_disagreements\": " +
                   std::to_string(s.special_disagreements) +
                   ", \"histogram\": {";
  for (int k = 0; k < sweep::kHistogramBuckets; ++k) {
    js += report::Printf("%s\"%s\": %llu", k ? ", " : "",
                         sweep::kHistogramLabels[k],
                         static_cast<unsigned long long>(s.histogram[k]));
  }
  return js + "}}";
}

std::string JsonOracleDiff(const CompareResult& r) {
  const OracleDiff& d = r.vs_oracle;
  std::string js = "{\"identical\": " + std::to_string(d.identical) +
                   ", \"max_ulp\": " + report::FormatDouble(d.max_ulp) +
                   ", \"at_index\": " + JsonIndex(d.at_index) + ", " +
                   JsonAt(d.at_index, d.at_x) +
                   ", \"mean_ulp\": " + report::FormatDouble(d.MeanUlp(r.count)) +
                   ", \"nan_inf_disagreements\": " +
                   std::to_string(d.special_disagreements) +
                   ", \"histogram\": {";
  for (int k = 0; k < kCompareBuckets; ++k) {
    js += report::Printf("%s\"%s\": %zu", k ? ", " : "",
                         kCompareBucketNames[k], d.buckets[k]);
  }
  js += "}, \"worst\": [";
  for (size_t i = 0; i < d.worst.size(); ++i) {
    const CompareEntry& e = d.worst[i];
    js += report::Printf(
        "%s{\"index\": %zu, \"input\": \"0x%08X\", \"oracle\": \"0x%08X\", "
        "\"backend\": \"0x%08X\", \"ulp\": %s}",
        i ? ", " : "", e.index, e.input, e.oracle, e.backend,
        std::isinf(e.ulp) ? "null" : report::FormatDouble(e.ulp).c_str());
  }
  return js + "]}";
}

}  // namespace

std::string JsonReport(const CompareSpec& s, const CompareBounds& o,
                       const CompareResult& r) {
  double bound;
  const bool has_bound = TruthBound(o, r, &bound);
  return "{\"function\": \"" +
         std::string(refmath_function_name(s.function)) +
         "\", \"variant\": \"" +
         refmath_variant_name(s.variant) + "\", \"refmath_version\": \"" +
         refmath_version() + "\", \"inputs\": \"" +
         report::JsonEscape(s.inputs_path) + "\", \"outputs\": \"" +
         report::JsonEscape(s.outputs_path) + "\", \"inputs_dtype\": \"" +
         DumpTypeName(r.inputs_type) + "\", \"outputs_dtype\": \"" +
         DumpTypeName(r.outputs_type) + "\", \"ulps_of\": \"" +
         FormatName(r.format) + "\", \"count\": " + std::to_string(r.count) +
         ",\n \"backend\": {\"vs_truth\": " + JsonTruth(r.backend) +
         ",\n  \"vs_oracle\": " + JsonOracleDiff(r) +
         "},\n \"oracle\": {\"vs_truth\": " + JsonTruth(r.oracle) +
         "},\n \"closer\": {\"backend\": " + std::to_string(r.backend_closer) +
         ", \"oracle\": " + std::to_string(r.oracle_closer) +
         ", \"tie\": " + std::to_string(r.ties) +
         "},\n \"max_ulp_allowed\": " + JsonBound(has_bound, bound) +
         ", \"max_ulp_vs_oracle_allowed\": " +
         JsonBound(o.has_vs_oracle, o.max_ulp_vs_oracle) +
         ", \"pass\": " + (Passes(o, r) ? "true" : "false") + "}\n";
}


}  // namespace refmath
