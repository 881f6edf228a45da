#include "conformance/runner/modules.h"

#include "src/mcu/golden_digests.h"

namespace refmath {
namespace conformance {

const std::vector<DigestModule>& DigestModules() {
  static const std::vector<DigestModule> modules = {
      // {"NAME", "description", module::GoldenDigests},
      {"mcu", "CMSIS-NN / TFLite Micro activation tables", mcu::GoldenDigests},
  };
  return modules;
}

std::string ModuleGoldenPath(const std::string& dir, const DigestModule& m) {
  return dir + "/" + m.name + ".sha256";
}

}  // namespace conformance
}  // namespace refmath
