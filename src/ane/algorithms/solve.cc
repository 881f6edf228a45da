#include "src/ane/algorithms/solve.h"

#include "refmath/ane/krylov.h"
#include "src/base/text.h"

namespace refmath {
namespace ane {

bool IsSolveMethod(const std::string& method) {
  for (const char* m : {"cg", "normal", "lsqr", "gmres", "refine"}) {
    if (method == m) return true;
  }
  return false;
}

bool CheckSolveShapes(const std::string& method, const Tensor& a,
                      const Tensor& b, const std::string& a_name,
                      const std::string& b_name, std::string* error) {
  const bool tall = method == "normal" || method == "lsqr";
  const bool fits = a.rank() == 2 && a.cols() > 0 && b.rank() == 1 &&
                    b.size() == a.rows() &&
                    (tall ? a.rows() >= a.cols() : a.rows() == a.cols());
  if (!fits) {
    *error = a_name + " " + ShapeText(a.shape()) + " and " + b_name +
             " " + ShapeText(b.shape()) + ": this method needs A " +
             (tall ? "[m, n] with m >= n" : "[n, n]") + " and b [rows of A]";
  }
  return fits;
}

std::string BreakdownText(const std::string& method) {
  if (method == "cg" || method == "normal") {
    return "breakdown: p.Ap or r.r left the binary16 range, or p.Ap <= 0; "
           "x is the last finite iterate";
  }
  return "breakdown: a non-finite result; x is all zero";
}

Solution SolveWith(const std::string& method, const Tensor& a,
                   const Tensor& b, const SolveOptions& o, const Profile& p) {
  if (method == "cg") return ConjugateGradient(a, b, o.cg, p);
  if (method == "normal") return NormalEquations(a, b, o.cg, p);
  if (method == "lsqr") return Lsqr(a, b, o.cg.iterations, p);
  if (method == "gmres") return Gmres(a, b, p);
  return RichardsonRefine(a, b, o.x0, o.rounds, o.inner, p);
}

}  // namespace ane
}  // namespace refmath
