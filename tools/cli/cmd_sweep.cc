// refmath sweep: ULP sweeps against MPFR-checked references, shard merging
// and table rendering (ulp_tables/).
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <atomic>
#include <cfloat>
#include <map>

#include "src/cmdline/args.h"
#include "src/verify/file_io.h"
#include "src/verify/report.h"
#include "src/verify/sweep.h"
#include "src/verify/sweep_io.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {
namespace {

const char* kCmd = "sweep";
std::atomic<bool> g_stop{false};
constexpr size_t kMaxBins = 10000000;

void OnSignal(int) { g_stop = true; }

// The options that name output files, in the order they are written.
const char* const kOutputs[] = {"out", "csv", "md", "bins-csv"};

// Refuses, before any work, the output paths a write would fail on
// (io::CheckOutputPath) and two options naming the same file.
bool CheckOutputs(const Args& args, std::string* error) {
  std::map<std::string, const char*> seen;
  for (const char* option : kOutputs) {
    if (!args.Has(option)) continue;
    const std::string path = args.Get(option);
    if (path.empty()) {
      *error = std::string("--") + option + " needs a file name";
      return false;
    }
    for (const auto& [other, other_option] : seen) {
      if (other == path || io::SameFile(other, path)) {
        *error = std::string("--") + other_option + " and --" + option +
                 " name the same file " + Quote(path);
        return false;
      }
    }
    seen.emplace(path, option);
    if (!io::CheckOutputPath(path, error)) return false;
  }
  return true;
}

// The text an output option writes.
std::string OutputText(const std::string& option,
                       const std::vector<sweep::Result>& rows) {
  if (option == "out") return sweep::SerializeResult(rows[0]);
  if (option == "csv") return sweep::CsvTable(rows);
  if (option == "md") return sweep::MarkdownTable(rows);
  return sweep::BinsCsv(rows[0]);
}

// Writes the requested outputs, each all or nothing; if one fails, the
// ones this call created before it are removed again (files it replaced
// cannot be restored, but CheckOutputs has refused the foreseeable
// failures before the work began).
bool WriteOutputs(const Args& args, const std::vector<sweep::Result>& rows,
                  std::string* error) {
  std::vector<std::string> created;
  for (const char* option : kOutputs) {
    if (!args.Has(option)) continue;
    const std::string text = OutputText(option, rows);
    const std::string path = args.Get(option);
    struct stat st;
    const bool existed = path == "-" || lstat(path.c_str(), &st) == 0;
    if (!io::WriteAllAtomic(path, text.data(), text.size(), error)) {
      for (const std::string& p : created) unlink(p.c_str());
      return false;
    }
    if (!existed) created.push_back(path);
  }
  return true;
}

// Writes the result file and the requested tables (all or none, see
// WriteOutputs), then prints the summary and the verdict.
int Emit(const Args& args, const std::vector<sweep::Result>& rows,
         std::string* error) {
  if (!WriteOutputs(args, rows, error)) return Fail(kCmd, *error);
  std::vector<std::string> documents;
  for (const char* option : kOutputs) documents.push_back(args.Get(option));
  FILE* const to = ReportStream(documents);
  fprintf(to, "%s", sweep::MarkdownTable(rows).c_str());
  int status = kExitOk;
  for (const sweep::Result& r : rows) {
    fprintf(to, "%s: histogram", refmath_function_name(r.spec.function));
    for (int b = 0; b < sweep::kHistogramBuckets; ++b) {
      fprintf(to, " %s:%llu", sweep::kHistogramLabels[b],
              static_cast<unsigned long long>(r.histogram[b]));
    }
    fprintf(to, "; reference check: %llu MPFR samples, max |double - MPFR| %.2g ulp; "
            "%llu close calls settled by MPFR\n",
            static_cast<unsigned long long>(r.reference_samples),
            r.reference_max_discrepancy,
            static_cast<unsigned long long>(r.mpfr_decisions));
    if (r.special_disagreements) {
      fprintf(to, "FAIL: %llu NaN/inf disagreements, first at x = 0x%08X\n",
              static_cast<unsigned long long>(r.special_disagreements),
              r.first_disagreement_bits);
      status = kExitCheckFailed;
    }
    if (!r.Sound() && r.special_disagreements == 0) {
      fprintf(to, "FAIL: the double reference differs from MPFR by %.2g ulp\n",
              r.reference_max_discrepancy);
      status = kExitCheckFailed;
    }
    if (args.Has("max-ulp")) {
      double bound = 0;
      ParseDouble(args.Get("max-ulp"), &bound);
      if (r.max_ulp > bound) {
        fprintf(to, "FAIL: max ulp %.6f exceeds --max-ulp %s\n", r.max_ulp,
                FormatDouble(bound).c_str());
        status = kExitCheckFailed;
      }
    }
  }
  return status;
}

// --merge and --report read result files: what defines or runs a sweep
// has no place there, the files say what was swept.
bool CheckResultOptions(const Args& args, const std::vector<std::string>& files,
                        std::string* error) {
  const std::string mode = args.Has("merge") ? "--merge" : "--report";
  if (args.Has("merge") && args.Has("report")) {
    *error = "--merge and --report exclude each other";
    return false;
  }
  for (const char* option :
       {"function", "variant", "target", "range", "all", "stride", "label",
        "shard", "threads", "bins"}) {
    if (args.Has(option)) {
      *error = std::string("--") + option + " does not apply to " + mode +
               " (the result files define the sweep)";
      return false;
    }
  }
  // --report renders tables only.
  for (const char* option : {"out", "bins-csv"}) {
    if (mode == "--report" && args.Has(option)) {
      *error = std::string("--") + option +
               " does not apply to --report (use --merge)";
      return false;
    }
  }
  if (files.empty()) {
    *error = "no result files given";
    return false;
  }
  return true;
}

// The result files, merged into one with --merge.
bool LoadResults(const Args& args, const std::vector<std::string>& files,
                 std::vector<sweep::Result>* rows, std::string* error) {
  rows->resize(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    if (!sweep::ReadResult(files[i], &(*rows)[i], error)) return false;
  }
  if (!args.Has("merge")) return true;
  sweep::Result merged;
  if (!sweep::Merge(*rows, &merged, error)) return false;
  *rows = {merged};
  if (args.Has("bins-csv") && merged.bins.empty()) {
    *error = "--bins-csv: the results have no error profile "
             "(sweep with --bins N)";
    return false;
  }
  return true;
}

// --merge / --report: the tables (and with --merge the merged result) of
// result files.
int RunOnResults(const Args& args, const std::vector<std::string>& files) {
  std::string error;
  std::vector<sweep::Result> rows;
  if (!CheckResultOptions(args, files, &error) ||
      !LoadResults(args, files, &rows, &error) ||
      !CheckOutputs(args, &error)) {
    return Fail(kCmd, error);
  }
  return Emit(args, rows, &error);
}

// What to sweep: --function, --variant, --target, and --range or --all.
bool ParseWhat(const Args& args, sweep::Spec* spec, std::string* error) {
  std::string name;
  if (!args.Require("function", &name, error) ||
      !ParseFunction(name, &spec->function, error) ||
      !ParseVariantFor(args, spec->function, &spec->variant, error) ||
      !ParseTarget(args.Get("target", "best"), &spec->target, error)) {
    return false;
  }
  spec->all = args.Has("all");
  if (spec->all == args.Has("range")) {
    *error = "give exactly one of --range LO:HI and --all";
    return false;
  }
  if (args.Has("range") && !ParseRange(args.Get("range"), &spec->lo, &spec->hi)) {
    *error = "--range needs LO:HI, each a decimal number within binary32's "
             "range, FLT_MAX or inf, got " + Quote(args.Get("range"));
    return false;
  }
  return true;
}

// --stride, --threads and --bins (which --bins-csv needs).
bool ParseCounts(const Args& args, sweep::Spec* spec, sweep::Options* options,
                 std::string* error) {
  size_t stride = 1, threads = 0, bins = 0;
  if (!ParseSize(args.Get("stride", "1"), &stride) || stride == 0 ||
      stride > sweep::kMaxStride) {
    *error = "--stride needs a count from 1 to 2^32 = " +
             std::to_string(sweep::kMaxStride) + ", got " +
             Quote(args.Get("stride"));
    return false;
  }
  if (!ParseSize(args.Get("threads", "0"), &threads) ||
      threads > static_cast<size_t>(sweep::kMaxThreads)) {
    *error = "--threads needs a count from 0 (all cores) to " +
             std::to_string(sweep::kMaxThreads) + ", got " +
             Quote(args.Get("threads"));
    return false;
  }
  if (!ParseSize(args.Get("bins", "0"), &bins) || bins > kMaxBins) {
    *error = "--bins needs a count from 0 to " + std::to_string(kMaxBins) +
             ", got " + Quote(args.Get("bins"));
    return false;
  }
  if (args.Has("bins-csv") && bins == 0) {
    *error = "--bins-csv needs --bins N (the error profile it writes)";
    return false;
  }
  spec->stride = stride;
  options->threads = static_cast<int>(threads);
  options->bins = bins;
  return true;
}

// A new sweep's command line, checked whole (the output paths included)
// before any work.
bool ParseSweep(const Args& args, const std::vector<std::string>& files,
                sweep::Spec* spec, sweep::Options* options,
                std::string* error) {
  if (!files.empty()) {
    *error = "unexpected argument " + Quote(files[0]);
    return false;
  }
  if (!ParseWhat(args, spec, error) ||
      !ParseCounts(args, spec, options, error)) {
    return false;
  }
  if (args.Has("shard") &&
      !ParseShard(args.Get("shard"), &spec->shard_index, &spec->shard_count)) {
    *error = "--shard needs i/N with 0 <= i < N <= 1000000, got " +
             Quote(args.Get("shard"));
    return false;
  }
  spec->label = args.Get("label");
  return sweep::CheckSpec(*spec, error) && CheckOutputs(args, error);
}

// Runs the sweep with a progress bar, stopping on SIGINT or SIGTERM, then
// writes and prints the result.
int RunNewSweep(const Args& args, const sweep::Spec& spec,
                sweep::Options options) {
  signal(SIGINT, OnSignal);
  signal(SIGTERM, OnSignal);
  report::ProgressBar bar(args.Has("quiet"));
  options.stop = &g_stop;
  options.progress = [&](uint64_t done, uint64_t total) { bar.Update(done, total); };
  sweep::Result result;
  std::string error;
  const bool ok = sweep::Run(spec, options, &result, &error);
  bar.Finish();
  // From here a signal takes its default course; the file writes remove
  // their temporary files (src/verify/file_io.cc).  One that came after the
  // sweep finished still means "interrupted".
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  if (g_stop) {
    fprintf(stderr, "refmath sweep: interrupted; nothing written\n");
    return 130;
  }
  if (!ok) return Fail(kCmd, error);
  return Emit(args, {result}, &error);
}

}  // namespace

int RunSweep(const Argv& argv) {
  Args args;
  std::string error;
  std::vector<std::string> files;
  if (!args.Parse(argv,
                  {"function", "variant", "target", "range", "stride", "label",
                   "shard", "threads", "bins", "out", "csv", "md", "bins-csv",
                   "max-ulp"},
                  {"all", "merge", "report", "quiet"}, &error, &files)) {
    return Fail(kCmd, error);
  }
  double bound;
  if (args.Has("max-ulp") && !ParseDouble(args.Get("max-ulp"), &bound)) {
    return Fail(kCmd, "--max-ulp needs a non-negative number, got " +
                          Quote(args.Get("max-ulp")));
  }
  if (args.Has("merge") || args.Has("report")) return RunOnResults(args, files);
  sweep::Spec spec;
  sweep::Options options;
  if (!ParseSweep(args, files, &spec, &options, &error)) {
    return Fail(kCmd, error);
  }
  return RunNewSweep(args, spec, options);
}

}  // namespace cli
}  // namespace refmath
