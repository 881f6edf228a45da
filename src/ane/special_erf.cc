// erf, erfc and the naive erf = 1 - erfc (special.h).
//
// erf and erfc each get their own formula because the other's complement
// cancels in binary16: near 0, 1 - erfc(x) subtracts two numbers close to
// 1 and keeps only the error of erfc; past x ~ 2, 1 - erf(x) rounds to 0
// while erfc(x) is still ~1e-5.
#include "refmath/ane/special.h"

#include "src/ane/special_graph.h"

namespace refmath {
namespace ane {
namespace {

// erf(x)/x ~= P(x^2) on [0, 2], degree 5, lowest degree first; P(0) is
// 2/sqrt(pi) to 1e-7 (notes/ane-model.md, "Special functions").
constexpr double kErfP[] = {1.128338362755043,     -0.3752941986401827,
                            0.1100666568321253,    -0.02340602798434916,
                            0.003153058641086897,  -0.0001952199570501452};

// Abramowitz & Stegun 7.1.26 (absolute error <= 1.5e-7 in exact
// arithmetic): the scale p of t = 1/(1 + p x) and the coefficients
// a1..a5 of erfc(x) = (a1 t + a2 t^2 + ... + a5 t^5) exp(-x^2), listed
// lowest degree first as the notes give them.
constexpr double kErfcScale = 0.3275911;
constexpr double kErfcA[] = {0.254829592, -0.284496736, 1.421413741,
                             -1.453152027, 1.061405429};

Half ErfcIn(const special_internal::Graph& g, Half x) {
  const Half one = g.Const(1.0);
  const Half t = g.Div(one, g.Add(one, g.MulScalar(x, kErfcScale)));
  // t * A(t): A in Horner form, then the trailing factor t.
  const Half poly = g.Mul(g.HornerLowFirst(t, kErfcA, 5), t);
  const Half gaussian = g.Exp(g.MulScalar(g.Mul(x, x), -1.0));
  return g.Mul(poly, gaussian);
}

}  // namespace

Half Erf(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  return g.Mul(x, g.HornerLowFirst(g.Mul(x, x), kErfP, 6));
}

Half Erfc(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  return ErfcIn(g, x);
}

Half ErfViaErfc(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  return g.Sub(g.Const(1.0), ErfcIn(g, x));
}

}  // namespace ane
}  // namespace refmath
