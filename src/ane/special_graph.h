// The operations the fp16 special functions (special.h) are built from,
// each one device operation rounded once to binary16 under the profile's
// rounding.  Internal to the special functions.
//
// Three device rules shape them (docs/ane-special.md):
//  - every product and sum is its own rounded operation: a Horner step is a
//    rounded multiply followed by a rounded add, never a fused a*b+c;
//  - a scalar factor (x * 0.3275911) is cast to binary16 on the host, round
//    to nearest even with subnormals kept, then enters a rounded multiply;
//  - the graph has no "add a scalar" operation, so a constant c is built as
//    exp(x * 0) * fp16(c): fp16(c) for finite x, NaN for infinite or NaN x
//    (x * 0 is NaN there).  Under a flushing profile a subnormal constant
//    is flushed by that multiply.
// A flushing profile also reads subnormal operands as zero (sign kept),
// like the elementwise ops of ops.h.
#ifndef REFMATH_SRC_ANE_SPECIAL_GRAPH_H_
#define REFMATH_SRC_ANE_SPECIAL_GRAPH_H_

#include <stddef.h>

#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {
namespace special_internal {

// The host's cast of a scalar to binary16 (numpy's astype(float16): round
// to nearest even, subnormals kept), whatever the device's profile.
Half HostHalf(double c);

class Graph {
 public:
  // x is the graph's input, from which the constant tensors are built.
  Graph(Half x, HalfRounding rounding);

  Half Add(Half a, Half b) const;
  Half Sub(Half a, Half b) const;
  Half Mul(Half a, Half b) const;
  Half Div(Half a, Half b) const;
  // a * HostHalf(c).
  Half MulScalar(Half a, double c) const;
  // The native exp: refmath's exact fp32 exp of a, rounded to binary16.
  Half Exp(Half a) const;
  // exp(x * 0) * HostHalf(c).
  Half Const(double c) const;

  // Horner's rule, coefficients highest degree first:
  // acc = Const(c[0]); acc = acc * t + Const(c[k]) for k = 1..n-1.
  Half HornerHighFirst(Half t, const double* coefficients, size_t n) const;
  // The same polynomial with its coefficients listed lowest degree first.
  Half HornerLowFirst(Half t, const double* coefficients, size_t n) const;

 private:
  Half Round(double v) const { return HalfFromDouble(v, rounding_); }
  // The value an operation reads from a binary16 operand.
  double Read(Half h) const;

  HalfRounding rounding_;
  Half ones_;  // exp(x * 0)
};

}  // namespace special_internal
}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_SPECIAL_GRAPH_H_
