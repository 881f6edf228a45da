#include "refmath/ane/unary.h"

#include "refmath/ane/ops.h"
#include "refmath/ane/special.h"

namespace refmath {
namespace ane {

namespace {

// The registry entry named `name`, or nullptr; "a, b, ..." of all names.
template <class F>
const F* FindByName(const std::vector<F>& registry, const std::string& name) {
  for (const F& f : registry) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

template <class F>
std::string NamesOf(const std::vector<F>& registry) {
  std::string names;
  for (const F& f : registry) {
    if (!names.empty()) names += ", ";
    names += f.name;
  }
  return names;
}

}  // namespace

const std::vector<UnaryFunction>& UnaryFunctions() {
  static const std::vector<UnaryFunction> functions = {
      // Elementwise ops (ops.h): one binary16 rounding each.
      {"neg", Neg, "-x"},
      {"abs", Abs, "|x|"},
      {"square", Square, "x * x, rounded once"},
      {"sqrt", Sqrt, "square root, rounded once"},
      {"reciprocal", Reciprocal, "1 / x, rounded once"},
      {"exp", Exp, "binary16 of refmath's exact fp32 exp of x"},
      {"log", Log, "binary16 of refmath's exact fp32 log of x"},
      {"tanh", Tanh, "binary16 of refmath's exact fp32 tanh of x"},
      {"sigmoid", Sigmoid, "binary16 of refmath's exact fp32 sigmoid of x"},
      // Special functions (special.h): ANEForge's binary16 graphs.
      {"sin", OnProfile<Sin>, "x * P(x^2), domain [-pi/2, pi/2]"},
      {"cos", OnProfile<Cos>, "Q(x^2), domain [-pi/2, pi/2]"},
      {"erf", OnProfile<Erf>, "x * P(x^2), domain [-2, 2]"},
      {"erfc", OnProfile<Erfc>, "A&S 7.1.26, domain [0, 65504]"},
      {"erf_via_erfc", OnProfile<ErfViaErfc>,
       "1 - erfc(x), the cancelling form, domain [0, 65504]"},
      {"lgamma", OnProfile<Lgamma>, "polynomial in x - 4.5, domain [1, 8]"},
      {"lgamma_raw", OnProfile<LgammaRawHorner>,
       "lgamma's polynomial as a raw Horner in x, domain [1, 8]"},
      {"gamma", OnProfile<Gamma>, "polynomial in x - 1.5, domain [1, 2]"},
      {"gamma_via_lgamma", OnProfile<GammaViaLgamma>,
       "exp(lgamma(x)), domain [1, 7.5]"},
      {"expm1", OnProfile<Expm1>, "x * Taylor(x), domain [-0.7, 0.7]"},
      {"log1p", OnProfile<Log1p>, "x * P(x), domain [-0.5, 1]"},
      {"bessel_j0", OnProfile<BesselJ0>, "A&S 9.4.1, domain [-3, 3]"},
      {"bessel_i0", OnProfile<BesselI0>, "A&S 9.8.1, domain [-3.75, 3.75]"},
  };
  return functions;
}

const UnaryFunction* FindUnary(const std::string& name) {
  return FindByName(UnaryFunctions(), name);
}

std::string UnaryNames() { return NamesOf(UnaryFunctions()); }

const std::vector<BinaryFunction>& BinaryFunctions() {
  static const std::vector<BinaryFunction> functions = {
      {"add", Add, "a + b, rounded once"},
      {"sub", Sub, "a - b, rounded once"},
      {"mul", Mul, "a * b, rounded once"},
      {"div", Div, "a / b, rounded once"},
      {"minimum", Min, "the smaller; NaN if either is, -0 below +0"},
      {"maximum", Max, "the larger; NaN if either is, -0 below +0"},
      {"greater", Greater, "1 if a > b, else 0 (NaN: 0)"},
      {"greater_equal", GreaterEqual, "1 if a >= b, else 0 (NaN: 0)"},
      {"less", Less, "1 if a < b, else 0 (NaN: 0)"},
      {"less_equal", LessEqual, "1 if a <= b, else 0 (NaN: 0)"},
      {"equal", Equal, "1 if a == b, else 0 (NaN: 0; -0 == +0)"},
      {"not_equal", NotEqual, "1 if a != b, else 0 (NaN: 1)"},
  };
  return functions;
}

const BinaryFunction* FindBinary(const std::string& name) {
  return FindByName(BinaryFunctions(), name);
}

std::string BinaryNames() { return NamesOf(BinaryFunctions()); }

}  // namespace ane
}  // namespace refmath
