// The MCU layer cases of golden/mcu-layers.sha256
// (src/conform/mcu_layer_cases.h): small int8 models of TFLite Micro's
// layers and a keyword-spotting DS-CNN, run by refmath's integer kernels
// on the Cortex-M55, each printed over semihosting as
//
//   MROW mcu-layers <case name> <64 hex digits> <centiseconds>
//
// tools/cross/m55/run.sh compares the rows with golden/mcu-layers.sha256.
#include <stdint.h>

#include <vector>

#include "semihost.h"
#include "sha256.h"
#include "src/conform/mcu_layer_cases.h"

namespace m55 {
void PrintDigestRow(const char* tag, const char* variant, const char* name,
                    const uint8_t digest[32], uint32_t cs);
}  // namespace m55

void RunMcuLayerRows() {
  for (const refmath::mcu::LayerCase& c : refmath::mcu::LayerCases()) {
    const uint32_t t0 = m55::SemihostClock();
    std::vector<uint8_t> bytes;
    if (!refmath::mcu::LayerCaseBytes(c, &bytes)) {
      m55::SemihostWrite0(("ERROR mcu " + c.name + ": refused\n").c_str());
      continue;
    }
    m55::Sha256 sha;
    sha.Update(bytes.data(), bytes.size());
    uint8_t digest[32];
    sha.Final(digest);
    m55::PrintDigestRow("MROW", "mcu-layers", c.name.c_str(), digest,
                        m55::SemihostClock() - t0);
  }
  const uint32_t t0 = m55::SemihostClock();
  for (const refmath::mcu::BytesRow& r : refmath::mcu::OpRows()) {
    if (r.bytes.empty()) {
      m55::SemihostWrite0(("ERROR mcu " + r.name + ": refused\n").c_str());
      continue;
    }
    m55::Sha256 sha;
    sha.Update(r.bytes.data(), r.bytes.size());
    uint8_t digest[32];
    sha.Final(digest);
    m55::PrintDigestRow("MROW", "mcu-layers", r.name.c_str(), digest,
                        m55::SemihostClock() - t0);
  }
}
