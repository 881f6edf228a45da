// What the Highway headers reference from libhwy, which this statically
// linked program does without (Debian ships no arm64 libhwy.a): one target,
// HWY_STATIC_TARGET, called directly, never dispatched at run time.
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "hwy/targets.h"

namespace hwy {
// The C API (src/core/capi.cc) asks which targets the CPU runs: the one
// built here (the qemu CPU models of tools/cross/arm64.sh all run it).
int64_t SupportedTargets() { return HWY_STATIC_TARGET; }

[[noreturn]] void Abort(const char* file, int line, const char* format, ...) {
  va_list args;
  va_start(args, format);
  fprintf(stderr, "Highway abort at %s:%d: ", file, line);
  vfprintf(stderr, format, args);
  va_end(args);
  fputc('\n', stderr);
  abort();
}
}  // namespace hwy
