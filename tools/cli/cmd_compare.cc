// refmath compare: another backend's outputs against the true value of the
// function, beside the oracle's (refmath's kernels on the same inputs), and
// against the oracle bit for bit.  The measurement is src/verify/compare.h;
// this file parses the command line and prints the report.
#include <stdio.h>
#include <unistd.h>

#include <cmath>
#include <sstream>

#include "src/cmdline/args.h"
#include "src/verify/compare.h"
#include "src/verify/file_io.h"
#include "src/verify/report.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {
namespace {

const char* kCmd = "compare";

// The default --max-ulp of 16-bit outputs: a backend that computes in
// binary32 and rounds once is within 0.5 ulp plus a sliver (the oracle's
// largest error, 17 binary32 ulp, is 0.002 binary16 ulp).
constexpr double kDefaultHalfBound = 1.0;

struct Options {
  CompareSpec spec;
  std::string fn_name;
  bool has_max_ulp = false, has_vs_oracle = false;
  double max_ulp = 0, max_ulp_vs_oracle = 0;
  std::string json_path, csv_path;  // empty: not asked for; "-": stdout
};

// --json and --csv replace their files whole: refuse, before reading, one
// that is a dump under any name ("-" is standard output for them and
// standard input for a dump, looked at through /dev/stdin), both naming
// the same file, or a path that cannot be written.
bool CheckOutputs(const Options& o, std::string* error) {
  const CompareSpec& s = o.spec;
  for (const std::string* out : {&o.json_path, &o.csv_path}) {
    if (out->empty()) continue;
    const char* name = out == &o.json_path ? "--json" : "--csv";
    for (const std::string& dump : {s.inputs_path, s.outputs_path}) {
      if (io::SameFile(*out, dump == "-" ? "/dev/stdin" : dump)) {
        *error = std::string(name) + " would overwrite the input " +
                 (dump == "-" ? "<stdin>" : ShowPath(dump));
        return false;
      }
    }
    if (!io::CheckOutputPath(*out, error)) return false;
  }
  if (!o.json_path.empty() && o.json_path == o.csv_path) {
    *error = "--json and --csv name the same file " + ShowPath(o.csv_path);
    return false;
  }
  return true;
}

bool ParseBound(const Args& args, const char* name, bool* has, double* bound,
                std::string* error) {
  *has = args.Has(name);
  if (*has && !ParseDouble(args.Get(name), bound)) {
    *error = std::string("--") + name +
             " needs a non-negative decimal number, got " +
             Quote(args.Get(name));
    return false;
  }
  return true;
}

bool ParseDumpType(const Args& args, const char* name, DumpType* type,
                   std::string* error) {
  if (DumpTypeFromName(args.Get(name, "auto"), type)) return true;
  *error = std::string("--") + name +
           " must be auto, float32, float16 or bfloat16, got " +
           Quote(args.Get(name));
  return false;
}

bool ParseOptions(const Argv& argv, Options* o, std::string* error) {
  Args args;
  CompareSpec& s = o->spec;
  if (!args.Parse(argv,
                  {"function", "variant", "inputs", "outputs", "inputs-dtype",
                   "outputs-dtype", "max-ulp", "max-ulp-vs-oracle", "worst",
                   "json", "csv"},
                  {}, error) ||
      !args.Require("function", &o->fn_name, error) ||
      !args.Require("inputs", &s.inputs_path, error) ||
      !args.Require("outputs", &s.outputs_path, error) ||
      !ParseFunction(o->fn_name, &s.function, error) ||
      !ParseVariant(args.Get("variant", "exact"), &s.variant, error) ||
      !ParseDumpType(args, "inputs-dtype", &s.inputs_type, error) ||
      !ParseDumpType(args, "outputs-dtype", &s.outputs_type, error) ||
      !ParseBound(args, "max-ulp", &o->has_max_ulp, &o->max_ulp, error) ||
      !ParseBound(args, "max-ulp-vs-oracle", &o->has_vs_oracle,
                  &o->max_ulp_vs_oracle, error)) {
    return false;
  }
  if (!ParseSize(args.Get("worst", "10"), &s.worst)) {
    *error = "--worst needs a count, got " + Quote(args.Get("worst"));
    return false;
  }
  if (s.inputs_path == "-" && s.outputs_path == "-") {
    *error = "--inputs and --outputs cannot both be standard input";
    return false;
  }
  o->json_path = args.Get("json");
  o->csv_path = args.Get("csv");
  if ((args.Has("json") && o->json_path.empty()) ||
      (args.Has("csv") && o->csv_path.empty())) {
    *error = "empty output path";
    return false;
  }
  s.per_input = !o->csv_path.empty();
  return CheckOutputs(*o, error);
}

// The bound on the backend's distance to the truth: --max-ulp, else the
// output format's default (none for binary32).
bool TruthBound(const Options& o, const CompareResult& r, double* bound) {
  *bound = o.has_max_ulp ? o.max_ulp : kDefaultHalfBound;
  return o.has_max_ulp || r.format != Format::kBinary32;
}

bool TruthPasses(const Options& o, const CompareResult& r) {
  double bound;
  return r.backend.special_disagreements == 0 &&
         (!TruthBound(o, r, &bound) || r.backend.max_ulp <= bound);
}

bool OraclePasses(const Options& o, const CompareResult& r) {
  return !o.has_vs_oracle || (r.vs_oracle.special_disagreements == 0 &&
                              r.vs_oracle.max_ulp <= o.max_ulp_vs_oracle);
}

bool Passes(const Options& o, const CompareResult& r) {
  return TruthPasses(o, r) && OraclePasses(o, r);
}

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
std::string TruthTable(const Options& o, const CompareResult& r) {
  const TruthStats &b = r.backend, &c = r.oracle;
  std::string out = Row("against the truth", "backend",
                        std::string("oracle (") +
                            refmath_variant_name(o.spec.variant) + ")");
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
std::string Verdict(const Options& o, const CompareResult& r) {
  std::string out = std::string(Passes(o, r) ? "PASS" : "FAIL") +
                    ": backend max " + FormatDouble(r.backend.max_ulp) +
                    " ulp from the truth";
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
           (d.max_ulp <= o.max_ulp_vs_oracle ? " within" : " beyond") +
           " --max-ulp-vs-oracle " + FormatDouble(o.max_ulp_vs_oracle) +
           ", " + std::to_string(d.special_disagreements) +
           " NaN/inf disagreement(s)";
  }
  return out + report::Printf(
                   "; nearer the truth: backend on %zu, oracle on %zu, "
                   "equally near on %zu\n",
                   r.backend_closer, r.oracle_closer, r.ties);
}

std::string TextReport(const Options& o, const CompareResult& r) {
  const CompareSpec& s = o.spec;
  std::string out = "refmath compare: " + o.fn_name + ", outputs " +
                    ShowPath(s.outputs_path) + " (" +
                    DumpTypeName(r.outputs_type) + ") of inputs " +
                    ShowPath(s.inputs_path) + " (" +
                    DumpTypeName(r.inputs_type) + "), " +
                    std::to_string(r.count) + " values\n";
  out += std::string("  the truth: MPFR-checked f(x); the oracle: refmath ") +
         refmath_version() + " " + refmath_variant_name(s.variant) +
         "; ulps of " + FormatName(r.format) + "\n\n";
  return out + TruthTable(o, r) + "\n" + OracleSection(r) + Verdict(o, r);
}

std::string JsonIndex(size_t i) {
  return i == kNoIndex ? "null" : std::to_string(i);
}

std::string JsonBound(bool has, double bound) {
  return has ? FormatDouble(bound) : "null";
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
  std::string js = "{\"max_ulp\": " + FormatDouble(s.max_ulp) +
                   ", \"at_index\": " + JsonIndex(s.at_index) + ", " +
                   JsonAt(s.at_index, s.at_x) +
                   ", \"mean_ulp\": " + FormatDouble(s.MeanUlp()) +
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
                   ", \"max_ulp\": " + FormatDouble(d.max_ulp) +
                   ", \"at_index\": " + JsonIndex(d.at_index) + ", " +
                   JsonAt(d.at_index, d.at_x) +
                   ", \"mean_ulp\": " + FormatDouble(d.MeanUlp(r.count)) +
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
        std::isinf(e.ulp) ? "null" : FormatDouble(e.ulp).c_str());
  }
  return js + "]}";
}

