// refmath conform: the main job.  refmath inputs / refmath hash: the pieces
// needed to reproduce one row by hand.
#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "src/cmdline/args.h"
#include "src/conform/runner.h"
#include "src/verify/array_file.h"
#include "src/verify/digest.h"
#include "src/verify/file_io.h"
#include "src/conform/tensor_digests.h"
#include "src/verify/golden_file.h"
#include "tools/cli/emulator_args.h"
#include "src/verify/golden_inputs.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {
namespace {

// --target T[,T...]: each a concrete target some built variant can run on
// here; none given: every usable target.
bool ParseCheckedTargets(const Args& args, std::vector<refmath_target>* out,
                         std::string* error) {
  if (!args.Has("target")) return true;
  const std::string list = args.Get("target");
  size_t begin = 0;
  while (true) {
    const size_t end = std::min(list.find(',', begin), list.size());
    refmath_target t;
    if (!ParseTarget(list.substr(begin, end - begin), &t, error)) return false;
    bool usable = false;
    for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
      usable = usable || (t != REFMATH_TARGET_BEST &&
                          refmath_target_status(static_cast<refmath_variant>(v),
                                                t) == REFMATH_OK);
    }
    if (!usable) {
      *error = "--target " + Quote(refmath_target_name(t)) +
               ": no variant can run on it here ('refmath targets' lists "
               "those that can)";
      return false;
    }
    out->push_back(t);
    if (end == list.size()) return true;
    begin = end + 1;
  }
}

}  // namespace

int RunConform(const Argv& argv) {
  const char* cmd = "conform";
  Args args;
  std::string error;
  long max_threads;
  std::vector<refmath_target> targets;
  if (!args.Parse(argv, {"golden", "json", "max-threads", "target"}, {"quiet"},
                  &error) ||
      !IntegerOption(args, "max-threads", 1, 8, 8, &max_threads, &error) ||
      !ParseCheckedTargets(args, &targets, &error)) {
    return Fail(cmd, error);
  }
  conformance::SetTensorMaxThreads(static_cast<int>(max_threads));
  conformance::SetCheckedTargets(targets);
  const std::string golden = args.Get("golden", DefaultGoldenDir());
  if (golden.empty()) return Fail(cmd, "--golden needs a directory");
  if (!conformance::CheckGoldenFiles(golden, &error)) return Fail(cmd, error);
  // An unwritable --json is refused before the run, not after a minute.
  if (args.Has("json") && !io::CheckOutputPath(args.Get("json"), &error)) {
    return Fail(cmd, error);
  }
  const bool quiet = args.Has("quiet");
  // Progress goes to a terminal only; logs get the table and verdict.
  const bool show_progress = !quiet && isatty(STDERR_FILENO);
  if (!quiet) {
    fprintf(stderr, "refmath conform: golden digests from %s\n",
            ShowPath(golden).c_str());
  }
  size_t done = 0;
  const conformance::Report report =
      conformance::Run(golden, [&](const conformance::Row& row) {
        if (!show_progress) return;
        fprintf(stderr, "\r  %zu rows checked (%s on %s)        ", ++done,
                refmath_function_name(row.function),
                refmath_target_name(row.target));
        fflush(stderr);
      });
  if (show_progress) fprintf(stderr, "\n");
  fprintf(ReportStream({args.Get("json")}), "%s%s\n",
          conformance::FormatTable(report).c_str(),
          conformance::Verdict(report).c_str());
  if (args.Has("json")) {
    const std::string json = conformance::ToJson(report);
    if (!io::WriteAllAtomic(args.Get("json"), json.data(), json.size(),
                            &error)) {
      return Fail(cmd, error);
    }
  }
  return report.Passed() ? kExitOk : kExitCheckFailed;
}

int RunInputs(const Argv& argv) {
  Args args;
  std::string error, out;
  if (!args.Parse(argv, {"out"}, {}, &error) ||
      !args.Require("out", &out, &error)) {
    return Fail("inputs", error);
  }
  const std::vector<float> inputs = GoldenInputs();
  if (!io::WriteFloatArray(out, inputs, {inputs.size()}, &error)) {
    return Fail("inputs", error);
  }
  return kExitOk;
}

int RunHash(const Argv& argv) {
  const char* cmd = "hash";
  Args args;
  std::string error, name;
  if (!args.Parse(argv, {"function", "variant", "target"}, {}, &error) ||
      !args.Require("function", &name, &error)) {
    return Fail(cmd, error);
  }
  if (name == kInputsRowName && (args.Has("variant") || args.Has("target"))) {
    return Fail(cmd, "--variant and --target do not apply to --function " +
                         std::string(kInputsRowName));
  }
  const std::vector<float> inputs = GoldenInputs();
  if (name == kInputsRowName) {
    printf("%s  %s\n", DigestFloats(inputs.data(), inputs.size()).c_str(),
           kInputsRowName);
    return kExitOk;
  }
  refmath_function f;
  refmath_variant v;
  refmath_target t;
  if (!ParseFunction(name, &f, &error) ||
      !ParseVariantFor(args, f, &v, &error) ||
      !ParseTarget(args.Get("target", "best"), &t, &error)) {
    return Fail(cmd, error);
  }
  std::vector<float> outputs;
  std::string digest;
  const int status =
      conformance::DigestOutputs(f, v, t, inputs, &outputs, &digest);
  if (status != REFMATH_OK) return Fail(cmd, refmath_status_string(status));
  printf("%s  %s\n", digest.c_str(), name.c_str());
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
