// The true value of f(x) for a binary32 x, for measuring results of any
// output format against it: the double reference (glibc, with its error
// bound), and MPFR wherever that bound leaves a doubt, so that every
// correctly-rounded verdict and every "nearer" verdict is exact and every
// ulp figure is good to the stated tolerance.
#ifndef REFMATH_SRC_VERIFY_TRUTH_H_
#define REFMATH_SRC_VERIFY_TRUTH_H_

#include "refmath/refmath.h"
#include "src/verify/ulp.h"

namespace refmath {

struct Truth {
  bool defined = true;  // false: f(x) is NaN (log of x < 0, a NaN x)
  // f(x): the double reference, or MPFR's value rounded to double where
  // MPFR decided.
  double value = 0;
  // f(x) correctly rounded to the format (ties to even, +-inf beyond its
  // largest finite value), as a double; NaN where undefined.
  double rounded = 0;
  // A bound, in ulps of the format, on how far a figure measured against
  // `value` can be from the one measured against f(x) itself.
  double tolerance = 0;
};

Truth TruthOf(refmath_function f, float x, Format format);

// |got - f(x)| in ulps of the format at the correctly rounded value (got a
// value of the format, as a double), to within t.tolerance: 0 where got is
// NaN and f(x) undefined or both are the same infinity, +inf for a NaN or
// infinity on one side only.
double UlpFromTruth(const Truth& t, double got, Format format);

// got is f(x) correctly rounded: the same value with the same sign (of a
// zero too), or a NaN where f(x) is undefined.
bool IsCorrectlyRounded(const Truth& t, double got);

// Which of a and b (values of the format) is nearer f(x): -1 a, +1 b, 0
// equally near (or equally wrong: both NaN/inf disagreements).  Exact:
// MPFR decides where the double reference cannot.
int Nearer(refmath_function f, float x, const Truth& t, double a, double b,
           Format format);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_TRUTH_H_
