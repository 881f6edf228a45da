// Arm semihosting calls (bkpt 0xAB on M-profile), enough for the firmware:
// write a string, read the clock, exit with a status.
#ifndef REFMATH_TOOLS_CROSS_M55_SEMIHOST_H_
#define REFMATH_TOOLS_CROSS_M55_SEMIHOST_H_

#include <stdint.h>

namespace m55 {

inline uint32_t SemihostCall(uint32_t op, const void* arg) {
  register uint32_t r0 __asm__("r0") = op;
  register const void* r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

inline void SemihostWrite0(const char* s) { SemihostCall(0x04, s); }  // SYS_WRITE0

// SYS_CLOCK: centiseconds since the program started.
inline uint32_t SemihostClock() { return SemihostCall(0x10, nullptr); }

// SYS_EXIT_EXTENDED (0x20): ADP_Stopped_ApplicationExit with a status code.
[[noreturn]] inline void SemihostExit(int code) {
  const uint32_t block[2] = {0x20026u, static_cast<uint32_t>(code)};
  SemihostCall(0x20, block);
  for (;;) {
  }
}

}  // namespace m55

#endif  // REFMATH_TOOLS_CROSS_M55_SEMIHOST_H_
