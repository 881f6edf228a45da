#include "src/base/bits.h"
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

bool TruthFails(const CompareBounds& o, const CompareResult& r) {
  double bound;
  return r.backend.special_disagreements != 0 ||
         (TruthBound(o, r, &bound) && r.backend.max_ulp > bound);
}

// A bound of 0 is the same bits, which the ulp figures alone cannot say.
bool OracleFails(const CompareBounds& o, const CompareResult& r) {
  const OracleDiff& d = r.vs_oracle;
  if (!o.has_vs_oracle) return false;
  if (o.max_ulp_vs_oracle == 0) return d.identical != r.count;
  return d.special_disagreements != 0 || d.max_ulp > o.max_ulp_vs_oracle;
}

}  // namespace

Verdict VerdictOf(const CompareBounds& o, const CompareResult& r) {
  double bound;
  if (TruthFails(o, r) || OracleFails(o, r)) return Verdict::kFail;
  return TruthBound(o, r, &bound) || o.has_vs_oracle ? Verdict::kPass
                                                     : Verdict::kNoBound;
}

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "fail";
    case Verdict::kNoBound: return "no bound set";
  }
  return "fail";
}

namespace {

std::string HexAndValue(uint32_t bits) {
  return report::Printf("0x%08X (%.9g)", bits, refmath::BitsToFloat(bits));
}

std::string Percent(size_t part, size_t whole) {
  return report::Printf("%zu (%.2f%%)", part, 100.0 * part / whole);
}

std::string Row(const std::string& label, const std::string& backend,
                const std::string& oracle) {
  return report::Printf("    %-22s %26s %26s\n", label.c_str(),
                        backend.c_str(), oracle.c_str());
}

std::string IndexText(size_t i) {
  return i == kNoIndex ? "-" : std::to_string(i);
}

// A maximum or mean over no results at a finite distance is "n/a".
std::string Figure(bool any, const char* format, double value) {
  return any ? report::Printf(format, value) : "n/a";
}

std::string Label(const CompareSpec& s) { return Printable(s.label); }
std::string OracleWords(const CompareSpec& s) {
  return std::string("refmath ") + refmath_variant_name(s.variant);
}

// Both result sets against the truth, side by side.
std::string TruthTable(const CompareSpec& spec, const CompareResult& r) {
  const TruthStats &b = r.backend, &c = r.oracle;
  std::string out = Row("against the truth", Label(spec),
                        std::string("oracle (") +
                            refmath_variant_name(spec.variant) + ")");
  out += Row("max ulp", Figure(b.finite, "%.3f", b.max_ulp),
             Figure(c.finite, "%.3f", c.max_ulp));
  out += Row("at index", IndexText(b.at_index), IndexText(c.at_index));
  out += Row("at x", b.at_index == kNoIndex ? "-" : HexAndValue(b.at_x),
             c.at_index == kNoIndex ? "-" : HexAndValue(c.at_x));
  out += Row("mean ulp", Figure(b.finite, "%.4f", b.MeanUlp()),
             Figure(c.finite, "%.4f", c.MeanUlp()));
  out += Row("correctly rounded", Percent(b.correctly_rounded, r.count),
             Percent(c.correctly_rounded, r.count));
  out += Row("NaN/inf disagreements", std::to_string(b.special_disagreements),
             std::to_string(c.special_disagreements));
  for (int k = 0; k < sweep::kHistogramBuckets; ++k) {
    if (b.histogram[k] == 0 && c.histogram[k] == 0) continue;
    out += Row("ulp " + std::string(sweep::kHistogramLabels[k]),
               std::to_string(b.histogram[k]), std::to_string(c.histogram[k]));
  }
  return out;
}

const char* DifferenceKind(const CompareEntry& e) {
  if (std::isinf(e.ulp)) return "nan_inf";
  if (e.ulp != 0) return "ulp";
  return std::isnan(refmath::BitsToFloat(e.oracle)) ? "nan_payload" : "zero_sign";
}

std::string DifferenceText(const CompareEntry& e) {
  const std::string kind = DifferenceKind(e);
  if (kind == "nan_inf") return "NaN/inf disagreement";
  if (kind == "nan_payload") return "another NaN payload";
  if (kind == "zero_sign") return "zero of the other sign";
  return report::Printf("%.3f ulp", e.ulp);
}

// The backend against the oracle: counts, max and mean ulp, histogram,
// the worst inputs.
std::string OracleSection(const CompareSpec& s, const CompareResult& r) {
  const OracleDiff& d = r.vs_oracle;
  const bool any = d.Finite(r.count) != 0;
  std::ostringstream out;
  const auto line = [&](const std::string& label, const std::string& value) {
    out << report::Printf("    %-24s %s\n", label.c_str(), value.c_str());
  };
  out << "  " << Label(s) << " against the oracle\n";
  line("bit-identical", Percent(d.identical, r.count));
  line("NaN/inf disagreements", std::to_string(d.special_disagreements));
  line("zeros of the other sign", std::to_string(d.zero_sign_differences));
  line("NaNs of another payload", std::to_string(d.nan_payload_differences));
  line(std::string("max ulp (") + FormatName(r.format) + ")",
       Figure(any, "%.3f", d.max_ulp) +
           (d.max_ulp > 0 ? " at x = " + HexAndValue(d.at_x) : ""));
  line("mean ulp", Figure(any, "%.4f", d.MeanUlp(r.count)));
  out << "    histogram               ";
  for (int k = 0; k < kCompareBuckets; ++k) {
    out << " " << kCompareBucketNames[k] << ": " << d.buckets[k];
  }
  out << "\n";
  if (!d.worst.empty()) out << "    worst inputs:\n";
  for (const CompareEntry& e : d.worst) {
    out << "      x = " << HexAndValue(e.input) << "  oracle "
        << HexAndValue(e.oracle) << "  " << Label(s) << " "
        << HexAndValue(e.backend) << "  " << DifferenceText(e) << "\n";
  }
  return out.str();
}

std::string VerdictWord(Verdict v) {
  return v == Verdict::kPass ? "PASS" : v == Verdict::kFail ? "FAIL"
                                                            : "NO BOUND SET";
}

// One line: the checks, and who is nearer the truth (bounds in full
// precision: 0.1234567 must not read as 0.123 beside a max of
// 0.12345671).
std::string VerdictLine(const CompareSpec& s, const CompareBounds& o,
                        const CompareResult& r) {
  std::string out = VerdictWord(VerdictOf(o, r)) + ": " + Label(s);
  out += r.backend.finite ? " max " + FormatDouble(r.backend.max_ulp) +
                                " ulp from the truth"
                          : " has no result at a finite distance from the truth";
  double bound;
  if (TruthBound(o, r, &bound)) {
    out += std::string(r.backend.max_ulp <= bound ? " within" : " beyond") +
           " --max-ulp " + FormatDouble(bound);
  } else {
    out += " (no --max-ulp)";
  }
  out += ", " + std::to_string(r.backend.special_disagreements) +
         " NaN/inf disagreement(s)";
  if (o.has_vs_oracle) {
    const OracleDiff& d = r.vs_oracle;
    out += "; " + FormatDouble(d.max_ulp) + " ulp from the oracle" +
           (OracleFails(o, r) ? " beyond" : " within") +
           " --max-ulp-vs-oracle " + FormatDouble(o.max_ulp_vs_oracle) +
           (o.max_ulp_vs_oracle == 0 ? " (the same bits)" : "") + ", " +
           std::to_string(d.special_disagreements) +
           " NaN/inf disagreement(s), " +
           std::to_string(d.zero_sign_differences) +
           " zero(s) of the other sign, " +
           std::to_string(d.nan_payload_differences) + " other NaN(s)";
  }
  return out + report::Printf(
                   "; nearer the truth: %s on %zu, %s on %zu, "
                   "equally near on %zu\n",
                   Label(s).c_str(), r.backend_closer, OracleWords(s).c_str(),
                   r.oracle_closer, r.ties);
}

}  // namespace

