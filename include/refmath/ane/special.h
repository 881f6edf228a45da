// fp16 special functions as ANEForge builds them on the Neural Engine:
// polynomial and rational approximations evaluated as chains of binary16
// operations, each rounded once under the profile's rounding (no fused
// multiply-add, constants as fp16(c) through exp(x * 0) * c; see
// special_graph.h).  The formulas, coefficients and domains come from the
// project's notes on the device (docs/ane-special.md gives the sources and
// the measured errors, ulp_tables/ane-fp16.md the sweep over every input).
//
// Every function is defined on all 65536 inputs: inside its domain it
// approximates the named function; outside it returns whatever the same
// chain of operations gives (the graph has no branch, so nothing clamps or
// switches formula), typically a polynomial running away.  Infinite and
// NaN inputs give NaN (the constants become NaN, see special_graph.h).
#ifndef REFMATH_ANE_SPECIAL_H_
#define REFMATH_ANE_SPECIAL_H_

#include <string>

#include "refmath/ane/profile.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// sin(x) = x * P(x^2), P of degree 3; domain [-pi/2, pi/2].
Half Sin(Half x, HalfRounding r = {});
// cos(x) = Q(x^2), Q of degree 3; domain [-pi/2, pi/2].
Half Cos(Half x, HalfRounding r = {});

// erf(x) = x * P(x^2), P a degree-5 fit of erf(x)/x; domain |x| <= 2.
// Odd, exactly 0 at 0.  Beyond |x| = 2 the accurate path is 1 - erfc(|x|)
// (ErfViaErfc); the graph does not switch to it by itself.
Half Erf(Half x, HalfRounding r = {});
// erfc(x) by Abramowitz & Stegun 7.1.26: t = 1 / (1 + p x),
// erfc = t * A(t) * exp(-x^2); domain x >= 0.  For x < 0 the same formula
// is evaluated (meaningless; the pole of t is at x = -1/p, about -3.05);
// erfc(-x) = 2 - erfc(x) belongs on the host.
Half Erfc(Half x, HalfRounding r = {});
// erf(x) as 1 - Erfc(x), for comparison: it cancels near 0 (it returns
// -0.0009765625 at x = 0) and is the accurate form for x >= 2.  Domain
// x >= 0, like Erfc.
Half ErfViaErfc(Half x, HalfRounding r = {});

// log|Gamma(x)| as a degree-8 polynomial in (x - 4.5); domain [1, 8].
Half Lgamma(Half x, HalfRounding r = {});
// The same polynomial expanded into powers of x and evaluated by Horner in
// x, for comparison: the cancelling form the centring avoids.
Half LgammaRawHorner(Half x, HalfRounding r = {});
// Gamma(x) as a degree-6 polynomial in (x - 1.5); domain [1, 2].
Half Gamma(Half x, HalfRounding r = {});
// Gamma(x) = exp(Lgamma(x)) with the native exp; domain [1, 7.5].
Half GammaViaLgamma(Half x, HalfRounding r = {});

// exp(x) - 1 = x * (degree-5 Taylor polynomial); domain |x| <= 0.7.
Half Expm1(Half x, HalfRounding r = {});
// log(1 + x) = x * P(x), P a degree-7 fit of log1p(x)/x; domain
// [-0.5, 1].
Half Log1p(Half x, HalfRounding r = {});

// Bessel J0 by A&S 9.4.1, a degree-6 polynomial in x^2/9; domain |x| <= 3.
Half BesselJ0(Half x, HalfRounding r = {});
// Modified Bessel I0 by A&S 9.8.1, a degree-6 polynomial in x^2/14.0625;
// domain |x| <= 3.75.
Half BesselI0(Half x, HalfRounding r = {});

// F under a device profile (its elementwise rounding): the form the unary
// registry (unary.h) lists, e.g. OnProfile<Sin>.
template <Half (*F)(Half, HalfRounding)>
Half OnProfile(Half x, const Profile& p) {
  return F(x, p.Elementwise());
}

// The domain [*lo, *hi] of the registry's special function `name` (the
// interval the formula is meant for, as above), or false if `name` is not
// one of them.
bool SpecialFunctionDomain(const std::string& name, double* lo, double* hi);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_SPECIAL_H_
