// Reference values of the functions refmath computes: a fast double
// precision one (glibc libm, about 1e-16 relative) used for whole sweeps,
// and an MPFR one (128 bits) that checks the first and decides every case
// where double precision is not enough.
#ifndef REFMATH_SRC_VERIFY_REFERENCE_H_
#define REFMATH_SRC_VERIFY_REFERENCE_H_

#include <stdint.h>

#include "refmath/refmath.h"
#include "src/verify/mpfr.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace sweep {

// f(x) in double precision.  NaN where f is undefined (log of a negative).
double ReferenceDouble(refmath_function f, float x);

// A bound on ReferenceDouble's relative error for f, with margin: inside
// it the double reference cannot tell on which side of a rounding boundary
// the true value lies, and MPFR decides.
double ReferenceDoubleRelativeError(refmath_function f);

// How far, in ulps of `format` at `rounded` (ref rounded to the format,
// finite), ReferenceDouble's `ref` may be from f(x): its relative error
// bound, with margin.
double ReferenceUlpTolerance(refmath_function f, double ref, double rounded,
                             Format format);

// Whether f(x) might round to the format differently from its double
// reference `ref` (which rounds to `rounded`, +-inf included): ref lies
// within ReferenceUlpTolerance of a rounding boundary (a midpoint, or
// the overflow threshold), so only MPFR can say.
bool NearRoundingBoundary(refmath_function f, double ref, double rounded,
                          Format format);

struct MpfrResult {
  double ulp_error;        // |got - f(x)| / spacing at CR(f(x)); 0 if both inf/NaN agree
  uint32_t correctly_rounded_bits;  // binary32 CR(f(x)) (canonical NaN if undefined)
  double value;            // f(x) rounded to double
};

// f(x) to 128 bits, compared with `got`.  Thread-safe (MPFR's exponent
// range is set per thread and restored).
MpfrResult ReferenceMpfr(refmath_function f, float x, float got);

// The binary32 bits of f(x) correctly rounded to `format` (a binary16 or
// bfloat16 result is a binary32 value exactly; +-inf where the format
// overflows), the canonical NaN 0x7FC00000 where f(x) is undefined.
uint32_t CorrectlyRoundedBits(refmath_function f, float x, Format format);

// f(x) to kMpfrPrecision bits in r.  False where f(x) is undefined (NaN).
bool ReferenceMpfrValue(refmath_function f, float x, mpfr_ptr r);

// ReferenceMpfr's ulp error for a `got` of any format (a value of it, as
// a double), in that format's ulps: 0 where got is NaN and f(x) undefined
// or both are the same infinity, +inf for a NaN or infinity on one side
// only (f(x) counting as infinite where it rounds to infinity).
double ReferenceMpfrUlp(refmath_function f, float x, double got,
                        Format format);

}  // namespace sweep
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_REFERENCE_H_
