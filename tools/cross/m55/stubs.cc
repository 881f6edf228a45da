// What the Highway headers may reference from libhwy, which is not linked
// into the firmware (no runtime dispatch: the SCALAR target is called
// directly).
#include <stdarg.h>

#include "semihost.h"

#include <stdint.h>

#include "hwy/targets.h"

namespace hwy {
// The C API (src/core/capi.cc) asks which targets the CPU runs: the only
// one built here.
int64_t SupportedTargets() { return HWY_SCALAR; }

[[noreturn]] void Abort(const char* file, int /*line*/, const char* format, ...) {
  m55::SemihostWrite0("HWY ABORT ");
  m55::SemihostWrite0(file);
  m55::SemihostWrite0(": ");
  m55::SemihostWrite0(format);
  m55::SemihostWrite0("\n");
  m55::SemihostExit(4);
}
}  // namespace hwy

// The handle static destructors register with (a function-local static
// vector of the tensor cases has one; they never run: main does not return
// to an exit that runs them).
extern "C" {
void* __dso_handle = nullptr;
}
