// The IEEE default floating-point environment for the duration of a kernel
// call, and the caller's restored exactly afterwards (docs/fp-environment.md).
// ML runtimes switch on flush-to-zero / denormals-are-zero and some code
// changes the rounding mode; the kernels' bits must not depend on either.
#ifndef REFMATH_SIMD_FP_ENV_H_
#define REFMATH_SIMD_FP_ENV_H_

#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

namespace refmath {
namespace detail {

#if defined(__x86_64__) || defined(__i386__)

// MXCSR: round to nearest (RC = 00), FTZ (bit 15) and DAZ (bit 6) off,
// every exception masked (bits 7-12), status flags (bits 0-5) as they were.
class ScopedIeeeEnvironment {
 public:
  static constexpr uint32_t kDefault = 0x1F80;
  static constexpr uint32_t kStatusFlags = 0x3F;
  ScopedIeeeEnvironment() : saved_(_mm_getcsr()) {
    if ((saved_ & ~kStatusFlags) != kDefault) {
      _mm_setcsr(kDefault | (saved_ & kStatusFlags));
    }
  }
  // Restores every bit, the status flags included: the caller sees the
  // environment it had, not exceptions raised inside the kernels.  The
  // kernels never write MXCSR and can only set flags, so a caller at the
  // default with every flag already set has MXCSR as it left it: no write.
  // (Reading MXCSR again to find out whether a flag was raised would cost
  // more than the write it saves where measured: docs/fp-environment.md.)
  ~ScopedIeeeEnvironment() {
    if (saved_ != (kDefault | kStatusFlags)) _mm_setcsr(saved_);
  }
  ScopedIeeeEnvironment(const ScopedIeeeEnvironment&) = delete;
  ScopedIeeeEnvironment& operator=(const ScopedIeeeEnvironment&) = delete;

 private:
  uint32_t saved_;
};

#elif defined(__aarch64__)

// FPCR: RMode (bits 22-23) = round to nearest, FZ (24), FZ16 (19) and the
// FEAT_AFP bits AH (1) and FIZ (0) off, and the exception trap enables
// IOE, DZE, OFE, UFE, IXE (8-12) and IDE (15) off, so that a lane computing
// inf - inf on the way cannot trap.  FPSR (the cumulative exception flags)
// is saved and restored, as MXCSR's flags are on x86.
class ScopedIeeeEnvironment {
 public:
  static constexpr uint64_t kClear =
      (uint64_t{3} << 22) | (uint64_t{1} << 24) | (uint64_t{1} << 19) |
      (uint64_t{1} << 1) | uint64_t{1} | (uint64_t{0x1F} << 8) |
      (uint64_t{1} << 15);
  ScopedIeeeEnvironment() {
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(saved_fpcr_));
    __asm__ __volatile__("mrs %0, fpsr" : "=r"(saved_fpsr_));
    if (saved_fpcr_ & kClear) {
      const uint64_t want = saved_fpcr_ & ~kClear;
      __asm__ __volatile__("msr fpcr, %0" : : "r"(want));
    }
  }
  // Restores both registers exactly: the caller sees the environment it
  // had, not exceptions raised inside the kernels.  The kernels never
  // write FPCR, so it needs writing back only if the constructor wrote it.
  ~ScopedIeeeEnvironment() {
    if (saved_fpcr_ & kClear) {
      __asm__ __volatile__("msr fpcr, %0" : : "r"(saved_fpcr_));
    }
    __asm__ __volatile__("msr fpsr, %0" : : "r"(saved_fpsr_));
  }
  ScopedIeeeEnvironment(const ScopedIeeeEnvironment&) = delete;
  ScopedIeeeEnvironment& operator=(const ScopedIeeeEnvironment&) = delete;

 private:
  uint64_t saved_fpcr_;
  uint64_t saved_fpsr_;
};

#else

// Other architectures: the environment is left as the caller set it.
class ScopedIeeeEnvironment {};

#endif

}  // namespace detail
}  // namespace refmath

#endif  // REFMATH_SIMD_FP_ENV_H_
