#include "src/verify/reduce_truth.h"

#include <math.h>

#include <algorithm>
#include <memory>

#include "src/verify/exact_dot.h"
#include "src/verify/mpfr.h"

namespace refmath {
namespace {

constexpr mpfr_prec_t kProdCap = 4096;

bool AnyNan(const float* x, size_t n) {
  return std::any_of(x, x + n, [](float v) { return isnan(v); });
}

// max (min: of -x) with IEEE semantics for the infinities.
double Extreme(const float* x, size_t n, bool max) {
  double m = max ? -INFINITY : INFINITY;
  for (size_t i = 0; i < n; ++i) m = max ? std::max<double>(m, x[i])
                                         : std::min<double>(m, x[i]);
  return m;
}

// The exact sum of x[i] * w(x[i]) for the finite terms, or the IEEE
// result of the infinite ones.
template <class Weight>
double ExactSum(const float* x, size_t n, Weight w, MpfrNumber* exact) {
  std::unique_ptr<ExactDot> dot(new ExactDot);
  for (size_t i = 0; i < n; ++i) dot->Add(x[i], w(x[i]));
  if (!dot->AllFinite()) return dot->Value();
  mpfr_set(*exact, dot->Sum(), MPFR_RNDN);
  return mpfr_get_d(*exact, MPFR_RNDN);
}

double Product(const float* x, size_t n) {
  const mpfr_prec_t prec = std::min<mpfr_prec_t>(24 * std::max<size_t>(n, 1),
                                                 kProdCap);
  MpfrNumber p(prec);
  mpfr_set_ui(p, 1, MPFR_RNDN);
  double special = 1;  // the sign and the infinities, in IEEE arithmetic
  for (size_t i = 0; i < n; ++i) {
    if (isinf(x[i])) {
      special *= x[i];
      continue;
    }
    mpfr_mul_d(p, p, x[i], MPFR_RNDN);
  }
  if (isinf(special)) {
    return mpfr_zero_p(p.get()) ? NAN : special * mpfr_sgn(p.get());
  }
  return mpfr_get_d(p, MPFR_RNDN);
}

double LogSumExp(const float* x, size_t n) {
  const double m = Extreme(x, n, true);
  if (isinf(m)) {  // +inf, or every term -inf
    return m > 0 || n == 0 ? m : -INFINITY;
  }
  MpfrNumber s, t;
  mpfr_set_zero(s, 1);
  for (size_t i = 0; i < n; ++i) {
    if (isinf(x[i])) continue;  // -inf: exp gives 0
    mpfr_set_d(t, x[i], MPFR_RNDN);
    mpfr_sub_d(t, t, m, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  mpfr_log(s, s, MPFR_RNDN);
  mpfr_add_d(s, s, m, MPFR_RNDN);
  return mpfr_get_d(s, MPFR_RNDN);
}

}  // namespace

double ReduceTruth(int op, const float* x, size_t n) {
  if (AnyNan(x, n)) return NAN;
  MpfrNumber exact(1024);
  const auto one = [](float) { return 1.0f; };
  const auto self = [](float v) { return v; };
  const auto sign = [](float v) { return v < 0 ? -1.0f : 1.0f; };
  switch (op) {
    case REFMATH_REDUCE_MAX:
    case REFMATH_REDUCE_MIN:
      return n == 0 ? NAN : Extreme(x, n, op == REFMATH_REDUCE_MAX);
    case REFMATH_REDUCE_PROD:
      return Product(x, n);
    case REFMATH_REDUCE_SUM_SQUARE:
      return ExactSum(x, n, self, &exact);
    case REFMATH_REDUCE_L1:
      return ExactSum(x, n, sign, &exact);
    case REFMATH_REDUCE_L2: {
      const double s = ExactSum(x, n, self, &exact);
      if (!isfinite(s)) return s;
      mpfr_sqrt(exact, exact, MPFR_RNDN);
      return mpfr_get_d(exact, MPFR_RNDN);
    }
    case REFMATH_REDUCE_LOG_SUM_EXP:
      return n == 0 ? NAN : LogSumExp(x, n);
    case kReduceSum:
      return ExactSum(x, n, one, &exact);
    default: {  // mean
      if (n == 0) return NAN;
      const double s = ExactSum(x, n, one, &exact);
      if (!isfinite(s)) return s;
      mpfr_div_ui(exact, exact, n, MPFR_RNDN);
      return mpfr_get_d(exact, MPFR_RNDN);
    }
  }
}

}  // namespace refmath
