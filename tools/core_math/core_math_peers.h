// CORE-MATH's correctly rounded binary32 functions as peers, one per row
// of refmath/functions.def whose name CORE-MATH has (cr_<name>f, from the
// file <name>f.c of the peer folder; tools/core_math/CMakeLists.txt
// compiles every file there into an object library).  Each is declared
// weak, so a row CORE-MATH does not have (sigmoid, the GELUs, silu, ...)
// reads as a null pointer: a new registry row needs no edit here.
#ifndef REFMATH_TOOLS_CORE_MATH_CORE_MATH_PEERS_H_
#define REFMATH_TOOLS_CORE_MATH_CORE_MATH_PEERS_H_

#include "refmath/refmath.h"

extern "C" {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  float cr_##name##f(float) __attribute__((weak));
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
}

namespace refmath {
namespace core_math {

using PeerFn = float (*)(float);

// CORE-MATH's function for f, or null where it has none.
inline PeerFn Peer(refmath_function f) {
  static const PeerFn kPeers[] = {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  cr_##name##f,
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
  };
  return static_cast<unsigned>(f) < REFMATH_NUM_FUNCTIONS ? kPeers[f]
                                                          : nullptr;
}

}  // namespace core_math
}  // namespace refmath

#endif  // REFMATH_TOOLS_CORE_MATH_CORE_MATH_PEERS_H_
