#include "tools/ane_sweep/reference.h"

#include <math.h>

#include "src/verify/mpfr.h"

namespace refmath {
namespace ane_sweep {
namespace {

struct Name {
  const char* name;
  Math math;
};

constexpr Name kNames[] = {
    {"neg", Math::kNeg},
    {"abs", Math::kAbs},
    {"square", Math::kSquare},
    {"sqrt", Math::kSqrt},
    {"reciprocal", Math::kReciprocal},
    {"exp", Math::kExp},
    {"log", Math::kLog},
    {"tanh", Math::kTanh},
    {"sigmoid", Math::kSigmoid},
    {"sin", Math::kSin},
    {"cos", Math::kCos},
    {"erf", Math::kErf},
    {"erf_via_erfc", Math::kErf},
    {"erfc", Math::kErfc},
    {"lgamma", Math::kLgamma},
    {"lgamma_raw", Math::kLgamma},
    {"gamma", Math::kGamma},
    {"gamma_via_lgamma", Math::kGamma},
    {"expm1", Math::kExpm1},
    {"log1p", Math::kLog1p},
    {"bessel_j0", Math::kBesselJ0},
    {"bessel_i0", Math::kBesselI0},
};

// I0(x) = sum_k ((x/2)^2)^k / (k!)^2, summed until a term no longer
// changes the 128-bit sum (all terms are positive, so no cancellation).
void BesselI0(mpfr_ptr r, mpfr_srcptr x) {
  MpfrNumber q, term, next;
  mpfr_div_ui(q, x, 2, MPFR_RNDN);
  mpfr_sqr(q, q, MPFR_RNDN);  // (x/2)^2
  mpfr_set_ui(term, 1, MPFR_RNDN);
  mpfr_set_ui(r, 1, MPFR_RNDN);
  for (unsigned long k = 1; !mpfr_zero_p(term.get()); ++k) {
    mpfr_mul(term, term, q, MPFR_RNDN);
    mpfr_div_ui(term, term, k * k, MPFR_RNDN);
    mpfr_add(next, r, term, MPFR_RNDN);
    if (mpfr_equal_p(next, r)) break;
    mpfr_set(r, next, MPFR_RNDN);
  }
}

}  // namespace

Math MathOf(const std::string& name) {
  for (const Name& n : kNames) {
    if (name == n.name) return n.math;
  }
  return Math::kNone;
}

const char* MathName(Math m) {
  for (const Name& n : kNames) {
    if (n.math == m) return n.name;
  }
  return "none";
}

double Reference(Math f, double xd) {
  if (isnan(xd)) return NAN;
  MpfrNumber x, r;
  mpfr_set_d(x, xd, MPFR_RNDN);  // exact: a binary16 value
  int sign = 0;
  switch (f) {
    case Math::kNone: return NAN;
    case Math::kNeg: mpfr_neg(r, x, MPFR_RNDN); break;
    case Math::kAbs: mpfr_abs(r, x, MPFR_RNDN); break;
    case Math::kSquare: mpfr_sqr(r, x, MPFR_RNDN); break;
    case Math::kSqrt: mpfr_sqrt(r, x, MPFR_RNDN); break;
    case Math::kReciprocal:
      mpfr_ui_div(r, 1, x, MPFR_RNDN);
      break;
    case Math::kExp: mpfr_exp(r, x, MPFR_RNDN); break;
    case Math::kLog: mpfr_log(r, x, MPFR_RNDN); break;
    case Math::kTanh: mpfr_tanh(r, x, MPFR_RNDN); break;
    case Math::kSigmoid: MpfrSigmoid(r, x); break;
    case Math::kSin: mpfr_sin(r, x, MPFR_RNDN); break;
    case Math::kCos: mpfr_cos(r, x, MPFR_RNDN); break;
    case Math::kErf: mpfr_erf(r, x, MPFR_RNDN); break;
    case Math::kErfc: mpfr_erfc(r, x, MPFR_RNDN); break;
    case Math::kLgamma:  // log|Gamma(x)|
      mpfr_lgamma(r, &sign, x, MPFR_RNDN);
      break;
    case Math::kGamma: mpfr_gamma(r, x, MPFR_RNDN); break;
    case Math::kExpm1: mpfr_expm1(r, x, MPFR_RNDN); break;
    case Math::kLog1p: mpfr_log1p(r, x, MPFR_RNDN); break;
    case Math::kBesselJ0: mpfr_j0(r, x, MPFR_RNDN); break;
    case Math::kBesselI0: BesselI0(r, x); break;
  }
  return r.ToDouble();
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
