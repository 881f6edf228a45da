// refmath compare: another backend's outputs against the true value of the
// function, beside the oracle's (refmath's kernels on the same inputs), and
// against the oracle bit for bit.  The measurement is src/verify/compare.h,
// the report src/verify/compare_report.h; this file parses the command
// line and writes the report.
#include <stdio.h>
#include <unistd.h>

#include "src/cmdline/args.h"
#include "src/verify/compare.h"
#include "src/verify/compare_report.h"
#include "src/verify/file_io.h"
#include "src/verify/report.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {
namespace {

const char* kCmd = "compare";

struct Options {
  CompareSpec spec;
  std::string fn_name;
  CompareBounds bounds;
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
                   "json", "csv", "label"},
                  {}, error) ||
      !args.Require("function", &o->fn_name, error) ||
      !args.Require("inputs", &s.inputs_path, error) ||
      !args.Require("outputs", &s.outputs_path, error) ||
      !ParseFunction(o->fn_name, &s.function, error) ||
      !ParseVariantFor(args, s.function, &s.variant, error) ||
      !ParseDumpType(args, "inputs-dtype", &s.inputs_type, error) ||
      !ParseDumpType(args, "outputs-dtype", &s.outputs_type, error) ||
      !ParseBound(args, "max-ulp", &o->bounds.has_max_ulp,
                  &o->bounds.max_ulp, error) ||
      !ParseBound(args, "max-ulp-vs-oracle", &o->bounds.has_vs_oracle,
                  &o->bounds.max_ulp_vs_oracle, error)) {
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
  s.label = args.Get("label", "backend");
  if (s.label.empty()) {
    *error = "--label needs a name for the backend";
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
    const std::string json = JsonReport(o.spec, o.bounds, r);
    if (!io::WriteAllAtomic(o.json_path, json.data(), json.size(), &error)) {
      return Fail(kCmd, error);
    }
  }
  fputs(TextReport(o.spec, o.bounds, r).c_str(),
        ReportStream({o.json_path, o.csv_path}));
  return Passes(o.bounds, r) ? kExitOk : kExitCheckFailed;
}

}  // namespace cli
}  // namespace refmath
