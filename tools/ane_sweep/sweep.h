// One unary binary16 function of the ANE model swept over every input of
// its domain against MPFR, and against refmath's exact fp32 kernel
// rounded to binary16 where one stands for it.
#ifndef REFMATH_TOOLS_ANE_SWEEP_SWEEP_H_
#define REFMATH_TOOLS_ANE_SWEEP_SWEEP_H_

#include <stddef.h>

#include <string>

#include "refmath/ane/profile.h"
#include "refmath/ane/unary.h"
#include "refmath/binary16/binary16.h"
#include "tools/ane_sweep/reference.h"

namespace refmath {
namespace ane_sweep {

// A worst case and the input where it happens (the first such input in
// increasing bit order).
struct Worst {
  double value = 0;
  Half at = 0;
};

struct SweepResult {
  std::string name;
  Math math = Math::kNone;
  std::string domain;  // "[1, 8]", or "every non-NaN input"
  size_t inputs = 0;
  // Errors against MPFR, over inputs where both the result and the
  // correctly rounded reference are finite.  ulp: |got - f(x)| / binary16
  // spacing at f(x) (2^-24 below 2^-14).  relative: over f(x) != 0.
  Worst ulp, relative, absolute;
  size_t correctly_rounded = 0;  // bits equal to the binary16 nearest f(x)
  // NaN where f(x) is a number, a number where f(x) is undefined, or an
  // infinity that is not the correctly rounded result (or vice versa).
  size_t nan_inf_disagreements = 0;

  bool has_oracle = false;
  std::string oracle;  // "exp", "one_plus_erf(-x)"
  size_t oracle_identical = 0;  // bits equal (any NaN equals any NaN)
  Worst oracle_ulp;             // |got - oracle| / spacing at the oracle
  size_t oracle_nan_inf_disagreements = 0;
};

// Sweeps `f` under profile `p` on `threads` threads.  Functions without a
// reference (Math::kNone) come back with inputs == 0.
SweepResult Sweep(const ane::UnaryFunction& f, const ane::Profile& p,
                  int threads);

}  // namespace ane_sweep
}  // namespace refmath

#endif  // REFMATH_TOOLS_ANE_SWEEP_SWEEP_H_
