// The canonical sum of one block (docs/tensor-ops.md, "Canonical
// summation", steps 1-3): element i goes to accumulator i mod 16, each
// accumulator adds its elements in increasing i starting from -0, and the
// 16 accumulators meet in the fixed pairwise tree.  A target with L lanes
// holds the 16 accumulators in 16/L vectors (accumulator a in lane a mod L
// of vector a / L), so every target adds the same numbers in the same
// order.  The dot product adds x[i]*y[i]: rounded then added (ExactArith)
// or fused (FusedArith).  A block's last partial group is padded with x =
// -0 (and y = +0), which leave every accumulator unchanged.

// clang-format off
#if defined(REFMATH_SRC_TENSOR_CANONICAL_SUM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SRC_TENSOR_CANONICAL_SUM_INL_H_
#undef REFMATH_SRC_TENSOR_CANONICAL_SUM_INL_H_
#else
#define REFMATH_SRC_TENSOR_CANONICAL_SUM_INL_H_
#endif
// clang-format on

#include <stddef.h>
#include <string.h>

#include "simd/lanes/lane_ops-inl.h"
#include "src/tensor/tree.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// 16, 8 or 4 lanes: one, two or four vectors of accumulators.  SVE uses
// 128-bit parts whatever its vector length; SCALAR has one lane.
#if HWY_TARGET == HWY_SVE || HWY_TARGET == HWY_SVE2 || \
    HWY_TARGET == HWY_SVE_256 || HWY_TARGET == HWY_SVE2_128
using AccTag = hn::FixedTag<float, 4>;
#else
using AccTag = hn::CappedTag<float, 16>;
#endif

// What a block adds: the elements, their products with y, or their squared
// deviations (x - mu)^2 (layer norm's variance: the dot product of d with
// itself, d = x - mu rounded, without storing d).
enum class Terms { kSum, kDot, kSquaredDeviation };

// acc + the terms of x[off..] (and y[off..]), one vector.
template <class Arith, Terms kTerms, class D, class V>
HWY_INLINE V AddTerm(D d, const float* x, const float* y, float mu,
                     size_t off, V acc) {
  const V xv = hn::LoadU(d, x + off);
  if (kTerms == Terms::kSum) return hn::Add(acc, xv);
  if (kTerms == Terms::kDot) {
    return Arith::MulAdd(xv, hn::LoadU(d, y + off), acc);
  }
  const V dv = hn::Sub(xv, hn::Set(d, mu));
  return Arith::MulAdd(dv, dv, acc);
}

// One group of 16 elements into the accumulators.
template <class Arith, Terms kTerms, class D, class V>
HWY_INLINE void AddGroup(D d, const float* x, const float* y, float mu, V& a0,
                         V& a1, V& a2, V& a3) {
  constexpr size_t kL = hn::MaxLanes(D());
  a0 = AddTerm<Arith, kTerms>(d, x, y, mu, 0, a0);
  if (kL <= 8) a1 = AddTerm<Arith, kTerms>(d, x, y, mu, kL, a1);
  if (kL <= 4) {
    a2 = AddTerm<Arith, kTerms>(d, x, y, mu, 2 * kL, a2);
    a3 = AddTerm<Arith, kTerms>(d, x, y, mu, 3 * kL, a3);
  }
}

#if HWY_TARGET == HWY_SCALAR
// One lane: the 16 accumulators as plain binary32 values.
template <class Arith, Terms kTerms>
HWY_NOINLINE float BlockSumT(const float* x, const float* y, float mu,
                             size_t n) {
  float acc[tensor::kAccumulators];
  for (float& a : acc) a = -0.0f;
  const hn::Sisd<float> d;
  for (size_t i = 0; i < n; ++i) {
    const size_t j = i % tensor::kAccumulators;
    if (kTerms == Terms::kSum) {
      acc[j] = acc[j] + x[i];
      continue;
    }
    const float a = kTerms == Terms::kDot ? x[i] : x[i] - mu;
    const float b = kTerms == Terms::kDot ? y[i] : a;
    acc[j] = hn::GetLane(
        Arith::MulAdd(hn::Set(d, a), hn::Set(d, b), hn::Set(d, acc[j])));
  }
  return tensor::PairwiseTree(acc, tensor::kAccumulators);
}
#else
template <class Arith, Terms kTerms>
HWY_NOINLINE float BlockSumT(const float* x, const float* y, float mu,
                             size_t n) {
  const AccTag d;
  constexpr size_t kL = hn::MaxLanes(AccTag());
  static_assert(kL == 4 || kL == 8 || kL == 16, "16 accumulators");
  using V = hn::Vec<AccTag>;
  V a0 = hn::Set(d, -0.0f), a1 = a0, a2 = a0, a3 = a0;
  size_t i = 0;
  for (; i + tensor::kAccumulators <= n; i += tensor::kAccumulators) {
    AddGroup<Arith, kTerms>(d, x + i, y + i, mu, a0, a1, a2, a3);
  }
  if (i < n) {
    // The last partial group as a dot product whose padding (x = -0,
    // y = +0) leaves the accumulators unchanged; a deviation d = x - mu is
    // formed here as it is in AddTerm, one rounded subtraction.
    HWY_ALIGN float px[tensor::kAccumulators], py[tensor::kAccumulators];
    for (size_t j = 0; j < tensor::kAccumulators; ++j) {
      px[j] = -0.0f;
      py[j] = 0.0f;
    }
    for (size_t j = 0; j < n - i; ++j) {
      px[j] = kTerms == Terms::kSquaredDeviation ? x[i + j] - mu : x[i + j];
      if (kTerms == Terms::kDot) py[j] = y[i + j];
      if (kTerms == Terms::kSquaredDeviation) py[j] = px[j];
    }
    if (kTerms == Terms::kSum) {
      AddGroup<Arith, Terms::kSum>(d, px, py, mu, a0, a1, a2, a3);
    } else {
      AddGroup<Arith, Terms::kDot>(d, px, py, mu, a0, a1, a2, a3);
    }
  }
  HWY_ALIGN float acc[tensor::kAccumulators];
  hn::Store(a0, d, acc);
  if (kL <= 8) hn::Store(a1, d, acc + kL);
  if (kL <= 4) {
    hn::Store(a2, d, acc + 2 * kL);
    hn::Store(a3, d, acc + 3 * kL);
  }
  return tensor::PairwiseTree(acc, tensor::kAccumulators);
}
#endif

template <class Arith>
float BlockSum(const float* x, size_t n) {
  return BlockSumT<Arith, Terms::kSum>(x, x, 0.0f, n);  // y unused
}

template <class Arith>
float BlockDot(const float* x, const float* y, size_t n) {
  return BlockSumT<Arith, Terms::kDot>(x, y, 0.0f, n);
}

template <class Arith>
float BlockSquaredDeviation(const float* x, float mu, size_t n) {
  return BlockSumT<Arith, Terms::kSquaredDeviation>(x, x, mu, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
