#include "src/verify/truth.h"

#include <math.h>

#include "src/verify/mpfr.h"
#include "src/verify/reference.h"

namespace refmath {

Truth TruthOf(refmath_function f, float x, Format format) {
  Truth t;
  const double ref = sweep::ReferenceDouble(f, x);
  if (isnan(ref)) {
    t.defined = false;
    t.value = t.rounded = NAN;
    return t;
  }
  t.value = ref;
  t.rounded = RoundTo(ref, format);
  if (isinf(ref)) return t;  // exactly infinite: log(0), exp(+inf), ...
  if (!sweep::NearRoundingBoundary(f, ref, t.rounded, format)) {
    t.tolerance = sweep::ReferenceUlpTolerance(
        f, ref, isinf(t.rounded) ? ref : t.rounded, format);
    return t;
  }
  // Too close to a rounding boundary to trust the double: MPFR's value,
  // rounded once to the format, and to double for the ulp figures (good
  // to 2^-53 relative).
  MpfrNumber r;
  sweep::ReferenceMpfrValue(f, x, r);
  t.rounded = RoundMpfrTo(r, format);
  t.value = r.ToDouble();
  const double at = isinf(t.rounded) ? t.value : t.rounded;
  t.tolerance = ldexp(fabs(t.value), -53) / SpacingOf(at, format) + 1e-12;
  return t;
}

double UlpFromTruth(const Truth& t, double got, Format format) {
  if (!t.defined || isnan(got)) return !t.defined && isnan(got) ? 0 : INFINITY;
  if (isinf(got) || isinf(t.rounded)) return got == t.rounded ? 0 : INFINITY;
  return fabs(got - t.value) / SpacingOf(t.rounded, format);
}

bool IsCorrectlyRounded(const Truth& t, double got) {
  if (!t.defined || isnan(got)) return !t.defined && isnan(got);
  return got == t.rounded && signbit(got) == signbit(t.rounded);
}

int Nearer(refmath_function f, float x, const Truth& t, double a, double b,
           Format format) {
  if (a == b || (isnan(a) && isnan(b))) return 0;
  const double ea = UlpFromTruth(t, a, format);
  const double eb = UlpFromTruth(t, b, format);
  if (isinf(ea) || isinf(eb) || fabs(ea - eb) > 2 * t.tolerance) {
    return ea < eb ? -1 : ea > eb ? 1 : 0;
  }
  // Both finite and too close to call: the distances to MPFR's value.
  MpfrNumber r, da, db;
  sweep::ReferenceMpfrValue(f, x, r);
  mpfr_set_d(da, a, MPFR_RNDN);
  mpfr_sub(da, da, r, MPFR_RNDN);
  mpfr_set_d(db, b, MPFR_RNDN);
  mpfr_sub(db, db, r, MPFR_RNDN);
  const int c = mpfr_cmpabs(da, db);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

}  // namespace refmath
