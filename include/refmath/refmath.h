/* refmath: bit-exact reference fp32 transcendentals.
 *
 * Every function below returns the same bits on every target (scalar, 128-,
 * 256-, 512-bit lanes) of every build.  The algorithms are those of the
 * "Exact fp32 transcendental functions" specification; docs/api.md lists
 * each function's special cases.
 */
#ifndef REFMATH_REFMATH_H_
#define REFMATH_REFMATH_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The functions, in the row order of refmath/functions.def (a row there
 * and a value here come together; values never change). */
typedef enum {
  REFMATH_EXP,
  REFMATH_EXP_NONPOSITIVE,
  REFMATH_LOG,
  REFMATH_SIGMOID,
  REFMATH_TANH,
  REFMATH_ERF,
  REFMATH_ONE_PLUS_ERF,
  REFMATH_GELU_ERF,
  REFMATH_GELU_TANH,
  REFMATH_EXP2,
  REFMATH_EXP10,
  REFMATH_EXPM1,
  REFMATH_LOG2,
  REFMATH_LOG10,
  REFMATH_LOG1P,
  REFMATH_SINH,
  REFMATH_COSH,
  REFMATH_ASINH,
  REFMATH_ACOSH,
  REFMATH_ATANH,
  REFMATH_ERFC,
  REFMATH_CBRT,
  REFMATH_RSQRT,
  REFMATH_SILU,
  REFMATH_SOFTPLUS,
  REFMATH_MISH,
  REFMATH_LOG_SIGMOID,
  REFMATH_SIN,
  REFMATH_COS,
  REFMATH_TAN,
  REFMATH_SINPI,
  REFMATH_COSPI,
  REFMATH_ATAN,
  REFMATH_ASIN,
  REFMATH_ACOS
} refmath_function;
#define REFMATH_NUM_FUNCTIONS 35

/* EXACT: the specification's normative algorithms.  FAST: fused
 * multiply-adds and cheaper formulas (docs/fast.md).  CORRECT: the binary32
 * nearest the true value (ties to even), for every function, proven over
 * all 2^32 inputs (docs/correct.md). */
typedef enum { REFMATH_EXACT, REFMATH_FAST, REFMATH_CORRECT } refmath_variant;
#define REFMATH_NUM_VARIANTS 3

/* Lane widths.  SCALAR is one lane in plain C++; SSSE3 and SSE4 are 128-bit,
 * AVX2 256-bit, AVX3 (AVX-512F/BW/DQ/VL) and AVX3_DL 512-bit.  EMU128 is the
 * portable 128-bit emulation that clang builds in place of SCALAR.
 * arm64: NEON is 128-bit; SVE and SVE2 are scalable (128 to 2048 bits, as
 * the CPU implements); SVE_256 is SVE specialised for 256-bit vectors and
 * SVE2_128 is SVE2 specialised for 128-bit vectors.  New targets are only
 * ever appended, so existing values keep their numbers. */
typedef enum {
  REFMATH_TARGET_BEST,
  REFMATH_TARGET_SCALAR,
  REFMATH_TARGET_SSE4,
  REFMATH_TARGET_AVX2,
  REFMATH_TARGET_AVX3,
  REFMATH_TARGET_SSSE3,
  REFMATH_TARGET_AVX3_DL,
  REFMATH_TARGET_EMU128,
  REFMATH_TARGET_NEON,
  REFMATH_TARGET_SVE,
  REFMATH_TARGET_SVE2,
  REFMATH_TARGET_SVE_256,
  REFMATH_TARGET_SVE2_128
} refmath_target;
#define REFMATH_NUM_TARGETS 13

/* Status codes: 0 is success, every failure is negative (the tensor
 * operations add -9 to -13 in refmath/tensor.h).  NOT_IN_VARIANT: the
 * variant does not define the function (refmath/functions.def says which
 * do). */
#define REFMATH_OK 0
#define REFMATH_E_UNKNOWN_FUNCTION (-1)
#define REFMATH_E_UNKNOWN_VARIANT (-2)
#define REFMATH_E_VARIANT_NOT_BUILT (-3)
#define REFMATH_E_UNKNOWN_TARGET (-4)
#define REFMATH_E_TARGET_NOT_BUILT (-5)
#define REFMATH_E_TARGET_NOT_SUPPORTED (-6)
#define REFMATH_E_NULL_POINTER (-7)
#define REFMATH_E_OVERLAP (-8)
#define REFMATH_E_NO_MEMORY (-13) /* a work buffer or table could not be had */
#define REFMATH_E_NOT_IN_VARIANT (-14)

/* out[i] = f(in[i]) for i < n, any alignment.  out may equal in
 * (in-place); any other overlap returns REFMATH_E_OVERLAP.  in and out may
 * be NULL only when n == 0, which writes nothing; f, v and t are checked
 * even then.  Checks run in the order function, variant, function in
 * variant, target, n == 0, NULL, overlap; the first failure is returned
 * and nothing is written.
 * Runs under the IEEE default floating-point environment (round to
 * nearest, no FTZ/DAZ) and restores the caller's exactly.  Safe to call
 * from any number of threads at once.  Returns REFMATH_OK or one of the
 * negative codes above. */