std::string TextReport(const CompareSpec& s, const CompareBounds& o,
                       const CompareResult& r) {
  std::string out = "refmath compare: " +
                    std::string(refmath_function_name(s.function)) + ", " +
                    Label(s) + " outputs " + Printable(s.outputs_path) + " (" +
                    DumpTypeName(r.outputs_type) + ") of inputs " +
                    Printable(s.inputs_path) + " (" +
                    DumpTypeName(r.inputs_type) + "), " +
                    std::to_string(r.count) + " values\n";
  out += std::string("  the truth: MPFR-checked f(x); the oracle: refmath ") +
         refmath_version() + " " + refmath_variant_name(s.variant) +
         "; ulps of " + FormatName(r.format) + "\n\n";
  return out + TruthTable(s, r) + "\n" + OracleSection(s, r) +
         VerdictLine(s, o, r);
}

namespace {

std::string JsonIndex(size_t i) {
  return i == kNoIndex ? "null" : std::to_string(i);
}

std::string JsonNumber(bool has, double value) {
  return has ? FormatDouble(value) : "null";
}

// The input at an index: its value (null if NaN or infinite: JSON has no
// such numbers) and its bits.
std::string JsonAt(size_t index, uint32_t bits) {
  const float x = refmath::BitsToFloat(bits);
  if (index == kNoIndex) return "\"at_x\": null, \"at_x_bits\": null";
  return std::string("\"at_x\": ") +
         (std::isfinite(x) ? report::Printf("%.9g", x) : "null") +
         report::Printf(", \"at_x_bits\": \"0x%08X\"", bits);
}

std::string JsonTruth(const TruthStats& s) {
  std::string js = "{\"max_ulp\": " + JsonNumber(s.finite, s.max_ulp) +
                   ", \"at_index\": " + JsonIndex(s.at_index) + ", " +
                   JsonAt(s.at_index, s.at_x) +
                   ", \"mean_ulp\": " + JsonNumber(s.finite, s.MeanUlp()) +
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
  const bool any = d.Finite(r.count) != 0;
  std::string js = "{\"identical\": " + std::to_string(d.identical) +
                   ", \"max_ulp\": " + JsonNumber(any, d.max_ulp) +
                   ", \"at_index\": " + JsonIndex(d.at_index) + ", " +
                   JsonAt(d.at_index, d.at_x) +
                   ", \"mean_ulp\": " + JsonNumber(any, d.MeanUlp(r.count)) +
                   ", \"nan_inf_disagreements\": " +
                   std::to_string(d.special_disagreements) +
                   ", \"zero_sign_differences\": " +
                   std::to_string(d.zero_sign_differences) +
                   ", \"nan_payload_differences\": " +
                   std::to_string(d.nan_payload_differences) +
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
        "\"backend\": \"0x%08X\", \"ulp\": %s, \"kind\": \"%s\"}",
        i ? ", " : "", e.index, e.input, e.oracle, e.backend,
        JsonNumber(!std::isinf(e.ulp), e.ulp).c_str(), DifferenceKind(e));
  }
  return js + "]}";
}

