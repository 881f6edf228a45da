// The correctly rounded variant in binary16 and bfloat16 against MPFR over
// every bit pattern of the format (refmath_eval_f16, refmath_eval_bf16):
// the proof behind ulp_tables/correct-half.md, cheap enough for every test
// run (65536 inputs per function and format).
#ifndef REFMATH_SRC_VERIFY_NARROW_CHECK_H_
#define REFMATH_SRC_VERIFY_NARROW_CHECK_H_

#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace sweep {

struct NarrowCheck {
  refmath_function f;
  Format format;               // kBinary16 or kBfloat16
  uint64_t values = 0;         // inputs checked (all 65536)
  uint64_t not_correctly_rounded = 0;  // finite results off MPFR's
  uint64_t nan_inf_disagreements = 0;  // NaN or inf on one side only
  // Inputs where the binary32 correctly rounded result, rounded again to
  // the format, is not the correctly rounded result in the format (what
  // a half-precision result computed in binary32 would get wrong).
  uint64_t twice_rounded_wrong = 0;
  double max_ulp = 0;          // in ulps of the format
  uint16_t max_at = 0;         // the input bits of max_ulp's first value
  std::vector<uint16_t> first_failures;  // up to five input bit patterns
  double seconds = 0;
};

// The format's bit pattern as the binary32 of the same value (exact).
float WidenNarrow(Format format, uint16_t bits);

// Checks f in `format` over every bit pattern; false (and *error) if the
// library refused the call.
bool CheckNarrow(refmath_function f, Format format, NarrowCheck* out,
                 std::string* error);

}  // namespace sweep
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_NARROW_CHECK_H_