int refmath_eval_f32(refmath_function f, refmath_variant v, refmath_target t,
                     const float *in, float *out, size_t n);

/* sin and cos of each input in one call (rotary position embeddings need
 * both): sin_out[i] and cos_out[i] are the bits refmath_eval_f32 gives for
 * REFMATH_SIN and REFMATH_COS with the same v and t.  Only the correct
 * variant defines them (REFMATH_E_NOT_IN_VARIANT otherwise).  Either
 * output may equal in; any other overlap, the two outputs' included,
 * returns REFMATH_E_OVERLAP.  The checks, their order and the
 * floating-point environment are refmath_eval_f32's. */
int refmath_sincos_f32(refmath_variant v, refmath_target t, const float *in,
                       float *sin_out, float *cos_out, size_t n);

/* The library's version, "MAJOR.MINOR.PATCH" (the CMake project version). */
const char *refmath_version(void);

/* A one-line English description of a status code; never NULL.  Like
 * every string this API returns, it is static: do not free it. */
const char *refmath_status_string(int status);

/* Lower-case names ("exp", "gelu_tanh", "exact", "avx2", "best"), and the
 * reverse lookups (exact, case-sensitive), which return -1 for an unknown
 * or NULL name.  Name lookups of an out-of-range value return NULL. */
const char *refmath_function_name(refmath_function f);
const char *refmath_variant_name(refmath_variant v);
const char *refmath_target_name(refmath_target t);
int refmath_function_from_name(const char *name);
int refmath_variant_from_name(const char *name);
int refmath_target_from_name(const char *name);

/* REFMATH_OK if variant v defines function f, else
 * REFMATH_E_UNKNOWN_FUNCTION, REFMATH_E_UNKNOWN_VARIANT or
 * REFMATH_E_NOT_IN_VARIANT.  Whether v is built and can run here is
 * refmath_target_status's answer. */
int refmath_function_status(refmath_function f, refmath_variant v);

/* REFMATH_OK if (v, t) can run here: compiled into this build and supported
 * by this CPU; otherwise the status refmath_eval_f32 would return. */
int refmath_target_status(refmath_variant v, refmath_target t);

/* The concrete target REFMATH_TARGET_BEST resolves to for variant v, or a
 * negative status if v has no usable target. */
int refmath_best_target(refmath_variant v);

/* The portable target every build has: REFMATH_TARGET_SCALAR with GCC,
 * REFMATH_TARGET_EMU128 with clang (Highway builds one or the other).  It
 * needs no CPU feature; the golden digests are made on it. */
refmath_target refmath_portable_target(void);

/* The correctly rounded variant in the narrow formats of ML: in and out
 * are bit patterns of IEEE binary16 (refmath_eval_f16) or of bfloat16, the
 * high 16 bits of a binary32 (refmath_eval_bf16).  Each result is the
 * number of that format nearest the true value, ties to even (not the
 * binary32 result rounded again, which can be off by one); a NaN result is
 * the canonical quiet NaN (0x7E00, 0x7FC0).  Only v = REFMATH_CORRECT has
 * them (the exact and fast variants return REFMATH_E_NOT_IN_VARIANT), for
 * every function it defines.  No target argument: the results of all
 * 65536 inputs are computed once per function and format, on first use
 * (128 KiB each), and looked up after, the same bits on every machine.
 * out == in is allowed; other overlaps give REFMATH_E_OVERLAP. */
int refmath_eval_f16(refmath_function f, refmath_variant v,
                     const unsigned short* in, unsigned short* out,
                     size_t n);
int refmath_eval_bf16(refmath_function f, refmath_variant v,
                      const unsigned short* in, unsigned short* out,
                      size_t n);

/* One value: refmath_NAMEf is the exact variant, refmath_fast_NAMEf the
 * fast one, refmath_correct_NAMEf the correctly rounded one, each the same
 * bits as refmath_eval_f32 in that variant; a function without an exact
 * variant has refmath_NAMEf as its correctly rounded one.  A variant that
 * does not define a function has no scalar call for it.  Like the array
 * call, each runs under the IEEE default floating-point environment and
 * restores the caller's (MXCSR on x86, FPCR and FPSR on arm64) exactly,
 * status flags included.  A variant this library was built without
 * returns a NaN.  The calls are declared from the rows of
 * refmath/functions.def: refmath_expf, refmath_fast_expf,
 * refmath_correct_expf, refmath_exp_nonpositivef, ... */
#define REFMATH_IF_0_(declaration)
#define REFMATH_IF_1_(declaration) declaration
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  float refmath_##name##f(float x);                                        \
  REFMATH_IF_##FAST##_(float refmath_fast_##name##f(float x);)             \
  REFMATH_IF_##CORRECT##_(float refmath_correct_##name##f(float x);)
#include "refmath/functions.def"
#undef REFMATH_FUNCTION

/* One value's correctly rounded sine and cosine: the bits of
 * refmath_sinf(x) and refmath_cosf(x), stored through s and c. */
void refmath_sincosf(float x, float *s, float *c);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* REFMATH_REFMATH_H_ */
