// Fuzz target: the JSON reader and the MCU layer-list reader behind
// `refmath mcu check` on arbitrary bytes.  Each step returns true, or
// false with a one-line error; never a crash or an out-of-bounds read.
// What parses goes on through the layer descriptions to the checks, whose
// lines must be one line each.
#include <stdint.h>
#include <stdlib.h>

#include <string>
#include <vector>

#include "refmath/mcu/model_check.h"
#include "refmath/mcu/model_description.h"
#include "src/emulator_io/json_value.h"
#include "src/emulator_io/mcu_model_json.h"

namespace {

void OneLine(const std::string& text) {
  if (text.empty() || text.find('\n') != std::string::npos) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace refmath;
  const std::string text(reinterpret_cast<const char*>(data), size);
  io::JsonValue doc;
  std::string error;
  if (!io::ParseJson(text, &doc, &error)) {
    OneLine(error);
    return 0;
  }
  std::vector<mcu::LayerDescription> described;
  std::vector<mcu::LayerParams> layers;
  mcu::McuTarget target;
  if (!io::McuModelFromJson(doc, &described, &target, &error) ||
      !mcu::LayersFromDescriptions(described, &layers, &error)) {
    OneLine(error);
    return 0;
  }
  if (layers.size() != described.size()) abort();
  for (const std::string& line : mcu::CheckLayers(layers, target)) OneLine(line);
  return 0;
}
