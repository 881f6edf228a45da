// Included first by a translation unit of fused kernels (the fast
// variants): builds only the targets with a true fused multiply-add.
// SSSE3/SSE4 on x86 lack one, and so does 32-bit Arm NEON without VFPv4,
// where Highway's MulAdd is a*b + c with two roundings; on aarch64 NEON's
// MulAdd is vfmaq_f32 and SVE's is svmad, both fused, so they are built.
// A fast call on a target left out returns REFMATH_E_TARGET_NOT_BUILT
// instead of other bits.
#ifndef REFMATH_SIMD_FMA_TARGETS_H_
#define REFMATH_SIMD_FMA_TARGETS_H_

#include "hwy/detect_compiler_arch.h"
// A build that leaves out targets of its own (REFMATH_DISABLED_TARGETS:
// the instrumented builds, CMakeLists.txt) leaves them out here too.
#ifndef REFMATH_DISABLED_TARGETS
#define REFMATH_DISABLED_TARGETS 0
#endif
#undef HWY_DISABLED_TARGETS
#if HWY_ARCH_ARM_V7 && !defined(__ARM_VFPV4__)
#define HWY_DISABLED_TARGETS \
  (HWY_SSSE3 | HWY_SSE4 | HWY_NEON | REFMATH_DISABLED_TARGETS)
#else
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_SSE4 | REFMATH_DISABLED_TARGETS)
#endif

#endif  // REFMATH_SIMD_FMA_TARGETS_H_
