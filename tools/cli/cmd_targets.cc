// refmath targets [--variant V]: the concrete targets the variant (exact by
// default) can run on here.
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
  refmath_variant v;
  if (!args.Parse(argv, {"variant"}, {}, &error) ||
      !ParseVariant(args.Get("variant", "exact"), &v, &error)) {
    return Fail("targets", error);
  }
  for (int t = 0; t < REFMATH_NUM_TARGETS; ++t) {
    const auto target = static_cast<refmath_target>(t);
    if (target == REFMATH_TARGET_BEST) continue;
    if (refmath_target_status(v, target) == REFMATH_OK) {
      printf("%s\n", refmath_target_name(target));
    }
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
