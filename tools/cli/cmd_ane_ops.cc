// refmath ane binary | matmul | reduce-sum | softmax: the ANE model's binary
// elementwise ops, matmul and reductions over .npy files (docs/ane.md,
// "Command line").
//   ane binary --op OP --a FILE --b FILE --out FILE [--profile P]
//   ane select --cond FILE --a FILE --b FILE --out FILE [--profile P]
//   ane matmul --a FILE --b FILE --out FILE [profile options]
//   ane reduce-sum, ane reduce-mean --in FILE --out FILE [--axis A]
//                   [--route narrow|matmul] [profile options]
//   ane reduce-max --in FILE --out FILE [--axis A] [--profile P]
//   ane cumsum --in FILE --out FILE [--axis A] [profile options]
//   ane softmax --in FILE --out FILE [--axis A]
// Profile options: --profile P, --accumulator fp32|exact, --tile N.
// Operands: float16 (bits kept) or float32/float64 (rounded by the
// profile's input cast); results: float16 of the result's shape.
#include <set>
#include <string>
#include <utility>

#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"
#include "refmath/ane/unary.h"
#include "src/emulator_io/npy_tensor.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr int kMaxRank = 4;  // the model's tensors

// Parses `argv` with the profile options and `valued`, checks --out.
bool Setup(const Argv& argv, std::set<std::string> valued, Args* args,
           ane::Profile* p, std::string* error) {
  return args->Parse(argv, WithProfileOptions(std::move(valued)), {}, error) &&
         ProfileFromArgs(*args, p, error) && CheckOutputs(*args, {"out"}, error);
}

int WriteResult(const char* cmd, const Args& args, const ane::Tensor& t) {
  std::string error;
  if (!WriteOutputs(args, {{"out", ane::TensorToNpy(t)}}, &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

bool AxisOption(const Args& args, int* axis, std::string* error) {
  long a;
  if (!IntegerOption(args, "axis", -kMaxRank, kMaxRank - 1, -1, &a, error)) {
    return false;
  }
  *axis = static_cast<int>(a);
  return true;
}

using AlongAxisOp = ane::Tensor (*)(const ane::Tensor&, int,
                                    const ane::Profile&);

// --in X --out Y [--axis A]: `op` along the axis, under the profile options
// (`model`: --profile, --accumulator, --tile) or --profile alone.
int RunAlongAxis(const char* cmd, const Argv& argv, bool model,
                 AlongAxisOp op) {
  Args args;
  ane::Profile p;
  ane::Tensor x;
  int axis;
  std::string error;
  const bool parsed =
      model ? Setup(argv, {"in", "out", "axis"}, &args, &p, &error)
            : args.Parse(argv, {"in", "out", "axis", "profile"}, {}, &error) &&
                  ane::FindProfile(args.Get("profile", "spec"), &p, &error) &&
                  CheckOutputs(args, {"out"}, &error);
  if (!parsed || !AxisOption(args, &axis, &error) ||
      !ReadTensorOperand(args, "in", p, &x, &error)) {
    return Fail(cmd, error);
  }
  return WriteResult(cmd, args, op(x, axis, p));
}

}  // namespace

int RunAneBinary(const Argv& argv) {
  constexpr const char* kCmd = "ane binary";
  Args args;
  std::string op, error;
  ane::Profile p;
  ane::Tensor a, b;
  if (!args.Parse(argv, {"op", "a", "b", "out", "profile"}, {}, &error) ||
      !args.Require("op", &op, &error) ||
      !ane::FindProfile(args.Get("profile", "spec"), &p, &error) ||
      !CheckOutputs(args, {"out"}, &error)) {
    return Fail(kCmd, error);
  }
  const ane::BinaryFunction* f = ane::FindBinary(op);
  if (f == nullptr) {
    return Fail(kCmd, "unknown --op " + Quote(op) + " (valid: " +
                          ane::BinaryNames() + ")");
  }
  if (!ReadTensorOperand(args, "a", p, &a, &error) ||
      !ReadTensorOperand(args, "b", p, &b, &error)) {
    return Fail(kCmd, error);
  }
  return WriteResult(kCmd, args, ane::Map2(a, b, f->eval, p));
}

int RunAneSelect(const Argv& argv) {
  constexpr const char* kCmd = "ane select";
  Args args;
  std::string error;
  ane::Profile p;
  ane::Tensor cond, a, b;
  if (!args.Parse(argv, {"cond", "a", "b", "out", "profile"}, {}, &error) ||
      !ane::FindProfile(args.Get("profile", "spec"), &p, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadTensorOperand(args, "cond", p, &cond, &error) ||
      !ReadTensorOperand(args, "a", p, &a, &error) ||
      !ReadTensorOperand(args, "b", p, &b, &error)) {
    return Fail(kCmd, error);
  }
  return WriteResult(kCmd, args, ane::Select(cond, a, b, p));
}

int RunAneMatmul(const Argv& argv) {
  constexpr const char* kCmd = "ane matmul";
  Args args;
  ane::Profile p;
  ane::Tensor a, b;
  std::string error;
  if (!Setup(argv, {"a", "b", "out"}, &args, &p, &error) ||
      !ReadTensorOperand(args, "a", p, &a, &error) ||
      !ReadTensorOperand(args, "b", p, &b, &error)) {
    return Fail(kCmd, error);
  }
  return WriteResult(kCmd, args, ane::Matmul(a, b, p));
}

namespace {

// reduce-sum, or with `mean` reduce-mean: the sum along --axis by --route,
// then (mean) times binary16(1 / K).
int RunRoutedSum(const char* kCmd, const Argv& argv, bool mean) {
  Args args;
  ane::Profile p;
  ane::Tensor x;
  int axis;
  std::string error;
  if (!Setup(argv, {"in", "out", "axis", "route"}, &args, &p, &error) ||
      !AxisOption(args, &axis, &error) ||
      !ReadTensorOperand(args, "in", p, &x, &error)) {
    return Fail(kCmd, error);
  }
  const std::string route = args.Get("route", "narrow");
  if (route != "narrow" && route != "matmul") {
    return Fail(kCmd, "unknown --route " + Quote(route) + " (valid: narrow, matmul)");
  }
  const bool wide = route == "matmul";
  if (mean) return WriteResult(kCmd, args, ane::ReduceMean(x, axis, wide, p));
  return WriteResult(kCmd, args,
                     wide ? ane::ReduceSumAsMatmul(x, axis, p) : ane::ReduceSum(x, axis, p));
}

}  // namespace

int RunAneReduceSum(const Argv& argv) {
  return RunRoutedSum("ane reduce-sum", argv, false);
}

int RunAneReduceMean(const Argv& argv) {
  return RunRoutedSum("ane reduce-mean", argv, true);
}

int RunAneReduceMax(const Argv& argv) {
  return RunAlongAxis("ane reduce-max", argv, false, ane::ReduceMax);
}

int RunAneCumsum(const Argv& argv) {
  return RunAlongAxis("ane cumsum", argv, true, ane::Cumsum);
}

int RunAneSoftmax(const Argv& argv) {
  return RunAlongAxis("ane softmax", argv, true, ane::Softmax);
}

}  // namespace cli
}  // namespace refmath
