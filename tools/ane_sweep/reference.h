// High-precision references for the ANE model's unary binary16 functions
// (refmath/ane/unary.h), by registry name: MPFR at 128 bits, and the exact
// fp32 kernel of refmath that stands for the same function, if any.
#ifndef REFMATH_TOOLS_ANE_SWEEP_REFERENCE_H_
#define REFMATH_TOOLS_ANE_SWEEP_REFERENCE_H_

#include <string>

#include "refmath/refmath.h"
#include "src/verify/mpfr_math.h"

namespace refmath {
namespace ane_sweep {

// What a registry function approximates: a row of the one MPFR table
// (src/verify/mpfr_math.h).  Math::kNone: no reference known (a function
// added to the registry after this tool).
using ::refmath::Math;
using ::refmath::MathName;

// The mathematical function behind registry name `name` ("erf_via_erfc"
// is erf, "lgamma_raw" lgamma, "gamma_via_lgamma" gamma).
Math MathOf(const std::string& name);

// f(x) computed with MPFR to 128 bits, then rounded to double (NaN where f
// is undefined, +-inf at poles and past double's range).  Thread-safe.
double Reference(Math f, double x);

// refmath's exact fp32 kernel for f and whether its argument is -x
// (erfc(x) = one_plus_erf(-x)); false if refmath has none.
bool Oracle(Math f, refmath_function* kernel, bool* negate);

}  // namespace ane_sweep
}  // namespace refmath

#endif  // REFMATH_TOOLS_ANE_SWEEP_REFERENCE_H_
