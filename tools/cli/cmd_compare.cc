// refmath compare: another backend's outputs against the true value of the
// function, beside the oracle's (refmath's kernels on the same inputs), and
// against the oracle bit for bit.  The measurement is src/verify/compare.h,
// the report src/verify/compare_report.h; with --op, a tensor operation's
// outputs, measured and reported by src/verify/tensor_compare.h.  This
// file parses the command line and writes the report.
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "src/cmdline/args.h"
#include "src/verify/compare.h"
#include "src/verify/compare_report.h"
#include "src/verify/file_io.h"
#include "src/verify/report.h"
#include "src/verify/tensor_compare.h"
#include "tools/cli/emulator_args.h"
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

// gemm's --alpha, --beta (rounded to float32), --trans-a, --trans-b;
// refused for the other ops.
bool GemmOptions(const Args& args, TensorCompareSpec* s, std::string* error) {
  const bool gemm = s->op == TensorOp::kGemm;
  for (const char* option : {"alpha", "beta", "trans-a", "trans-b"}) {
    if (!gemm && args.Has(option)) {
      *error = std::string("--") + option + " is gemm's option";
      return false;
    }
  }
  double alpha, beta;
  if (!NumberOption(args, "alpha", 1.0, &alpha, error) ||
      !NumberOption(args, "beta", 1.0, &beta, error)) {
    return false;
  }
  s->alpha = static_cast<float>(alpha);
  s->beta = static_cast<float>(beta);
  s->trans_a = args.Has("trans-a");
  s->trans_b = args.Has("trans-b");
  return true;
}

// attention's --keep, --scale-by, --causal (the truth refuses them for
// the other ops).
bool AttentionOptions(const Args& args, TensorCompareSpec* s,
                      std::string* error) {
  double scale;
  if (!NumberOption(args, "scale-by", 1.0, &scale, error)) return false;
  s->has_scale = args.Has("scale-by");
  s->scale = static_cast<float>(scale);
  s->causal = args.Has("causal");
  s->keep_path = args.Get("keep");
  return true;
}

// compare --op: the options of src/verify/tensor_compare.h, named as
// `refmath tensor` names them.
bool ParseOpOptions(const Argv& argv, TensorCompareSpec* s,
                    std::string* json_path, std::string* error) {
  Args args;
  std::string op;
  double eps, bound;
  if (!args.Parse(argv,
                  {"op", "in", "in2", "in3", "mask", "scale", "bias", "eps",
                   "axis", "alpha", "beta", "keep", "scale-by",
                   "outputs", "label", "max-ulp", "json", "format"},
                  {"trans-a", "trans-b", "causal", "interleaved"}, error) ||
      !args.Require("op", &op, error)) {
    return false;
  }
  if (!ParseTensorOp(op, &s->op)) {
    *error = "unknown --op " + Quote(op) + " (valid: " + kTensorOpNames + ")";
    return false;
  }
  if (!args.Require("in", &s->in_path, error) ||
      !args.Require("outputs", &s->outputs_path, error) ||
      !IntegerOption(args, "axis", -64, 63, -1, &s->axis, error) ||
      !NumberOption(args, "eps", 1e-5, &eps, error)) {
    return false;
  }
  s->eps = static_cast<float>(eps);
  if (!(eps >= 0) || isinf(s->eps)) {
    *error = "--eps must be a finite number >= 0 (got " +
             Quote(args.Get("eps")) + ")";
    return false;
  }
  const bool norm = s->op == TensorOp::kLayerNorm || s->op == TensorOp::kRmsNorm;
  if (!norm && args.Has("eps")) {
    *error = "--eps is the norms' option";
    return false;
  }
  if (!GemmOptions(args, s, error) || !AttentionOptions(args, s, error)) {
    return false;
  }
  s->interleaved = args.Has("interleaved");
  const bool elementwise = s->op >= TensorOp::kSilu;
  if ((s->op == TensorOp::kMatmul || s->op == TensorOp::kAttention ||
       s->op == TensorOp::kGemm || elementwise) &&
      args.Has("axis")) {
    *error = std::string(TensorOpName(s->op)) + " takes no --axis";
    return false;
  }
  s->in2_path = args.Get("in2");
  s->in3_path = args.Get("in3");
  s->mask_path = args.Get("mask");
  s->scale_path = args.Get("scale");
  s->bias_path = args.Get("bias");
  s->label = args.Get("label", "backend");
  const std::string format = args.Get("format", "binary32");
  if (!FormatFromName(format, &s->format)) {
    *error = "--format: expected binary32, binary16 or bfloat16, got " +
             Quote(format);
    return false;
  }
  s->has_max_ulp = args.Has("max-ulp");
  if (s->has_max_ulp &&
      !(ParseDouble(args.Get("max-ulp"), &bound) && bound >= 0)) {
    *error = "--max-ulp needs a non-negative decimal number, got " +
             Quote(args.Get("max-ulp"));
    return false;
  }
  s->max_ulp = s->has_max_ulp ? bound : 0;
  *json_path = args.Get("json");
  if (args.Has("json") && json_path->empty()) {
    *error = "empty output path";
    return false;
  }
  if (json_path->empty()) return true;
  for (const std::string* in :
       {&s->in_path, &s->in2_path, &s->in3_path, &s->scale_path,
        &s->bias_path, &s->mask_path, &s->keep_path, &s->outputs_path}) {
    if (!in->empty() && io::SameFile(*json_path, *in == "-" ? "/dev/stdin" : *in)) {
      *error = "--json would overwrite the input " + ShowPath(*in);
      return false;
    }
  }
  return io::CheckOutputPath(*json_path, error);
}

int RunCompareOp(const Argv& argv) {
  TensorCompareSpec s;
  TensorCompareResult r;
  std::string json_path, error;
  if (!ParseOpOptions(argv, &s, &json_path, &error) ||
      !CompareTensor(s, &r, &error)) {
    return Fail(kCmd, error);
  }
  if (!json_path.empty()) {
    const std::string json = TensorJsonReport(s, r);
    if (!io::WriteAllAtomic(json_path, json.data(), json.size(), &error)) {
      return Fail(kCmd, error);
    }
  }
  fputs(TensorTextReport(s, r).c_str(), ReportStream({json_path}));
  return TensorPasses(s, r) ? kExitOk : kExitCheckFailed;
}

}  // namespace

int RunCompare(const Argv& argv) {
  for (const std::string& a : argv) {
    if (a == "--op" || a.rfind("--op=", 0) == 0) return RunCompareOp(argv);
  }
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
