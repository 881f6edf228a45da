// Modules beyond the fp32 kernels whose outputs are pinned by golden
// digests (golden/MODULE.sha256): the emulations of other hardware.  Each
// module computes its rows from scratch; the runner compares them with the
// golden file and refmath_make_golden writes that file.
#ifndef REFMATH_SRC_CONFORM_MODULES_H_
#define REFMATH_SRC_CONFORM_MODULES_H_

#include <string>
#include <vector>

#include "src/verify/digest.h"

namespace refmath {
namespace conformance {

struct DigestModule {
  const char* name;         // golden/NAME.sha256
  const char* description;  // one line, for the golden file's header
  std::vector<NamedDigest> (*compute)();
  // Whether its rows run on the SIMD targets (the tensor operations) or
  // on none (the emulators' own arithmetic); a run restricted to some
  // targets (SetCheckedTargets) leaves the latter out.
  bool on_targets;
};

const std::vector<DigestModule>& DigestModules();

std::string ModuleGoldenPath(const std::string& dir, const DigestModule& m);

}  // namespace conformance
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_MODULES_H_
