// Builds a variant's KernelTable (simd/dispatch/kernel_table.h) from the per-target
// VariantKernels objects ENTRY of a foreach_target translation unit;
// REFMATH_TARGET_ROWS gives the same rows for another table (the tensor
// layer's).  Use once, after
// the per-target code, inside `#if HWY_ONCE`.  Rows are best first, as
// Highway orders its target bits; targets not compiled are left out.
#ifndef REFMATH_SIMD_TARGET_TABLE_H_
#define REFMATH_SIMD_TARGET_TABLE_H_

#include "hwy/highway.h"
#include "simd/dispatch/kernel_table.h"

#define REFMATH_TARGET_ROW(ID, BIT, NS, EVAL_FN) \
  {ID, BIT, &refmath::NS::FloatLanes, &refmath::NS::EVAL_FN},

#if HWY_TARGETS & HWY_AVX3_DL
#define REFMATH_ROW_AVX3_DL(F) REFMATH_TARGET_ROW(REFMATH_TARGET_AVX3_DL, HWY_AVX3_DL, N_AVX3_DL, F)
#else
#define REFMATH_ROW_AVX3_DL(F)
#endif
#if HWY_TARGETS & HWY_AVX3
#define REFMATH_ROW_AVX3(F) REFMATH_TARGET_ROW(REFMATH_TARGET_AVX3, HWY_AVX3, N_AVX3, F)
#else
#define REFMATH_ROW_AVX3(F)
#endif
#if HWY_TARGETS & HWY_AVX2
#define REFMATH_ROW_AVX2(F) REFMATH_TARGET_ROW(REFMATH_TARGET_AVX2, HWY_AVX2, N_AVX2, F)
#else
#define REFMATH_ROW_AVX2(F)
#endif
#if HWY_TARGETS & HWY_SSE4
#define REFMATH_ROW_SSE4(F) REFMATH_TARGET_ROW(REFMATH_TARGET_SSE4, HWY_SSE4, N_SSE4, F)
#else
#define REFMATH_ROW_SSE4(F)
#endif
#if HWY_TARGETS & HWY_SSSE3
#define REFMATH_ROW_SSSE3(F) REFMATH_TARGET_ROW(REFMATH_TARGET_SSSE3, HWY_SSSE3, N_SSSE3, F)
#else
#define REFMATH_ROW_SSSE3(F)
#endif
// arm64, best first in Highway's bit order: SVE2_128, SVE_256, SVE2, SVE,
// NEON.  The specialised SVE2_128/SVE_256 rows are only reported usable by
// Highway when the CPU's vector length matches.
#if HWY_TARGETS & HWY_SVE2_128
#define REFMATH_ROW_SVE2_128(F) REFMATH_TARGET_ROW(REFMATH_TARGET_SVE2_128, HWY_SVE2_128, N_SVE2_128, F)
#else
#define REFMATH_ROW_SVE2_128(F)
#endif
#if HWY_TARGETS & HWY_SVE_256
#define REFMATH_ROW_SVE_256(F) REFMATH_TARGET_ROW(REFMATH_TARGET_SVE_256, HWY_SVE_256, N_SVE_256, F)
#else
#define REFMATH_ROW_SVE_256(F)
#endif
#if HWY_TARGETS & HWY_SVE2
#define REFMATH_ROW_SVE2(F) REFMATH_TARGET_ROW(REFMATH_TARGET_SVE2, HWY_SVE2, N_SVE2, F)
#else
#define REFMATH_ROW_SVE2(F)
#endif
#if HWY_TARGETS & HWY_SVE
#define REFMATH_ROW_SVE(F) REFMATH_TARGET_ROW(REFMATH_TARGET_SVE, HWY_SVE, N_SVE, F)
#else
#define REFMATH_ROW_SVE(F)
#endif
#if HWY_TARGETS & HWY_NEON
#define REFMATH_ROW_NEON(F) REFMATH_TARGET_ROW(REFMATH_TARGET_NEON, HWY_NEON, N_NEON, F)
#else
#define REFMATH_ROW_NEON(F)
#endif
#if HWY_TARGETS & HWY_EMU128
#define REFMATH_ROW_EMU128(F) REFMATH_TARGET_ROW(REFMATH_TARGET_EMU128, HWY_EMU128, N_EMU128, F)
#else
#define REFMATH_ROW_EMU128(F)
#endif
#if HWY_TARGETS & HWY_SCALAR
#define REFMATH_ROW_SCALAR(F) REFMATH_TARGET_ROW(REFMATH_TARGET_SCALAR, HWY_SCALAR, N_SCALAR, F)
#else
#define REFMATH_ROW_SCALAR(F)
#endif

// Every compiled target's row for the per-target entry point F, best first
// (an initializer list of rows {target, Highway bit, lanes, &NS::F}).
#define REFMATH_TARGET_ROWS(F)                                              \
  REFMATH_ROW_AVX3_DL(F) REFMATH_ROW_AVX3(F) REFMATH_ROW_AVX2(F)            \
      REFMATH_ROW_SSE4(F) REFMATH_ROW_SSSE3(F) REFMATH_ROW_SVE2_128(F)      \
          REFMATH_ROW_SVE_256(F) REFMATH_ROW_SVE2(F) REFMATH_ROW_SVE(F)     \
              REFMATH_ROW_NEON(F) REFMATH_ROW_EMU128(F) REFMATH_ROW_SCALAR(F)

// Defines refmath::NS::TABLE_FN(), returning a TABLE {rows, count} over a
// static array of ROW, one per compiled target, for the entry point ENTRY.
#define REFMATH_DEFINE_TARGET_TABLE(NS, ROW, TABLE, TABLE_FN, ENTRY)       \
  namespace refmath {                                                       \
  namespace NS {                                                            \
  static const ROW k##TABLE_FN##Rows[] = {REFMATH_TARGET_ROWS(ENTRY)};      \
  TABLE TABLE_FN() {                                                        \
    return {k##TABLE_FN##Rows,                                              \
            sizeof(k##TABLE_FN##Rows) / sizeof(k##TABLE_FN##Rows[0])};      \
  }                                                                         \
  }                                                                         \
  }

#define REFMATH_DEFINE_KERNEL_TABLE(TABLE_FN, ENTRY)                        \
  REFMATH_DEFINE_TARGET_TABLE(detail, TargetKernels, KernelTable, TABLE_FN, \
                              ENTRY)

#endif  // REFMATH_SIMD_TARGET_TABLE_H_
