#include "src/base/bits.h"
#include "src/verify/reference.h"

#include <math.h>

#include "src/verify/file_io.h"
#include "src/verify/mpfr.h"
#include "src/verify/mpfr_math.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace sweep {
namespace {

double Sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

// sqrt(2/pi) * (x + 0.044715 x^3): the GELU tanh form's argument.
double GeluTanhArgument(double x) {
  return 0.79788456080286535588 * (x + 0.044715 * x * x * x);
}

bool IsPowerOfTwo(double v) {
  int e;
  return v != 0 && fabs(frexp(v, &e)) == 0.5;
}

// |got - r| in ulps of the format at cr (r rounded to it), with the NaN
// and infinity rules of ReferenceMpfrUlp; r is defined (not NaN).
double UlpAgainst(mpfr_srcptr r, double cr, double got, Format format) {
  if (isnan(got)) return INFINITY;
  if (isinf(got) || isinf(cr)) return got == cr ? 0 : INFINITY;
  // The division by a power of two is exact.
  MpfrNumber diff;
  mpfr_set_d(diff, got, MPFR_RNDN);
  mpfr_sub(diff, diff, r, MPFR_RNDN);
  mpfr_abs(diff, diff, MPFR_RNDN);
  mpfr_div_d(diff, diff, SpacingOf(cr, format), MPFR_RNDN);
  return diff.ToDouble();
}

// r = x/2 + (x/2) h for |x| < 1, the GELU form without cancellation, with
// the sum rounded to odd: for tiny x, (x/2) h lies below r's last bit, and
// a sum rounded to nearest would be x/2 itself, a binary32 midpoint where
// x/2 is one, which binary32 would then round to even instead of toward
// the true value.  Rounded to odd (toward zero, last bit set if inexact),
// r rounds to any format of fewer bits as the exact sum would.
void HalfXPlusHalfXTimes(mpfr_ptr r, mpfr_srcptr x, mpfr_ptr h) {
  if (mpfr_zero_p(x)) {  // gelu(+-0) = +-0
    mpfr_set(r, x, MPFR_RNDN);
    return;
  }
  MpfrNumber half_x;
  mpfr_div_2ui(half_x, x, 1, MPFR_RNDN);  // exact
  mpfr_mul(h, h, half_x, MPFR_RNDN);
  const int inexact = mpfr_add(r, half_x, h, MPFR_RNDZ);
  if (inexact != 0 && mpfr_min_prec(r) < mpfr_get_prec(r)) {
    if (mpfr_sgn(r) > 0) {
      mpfr_nextabove(r);
    } else {
      mpfr_nextbelow(r);
    }
  }
}

// ln(1 + e^x) = max(x, 0) + log1p(e^-|x|), the softplus without
// cancellation or overflow.
void MpfrSoftplus(mpfr_ptr r, mpfr_srcptr x) {
  MpfrNumber t;
  mpfr_abs(t, x, MPFR_RNDN);
  mpfr_neg(t, t, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_log1p(t, t, MPFR_RNDN);
  if (mpfr_sgn(x) > 0) {
    mpfr_add(r, x, t, MPFR_RNDN);
  } else {
    mpfr_set(r, t, MPFR_RNDN);
  }
}

// x tanh(ln(1 + e^x)) = x U / (U + 2) with U = t (t + 2), t = e^x; for
// x > 0 divided through by e^2x, x (1 + 2s) / (1 + 2s + 2s^2) with s =
// e^-x, so that nothing overflows.
void MpfrMish(mpfr_ptr r, mpfr_srcptr x) {
  MpfrNumber t, num, den;
  if (mpfr_sgn(x) > 0) {
    mpfr_neg(t, x, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);          // s
    mpfr_mul_2ui(num, t, 1, MPFR_RNDN);  // 2s
    mpfr_sqr(den, t, MPFR_RNDN);
    mpfr_mul_2ui(den, den, 1, MPFR_RNDN);
    mpfr_add(den, den, num, MPFR_RNDN);
    mpfr_add_ui(den, den, 1, MPFR_RNDN);  // 1 + 2s + 2s^2
    mpfr_add_ui(num, num, 1, MPFR_RNDN);  // 1 + 2s
  } else {
    mpfr_exp(t, x, MPFR_RNDN);
    mpfr_add_ui(num, t, 2, MPFR_RNDN);
    mpfr_mul(num, num, t, MPFR_RNDN);     // U
    mpfr_add_ui(den, num, 2, MPFR_RNDN);  // U + 2
  }
  mpfr_div(num, num, den, MPFR_RNDN);
  mpfr_mul(r, x, num, MPFR_RNDN);
}

// The functions whose limit at -inf is -0 and at +inf is +inf (MPFR's
// formulas would give inf * 0 or inf / inf there).
bool HasGeluLimits(refmath_function f) {
  return f == REFMATH_GELU_ERF || f == REFMATH_GELU_TANH ||
         f == REFMATH_SILU || f == REFMATH_MISH;
}

// r from MpfrMath, false where it is NaN (f undefined at x).
bool Defined(Math m, mpfr_ptr r, mpfr_srcptr x) {
  return MpfrMath(m, r, x) && !mpfr_nan_p(r);
}

}  // namespace

bool ReferenceMpfrValue(refmath_function f, float xf, mpfr_ptr r) {
  MpfrNumber x, t, u;
  mpfr_set_flt(x, xf, MPFR_RNDN);
  if (isnan(xf)) return false;
  if (isinf(xf) && HasGeluLimits(f)) {
    // The limits: gelu(-inf) = -0, gelu(+inf) = +inf, and so for silu
    // and mish.
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
      return MpfrMath(Math::kExp, r, x);
    case REFMATH_LOG:
      if (mpfr_sgn(x.get()) < 0) return false;
      return MpfrMath(Math::kLog, r, x);  // log(0) = -inf
    case REFMATH_LOG2:
    case REFMATH_LOG10:
      if (mpfr_sgn(x.get()) < 0) return false;
      return MpfrMath(f == REFMATH_LOG2 ? Math::kLog2 : Math::kLog10, r, x);
    case REFMATH_EXP2: return MpfrMath(Math::kExp2, r, x);
    case REFMATH_EXP10: return MpfrMath(Math::kExp10, r, x);
    case REFMATH_EXPM1: return MpfrMath(Math::kExpm1, r, x);
    case REFMATH_SIGMOID: return MpfrMath(Math::kSigmoid, r, x);
    case REFMATH_TANH: return MpfrMath(Math::kTanh, r, x);
    case REFMATH_ERF: return MpfrMath(Math::kErf, r, x);
    case REFMATH_ONE_PLUS_ERF:  // erfc(-x), no cancellation
      mpfr_neg(t, x, MPFR_RNDN);
      mpfr_erfc(r, t, MPFR_RNDN);
      return true;
    case REFMATH_GELU_ERF:  // 0.5 x erfc(-x / sqrt 2)
      mpfr_sqrt_ui(t, 2, MPFR_RNDN);
      mpfr_div(t, x, t, MPFR_RNDN);
      if (mpfr_cmpabs_ui(x, 1) < 0) {  // x/2 + (x/2) erf(x / sqrt 2)
        mpfr_erf(t, t, MPFR_RNDN);
        HalfXPlusHalfXTimes(r, x, t);
        return true;
      }
      mpfr_neg(t, t, MPFR_RNDN);
      mpfr_erfc(t, t, MPFR_RNDN);
      mpfr_mul(r, x, t, MPFR_RNDN);
      mpfr_div_2ui(r, r, 1, MPFR_RNDN);
      return true;
    case REFMATH_LOG1P: return Defined(Math::kLog1p, r, x);
    case REFMATH_SINH: return MpfrMath(Math::kSinh, r, x);
    case REFMATH_COSH: return MpfrMath(Math::kCosh, r, x);
    case REFMATH_ASINH: return MpfrMath(Math::kAsinh, r, x);
    case REFMATH_ACOSH: return Defined(Math::kAcosh, r, x);
    case REFMATH_ATANH: return Defined(Math::kAtanh, r, x);
    case REFMATH_ERFC: return MpfrMath(Math::kErfc, r, x);
    case REFMATH_CBRT: return MpfrMath(Math::kCbrt, r, x);
    case REFMATH_SIN: return MpfrMath(Math::kSin, r, x);
    case REFMATH_COS: return MpfrMath(Math::kCos, r, x);
    case REFMATH_TAN: return MpfrMath(Math::kTan, r, x);
    case REFMATH_SINPI: return MpfrMath(Math::kSinpi, r, x);
    case REFMATH_COSPI: return MpfrMath(Math::kCospi, r, x);
    case REFMATH_ATAN: return MpfrMath(Math::kAtan, r, x);
    case REFMATH_ASIN: return Defined(Math::kAsin, r, x);
    case REFMATH_ACOS: return Defined(Math::kAcos, r, x);
    case REFMATH_RSQRT:
      if (mpfr_zero_p(x.get())) {  // IEEE 754 rSqrt(+-0) = +-inf
        mpfr_set_inf(r, mpfr_signbit(x.get()) ? -1 : 1);
        return true;
      }
      return Defined(Math::kRsqrt, r, x);
    case REFMATH_SILU:  // x / (1 + e^-x) = x/2 + (x/2) tanh(x/2)
      if (mpfr_cmpabs_ui(x, 1) < 0) {
        mpfr_div_2ui(t, x, 1, MPFR_RNDN);
        mpfr_tanh(t, t, MPFR_RNDN);
        HalfXPlusHalfXTimes(r, x, t);
        return true;
      }
      MpfrSigmoid(t, x);
      mpfr_mul(r, x, t, MPFR_RNDN);
      return true;
    case REFMATH_SOFTPLUS: MpfrSoftplus(r, x); return true;
    case REFMATH_LOG_SIGMOID:  // -softplus(-x)
      mpfr_neg(t, x, MPFR_RNDN);
      MpfrSoftplus(r, t);
      mpfr_neg(r, r, MPFR_RNDN);
      return true;
    case REFMATH_MISH: MpfrMish(r, x); return true;
    case REFMATH_GELU_TANH: {  // x / (1 + exp(-2u)) = 0.5 x (1 + tanh u)
      // 0.044715 is the decimal itself (to 128 bits), not its binary32.
      mpfr_const_pi(t, MPFR_RNDN);
      mpfr_ui_div(t, 2, t, MPFR_RNDN);
      mpfr_sqrt(t, t, MPFR_RNDN);  // sqrt(2/pi)
      mpfr_set_str(u, "0.044715", 10, MPFR_RNDN);
      MpfrNumber x3;
      mpfr_pow_ui(x3, x, 3, MPFR_RNDN);
      mpfr_mul(u, u, x3, MPFR_RNDN);
      mpfr_add(u, u, x, MPFR_RNDN);
      mpfr_mul(u, u, t, MPFR_RNDN);  // u
      if (mpfr_cmpabs_ui(x, 1) < 0) {  // x/2 + (x/2) tanh u
        mpfr_tanh(u, u, MPFR_RNDN);
        HalfXPlusHalfXTimes(r, x, u);
        return true;
      }
      mpfr_mul_si(u, u, -2, MPFR_RNDN);
      mpfr_exp(u, u, MPFR_RNDN);
      mpfr_add_ui(u, u, 1, MPFR_RNDN);
      mpfr_div(r, x, u, MPFR_RNDN);
      return true;
    }
  }
  return false;
}

namespace {

double Softplus(double x) {
  return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

double Mish(double x) {
  if (x > 0) {
    const double s = exp(-x);
    return x * (1 + 2 * s) / (1 + 2 * s + 2 * s * s);
  }
  const double t = exp(x), u = t * (t + 2);
  return x * u / (u + 2);
}

// sin(pi x) (shift 0) or cos(pi x) (shift 1) in double: x = n/2 + t
// exactly (|t| <= 1/4; |x| >= 2^52 is an even integer), then sin or cos of
// pi t by the quadrant n mod 4.  A zero is sinPi's signed zero or cosPi's
// +0 (IEEE 754-2019).
double SinPiCosPi(double x, int shift) {
  if (!isfinite(x)) return NAN;
  const double a = fabs(x) >= 0x1p52 ? 0.0 : x;
  const double n = nearbyint(2.0 * a);
  const double t = a - 0.5 * n;
  const int q = (static_cast<int>(fmod(n, 4.0)) + 4 + shift) & 3;
  const double s = sin(M_PI * t), c = cos(M_PI * t);
  const double y = q == 0 ? s : q == 1 ? c : q == 2 ? -s : -c;
  if (y != 0) return y;
  return shift == 0 ? copysign(0.0, x) : 0.0;
}

}  // namespace

double ReferenceDouble(refmath_function f, float xf) {
  const double x = xf;
  if (isinf(x) && HasGeluLimits(f)) {
    return x < 0 ? -0.0 : x;  // the limits
  }
  switch (f) {
    case REFMATH_EXP:
    case REFMATH_EXP_NONPOSITIVE: return exp(x);
    case REFMATH_LOG: return x < 0 ? NAN : log(x);
    case REFMATH_LOG2: return x < 0 ? NAN : log2(x);
    case REFMATH_LOG10: return x < 0 ? NAN : log10(x);
    case REFMATH_EXP2: return exp2(x);
    case REFMATH_EXP10: return exp10(x);
    case REFMATH_EXPM1: return expm1(x);
    case REFMATH_SIGMOID: return Sigmoid(x);
    case REFMATH_TANH: return tanh(x);
    case REFMATH_ERF: return erf(x);
    case REFMATH_ONE_PLUS_ERF: return erfc(-x);
    case REFMATH_GELU_ERF: return 0.5 * x * erfc(-x * 0.70710678118654752440);
    case REFMATH_GELU_TANH: return x * Sigmoid(2.0 * GeluTanhArgument(x));
    case REFMATH_LOG1P: return log1p(x);
    case REFMATH_SINH: return sinh(x);
    case REFMATH_COSH: return cosh(x);
    case REFMATH_ASINH: return asinh(x);
    case REFMATH_ACOSH: return acosh(x);
    case REFMATH_ATANH: return atanh(x);
    case REFMATH_ERFC: return erfc(x);
    case REFMATH_CBRT: return cbrt(x);
    case REFMATH_SIN: return sin(x);
    case REFMATH_COS: return cos(x);
    case REFMATH_TAN: return tan(x);
    case REFMATH_SINPI: return SinPiCosPi(x, 0);
    case REFMATH_COSPI: return SinPiCosPi(x, 1);
    case REFMATH_ATAN: return atan(x);
    case REFMATH_ASIN: return asin(x);
    case REFMATH_ACOS: return acos(x);
    case REFMATH_RSQRT: return 1.0 / sqrt(x);
    case REFMATH_SILU: return x * Sigmoid(x);
    case REFMATH_SOFTPLUS: return Softplus(x);
    case REFMATH_LOG_SIGMOID: return -Softplus(-x);
    case REFMATH_MISH: return Mish(x);
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

double ReferenceUlpTolerance(refmath_function f, double ref, double rounded,
                             Format format) {
  return ReferenceDoubleRelativeError(f) * fabs(ref) /
             SpacingOf(rounded, format) +
         1e-12;
}

bool NearRoundingBoundary(refmath_function f, double ref, double rounded,
                          Format format) {
  if (isinf(ref) || isnan(ref)) return false;
  // Beyond the largest finite value the boundary is the overflow
  // threshold, half a spacing above it.
  const FormatParams p = ParamsOf(format);
  const double at =
      isinf(rounded)
          ? copysign(ldexp(2.0 - ldexp(1.0, -p.mantissa_bits), p.max_exponent),
                     ref)
          : rounded;
  const double spacing = SpacingOf(at, format);
  const double d = fabs(ref - at) / spacing;
  const double tol = ReferenceUlpTolerance(f, ref, at, format);
  // Below a power of two the spacing halves: a boundary a quarter of the
  // spacing above it away.
  return fabs(d - 0.5) <= tol || (IsPowerOfTwo(at) && fabs(d - 0.25) <= tol);
}

uint32_t CorrectlyRoundedBits(refmath_function f, float x, Format format) {
  MpfrNumber r;
  if (!ReferenceMpfrValue(f, x, r)) return 0x7FC00000u;
  const double cr = RoundMpfrTo(r, format);
  return isnan(cr) ? 0x7FC00000u : refmath::FloatBits(static_cast<float>(cr));
}

MpfrResult ReferenceMpfr(refmath_function f, float x, float got) {
  MpfrResult out;
  MpfrNumber r;
  if (!ReferenceMpfrValue(f, x, r)) {
    out.correctly_rounded_bits = 0x7FC00000u;
    out.value = NAN;
    out.ulp_error = isnan(got) ? 0 : INFINITY;
    return out;
  }
  const double cr = RoundMpfrTo(r, Format::kBinary32);
  out.correctly_rounded_bits =
      isnan(cr) ? 0x7FC00000u : refmath::FloatBits(static_cast<float>(cr));
  out.value = r.ToDouble();
  out.ulp_error = UlpAgainst(r, cr, got, Format::kBinary32);
  return out;
}

double ReferenceMpfrUlp(refmath_function f, float x, double got,
                        Format format) {
  MpfrNumber r;
  if (!ReferenceMpfrValue(f, x, r)) return isnan(got) ? 0 : INFINITY;
  return UlpAgainst(r, RoundMpfrTo(r, format), got, format);
}

}  // namespace sweep
}  // namespace refmath
