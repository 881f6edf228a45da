// The mathematical functions MPFR evaluates for every tool and test, one
// table: refmath's own references (reference.h) and the ANE model's
// (tools/ane_sweep) both evaluate through it, and a new function's
// reference is one row here.
#ifndef REFMATH_SRC_VERIFY_MPFR_MATH_H_
#define REFMATH_SRC_VERIFY_MPFR_MATH_H_

#include <mpfr.h>

#include <string>

namespace refmath {

// kNone stands for "no reference known".
enum class Math {
  kNone, kNeg, kAbs, kSquare, kSqrt, kReciprocal, kExp, kLog, kTanh,
  kSigmoid, kSin, kCos, kErf, kErfc, kLgamma, kGamma, kExpm1, kLog1p,
  kBesselJ0, kBesselI0, kExp2, kExp10, kLog2, kLog10, kSinh, kCosh,
  kAsinh, kAcosh, kAtanh, kCbrt, kRsqrt, kTan, kSinpi, kCospi,
  kAtan, kAsin, kAcos,
};

// "exp", "lgamma" (log|Gamma|), "bessel_j0", ...; "none" for kNone.
const char* MathName(Math f);
// The function of that name, or kNone.
Math MathFromName(const std::string& name);

// r = f(x) to r's precision (each step of a composition at the working
// precision of mpfr.h); NaN where f is undefined, +-inf at a pole.
// False for kNone.
bool MpfrMath(Math f, mpfr_ptr r, mpfr_srcptr x);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_MPFR_MATH_H_
