// The domains of the special functions as the unary registry names them
// (special.h documents each; ulp_tables/ane-fp16.md sweeps them).
#include "refmath/ane/special.h"

namespace refmath {
namespace ane {
namespace {

constexpr double kHalfPi = 1.5707963267948966;

struct Domain {
  const char* name;
  double lo, hi;
};

// The intervals the notes (notes/ane-model.md, "Special functions") and
// the sources of the formulas give: the fit intervals of the polynomials,
// A&S's validity ranges for the Bessel series, x >= 0 for A&S 7.1.26
// (every finite binary16 up to the largest, 65504), and the Taylor range
// |x| <= 0.7 ANEForge states for expm1.
constexpr Domain kDomains[] = {
    {"sin", -kHalfPi, kHalfPi},
    {"cos", -kHalfPi, kHalfPi},
    {"erf", -2.0, 2.0},
    {"erfc", 0.0, 65504.0},
    {"erf_via_erfc", 0.0, 65504.0},
    {"lgamma", 1.0, 8.0},
    {"lgamma_raw", 1.0, 8.0},
    {"gamma", 1.0, 2.0},
    {"gamma_via_lgamma", 1.0, 7.5},
    {"expm1", -0.7, 0.7},
    {"log1p", -0.5, 1.0},
    {"bessel_j0", -3.0, 3.0},
    {"bessel_i0", -3.75, 3.75},
};

}  // namespace

bool SpecialFunctionDomain(const std::string& name, double* lo, double* hi) {
  for (const Domain& d : kDomains) {
    if (name == d.name) {
      *lo = d.lo;
      *hi = d.hi;
      return true;
    }
  }
  return false;
}

}  // namespace ane
}  // namespace refmath
