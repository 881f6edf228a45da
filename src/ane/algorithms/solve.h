// The linear solvers of the ANE model by name (`refmath ane solve`, and
// refmath.ane.solve in Python): which system each takes, and one call that
// runs the one named.
#ifndef REFMATH_SRC_ANE_ALGORITHMS_SOLVE_H_
#define REFMATH_SRC_ANE_ALGORITHMS_SOLVE_H_

#include <string>
#include <vector>

#include "refmath/ane/linalg.h"
#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

// "cg" (ConjugateGradient), "normal" (NormalEquations), "lsqr" (Lsqr),
// "gmres" (Gmres), "refine" (RichardsonRefine).
bool IsSolveMethod(const std::string& method);
constexpr const char* kSolveMethodNames = "cg, normal, lsqr, gmres, refine";

// The default step counts: the envelopes' LSQR column and refinement
// (docs/ane-envelopes.md); cg and normal default to CgOptions's.
constexpr int kDefaultLsqrIterations = 80;

struct SolveOptions {
  CgOptions cg;            // cg and normal; lsqr takes cg.iterations
  int rounds = 3;          // refine: rounds
  int inner = 80;          // refine: sweeps per round
  std::vector<double> x0;  // refine: the starting x, [n]
};

// False with a one-line *error (naming the operands a_name and b_name)
// unless A is [n, n] (cg, gmres, refine) or [m, n] with m >= n (normal,
// lsqr), n > 0, and b is [rows of A].
bool CheckSolveShapes(const std::string& method, const Tensor& a,
                      const Tensor& b, const std::string& a_name,
                      const std::string& b_name, std::string* error);

// What a breakdown (Solution::breakdown) of the named solver means and
// what x then holds, one line for its report: "breakdown: ...".
std::string BreakdownText(const std::string& method);

// The named solver on A x = b (shapes checked as above; for refine,
// o.x0 has n values).
Solution SolveWith(const std::string& method, const Tensor& a,
                   const Tensor& b, const SolveOptions& o,
                   const Profile& p = SpecProfile());

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_ALGORITHMS_SOLVE_H_
