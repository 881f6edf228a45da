// The registries of the model's unary binary16 functions (what
// `refmath ane eval` evaluates and what golden/ane-fp16.sha256 pins) and of
// its binary elementwise ops.
// The elementwise ops (ops.h) and the special functions (special.h) are
// listed in unary.cc.
#ifndef REFMATH_ANE_UNARY_H_
#define REFMATH_ANE_UNARY_H_

#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

struct UnaryFunction {
  const char* name;
  Half (*eval)(Half, const Profile&);
  const char* description;  // one line
};

// Every unary function, in a fixed order (the golden file's order).
const std::vector<UnaryFunction>& UnaryFunctions();

// The function named `name`, or nullptr.
const UnaryFunction* FindUnary(const std::string& name);

// "neg, abs, ..." for error messages and `refmath ane functions`.
std::string UnaryNames();

// The model's binary elementwise ops (ops.h), by name: what
// `refmath ane binary --op NAME` and refmath.ane.add ... apply, with
// NumPy's broadcasting (Map2).
struct BinaryFunction {
  const char* name;
  Half (*eval)(Half, Half, const Profile&);
  const char* description;  // one line
};

const std::vector<BinaryFunction>& BinaryFunctions();
const BinaryFunction* FindBinary(const std::string& name);
std::string BinaryNames();  // "add, sub, ..."

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_UNARY_H_
