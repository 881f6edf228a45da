// sin and cos on the half period (special.h).
//
// Both are even/odd fits in x^2 over [-pi/2, pi/2], where every term of the
// Horner chain stays O(1).  Over the whole period [-pi, pi] the terms grow
// to about 5 and cancel down to |cos| <= 1, costing about two binary16
// digits; the functions keep the half-period polynomial there anyway (the
// graph cannot reduce the argument), so the caller reduces on the host.
#include "refmath/ane/special.h"

#include "src/ane/special_graph.h"

namespace refmath {
namespace ane {
namespace {

// sin(x)/x ~= P(x^2), lowest degree first (notes/ane-model.md, "Special
// functions as ANEForge builds them").
constexpr double kSinP[] = {1.0, -0.1666589028907664, 0.008315949363584022,
                            -0.0001860843359648393};
// cos(x) ~= Q(x^2), lowest degree first (same source).
constexpr double kCosQ[] = {1.0, -0.4999308182201791, 0.041511585587052556,
                            -0.0012786608784929124};

}  // namespace

Half Sin(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  const Half p = g.HornerLowFirst(g.Mul(x, x), kSinP, 4);
  return g.Mul(x, p);
}

Half Cos(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  return g.HornerLowFirst(g.Mul(x, x), kCosQ, 4);
}

}  // namespace ane
}  // namespace refmath
