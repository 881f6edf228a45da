// Included by every normative translation unit.  -ffast-math (and -Ofast)
// lets the compiler reassociate, contract, drop NaN checks and flush
// subnormals: the kernels would no longer compute what the specification
// says, so such a build is refused outright.
#ifndef REFMATH_SIMD_NO_FAST_MATH_H_
#define REFMATH_SIMD_NO_FAST_MATH_H_

#if defined(__FAST_MATH__)
#error "refmath: the exact kernels must not be compiled with -ffast-math or -Ofast (they rely on IEEE-754 semantics: NaN tests, subnormals, no reassociation). Remove the flag."
#endif
#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
#error "refmath: the exact kernels must not be compiled with -ffinite-math-only (they select NaN and infinity results). Remove the flag."
#endif

#endif  // REFMATH_SIMD_NO_FAST_MATH_H_
