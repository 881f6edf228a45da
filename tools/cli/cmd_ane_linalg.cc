// refmath ane solve: the linear solvers on the ANE model
// (refmath/ane/linalg.h, krylov.h; docs/ane.md "Command line").
//   ane solve --method cg|normal|lsqr|gmres|refine --a FILE --b FILE
//             --out FILE [--iterations N] [--refine N] [--no-jacobi]
//             [--x0 FILE --rounds N --inner N] [profile options]
// A is [n, n] (cg, gmres, refine) or [m, n] with m >= n (normal, lsqr), b
// is [rows of A].  x, the answer the host gets back, is written as float64
// [n].  A breakdown (a non-finite result) writes the library's all-zero x
// and exits 1.
#include <stdio.h>

#include <string>

#include "refmath/ane/krylov.h"
#include "refmath/ane/linalg.h"
#include "src/emulator_io/npy_tensor.h"
#include "src/base/text.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kCmd = "ane solve";
constexpr long kMaxSteps = 100000;
constexpr long kDefaultLsqrSteps = 80;   // the envelopes' LSQR column
constexpr long kDefaultRounds = 3;       // the envelopes' refinement
constexpr long kDefaultInnerSweeps = 80;

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
  static const std::string kMethods = " cg normal lsqr gmres refine ";
  if (kMethods.find(" " + method + " ") == std::string::npos) {
    *error = "unknown --method " + Quote(method) +
             " (valid: cg, normal, lsqr, gmres, refine)";
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

struct SolveOptions {
  ane::CgOptions cg;
  int rounds = kDefaultRounds, inner = kDefaultInnerSweeps;
  std::vector<double> x0;  // refine only
};

bool ParseSolveOptions(const Args& args, const std::string& method, size_t n,
                       SolveOptions* o, std::string* error) {
  long iterations, refine, rounds, inner;
  if (!IntegerOption(args, "iterations", 0, kMaxSteps,
                     method == "lsqr" ? kDefaultLsqrSteps : o->cg.iterations,
                     &iterations, error) ||
      !IntegerOption(args, "refine", 0, kMaxSteps, 0, &refine, error) ||
      !IntegerOption(args, "rounds", 0, kMaxSteps, kDefaultRounds, &rounds, error) ||
      !IntegerOption(args, "inner", 0, kMaxSteps, kDefaultInnerSweeps, &inner, error)) {
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

ane::Solution Solve(const std::string& method, const ane::Tensor& a,
                    const ane::Tensor& b, const SolveOptions& o,
                    const ane::Profile& p) {
  if (method == "cg") return ane::ConjugateGradient(a, b, o.cg, p);
  if (method == "normal") return ane::NormalEquations(a, b, o.cg, p);
  if (method == "lsqr") return ane::Lsqr(a, b, o.cg.iterations, p);
  if (method == "gmres") return ane::Gmres(a, b, p);
  return ane::RichardsonRefine(a, b, o.x0, o.rounds, o.inner, p);
}

// A is [rows, n], square unless `tall`; b is [rows].
bool CheckShapes(const ane::Tensor& a, const ane::Tensor& b, bool tall,
                 std::string* error) {
  const bool fits = a.rank() == 2 && a.cols() > 0 && b.rank() == 1 &&
                    b.size() == a.rows() &&
                    (tall ? a.rows() >= a.cols() : a.rows() == a.cols());
  if (!fits) {
    *error = "--a " + ShapeText(a.shape()) + " and --b " +
             ShapeText(b.shape()) + ": this method needs A " +
             (tall ? "[m, n] with m >= n" : "[n, n]") + " and b [rows of A]";
  }
  return fits;
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
      !CheckShapes(a, b, method == "normal" || method == "lsqr", &error)) {
    return Fail(kCmd, error);
  }
  SolveOptions o;
  if (!ParseSolveOptions(args, method, a.cols(), &o, &error)) return Fail(kCmd, error);
  const ane::Solution s = Solve(method, a, b, o, p);
  if (!WriteOutputs(args, {{"out", ane::HostValuesToNpy(s.x, {s.x.size()})}},
                    &error)) {
    return Fail(kCmd, error);
  }
  if (s.nonfinite) {
    fprintf(stderr, "refmath %s: breakdown: a non-finite result (overflow, or 0/0 "
                    "once the residual underflowed); x is all zero\n", kCmd);
    return kExitCheckFailed;
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
