// MPFR for the references: one number type at one working precision, the
// per-thread cache cleanup, and rounding to the output formats.
#ifndef REFMATH_SRC_VERIFY_MPFR_H_
#define REFMATH_SRC_VERIFY_MPFR_H_

#include <mpfr.h>

#include "src/verify/ulp.h"

namespace refmath {

// The references' working precision: far beyond binary32's 24 bits, and
// enough that a fused multiply-add of binary16 values is exact.
constexpr mpfr_prec_t kMpfrPrecision = 128;

// An MPFR variable (RAII), NaN until set.  It passes wherever MPFR's
// functions take mpfr_ptr / mpfr_srcptr; get() is for MPFR's macros
// (mpfr_sgn and the like), which need the pointer itself.  Creating one
// also arranges for MPFR's per-thread caches (constants such as pi) to be
// freed when the thread ends, so nothing outlives a worker thread.
class MpfrNumber {
 public:
  explicit MpfrNumber(mpfr_prec_t precision = kMpfrPrecision);
  ~MpfrNumber() { mpfr_clear(v_); }
  MpfrNumber(const MpfrNumber&) = delete;
  MpfrNumber& operator=(const MpfrNumber&) = delete;

  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }
  operator mpfr_ptr() { return v_; }
  operator mpfr_srcptr() const { return v_; }

  // The value rounded to the nearest double.
  double ToDouble() const { return mpfr_get_d(v_, MPFR_RNDN); }

 private:
  mpfr_t v_;
};

// r = 1 / (1 + exp(-x)), each step rounded to kMpfrPrecision bits (the
// last to r's precision).
void MpfrSigmoid(mpfr_ptr r, mpfr_srcptr x);

// The value of `format` nearest to r (ties to even), subnormals included,
// as a double (exact: every binary32, binary16 and bfloat16 value is one); beyond
// the largest finite value, +-inf.  The method is CORE-MATH's: the format's
// exponent range set for the rounding (then restored), mpfr_check_range,
// mpfr_subnormalize.
double RoundMpfrTo(mpfr_srcptr r, Format format);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_MPFR_H_
