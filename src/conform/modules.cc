#include "src/conform/modules.h"

#include "src/conform/ane_golden_digests.h"
#include "src/conform/ane_op_digests.h"
#include "src/conform/mcu_golden_digests.h"
#include "src/conform/mcu_layer_digests.h"
#include "src/conform/tensor_digests.h"

namespace refmath {
namespace conformance {

const std::vector<DigestModule>& DigestModules() {
  static const std::vector<DigestModule> modules = {
      // {"NAME", "description", module::GoldenDigests, on_targets},
      {"ane-fp16", "Apple Neural Engine fp16 model: unary functions x presets",
       ane::GoldenDigests, false},
      {"ane-ops", "Apple Neural Engine fp16 model: tensor ops x presets",
       ane::OpGoldenDigests, false},
      {"mcu", "CMSIS-NN / TFLite Micro activation tables", mcu::GoldenDigests,
       false},
      {"mcu-layers",
       "TFLite Micro int8 and int16 layers and a keyword-spotting DS-CNN",
       mcu::LayerGoldenDigests, false},
      {"tensor",
       "tensor operations (docs/tensor-ops.md), every target and 1-8 threads",
       TensorGoldenDigests, true},
  };
  return modules;
}

std::string ModuleGoldenPath(const std::string& dir, const DigestModule& m) {
  return dir + "/" + m.name + ".sha256";
}

}  // namespace conformance
}  // namespace refmath
