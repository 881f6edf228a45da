// refmath compare: how far another backend's outputs are from the oracle
// (refmath's kernels on the same inputs), bit for bit and in ULPs.  The
// comparison is src/verify/compare.h; this file parses the command line
// and prints the report.
#include <stdio.h>

#include <cmath>
#include <sstream>

#include "src/cmdline/args.h"
#include "src/verify/compare.h"
#include "src/verify/file_io.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {
namespace {

const char* kCmd = "compare";

struct Options {
  std::string fn_name, in_path, out_path;
  refmath_function f;
  refmath_variant v;
  double max_ulp = 0;
  size_t worst = 10;
  bool write_json = false;
  std::string json_path;  // "-": standard output
};

// --json replaces its file whole: refuse, before reading, a file that is
// one of the dumps under any name ("--json -" is standard output; a dump
// "-" is standard input, looked at through /dev/stdin).
bool CheckJsonPath(const Options& o, std::string* error) {
  for (const std::string& dump : {o.in_path, o.out_path}) {
    if (io::SameFile(o.json_path, dump == "-" ? "/dev/stdin" : dump)) {
      *error = "--json would overwrite the input " +
               (dump == "-" ? "<stdin>" : ShowPath(dump));
      return false;
    }
  }
  return true;
}

bool ParseOptions(const Argv& argv, Options* o, std::string* error) {
  Args args;
  if (!args.Parse(argv,
                  {"function", "variant", "inputs", "outputs", "max-ulp",
                   "worst", "json"},
                  {}, error) ||
      !args.Require("function", &o->fn_name, error) ||
      !args.Require("inputs", &o->in_path, error) ||
      !args.Require("outputs", &o->out_path, error) ||
      !ParseFunction(o->fn_name, &o->f, error) ||
      !ParseVariant(args.Get("variant", "exact"), &o->v, error)) {
    return false;
  }
  if (!ParseDouble(args.Get("max-ulp", "0"), &o->max_ulp)) {
    *error = "--max-ulp needs a non-negative decimal number, got " +
             Quote(args.Get("max-ulp"));
    return false;
  }
  if (!ParseSize(args.Get("worst", "10"), &o->worst)) {
    *error = "--worst needs a count, got " + Quote(args.Get("worst"));
    return false;
  }
  if (o->in_path == "-" && o->out_path == "-") {
    *error = "--inputs and --outputs cannot both be standard input";
    return false;
  }
  o->write_json = args.Has("json");
  o->json_path = args.Get("json", "-");
  return CheckJsonPath(*o, error);
}

bool Passes(const Options& o, const CompareResult& r) {
  return r.special_disagreements == 0 && r.max_ulp <= o.max_ulp;
}

std::string HexAndValue(uint32_t bits) {
  char buf[64];
  snprintf(buf, sizeof(buf), "0x%08X (%.9g)", bits, io::BitsToFloat(bits));
  return buf;
}

// The summary lines: counts, max and mean ulp, histogram.
std::string Summary(const Options& o, const CompareResult& r) {
  const bool half = r.format == Format::kBinary16;
  const size_t n = r.count;
  std::ostringstream out;
  char line[256];
  out << "refmath compare: " << o.fn_name << " (" << refmath_variant_name(o.v)
      << ") vs " << ShowPath(o.out_path) << " ("
      << (half ? "float16" : "float32") << "), " << n << " values\n";
  snprintf(line, sizeof(line),
           "  bit-identical          %zu (%.2f%%)\n"
           "  NaN/inf disagreements  %zu\n"
           "  max ulp (%s)      %.3f%s\n"
           "  mean ulp               %.4f\n",
           r.identical, n ? 100.0 * r.identical / n : 100.0,
           r.special_disagreements, half ? "binary16" : "binary32", r.max_ulp,
           r.max_ulp > 0 ? (" at x = " + HexAndValue(r.max_input)).c_str() : "",
           r.MeanUlp());
  out << line << "  histogram             ";
  for (int b = 0; b < kCompareBuckets; ++b) {
    out << " " << kCompareBucketNames[b] << ": " << r.buckets[b];
  }
  out << "\n";
  return out.str();
}

// The text report: the summary, the worst inputs and the verdict.
std::string TextReport(const Options& o, const CompareResult& r) {
  std::ostringstream out;
  out << Summary(o, r);
  if (!r.worst.empty()) out << "  worst inputs:\n";
  for (const CompareEntry& e : r.worst) {
    out << "    x = " << HexAndValue(e.input) << "  oracle "
        << HexAndValue(e.oracle) << "  backend " << HexAndValue(e.backend)
        << "  ";
    if (std::isinf(e.ulp)) {
      out << "NaN/inf disagreement\n";
    } else {
      char line[256];
      snprintf(line, sizeof(line), "%.3f ulp\n", e.ulp);
      out << line;
    }
  }
  // The verdict in full precision: a bound of 0.1234567 must not read as
  // 0.123 when the max is 0.12345671.
  out << (Passes(o, r) ? "PASS" : "FAIL") << ": max ulp "
      << FormatDouble(r.max_ulp)
      << (r.max_ulp <= o.max_ulp ? " within" : " beyond") << " --max-ulp "
      << FormatDouble(o.max_ulp) << ", " << r.special_disagreements
      << " NaN/inf disagreement(s)\n";
  return out.str();
}

std::string JsonReport(const Options& o, const CompareResult& r) {
  std::ostringstream js;
  js << "{\"function\": \"" << o.fn_name << "\", \"variant\": \""
     << refmath_variant_name(o.v) << "\", \"output_format\": \""
     << (r.format == Format::kBinary16 ? "float16" : "float32")
     << "\", \"count\": " << r.count
     << ", \"bit_identical\": " << r.identical
     << ", \"nan_inf_disagreements\": " << r.special_disagreements
     << ", \"max_ulp\": " << FormatDouble(r.max_ulp) << ", \"histogram\": {";
  for (int b = 0; b < kCompareBuckets; ++b) {
    js << (b ? ", " : "") << "\"" << kCompareBucketNames[b]
       << "\": " << r.buckets[b];
  }
  js << "}, \"worst\": [";
  for (size_t i = 0; i < r.worst.size(); ++i) {
    const CompareEntry& e = r.worst[i];
    char line[256];
    snprintf(line, sizeof(line),
             "%s{\"index\": %zu, \"input\": \"0x%08X\", \"oracle\": "
             "\"0x%08X\", \"backend\": \"0x%08X\", \"ulp\": %s}",
             i ? ", " : "", e.index, e.input, e.oracle, e.backend,
             std::isinf(e.ulp) ? "null" : FormatDouble(e.ulp).c_str());
    js << line;
  }
  js << "], \"max_ulp_allowed\": " << FormatDouble(o.max_ulp)
     << ", \"pass\": " << (Passes(o, r) ? "true" : "false") << "}\n";
  return js.str();
}

}  // namespace

int RunCompare(const Argv& argv) {
  Options o;
  CompareResult r;
  std::string error;
  if (!ParseOptions(argv, &o, &error) ||
      !Compare(o.f, o.v, o.in_path, o.out_path, o.worst, &r, &error)) {
    return Fail(kCmd, error);
  }
  const std::string text = TextReport(o, r);
  // The JSON file first: if it cannot be written, nothing is reported.
  if (o.write_json) {
    const std::string json = JsonReport(o, r);
    if (!io::WriteAllAtomic(o.json_path, json.data(), json.size(), &error)) {
      return Fail(kCmd, error);
    }
  }
  fputs(text.c_str(), stdout);
  return Passes(o, r) ? kExitOk : kExitCheckFailed;
}

}  // namespace cli
}  // namespace refmath
