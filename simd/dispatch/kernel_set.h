// REFMATH_KERNEL(NAME, EXPR): inside a kernel-set struct, the member struct
// NAME whose Apply(d, x) returns EXPR for one vector x (see EvalFunction in
// eval_array-inl.h).  EXPR names the kernel with HWY_NAMESPACE:: so that it
// is not taken for the member struct of the same name.
#ifndef REFMATH_SIMD_KERNEL_SET_H_
#define REFMATH_SIMD_KERNEL_SET_H_

#define REFMATH_KERNEL(NAME, EXPR)                                     \
  struct NAME {                                                        \
    template <class D>                                                 \
    static HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> Apply(                \
        D d, hwy::HWY_NAMESPACE::Vec<D> x) {                           \
      return EXPR;                                                     \
    }                                                                  \
  };

#endif  // REFMATH_SIMD_KERNEL_SET_H_
