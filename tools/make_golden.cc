// refmath_make_golden: writes golden/VARIANT.sha256 from the portable target
// after checking that every other target usable here gives the same
// digest; with --module NAME, writes golden/NAME.sha256 for one of the
// modules of src/conform/modules.h.  Run only for a deliberate
// change of the specification (docs/golden-hashes.md, "Changing the golden
// digests").
#include <stdio.h>

#include "src/cmdline/args.h"
#include "src/conform/modules.h"
#include "src/conform/runner.h"
#include "src/verify/digest.h"
#include "src/verify/golden_file.h"
#include "src/verify/golden_inputs.h"

namespace {

int WriteModule(const std::string& name, const std::string& dir) {
  using namespace refmath;
  for (const conformance::DigestModule& m : conformance::DigestModules()) {
    if (name != m.name) continue;
    std::string error;
    const std::string path = conformance::ModuleGoldenPath(dir, m);
    if (!WriteModuleGoldenFile(path, m.name, m.description, m.compute(),
                               &error)) {
      fprintf(stderr, "refmath_make_golden: %s\n", error.c_str());
      return 2;
    }
    printf("wrote %s\n", path.c_str());
    return 0;
  }
  fprintf(stderr, "refmath_make_golden: unknown module '%s'\n", name.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace refmath;
  cli::Args args;
  std::string error, dir;
  if (!args.Parse(std::vector<std::string>(argv + 1, argv + argc),
                  {"out", "variant", "module"}, {}, &error) ||
      !args.Require("out", &dir, &error)) {
    fprintf(stderr, "refmath_make_golden: %s\nusage: refmath_make_golden "
                    "--out DIR [--variant exact|fast|correct | --module NAME]\n", error.c_str());
    return 2;
  }
  if (args.Has("module")) return WriteModule(args.Get("module"), dir);
  refmath_variant v;
  if (!cli::ParseVariant(args.Get("variant", "exact"), &v, &error)) {
    fprintf(stderr, "refmath_make_golden: %s\n", error.c_str());
    return 2;
  }
  const std::vector<float> inputs = GoldenInputs();
  GoldenFile golden;
  golden.digests[kInputsRowName] = DigestFloats(inputs.data(), inputs.size());
  bool consistent = true;
  for (refmath_function f : conformance::DefinedFunctions(v)) {
    std::vector<float> out;
    std::string reference;
    if (const int s = conformance::DigestOutputs(f, v, refmath_portable_target(),
                                                 inputs, &out, &reference)) {
      fprintf(stderr, "refmath_make_golden: %s on the portable target: %s\n",
              refmath_function_name(f), refmath_status_string(s));
      return 2;
    }
    golden.digests[refmath_function_name(f)] = reference;
    for (refmath_target t : conformance::UsableTargets(v)) {
      std::string digest;
      conformance::DigestOutputs(f, v, t, inputs, &out, &digest);
      const bool same = digest == reference;
      consistent &= same;
      printf("%-16s %-8s %s\n", refmath_function_name(f),
             refmath_target_name(t), same ? "same as portable" : "DIFFERS");
    }
  }
  if (!consistent) {
    fprintf(stderr, "refmath_make_golden: targets disagree; nothing written\n");
    return 1;
  }
  if (!WriteGoldenFile(GoldenPath(dir, v), v, golden, &error)) {
    fprintf(stderr, "refmath_make_golden: %s\n", error.c_str());
    return 2;
  }
  printf("wrote %s\n", GoldenPath(dir, v).c_str());
  return 0;
}