std::string JsonReport(const Options& o, const CompareResult& r) {
  const CompareSpec& s = o.spec;
  double bound;
  const bool has_bound = TruthBound(o, r, &bound);
  return "{\"function\": \"" + o.fn_name + "\", \"variant\": \"" +
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

}  // namespace

int RunCompare(const Argv& argv) {
  Options o;
  CompareResult r;
  std::string error;
  if (!ParseOptions(argv, &o, &error)) return Fail(kCmd, error);
  report::ProgressBar bar(!isatty(STDERR_FILENO));
  o.spec.progress = [&](uint64_t done, uint64_t total) {
    bar.Update(done, total);
  };
  const bool ok = Compare(o.spec, &r, &error);
  bar.Finish();
  if (!ok) return Fail(kCmd, error);
  // The files first: if one cannot be written, nothing is reported.
  if (!o.csv_path.empty() && !WriteCompareCsv(o.csv_path, r, &error)) {
    return Fail(kCmd, error);
  }
  if (!o.json_path.empty()) {
    const std::string json = JsonReport(o, r);
    if (!io::WriteAllAtomic(o.json_path, json.data(), json.size(), &error)) {
      return Fail(kCmd, error);
    }
  }
  fputs(TextReport(o, r).c_str(), stdout);
  return Passes(o, r) ? kExitOk : kExitCheckFailed;
}

}  // namespace cli
}  // namespace refmath
