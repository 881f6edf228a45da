// The elementwise steps of softmax, log-softmax, layer norm and RMS norm
// (docs/tensor-ops.md, "Softmax" to "RMS norm"), each a function of one
// element and the row's scalars, so the lane count changes nothing.  Every
// NaN result is stored as 0x7FC00000.

// clang-format off
#if defined(REFMATH_SRC_TENSOR_ROW_OPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SRC_TENSOR_ROW_OPS_INL_H_
#undef REFMATH_SRC_TENSOR_ROW_OPS_INL_H_
#else
#define REFMATH_SRC_TENSOR_ROW_OPS_INL_H_
#endif
// clang-format on

#include <stddef.h>
#include <string.h>

#include "simd/exp/exp-inl.h"
#include "simd/lanes/lane_ops-inl.h"
#include "simd/log/log-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

using RowTag = hn::ScalableTag<float>;
using RowVec = hn::Vec<RowTag>;

// out[i] = Op::Apply(d, x[i], g[i], b[i]) with NaN made canonical; g and b
// may be null (Op then ignores them).  The tail goes through zero-padded
// buffers; lanes are independent, so the padding changes no result.
template <class Op>
HWY_INLINE void MapRow(const Op& op, const float* x, const float* g,
                       const float* b, float* out, size_t n) {
  const RowTag d;
  const size_t L = hn::Lanes(d);
  const RowVec zero = hn::Zero(d);
  size_t i = 0;
  for (; i + L <= n; i += L) {
    const RowVec gv = g ? hn::LoadU(d, g + i) : zero;
    const RowVec bv = b ? hn::LoadU(d, b + i) : zero;
    const RowVec r = op.Apply(d, hn::LoadU(d, x + i), gv, bv);
    hn::StoreU(ApplyNaNRule(d, r, r), d, out + i);
  }
  if (i == n) return;
  HWY_ALIGN float px[hn::MaxLanes(d)] = {}, pg[hn::MaxLanes(d)] = {},
                  pb[hn::MaxLanes(d)] = {};
  const size_t rest = (n - i) * sizeof(float);
  memcpy(px, x + i, rest);
  if (g) memcpy(pg, g + i, rest);
  if (b) memcpy(pb, b + i, rest);
  const RowVec r = op.Apply(d, hn::Load(d, px), hn::Load(d, pg),
                            hn::Load(d, pb));
  hn::Store(ApplyNaNRule(d, r, r), d, px);
  memcpy(out + i, px, rest);
}

// The largest element (its sign of zero is fixed by the caller) and
// whether any element is NaN.
inline float RowMax(const float* x, size_t n, bool* any_nan) {
  const RowTag d;
  const size_t L = hn::Lanes(d);
  RowVec m = hn::Set(d, x[0]);
  auto nan = hn::IsNaN(m);
  size_t i = 0;
  for (; i + L <= n; i += L) {
    const RowVec v = hn::LoadU(d, x + i);
    nan = hn::Or(nan, hn::IsNaN(v));
    m = hn::Max(m, v);
  }
  HWY_ALIGN float lanes[hn::MaxLanes(d)];
  hn::Store(m, d, lanes);
  float best = lanes[0];
  for (size_t j = 1; j < L; ++j) best = lanes[j] > best ? lanes[j] : best;
  bool found_nan = !hn::AllFalse(d, nan);
  for (; i < n; ++i) {
    found_nan = found_nan || x[i] != x[i];
    best = x[i] > best ? x[i] : best;
  }
  *any_nan = found_nan;
  return best;
}

template <class Arith>
struct ExpShiftedOp {
  float m;
  HWY_INLINE RowVec Apply(RowTag d, RowVec x, RowVec, RowVec) const {
    return ExpNonPositive<Arith>(d, hn::Sub(x, hn::Set(d, m)));
  }
};

struct DivideOp {
  float s;
  HWY_INLINE RowVec Apply(RowTag d, RowVec x, RowVec, RowVec) const {
    return hn::Div(x, hn::Set(d, s));
  }
};

struct ShiftTwiceOp {
  float m, c;
  HWY_INLINE RowVec Apply(RowTag d, RowVec x, RowVec, RowVec) const {
    return hn::Sub(hn::Sub(x, hn::Set(d, m)), hn::Set(d, c));
  }
};

// ((x - mu) / sigma), then * g (rounded) and + b (rounded), or fused when
// Arith is FusedArith and both are present.
template <class Arith>
struct NormalizeOp {
  float mu, sigma;
  bool has_g, has_b;
  HWY_INLINE RowVec Apply(RowTag d, RowVec x, RowVec g, RowVec b) const {
    const RowVec q = hn::Div(hn::Sub(x, hn::Set(d, mu)), hn::Set(d, sigma));
    if (has_g && has_b) return Arith::MulAdd(q, g, b);
    if (has_g) return hn::Mul(q, g);
    if (has_b) return hn::Add(q, b);
    return q;
  }
};

template <class Arith>
void ExpShifted(const float* x, float m, float* out, size_t n) {
  MapRow(ExpShiftedOp<Arith>{m}, x, nullptr, nullptr, out, n);
}

inline void DivideRow(const float* x, float s, float* out, size_t n) {
  MapRow(DivideOp{s}, x, nullptr, nullptr, out, n);
}

inline void ShiftTwice(const float* x, float m, float c, float* out,
                       size_t n) {
  MapRow(ShiftTwiceOp{m, c}, x, nullptr, nullptr, out, n);
}

template <class Arith>
void Normalize(const float* x, float mu, float sigma, const float* g,
               const float* b, float* out, size_t n) {
  MapRow(NormalizeOp<Arith>{mu, sigma, g != nullptr, b != nullptr}, x, g, b,
         out, n);
}

template <class Arith>
float Log1(float s) {
  const RowTag d;
  return hn::GetLane(Log<Arith>(d, hn::Set(d, s)));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
