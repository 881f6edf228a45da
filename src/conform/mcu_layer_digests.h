// The MCU layers' golden rows (golden/mcu-layers.sha256, docs/mcu.md,
// "Golden digests"): one row per case of mcu_layer_cases.h, SHA-256 over
// every layer's output bytes.
#ifndef REFMATH_SRC_CONFORM_MCU_LAYER_DIGESTS_H_
#define REFMATH_SRC_CONFORM_MCU_LAYER_DIGESTS_H_

#include <vector>

#include "src/verify/digest.h"

namespace refmath {
namespace mcu {

std::vector<NamedDigest> LayerGoldenDigests();

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_MCU_LAYER_DIGESTS_H_
