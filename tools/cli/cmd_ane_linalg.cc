// refmath ane solve | power: the linear solvers and power iteration on the
// ANE model (refmath/ane/linalg.h, krylov.h; docs/ane.md "Command line").
//   ane solve --method cg|normal|lsqr|gmres|refine --a FILE --b FILE
//             --out FILE [--iterations N] [--refine N] [--no-jacobi]
//             [--x0 FILE --rounds N --inner N] [profile options]
// A is [n, n] (cg, gmres, refine) or [m, n] with m >= n (normal, lsqr), b
// is [rows of A].  x, the answer the host gets back, is written as float64
// [n].  A breakdown (Solution::breakdown) writes the library's x (cg,
// normal: the last finite iterate; the others: all zero), says so on
// stderr and exits 1.
//   ane power --a FILE [--iterations N] [--v0 FILE] [--out FILE]
//             [profile options]
// The dominant singular value of A [m, n] by power iteration, normalized
// between the A and A^T applications (PowerIteration), printed on stdout
// (%.17g: the text reads back as the same value); --out writes the right
// singular vector v, float64 [n].  A breakdown (a v or A^T u zero or not
// finite) prints the estimate, writes v as zeros, says so on stderr and
// exits 1.
#include <stdio.h>

#include <string>
#include <vector>

#include "refmath/ane/krylov.h"
#include "src/ane/algorithms/solve.h"
#include "src/base/text.h"
#include "src/emulator_io/npy_tensor.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kCmd = "ane solve";
constexpr long kMaxSteps = 100000;

// Options that only some methods take.
struct Applies {
  const char* option;
  const char* methods;  // space-separated
};
constexpr Applies kMethodOptions[] = {
    {"iterations", "cg normal lsqr"}, {"refine", "cg normal"},
    {"no-jacobi", "cg normal"},       {"x0", "refine"},
    {"rounds", "refine"},             {"inner", "refine"},
};

bool CheckMethod(const Args& args, const std::string& method, std::string* error) {
  if (!ane::IsSolveMethod(method)) {
    *error = "unknown --method " + Quote(method) + " (valid: " +
             ane::kSolveMethodNames + ")";
    return false;
  }
  for (const Applies& a : kMethodOptions) {
    const std::string methods = std::string(" ") + a.methods + " ";
    if (args.Has(a.option) && methods.find(" " + method + " ") == std::string::npos) {
      *error = std::string("--") + a.option + " does not apply to --method " +
               method + " (only " + a.methods + ")";
      return false;
    }
  }
  return true;
}

bool ParseSolveOptions(const Args& args, const std::string& method, size_t n,
                       ane::SolveOptions* o, std::string* error) {
  long iterations, refine, rounds, inner;
  if (!IntegerOption(args, "iterations", 0, kMaxSteps,
                     method == "lsqr" ? ane::kDefaultLsqrIterations
                                      : o->cg.iterations,
                     &iterations, error) ||
      !IntegerOption(args, "refine", 0, kMaxSteps, 0, &refine, error) ||
      !IntegerOption(args, "rounds", 0, kMaxSteps, o->rounds, &rounds, error) ||
      !IntegerOption(args, "inner", 0, kMaxSteps, o->inner, &inner, error)) {
    return false;
  }
  o->cg.iterations = static_cast<int>(iterations);
  o->cg.refine = static_cast<int>(refine);
  o->cg.jacobi = !args.Has("no-jacobi");
  o->rounds = static_cast<int>(rounds);
  o->inner = static_cast<int>(inner);
  if (method != "refine") return true;
  ane::Shape shape;
  std::string path;
  if (!args.Require("x0", &path, error) ||
      !ane::ReadHostValues(path, &o->x0, &shape, error)) {
    return false;
  }
  if (shape.size() != 1 || o->x0.size() != n) {
    *error = "--x0: shape " + ShapeText(shape) + " is not (" +
             std::to_string(n) + ",)";
    return false;
  }
  return true;
}

}  // namespace

int RunAneSolve(const Argv& argv) {
  Args args;
  ane::Profile p;
  ane::Tensor a, b;
  std::string error, method;
  if (!args.Parse(argv,
                  WithProfileOptions({"method", "a", "b", "out", "iterations",
                                      "refine", "x0", "rounds", "inner"}),
                  {"no-jacobi"}, &error) ||
      !args.Require("method", &method, &error) || !CheckMethod(args, method, &error) ||
      !ProfileFromArgs(args, &p, &error) || !CheckOutputs(args, {"out"}, &error) ||
      !ReadTensorOperand(args, "a", p, &a, &error) ||
      !ReadTensorOperand(args, "b", p, &b, &error) ||
      !ane::CheckSolveShapes(method, a, b, "--a", "--b", &error)) {
    return Fail(kCmd, error);
  }
  ane::SolveOptions o;
  if (!ParseSolveOptions(args, method, a.cols(), &o, &error)) return Fail(kCmd, error);
  const ane::Solution s = ane::SolveWith(method, a, b, o, p);
  if (!WriteOutputs(args, {{"out", ane::HostValuesToNpy(s.x, {s.x.size()})}},
                    &error)) {
    return Fail(kCmd, error);
  }
  if (s.breakdown) {
    fprintf(stderr, "refmath %s: %s\n", kCmd, ane::BreakdownText(method).c_str());
    return kExitCheckFailed;
  }
  return kExitOk;
}

int RunAnePower(const Argv& argv) {
  constexpr const char* kPowerCmd = "ane power";
  Args args;
  ane::Profile p;
  ane::Tensor a;
  ane::Shape shape;
  std::vector<double> v0;
  long iterations;
  std::string error;
  if (!args.Parse(argv, WithProfileOptions({"a", "iterations", "v0", "out"}), {},
                  &error) ||
      !ProfileFromArgs(args, &p, &error) ||
      !IntegerOption(args, "iterations", 0, kMaxSteps, ane::PowerOptions{}.iterations,
                     &iterations, &error) ||
      (args.Has("out") && !CheckOutputs(args, {"out"}, &error)) ||
      !ReadTensorOperand(args, "a", p, &a, &error)) {
    return Fail(kPowerCmd, error);
  }
  if (a.rank() != 2 || a.size() == 0) {
    return Fail(kPowerCmd, "--a: shape " + ShapeText(a.shape()) +
                               " is not a non-empty [m, n] matrix");
  }
  if (args.Has("v0")) {
    if (!ane::ReadHostValues(args.Get("v0"), &v0, &shape, &error)) {
      return Fail(kPowerCmd, error);
    }
    if (shape.size() != 1 || v0.size() != a.cols()) {
      return Fail(kPowerCmd, "--v0: shape " + ShapeText(shape) + " is not (" +
                                 std::to_string(a.cols()) + ",)");
    }
  }
  const ane::PowerResult r = ane::PowerIteration(a, static_cast<int>(iterations), v0, p);
  if (args.Has("out") &&
      !WriteOutputs(args, {{"out", ane::HostValuesToNpy(r.v, {r.v.size()})}}, &error)) {
    return Fail(kPowerCmd, error);
  }
  printf("%.17g\n", r.sigma);  // reads back as the same double
  if (r.breakdown) {
    fprintf(stderr, "refmath %s: %s\n", kPowerCmd, ane::kPowerBreakdownText);
    return kExitCheckFailed;
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
