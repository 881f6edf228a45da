// refmath ane transpose and reshape: the model's data movements
// (docs/ane.md, "Command line"), no rounding.
//   ane transpose --in FILE --out FILE [--axes A,B,...] [--profile P]
// NumPy's transpose(x, axes), by default the axes reversed (Permute).
// A bad axis is the library's std::invalid_argument, reported by main.
//   ane reshape --in FILE --out FILE --shape N,M,... [--profile P]
// NumPy's reshape: the elements in row-major order under the new shape.
#include <string>
#include <vector>

#include "refmath/ane/matmul.h"
#include "src/base/text.h"
#include "src/emulator_io/npy_tensor.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr long kMaxRank = 4;  // the model's tensors
constexpr long kMaxElements = 1L << 40;  // a size no file holds

int WriteResult(const char* cmd, const Args& args, const ane::Tensor& t) {
  std::string error;
  if (!WriteOutputs(args, {{"out", ane::TensorToNpy(t)}}, &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

// The options both commands take, --in, --out and --profile, plus
// `option`: parsed, the profile found and the output checked writable.
bool ParseMove(const Argv& argv, const char* option, Args* args, ane::Profile* p,
               std::string* error) {
  return args->Parse(argv, {"in", "out", option, "profile"}, {}, error) &&
         ane::FindProfile(args->Get("profile", "spec"), p, error) &&
         CheckOutputs(*args, {"out"}, error);
}

}  // namespace

int RunAneTranspose(const Argv& argv) {
  constexpr const char* kCmd = "ane transpose";
  Args args;
  ane::Profile p;
  ane::Tensor x;
  std::vector<long> list;
  std::string error;
  if (!ParseMove(argv, "axes", &args, &p, &error)) return Fail(kCmd, error);
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

int RunAneReshape(const Argv& argv) {
  constexpr const char* kCmd = "ane reshape";
  Args args;
  ane::Profile p;
  ane::Tensor x;
  std::vector<long> list;
  std::string error, text;
  if (!ParseMove(argv, "shape", &args, &p, &error) ||
      !args.Require("shape", &text, &error)) {
    return Fail(kCmd, error);
  }
  if (!ParseIntegerList(text, 1, kMaxElements, &list) ||
      list.empty() || list.size() > static_cast<size_t>(kMaxRank)) {
    return Fail(kCmd, "--shape must be 1 to " + std::to_string(kMaxRank) +
                          " comma-separated sizes of at least 1 (got " +
                          Quote(text) + ")");
  }
  if (!ReadTensorOperand(args, "in", p, &x, &error)) return Fail(kCmd, error);
  const ane::Shape shape(list.begin(), list.end());
  if (ane::Tensor::Count(shape) != x.size()) {
    return Fail(kCmd, "cannot reshape " + ShapeText(x.shape()) + " to " +
                          ShapeText(shape));
  }
  return WriteResult(kCmd, args, ane::Tensor(shape, x.data()));
}

}  // namespace cli
}  // namespace refmath
