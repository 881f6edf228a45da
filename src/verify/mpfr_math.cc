#include "src/verify/mpfr_math.h"

#include "src/verify/mpfr.h"

namespace refmath {
namespace {

struct Row {
  Math f;
  const char* name;
};

constexpr Row kRows[] = {
    {Math::kNone, "none"},       {Math::kNeg, "neg"},
    {Math::kAbs, "abs"},         {Math::kSquare, "square"},
    {Math::kSqrt, "sqrt"},       {Math::kReciprocal, "reciprocal"},
    {Math::kExp, "exp"},         {Math::kLog, "log"},
    {Math::kTanh, "tanh"},       {Math::kSigmoid, "sigmoid"},
    {Math::kSin, "sin"},         {Math::kCos, "cos"},
    {Math::kErf, "erf"},         {Math::kErfc, "erfc"},
    {Math::kLgamma, "lgamma"},   {Math::kGamma, "gamma"},
    {Math::kExpm1, "expm1"},     {Math::kLog1p, "log1p"},
    {Math::kBesselJ0, "bessel_j0"}, {Math::kBesselI0, "bessel_i0"},
    {Math::kExp2, "exp2"},       {Math::kExp10, "exp10"},
    {Math::kLog2, "log2"},       {Math::kLog10, "log10"},
    {Math::kSinh, "sinh"},       {Math::kCosh, "cosh"},
    {Math::kAsinh, "asinh"},     {Math::kAcosh, "acosh"},
    {Math::kAtanh, "atanh"},     {Math::kCbrt, "cbrt"},
    {Math::kRsqrt, "rsqrt"},     {Math::kTan, "tan"},
    {Math::kSinpi, "sinpi"},     {Math::kCospi, "cospi"},
    {Math::kAtan, "atan"},       {Math::kAsin, "asin"},
    {Math::kAcos, "acos"},
};

// I0(x) = sum_k ((x/2)^2)^k / (k!)^2, summed until a term no longer
// changes the working-precision sum (all terms are positive, so no
// cancellation).
void BesselI0(mpfr_ptr r, mpfr_srcptr x) {
  MpfrNumber q, term, next, sum;
  mpfr_div_ui(q, x, 2, MPFR_RNDN);
  mpfr_sqr(q, q, MPFR_RNDN);  // (x/2)^2
  mpfr_set_ui(term, 1, MPFR_RNDN);
  mpfr_set_ui(sum, 1, MPFR_RNDN);
  for (unsigned long k = 1; !mpfr_zero_p(term.get()); ++k) {
    mpfr_mul(term, term, q, MPFR_RNDN);
    mpfr_div_ui(term, term, k * k, MPFR_RNDN);
    mpfr_add(next, sum, term, MPFR_RNDN);
    if (mpfr_equal_p(next, sum)) break;
    mpfr_set(sum, next, MPFR_RNDN);
  }
  mpfr_set(r, sum, MPFR_RNDN);
}

}  // namespace

const char* MathName(Math f) {
  for (const Row& row : kRows) {
    if (row.f == f) return row.name;
  }
  return "none";
}

Math MathFromName(const std::string& name) {
  for (const Row& row : kRows) {
    if (name == row.name) return row.f;
  }
  return Math::kNone;
}

bool MpfrMath(Math f, mpfr_ptr r, mpfr_srcptr x) {
  int sign = 0;
  switch (f) {
    case Math::kNone: return false;
    case Math::kNeg: mpfr_neg(r, x, MPFR_RNDN); return true;
    case Math::kAbs: mpfr_abs(r, x, MPFR_RNDN); return true;
    case Math::kSquare: mpfr_sqr(r, x, MPFR_RNDN); return true;
    case Math::kSqrt: mpfr_sqrt(r, x, MPFR_RNDN); return true;
    case Math::kReciprocal: mpfr_ui_div(r, 1, x, MPFR_RNDN); return true;
    case Math::kExp: mpfr_exp(r, x, MPFR_RNDN); return true;
    case Math::kLog: mpfr_log(r, x, MPFR_RNDN); return true;
    case Math::kTanh: mpfr_tanh(r, x, MPFR_RNDN); return true;
    case Math::kSigmoid: MpfrSigmoid(r, x); return true;
    case Math::kSin: mpfr_sin(r, x, MPFR_RNDN); return true;
    case Math::kCos: mpfr_cos(r, x, MPFR_RNDN); return true;
    case Math::kTan: mpfr_tan(r, x, MPFR_RNDN); return true;
    case Math::kSinpi: mpfr_sinpi(r, x, MPFR_RNDN); return true;
    case Math::kCospi: mpfr_cospi(r, x, MPFR_RNDN); return true;
    case Math::kAtan: mpfr_atan(r, x, MPFR_RNDN); return true;
    case Math::kAsin: mpfr_asin(r, x, MPFR_RNDN); return true;
    case Math::kAcos: mpfr_acos(r, x, MPFR_RNDN); return true;
    case Math::kErf: mpfr_erf(r, x, MPFR_RNDN); return true;
    case Math::kErfc: mpfr_erfc(r, x, MPFR_RNDN); return true;
    case Math::kLgamma: mpfr_lgamma(r, &sign, x, MPFR_RNDN); return true;
    case Math::kGamma: mpfr_gamma(r, x, MPFR_RNDN); return true;
    case Math::kExpm1: mpfr_expm1(r, x, MPFR_RNDN); return true;
    case Math::kExp2: mpfr_exp2(r, x, MPFR_RNDN); return true;
    case Math::kExp10: mpfr_exp10(r, x, MPFR_RNDN); return true;
    case Math::kLog2: mpfr_log2(r, x, MPFR_RNDN); return true;
    case Math::kLog10: mpfr_log10(r, x, MPFR_RNDN); return true;
    case Math::kLog1p: mpfr_log1p(r, x, MPFR_RNDN); return true;
    case Math::kSinh: mpfr_sinh(r, x, MPFR_RNDN); return true;
    case Math::kCosh: mpfr_cosh(r, x, MPFR_RNDN); return true;
    case Math::kAsinh: mpfr_asinh(r, x, MPFR_RNDN); return true;
    case Math::kAcosh: mpfr_acosh(r, x, MPFR_RNDN); return true;
    case Math::kAtanh: mpfr_atanh(r, x, MPFR_RNDN); return true;
    case Math::kCbrt: mpfr_cbrt(r, x, MPFR_RNDN); return true;
    case Math::kRsqrt: mpfr_rec_sqrt(r, x, MPFR_RNDN); return true;
    case Math::kBesselJ0: mpfr_j0(r, x, MPFR_RNDN); return true;
    case Math::kBesselI0: BesselI0(r, x); return true;
  }
  return false;
}

}  // namespace refmath
