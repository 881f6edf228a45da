// refmath targets [--variant V]: the concrete targets the variant (exact by
// default) can run on here.  refmath version: which refmath this is.
#include <stdio.h>

#include "refmath/refmath.h"
#include "src/cmdline/args.h"
#include "src/conform/runner.h"
#include "src/base/text.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {

int Fail(const std::string& command, const std::string& message) {
  // Printable: one line even if a message quotes a file's text unescaped.
  fprintf(stderr, "refmath %s: %s\n", command.c_str(),
          Printable(message).c_str());
  return kExitUsage;
}

FILE* ReportStream(const std::vector<std::string>& document_paths) {
  for (const std::string& path : document_paths) {
    if (path == "-") return stderr;
  }
  return stdout;
}

int RunTargets(const Argv& argv) {
  Args args;
  std::string error;
  refmath_variant v;
  if (!args.Parse(argv, {"variant"}, {}, &error) ||
      !ParseVariant(args.Get("variant", "exact"), &v, &error)) {
    return Fail("targets", error);
  }
  for (refmath_target t : conformance::UsableTargets(v)) {
    printf("%s\n", refmath_target_name(t));
  }
  return kExitOk;
}

int RunFunctions(const Argv& argv) {
  Args args;
  std::string error;
  refmath_variant v = REFMATH_EXACT;
  if (!args.Parse(argv, {"variant"}, {}, &error) ||
      (args.Has("variant") &&
       !ParseVariant(args.Get("variant"), &v, &error))) {
    return Fail("functions", error);
  }
  if (args.Has("variant")) {
    for (refmath_function f : conformance::DefinedFunctions(v)) {
      printf("%s\n", refmath_function_name(f));
    }
    return kExitOk;
  }
  for (int fi = 0; fi < REFMATH_NUM_FUNCTIONS; ++fi) {
    const auto f = static_cast<refmath_function>(fi);
    printf("%-16s %s\n", refmath_function_name(f),
           DefiningVariants(f, " ").c_str());
  }
  return kExitOk;
}

int RunVersion(const Argv& argv) {
  if (!argv.empty()) {
    return Fail("version", "unexpected argument " + Quote(argv[0]));
  }
  printf("refmath %s\n", refmath_version());
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
