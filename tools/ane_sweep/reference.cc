#include "tools/ane_sweep/reference.h"

#include <math.h>

#include "src/verify/mpfr.h"
#include "src/verify/mpfr_math.h"

namespace refmath {
namespace ane_sweep {
namespace {

// The ANE registry's names that differ from the function they compute.
struct Alias {
  const char* name;
  Math math;
};

constexpr Alias kAliases[] = {
    {"erf_via_erfc", Math::kErf},
    {"lgamma_raw", Math::kLgamma},
    {"gamma_via_lgamma", Math::kGamma},
};

}  // namespace

Math MathOf(const std::string& name) {
  for (const Alias& a : kAliases) {
    if (name == a.name) return a.math;
  }
  return MathFromName(name);
}

double Reference(Math f, double xd) {
  if (isnan(xd)) return NAN;
  MpfrNumber x, r;
  mpfr_set_d(x, xd, MPFR_RNDN);  // exact: a binary16 value
  return MpfrMath(f, r, x) ? r.ToDouble() : NAN;
}

bool Oracle(Math f, refmath_function* kernel, bool* negate) {
  *negate = false;
  switch (f) {
    case Math::kExp: *kernel = REFMATH_EXP; return true;
    case Math::kLog: *kernel = REFMATH_LOG; return true;
    case Math::kTanh: *kernel = REFMATH_TANH; return true;
    case Math::kSigmoid: *kernel = REFMATH_SIGMOID; return true;
    case Math::kErf: *kernel = REFMATH_ERF; return true;
    case Math::kErfc:  // erfc(x) = 1 + erf(-x)
      *kernel = REFMATH_ONE_PLUS_ERF;
      *negate = true;
      return true;
    default: return false;
  }
}

}  // namespace ane_sweep
}  // namespace refmath
