// The vector part of the correctly rounded sum (docs/tensor-ops.md,
// "Correctly rounded summation"; exact_sum.h): a block's largest exponent
// field E, then the binary64 sum of its elements whose exponent field is
// at least E - 16.  Those are multiples of 2^(E-166) below 2^(E-126), so
// any 4096 of them sum to less than 2^52 such units: every binary64
// addition is exact, whatever the order or the lane count.  The other
// nonzero elements (rare: far below the block's largest) are copied out
// for the integer bins.

// clang-format off
#if defined(REFMATH_SRC_TENSOR_EXACT_WINDOW_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SRC_TENSOR_EXACT_WINDOW_INL_H_
#undef REFMATH_SRC_TENSOR_EXACT_WINDOW_INL_H_
#else
#define REFMATH_SRC_TENSOR_EXACT_WINDOW_INL_H_
#endif
// clang-format on

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "simd/lanes/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// The largest exponent field (0..255) of x[0..n).
inline int MaxExponentField(const float* x, size_t n) {
  const hn::ScalableTag<int32_t> di;
  const size_t L = hn::Lanes(di);
  const auto mask = hn::Set(di, 0x7F800000);
  auto m = hn::Zero(di);
  size_t i = 0;
  for (; i + L <= n; i += L) {
    m = hn::Max(m, hn::And(hn::LoadU(di, reinterpret_cast<const int32_t*>(x) + i),
                           mask));
  }
  HWY_ALIGN int32_t lanes[hn::MaxLanes(di)];
  hn::Store(m, di, lanes);
  int32_t best = 0;
  for (size_t j = 0; j < L; ++j) best = lanes[j] > best ? lanes[j] : best;
  for (; i < n; ++i) {
    int32_t u;
    memcpy(&u, x + i, 4);
    best = (u & 0x7F800000) > best ? (u & 0x7F800000) : best;
  }
  return best >> 23;
}

// *sum = the binary64 sum of the elements whose exponent field is >= lo
// (lo >= 1); every other nonzero element goes to rest[]; returns how many.
inline size_t WindowSum(const float* x, size_t n, int lo, double* sum,
                        float* rest) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> df;
  const hn::RebindToSigned<decltype(df)> di;
  const size_t L = hn::Lanes(dd);
  const auto low = hn::Set(di, lo << 23);
  const auto below = hn::Set(di, (lo << 23) - 1);
  const auto abs_mask = hn::Set(di, 0x7FFFFFFF);
  auto acc = hn::Zero(dd);
  size_t count = 0, i = 0;
  for (; i + L <= n; i += L) {
    const auto v = hn::LoadU(df, x + i);
    const auto mag = hn::And(hn::BitCast(di, v), abs_mask);
    const auto in = hn::Gt(mag, below);
    acc = hn::Add(acc, hn::PromoteTo(dd, hn::IfThenElseZero(
                                             hn::RebindMask(df, in), v)));
    const auto out = hn::And(hn::Lt(mag, low), hn::Gt(mag, hn::Zero(di)));
    if (HWY_UNLIKELY(!hn::AllFalse(di, out))) {
      for (size_t j = 0; j < L; ++j) {
        int32_t u;
        memcpy(&u, x + i + j, 4);
        if ((u & 0x7FFFFFFF) != 0 && (u & 0x7FFFFFFF) < (lo << 23)) {
          rest[count++] = x[i + j];
        }
      }
    }
  }
  HWY_ALIGN double lanes[hn::MaxLanes(dd)];
  hn::Store(acc, dd, lanes);
  double s = 0.0;
  for (size_t j = 0; j < L; ++j) s += lanes[j];  // exact, as above
  for (; i < n; ++i) {
    int32_t u;
    memcpy(&u, x + i, 4);
    if ((u & 0x7FFFFFFF) >= (lo << 23)) {
      s += static_cast<double>(x[i]);
    } else if ((u & 0x7FFFFFFF) != 0) {
      rest[count++] = x[i];
    }
  }
  *sum = s;
  return count;
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
