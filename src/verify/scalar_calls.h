// The scalar calls of refmath.h by function and variant: refmath_NAMEf
// (exact), refmath_fast_NAMEf, refmath_correct_NAMEf, for the checks that
// each gives the array call's bits (the tests, refmath_exhaustive_digest
// --scalar, the arm64 environment probe).  Header-only, so that the probe,
// which links the library alone, can use it too.
#ifndef REFMATH_SRC_VERIFY_SCALAR_CALLS_H_
#define REFMATH_SRC_VERIFY_SCALAR_CALLS_H_

#include "refmath/refmath.h"

namespace refmath {

using ScalarCall = float (*)(float);

// The call computing f in variant v, or null where v does not define f (and
// for values out of range).  refmath_NAMEf is the exact variant's call; a
// row without an exact variant has it as its correct one, which this table
// lists under the correct variant only.
inline ScalarCall ScalarCallOf(refmath_function f, refmath_variant v) {
#define REFMATH_SCALAR_CALL_0_(call) nullptr
#define REFMATH_SCALAR_CALL_1_(call) call
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  {REFMATH_SCALAR_CALL_##EXACT##_(&refmath_##name##f),                     \
   REFMATH_SCALAR_CALL_##FAST##_(&refmath_fast_##name##f),                 \
   REFMATH_SCALAR_CALL_##CORRECT##_(&refmath_correct_##name##f)},
  static constexpr ScalarCall kCalls[][REFMATH_NUM_VARIANTS] = {
#include "refmath/functions.def"
  };
#undef REFMATH_FUNCTION
#undef REFMATH_SCALAR_CALL_0_
#undef REFMATH_SCALAR_CALL_1_
  static_assert(sizeof kCalls / sizeof kCalls[0] == REFMATH_NUM_FUNCTIONS,
                "one row of calls per function");
  if (static_cast<unsigned>(f) >= REFMATH_NUM_FUNCTIONS ||
      static_cast<unsigned>(v) >= REFMATH_NUM_VARIANTS) {
    return nullptr;
  }
  return kCalls[f][v];
}

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_SCALAR_CALLS_H_