std::string JsonPass(Verdict v) {
  return v == Verdict::kNoBound ? "null"
                                : v == Verdict::kPass ? "true" : "false";
}

}  // namespace

std::string JsonReport(const CompareSpec& s, const CompareBounds& o,
                       const CompareResult& r) {
  double bound;
  const bool has_bound = TruthBound(o, r, &bound);
  const Verdict v = VerdictOf(o, r);
  return std::string("{\"schema\": \"") + kCompareSchema +
         "\", \"function\": \"" + refmath_function_name(s.function) +
         "\", \"variant\": \"" + refmath_variant_name(s.variant) +
         "\", \"refmath_version\": \"" + refmath_version() +
         "\", \"label\": \"" + report::JsonEscape(s.label) +
         "\", \"inputs\": \"" + report::JsonEscape(s.inputs_path) +
         "\", \"outputs\": \"" + report::JsonEscape(s.outputs_path) +
         "\", \"inputs_dtype\": \"" + DumpTypeName(r.inputs_type) +
         "\", \"outputs_dtype\": \"" + DumpTypeName(r.outputs_type) +
         "\", \"ulps_of\": \"" + FormatName(r.format) +
         "\", \"count\": " + std::to_string(r.count) +
         ",\n \"backend\": {\"vs_truth\": " + JsonTruth(r.backend) +
         ",\n  \"vs_oracle\": " + JsonOracleDiff(r) +
         "},\n \"oracle\": {\"vs_truth\": " + JsonTruth(r.oracle) +
         "},\n \"closer\": {\"backend\": " + std::to_string(r.backend_closer) +
         ", \"oracle\": " + std::to_string(r.oracle_closer) +
         ", \"tie\": " + std::to_string(r.ties) +
         "},\n \"max_ulp_allowed\": " + JsonNumber(has_bound, bound) +
         ", \"max_ulp_vs_oracle_allowed\": " +
         JsonNumber(o.has_vs_oracle, o.max_ulp_vs_oracle) +
         ", \"verdict\": \"" + VerdictName(v) + "\", \"pass\": " + JsonPass(v) +
         "}\n";
}

}  // namespace refmath
