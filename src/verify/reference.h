// Reference values of the functions refmath computes: a fast double
// precision one (glibc libm, about 1e-16 relative) used for whole sweeps,
// and an MPFR one (128 bits) that checks the first and decides every case
// where double precision is not enough.
#ifndef REFMATH_SRC_VERIFY_REFERENCE_H_
#define REFMATH_SRC_VERIFY_REFERENCE_H_

#include <stdint.h>

#include "refmath/refmath.h"

namespace refmath {
namespace sweep {

// f(x) in double precision.  NaN where f is undefined (log of a negative).
double ReferenceDouble(refmath_function f, float x);

// A bound on ReferenceDouble's relative error for f, with margin: inside
// it the double reference cannot tell on which side of a rounding boundary
// the true value lies, and MPFR decides.
double ReferenceDoubleRelativeError(refmath_function f);

struct MpfrResult {
  double ulp_error;        // |got - f(x)| / spacing at CR(f(x)); 0 if both inf/NaN agree
  uint32_t correctly_rounded_bits;  // binary32 CR(f(x)) (canonical NaN if undefined)
  double value;            // f(x) rounded to double
};

// f(x) to 128 bits, compared with `got`.  Thread-safe (MPFR's exponent
// range is set per thread and restored).
MpfrResult ReferenceMpfr(refmath_function f, float x, float got);

}  // namespace sweep
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_REFERENCE_H_
