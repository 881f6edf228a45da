// lgamma and gamma on their fp16-sized windows (special.h).
//
// Both are polynomials in a centred variable.  Centring is what makes them
// work in binary16: in (x - 4.5) the powers stay below 3.5^8 and the Horner
// terms stay small, while the same polynomial written in powers of x has
// large alternating coefficients whose terms cancel (LgammaRawHorner keeps
// that form to show it).  Outside the windows the graph cannot reduce the
// argument (no data-dependent step count): Gamma(x + 1) = x Gamma(x) and the
// reflection for x < 0 belong on the host.
#include "refmath/ane/special.h"

#include <stddef.h>

#include "src/ane/special_graph.h"

namespace refmath {
namespace ane {
namespace {

// lgamma(x) ~= L(x - 4.5) on [1, 8], degree 8, HIGHEST degree first as the
// notes give it (notes/ane-model.md, "Special functions").
constexpr double kLgammaCentre = 4.5;
constexpr size_t kLgammaTerms = 9;
constexpr double kLgamma[kLgammaTerms] = {
    3.935189048783974e-06, -1.7368862821849318e-05, -9.904632136900507e-06,
    -5.063402849001357e-05, 0.0014535201243029226,  -0.010745792598586731,
    0.1240676674629507,     1.3893132071172924,     2.453806649516902};

// gamma(x) ~= G(x - 1.5) on [1, 2], degree 6, highest degree first (same
// source).
constexpr double kGammaCentre = 1.5;
constexpr double kGamma[] = {0.07271315700819278,  -0.09524680924569022,
                             0.14250568218370452,  -0.10518443046953783,
                             0.41491322672719055,  0.032278377199321216,
                             0.8862262217269316};

// The coefficients of L(x - 4.5) in powers of x, highest first: the notes
// give no raw-form coefficients, so they are derived from the centred ones
// by the binomial expansion
//   b_j = sum_{k >= j} a_k C(k, j) (-4.5)^(k - j)
// in double precision (rounding ~1e-16 relative, far below the binary16
// cast each coefficient then goes through).
struct RawLgamma {
  double b[kLgammaTerms];
  RawLgamma() {
    for (size_t j = 0; j < kLgammaTerms; ++j) {
      double sum = 0;
      for (size_t k = j; k < kLgammaTerms; ++k) {
        const double a_k = kLgamma[kLgammaTerms - 1 - k];
        double binomial = 1;  // C(k, j)
        for (size_t i = 0; i < j; ++i) {
          binomial = binomial * static_cast<double>(k - i) /
                     static_cast<double>(i + 1);
        }
        double shift_power = 1;  // (-4.5)^(k - j)
        for (size_t i = j; i < k; ++i) shift_power *= -kLgammaCentre;
        sum += a_k * binomial * shift_power;
      }
      b[kLgammaTerms - 1 - j] = sum;
    }
  }
};

}  // namespace

Half Lgamma(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  const Half t = g.Add(x, g.Const(-kLgammaCentre));
  return g.HornerHighFirst(t, kLgamma, kLgammaTerms);
}

Half LgammaRawHorner(Half x, HalfRounding r) {
  static const RawLgamma raw;
  const special_internal::Graph g(x, r);
  return g.HornerHighFirst(x, raw.b, kLgammaTerms);
}

Half Gamma(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  const Half t = g.Add(x, g.Const(-kGammaCentre));
  return g.HornerHighFirst(t, kGamma, sizeof kGamma / sizeof kGamma[0]);
}

Half GammaViaLgamma(Half x, HalfRounding r) {
  const special_internal::Graph g(x, r);
  return g.Exp(Lgamma(x, r));
}

}  // namespace ane
}  // namespace refmath
