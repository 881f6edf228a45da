// expm1, log1p and the Bessel functions J0 and I0 (special.h): short
// polynomials whose value near 0 is carried by a leading factor or a
// constant term, so no subtraction cancels there.
#include "refmath/ane/special.h"

#include "src/ane/special_graph.h"

namespace refmath {
namespace ane {
namespace {

// exp(x) - 1 = x (1 + x/2 + x^2/6 + x^3/24 + x^4/120 + x^5/720): the
// Taylor coefficients 1/k!, highest degree first (notes/ane-model.md,
// "Special functions").
constexpr double kExpm1[] = {1.0 / 720, 1.0 / 120, 1.0 / 24,
                             1.0 / 6,   0.5,       1.0};

// log1p(x)/x on [-0.5, 1], degree 7, highest degree first (same source).
constexpr double kLog1p[] = {-0.052037525556684096, 0.15799617916430397,
                             -0.20925805696435787,  0.20919213902419415,
                             -0.24465414248733885,  0.3319955251288566,
                             -0.5001694874609843,   1.0000208250159992};

// A&S 9.4.1: J0(x) = sum c_k t^k with t = (x/3)^2 for |x| <= 3 (error
// <= 5e-8 in exact arithmetic), lowest degree first.
constexpr double kJ0Scale = 1.0 / 9.0;  // 1/3^2
constexpr double kJ0[] = {1.0,       -2.2499997, 1.2656208, -0.3163866,
                          0.0444479, -0.0039444, 0.0002100};

// A&S 9.8.1: I0(x) = sum c_k t^k with t = (x/3.75)^2 for |x| <= 3.75
// (relative error <= 1.6e-7 in exact arithmetic), lowest degree first.
constexpr double kI0Scale = 1.0 / 14.0625;  // 1/3.75^2
constexpr double kI0[] = {1.0,       3.5156229, 3.0899424, 1.2067492,
                          0.2659732, 0.0360768, 0.0045813};

}  // namespace

Half Expm1(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  return g.Mul(x, g.HornerHighFirst(x, kExpm1, 6));
}

Half Log1p(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  return g.Mul(x, g.HornerHighFirst(x, kLog1p, 8));
}

Half BesselJ0(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  const Half t = g.MulScalar(g.Mul(x, x), kJ0Scale);
  return g.HornerLowFirst(t, kJ0, 7);
}

Half BesselI0(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  const Half t = g.MulScalar(g.Mul(x, x), kI0Scale);
  return g.HornerLowFirst(t, kI0, 7);
}

}  // namespace ane
}  // namespace refmath
