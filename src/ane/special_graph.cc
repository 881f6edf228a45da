#include "src/ane/special_graph.h"

#include "refmath/refmath.h"

namespace refmath {
namespace ane {
namespace special_internal {

Half HostHalf(double c) { return HalfFromDouble(c, HalfRounding{}); }

Graph::Graph(Half x, HalfRounding rounding) : rounding_(rounding) {
  ones_ = Exp(MulScalar(x, 0.0));
}

double Graph::Read(Half h) const {
  const bool subnormal = (h & 0x7C00) == 0 && (h & 0x3FF) != 0;
  if (subnormal && rounding_.flush_subnormals) {
    return (h & 0x8000) ? -0.0 : 0.0;
  }
  return HalfToDouble(h);
}

// Sums, differences and products of two binary16 values are exact in
// double; a quotient rounded to double then to binary16 is correctly
// rounded (half.h).  So each operation below is one correct rounding.
Half Graph::Add(Half a, Half b) const {
  return Round(Read(a) + Read(b));
}

Half Graph::Sub(Half a, Half b) const {
  return Round(Read(a) - Read(b));
}

Half Graph::Mul(Half a, Half b) const {
  return Round(Read(a) * Read(b));
}

Half Graph::Div(Half a, Half b) const {
  return Round(Read(a) / Read(b));
}

Half Graph::MulScalar(Half a, double c) const { return Mul(a, HostHalf(c)); }

Half Graph::Exp(Half a) const {
  return Round(refmath_expf(static_cast<float>(Read(a))));
}

Half Graph::Const(double c) const { return Mul(ones_, HostHalf(c)); }

Half Graph::HornerHighFirst(Half t, const double* coefficients,
                            size_t n) const {
  Half acc = Const(coefficients[0]);
  for (size_t k = 1; k < n; ++k) {
    acc = Add(Mul(acc, t), Const(coefficients[k]));
  }
  return acc;
}

Half Graph::HornerLowFirst(Half t, const double* coefficients,
                           size_t n) const {
  Half acc = Const(coefficients[n - 1]);
  for (size_t k = n - 1; k-- > 0;) {
    acc = Add(Mul(acc, t), Const(coefficients[k]));
  }
  return acc;
}

}  // namespace special_internal
}  // namespace ane
}  // namespace refmath
