#include "src/conform/mcu_layer_digests.h"

#include "src/conform/mcu_layer_cases.h"

namespace refmath {
namespace mcu {

std::vector<NamedDigest> LayerGoldenDigests() {
  std::vector<NamedDigest> rows;
  for (const LayerCase& c : LayerCases()) {
    std::vector<uint8_t> bytes;
    // A refused case has no digest: its golden row then fails by name.
    const std::string digest =
        LayerCaseBytes(c, &bytes) ? Sha256Hex(bytes.data(), bytes.size()) : "refused";
    rows.push_back({c.name, digest});
  }
  for (const BytesRow& r : OpRows()) {
    rows.push_back({r.name, r.bytes.empty() ? "refused"
                                            : Sha256Hex(r.bytes.data(), r.bytes.size())});
  }
  return rows;
}

}  // namespace mcu
}  // namespace refmath
