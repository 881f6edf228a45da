// High-precision references for the ANE model's unary binary16 functions
// (refmath/ane/unary.h), by registry name: MPFR at 128 bits, and the exact
// fp32 kernel of refmath that stands for the same function, if any.
#ifndef REFMATH_TOOLS_ANE_SWEEP_REFERENCE_H_
#define REFMATH_TOOLS_ANE_SWEEP_REFERENCE_H_

#include <string>

#include "refmath/refmath.h"

namespace refmath {
namespace ane_sweep {

// What a registry function approximates.  kNone: no reference known here
// (a function added to the registry after this tool).
enum class Math {
  kNone, kNeg, kAbs, kSquare, kSqrt, kReciprocal, kExp, kLog, kTanh,
  kSigmoid, kSin, kCos, kErf, kErfc, kLgamma, kGamma, kExpm1, kLog1p,
  kBesselJ0, kBesselI0,
};

// The mathematical function behind registry name `name` ("erf_via_erfc"
// is erf, "lgamma_raw" lgamma, "gamma_via_lgamma" gamma).
Math MathOf(const std::string& name);
const char* MathName(Math m);

// f(x) computed with MPFR to 128 bits, then rounded to double (NaN where f
// is undefined, +-inf at poles and past double's range).  Thread-safe.
double Reference(Math f, double x);

// refmath's exact fp32 kernel for f and whether its argument is -x
// (erfc(x) = one_plus_erf(-x)); false if refmath has none.
bool Oracle(Math f, refmath_function* kernel, bool* negate);

}  // namespace ane_sweep
}  // namespace refmath

#endif  // REFMATH_TOOLS_ANE_SWEEP_REFERENCE_H_
