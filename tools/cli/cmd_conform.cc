// refmath conform: the main job.  refmath inputs / refmath hash: the pieces
// needed to reproduce one row by hand.
#include <stdio.h>
#include <unistd.h>

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
int RunConform(const Argv& argv) {
  const char* cmd = "conform";
  Args args;
  std::string error;
  long max_threads;
  if (!args.Parse(argv, {"golden", "json", "max-threads"}, {"quiet"}, &error) ||
      !IntegerOption(args, "max-threads", 1, 8, 8, &max_threads, &error)) {
    return Fail(cmd, error);
  }
  conformance::SetTensorMaxThreads(static_cast<int>(max_threads));
  const std::string golden = args.Get("golden", DefaultGoldenDir());
  if (golden.empty()) return Fail(cmd, "--golden needs a directory");
  if (!conformance::CheckGoldenFiles(golden, &error)) return Fail(cmd, error);
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
