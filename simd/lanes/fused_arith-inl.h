// FusedArith: the fast variants' arithmetic policy.  MulAdd(a, b, c) is a
// true fused multiply-add, a*b + c rounded once: the FMA instruction on
// AVX2/AVX-512, FMLA/FMAD on aarch64 NEON and SVE, the correctly rounded
// std::fma on each lane of the portable targets (SCALAR, EMU128).  The same
// bits either way; SSSE3/SSE4, which have no FMA instruction, are not built.
// docs/algorithms.md, section "Fused arithmetic" (its items 1-4 are the
// cases above), describes what the fast variants fuse and what they don't.
//
// Contract.
//   FusedArith::MulAdd(a, b, c) = a*b + c rounded once to binary32, on
//   every lane and every target that builds it (a NaN's sign and payload
//   may differ; the kernels' NaN rule makes every NaN canonical).  It
//   refuses to compile (#error) for a target whose MulAdd would round
//   twice.  Never used by the exact kernels (simd/exact_kernels.cc).
// Measured effect on the kernels' maximum error (ulp_tables/fast.md against
//   ulp_tables/exact.md): none for log, tanh, erf, sigmoid, GELU tanh and
//   ExpNonPositive (the same maxima); 1 + erf 5.046 ulp instead of 5.126 on
//   [-6, 6].

// clang-format off
#if defined(REFMATH_SIMD_FUSED_ARITH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_FUSED_ARITH_INL_H_
#undef REFMATH_SIMD_FUSED_ARITH_INL_H_
#else
#define REFMATH_SIMD_FUSED_ARITH_INL_H_
#endif
// clang-format on

#include <cmath>

#include "simd/lanes/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

#if HWY_TARGET == HWY_SSSE3 || HWY_TARGET == HWY_SSE4
#error "FusedArith needs a target with a true fused multiply-add"
#endif
#if HWY_TARGET == HWY_NEON && !HWY_ARCH_ARM_A64 && !defined(__ARM_VFPV4__)
#error "FusedArith: Highway emulates MulAdd on NEON without VFPv4"
#endif

struct FusedArith {
  template <class V>
  static HWY_INLINE V MulAdd(V a, V b, V c) {
#if HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_EMU128
    // "Fused arithmetic", 3: Highway's MulAdd is a*b + c with two roundings
    // here; std::fma is the correctly rounded fused operation (hardware or
    // software), per lane.
    const hn::DFromV<V> d;
    HWY_ALIGN float va[hn::MaxLanes(d)], vb[hn::MaxLanes(d)], vc[hn::MaxLanes(d)];
    hn::Store(a, d, va);
    hn::Store(b, d, vb);
    hn::Store(c, d, vc);
    for (size_t i = 0; i < hn::Lanes(d); ++i) va[i] = std::fma(va[i], vb[i], vc[i]);
    return hn::Load(d, va);
#else
    return hn::MulAdd(a, b, c);
#endif
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
