// refmath ane transpose: a permutation of the axes on the ANE model
// (docs/ane.md, "Command line").
//   ane transpose --in FILE --out FILE [--axes A,B,...] [--profile P]
// NumPy's transpose(x, axes), by default the axes reversed; data movement,
// no rounding (Permute).
// A bad axis is the library's std::invalid_argument, reported by main.
#include <string>
#include <vector>

#include "refmath/ane/matmul.h"
#include "src/emulator_io/npy_tensor.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr long kMaxRank = 4;  // the model's tensors

int WriteResult(const char* cmd, const Args& args, const ane::Tensor& t) {
  std::string error;
  if (!WriteOutputs(args, {{"out", ane::TensorToNpy(t)}}, &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

}  // namespace

int RunAneTranspose(const Argv& argv) {
  constexpr const char* kCmd = "ane transpose";
  Args args;
  ane::Profile p;
  ane::Tensor x;
  std::vector<long> list;
  std::string error;
  if (!args.Parse(argv, {"in", "out", "axes", "profile"}, {}, &error) ||
      !ane::FindProfile(args.Get("profile", "spec"), &p, &error) ||
      !CheckOutputs(args, {"out"}, &error)) {
    return Fail(kCmd, error);
  }
  if (args.Has("axes") &&
      !ParseIntegerList(args.Get("axes"), -kMaxRank, kMaxRank - 1, &list)) {
    return Fail(kCmd, "--axes must be comma-separated integers in " +
                          std::to_string(-kMaxRank) + ".." +
                          std::to_string(kMaxRank - 1) + " (got " +
                          Quote(args.Get("axes")) + ")");
  }
  if (!ReadTensorOperand(args, "in", p, &x, &error)) return Fail(kCmd, error);
  const std::vector<int> axes(list.begin(), list.end());
  return WriteResult(kCmd, args, ane::Permute(x, axes));
}

}  // namespace cli
}  // namespace refmath
