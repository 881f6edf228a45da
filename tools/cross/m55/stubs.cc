// What the Highway headers may reference from libhwy, which is not linked
// into the firmware (no runtime dispatch: the SCALAR target is called
// directly).
#include <stdarg.h>

#include "semihost.h"

namespace hwy {
[[noreturn]] void Abort(const char* file, int /*line*/, const char* format, ...) {
  m55::SemihostWrite0("HWY ABORT ");
  m55::SemihostWrite0(file);
  m55::SemihostWrite0(": ");
  m55::SemihostWrite0(format);
  m55::SemihostWrite0("\n");
  m55::SemihostExit(4);
}
}  // namespace hwy
