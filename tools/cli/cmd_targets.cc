// refmath targets: the concrete targets the exact variant can run on here,
// best first.
#include <stdio.h>

#include "refmath/refmath.h"
#include "tools/cli/args.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {

int Fail(const std::string& command, const std::string& message) {
  fprintf(stderr, "refmath %s: %s\n", command.c_str(), message.c_str());
  return kExitUsage;
}

int RunTargets(const Argv& argv) {
  Args args;
  std::string error;
  if (!args.Parse(argv, {}, {}, &error)) return Fail("targets", error);
  for (int t = 0; t < REFMATH_NUM_TARGETS; ++t) {
    const auto target = static_cast<refmath_target>(t);
    if (target == REFMATH_TARGET_BEST) continue;
    if (refmath_target_status(REFMATH_EXACT, target) == REFMATH_OK) {
      printf("%s\n", refmath_target_name(target));
    }
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
