// refmath mcu check --layers FILE: a model's parameter checks
// (refmath/mcu/model_check.h; docs/mcu.md "Checking a model's parameters")
// over a JSON layer list (src/emulator_io/mcu_model_json.h): one line per
// violation, then PASS or FAIL; exit status 1 when a rule is broken.
#include <stdio.h>

#include <string>
#include <vector>

#include "refmath/mcu/model_check.h"
#include "refmath/mcu/model_description.h"
#include "src/base/text.h"
#include "src/emulator_io/json_value.h"
#include "src/emulator_io/mcu_model_json.h"
#include "src/verify/file_io.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

std::string Count(size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace

int RunMcuCheck(const Argv& argv) {
  constexpr const char* kCmd = "mcu check";
  Args args;
  std::string error, path;
  std::vector<uint8_t> bytes;
  if (!args.Parse(argv, {"layers"}, {}, &error) || !args.Require("layers", &path, &error) ||
      !io::ReadAll(path, &bytes, &error)) {
    return Fail(kCmd, error);
  }
  io::JsonValue doc;
  std::vector<mcu::LayerDescription> described;
  std::vector<mcu::LayerParams> layers;
  mcu::McuTarget target;
  if (!io::ParseJson(std::string(bytes.begin(), bytes.end()), &doc, &error) ||
      !io::McuModelFromJson(doc, &described, &target, &error) ||
      !mcu::LayersFromDescriptions(described, &layers, &error)) {
    return Fail(kCmd, ShowPath(path) + ": " + error);
  }
  const std::vector<std::string> lines = mcu::CheckLayers(layers, target);
  for (const std::string& line : lines) printf("%s\n", line.c_str());
  const std::string count = Count(layers.size(), "layer");
  const std::string name = Printable(target.name, 60);
  if (lines.empty()) {
    printf("PASS: %s on %s, no rule broken\n", count.c_str(), name.c_str());
    return kExitOk;
  }
  printf("FAIL: %s in %s on %s\n", Count(lines.size(), "violation").c_str(), count.c_str(),
         name.c_str());
  return kExitCheckFailed;
}

}  // namespace cli
}  // namespace refmath
