#include "src/verify/reference.h"

#include <math.h>

#include "src/verify/file_io.h"
#include "src/verify/mpfr.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace sweep {
namespace {

double Sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

// sqrt(2/pi) * (x + 0.044715 x^3): the GELU tanh form's argument.
double GeluTanhArgument(double x) {
  return 0.79788456080286535588 * (x + 0.044715 * x * x * x);
}

// r = f(x), to kMpfrPrecision bits.  Returns false where f(x) is undefined.
bool EvalMpfr(refmath_function f, float xf, mpfr_ptr r) {
  MpfrNumber x, t, u;
  mpfr_set_flt(x, xf, MPFR_RNDN);
  if (isnan(xf)) return false;
  if (isinf(xf) && (f == REFMATH_GELU_ERF || f == REFMATH_GELU_TANH)) {
    // The limits: gelu(-inf) = -0, gelu(+inf) = +inf.
    if (xf < 0) {
      mpfr_set_zero(r, -1);
    } else {
      mpfr_set_inf(r, 1);
    }
    return true;
  }
  switch (f) {
    case REFMATH_EXP:
    case REFMATH_EXP_NONPOSITIVE:
      mpfr_exp(r, x, MPFR_RNDN);
      return true;
    case REFMATH_LOG:
      if (mpfr_sgn(x.get()) < 0) return false;
      mpfr_log(r, x, MPFR_RNDN);  // log(0) = -inf
      return true;
    case REFMATH_SIGMOID:
      MpfrSigmoid(r, x);
      return true;
    case REFMATH_TANH:
      mpfr_tanh(r, x, MPFR_RNDN);
      return true;
    case REFMATH_ERF:
      mpfr_erf(r, x, MPFR_RNDN);
      return true;
    case REFMATH_ONE_PLUS_ERF:  // erfc(-x), no cancellation
      mpfr_neg(t, x, MPFR_RNDN);
      mpfr_erfc(r, t, MPFR_RNDN);
      return true;
    case REFMATH_GELU_ERF:  // 0.5 x erfc(-x / sqrt 2)
      mpfr_sqrt_ui(t, 2, MPFR_RNDN);
      mpfr_div(t, x, t, MPFR_RNDN);
      mpfr_neg(t, t, MPFR_RNDN);
      mpfr_erfc(t, t, MPFR_RNDN);
      mpfr_mul(r, x, t, MPFR_RNDN);
      mpfr_div_2ui(r, r, 1, MPFR_RNDN);
      return true;
    case REFMATH_GELU_TANH: {  // x / (1 + exp(-2u)) = 0.5 x (1 + tanh u)
      mpfr_const_pi(t, MPFR_RNDN);
      mpfr_ui_div(t, 2, t, MPFR_RNDN);
      mpfr_sqrt(t, t, MPFR_RNDN);  // sqrt(2/pi)
      mpfr_set_str(u, "0.044715", 10, MPFR_RNDN);
      MpfrNumber x3;
      mpfr_pow_ui(x3, x, 3, MPFR_RNDN);
      mpfr_mul(u, u, x3, MPFR_RNDN);
      mpfr_add(u, u, x, MPFR_RNDN);
      mpfr_mul(u, u, t, MPFR_RNDN);  // u
      mpfr_mul_si(u, u, -2, MPFR_RNDN);
      mpfr_exp(u, u, MPFR_RNDN);
      mpfr_add_ui(u, u, 1, MPFR_RNDN);
      mpfr_div(r, x, u, MPFR_RNDN);
      return true;
    }
  }
  return false;
}

}  // namespace

double ReferenceDouble(refmath_function f, float xf) {
  const double x = xf;
  if (isinf(x) && (f == REFMATH_GELU_ERF || f == REFMATH_GELU_TANH)) {
    return x < 0 ? -0.0 : x;  // the limits
  }
  switch (f) {
    case REFMATH_EXP:
    case REFMATH_EXP_NONPOSITIVE: return exp(x);
    case REFMATH_LOG: return x < 0 ? NAN : log(x);
    case REFMATH_SIGMOID: return Sigmoid(x);
    case REFMATH_TANH: return tanh(x);
    case REFMATH_ERF: return erf(x);
    case REFMATH_ONE_PLUS_ERF: return erfc(-x);
    case REFMATH_GELU_ERF: return 0.5 * x * erfc(-x * 0.70710678118654752440);
    case REFMATH_GELU_TANH: return x * Sigmoid(2.0 * GeluTanhArgument(x));
  }
  return NAN;
}

double ReferenceDoubleRelativeError(refmath_function f) {
  // glibc's exp/log/tanh/erf/erfc are within a few ulp of double (~1e-15
  // with margin).  The GELU forms add the error of the double argument
  // (x / sqrt 2 or u), amplified by about 2x^2 in the erfc/exp tail:
  // up to ~1e-13 for |x| <= 100, beyond which the fp32 result is 0 or x.
  switch (f) {
    case REFMATH_GELU_ERF:
    case REFMATH_GELU_TANH: return 1e-12;
    default: return 1e-14;
  }
}

MpfrResult ReferenceMpfr(refmath_function f, float x, float got) {
  MpfrResult out;
  MpfrNumber r, diff;
  if (!EvalMpfr(f, x, r)) {
    out.correctly_rounded_bits = 0x7FC00000u;
    out.value = NAN;
    out.ulp_error = isnan(got) ? 0 : INFINITY;
    return out;
  }
  const float cr = static_cast<float>(RoundMpfrTo(r, Format::kBinary32));
  out.correctly_rounded_bits = isnan(cr) ? 0x7FC00000u : io::FloatBits(cr);
  out.value = r.ToDouble();
  if (isnan(got)) {
    out.ulp_error = INFINITY;
    return out;
  }
  if (isinf(got) || isinf(cr)) {
    out.ulp_error =
        (isinf(got) && io::FloatBits(got) == io::FloatBits(cr)) ? 0 : INFINITY;
    return out;
  }
  // |got - f(x)| / spacing at the (finite) correctly rounded value; the
  // division by a power of two is exact.
  mpfr_set_flt(diff, got, MPFR_RNDN);
  mpfr_sub(diff, diff, r, MPFR_RNDN);
  mpfr_abs(diff, diff, MPFR_RNDN);
  mpfr_div_d(diff, diff, SpacingOf(cr, Format::kBinary32), MPFR_RNDN);
  out.ulp_error = diff.ToDouble();
  return out;
}

}  // namespace sweep
}  // namespace refmath
