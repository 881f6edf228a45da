// The one-value call as the C API makes it (refmath_expf & co.,
// VariantKernels::call): the one-value kernel inside the environment guard
// (simd/lanes/fp_env.h), or, where a kernel needs no guard (AVX-512, docs/
// fp-environment.md, "One value without the guard"), that kernel first and
// the guarded one for the inputs it leaves.  Compiled per target, so that
// the C API reaches either with one indirect call and nothing around it.

// clang-format off
#if defined(REFMATH_SIMD_ONE_CALL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_ONE_CALL_INL_H_
#undef REFMATH_SIMD_ONE_CALL_INL_H_
#else
#define REFMATH_SIMD_ONE_CALL_INL_H_
#endif
// clang-format on

#include <stdint.h>
#include <string.h>

#include "hwy/highway.h"
#include "simd/dispatch/kernel_table.h"
#include "simd/lanes/fp_env.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// kOne(x) in the IEEE default environment, the caller's restored after.
template <detail::ScalarKernel kOne>
HWY_NOINLINE float GuardedOne(float x) {
  const detail::ScopedIeeeEnvironment ieee;
  return kOne(x);
}

// kFree(x) where it handles x (any result but a NaN), else the guarded
// kOne(x).  kFree is inlined here, so x stays in its register and the
// common path makes no call.
template <detail::EnvFreeKernel kFree, detail::ScalarKernel kOne>
float EnvFreeFirst(float x) {
  const float r = kFree(x);
  uint32_t bits;
  memcpy(&bits, &r, sizeof bits);
  if (HWY_LIKELY((bits & 0x7FFFFFFFu) <= 0x7F800000u)) return r;
  return GuardedOne<kOne>(x);
}

// Gives function f of the entries k a kernel that needs no guard, `free`:
// k.env_free[f] = free and k.call[f] tries it first, the one-value kernel
// (the variadic part, so that a template-id with commas needs no
// parentheses) taking the rest.  Nothing on the targets other than
// AVX-512, which do not define `free`.  Redefined for each target as
// foreach_target.h includes this header again.
#undef REFMATH_SET_ENV_FREE
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
#define REFMATH_SET_ENV_FREE(k, f, free, ...) \
  ((k).env_free[f] = &free, (k).call[f] = &EnvFreeFirst<&free, __VA_ARGS__>)
#else
#define REFMATH_SET_ENV_FREE(k, f, free, ...) ((void)0)
#endif

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
