#include "src/ane/unary.h"

#include "src/ane/ops.h"

namespace refmath {
namespace ane {

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
      // Special functions (special.h) follow here.
  };
  return functions;
}

const UnaryFunction* FindUnary(const std::string& name) {
  for (const UnaryFunction& f : UnaryFunctions()) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

std::string UnaryNames() {
  std::string names;
  for (const UnaryFunction& f : UnaryFunctions()) {
    if (!names.empty()) names += ", ";
    names += f.name;
  }
  return names;
}

}  // namespace ane
}  // namespace refmath
