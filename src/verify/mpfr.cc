#include "src/verify/mpfr.h"

namespace refmath {
namespace {

// Frees this thread's MPFR caches when the thread ends.
struct MpfrThreadCaches {
  ~MpfrThreadCaches() { mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE); }
};

void NoteMpfrUse() {
  static thread_local MpfrThreadCaches caches;
  (void)caches;
}

}  // namespace

MpfrNumber::MpfrNumber(mpfr_prec_t precision) {
  NoteMpfrUse();
  mpfr_init2(v_, precision);
}

void MpfrSigmoid(mpfr_ptr r, mpfr_srcptr x) {
  MpfrNumber t;
  mpfr_neg(t, x, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_add_ui(t, t, 1, MPFR_RNDN);
  mpfr_ui_div(r, 1, t, MPFR_RNDN);
}

double RoundMpfrTo(mpfr_srcptr r, Format format) {
  // MPFR's exponents count a significand in [1/2, 1): the smallest
  // subnormal 2^(min_exponent - mantissa_bits) has exponent
  // min_exponent - mantissa_bits + 1, the largest finite max_exponent + 1.
  const FormatParams p = ParamsOf(format);
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(p.min_exponent - p.mantissa_bits + 1);
  mpfr_set_emax(p.max_exponent + 1);
  double out;
  {
    MpfrNumber y(p.mantissa_bits + 1);
    // r was computed in the wide default range: bring it into the
    // format's (overflow to inf, underflow to 0 or the smallest
    // subnormal), then round to the subnormal precision.
    int inexact = mpfr_set(y, r, MPFR_RNDN);
    inexact = mpfr_check_range(y, inexact, MPFR_RNDN);
    mpfr_subnormalize(y, inexact, MPFR_RNDN);
    out = y.ToDouble();
  }
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return out;
}

}  // namespace refmath
