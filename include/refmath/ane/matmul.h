// Matmul and reductions of the ANE fp16 model (docs/ane.md).
//
// Matmul: each product a*b is rounded to binary16 (profile.round_products),
// consecutive products are summed in binary16 in tiles of profile.tile,
// each tile sum enters the wide accumulator (binary32 or exact), and the
// accumulated value is rounded once to binary16 with the output tie rule;
// an output at or above profile.output_saturation reads +-inf.
//
// reduce_sum is narrow: a binary16 running sum, left to right, every
// addition rounded.  That is why the graphs route sums through matmul
// (ReduceSumAsMatmul) instead.
#ifndef REFMATH_ANE_MATMUL_H_
#define REFMATH_ANE_MATMUL_H_

#include <stddef.h>

#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// a @ b by NumPy's matmul rules: a [..., M, K] or [K], b [..., K, N] or
// [K]; a vector operand gains an axis of 1 (before for a, after for b)
// that the result drops; the axes before the last two are batch axes,
// broadcast against each other (equal, or one of them 1).  Result: the
// broadcast batch axes, then M and N.  Every output is Dot of its row and
// column.  Mismatched inner sizes, batch axes that do not broadcast or a
// scalar operand: std::invalid_argument.
Tensor Matmul(const Tensor& a, const Tensor& b,
              const Profile& p = SpecProfile());

// One output of the matmul: the dot product of x and y (same length) with
// the profile's accumulation.
Half Dot(const Half* x, const Half* y, size_t n,
         const Profile& p = SpecProfile());

// Sum along the last axis (keepdims: the last axis becomes 1).
// Narrow: a binary16 running sum with the output rounding of the profile.
Tensor ReduceSum(const Tensor& x, const Profile& p = SpecProfile());
// The reduce_sum_to_matmul rewrite: x @ ones[K, 1], through the wide
// accumulator.  Under a profile with a reduction_block shorter than the
// row, each block of the row is summed so to a binary16 partial first, and
// the partials then (the cross-chip reduction route).
Tensor ReduceSumAsMatmul(const Tensor& x, const Profile& p = SpecProfile());
// The rewrite for another axis: that axis is moved to the end (Transpose),
// summed through the matmul, and moved back; the result keeps the axis with
// length 1.  axis counts from 0; -1 is the last.  A bad axis:
// std::invalid_argument.
Tensor ReduceSumAsMatmul(const Tensor& x, int axis,
                         const Profile& p = SpecProfile());
// The narrow sum along any axis, for comparison.
Tensor ReduceSum(const Tensor& x, int axis, const Profile& p = SpecProfile());

// The mean along `axis` (keepdims): the sum through the chosen route
// (wide: ReduceSumAsMatmul, else the narrow ReduceSum), then a multiply by
// binary16(1 / K), K the axis length, the constant rounded with the
// profile's elementwise rounding as a folded graph weight is.  Two
// roundings after the sum's: the constant's (exact only for K a power of
// two) and the product's.  For K above 16384 the constant is subnormal,
// and zero under a flushing profile.  A bad axis: std::invalid_argument.
Tensor ReduceMean(const Tensor& x, int axis, bool wide,
                  const Profile& p = SpecProfile());

// Swaps axes i and j (a data movement: no rounding).
Tensor Transpose(const Tensor& x, int i, int j);
// The position of `axis` in x's shape: 0 .. rank-1, or counted from the
// end when negative (-1 the last).  Out of range: std::invalid_argument.
size_t AxisIndex(const Tensor& x, int axis);
// NumPy's transpose(x, axes): output axis k is input axis axes[k] (each
// from -rank to rank - 1, every axis once); empty axes reverse them.  A
// data movement.  Bad axes: std::invalid_argument.
Tensor Permute(const Tensor& x, const std::vector<int>& axes);

// x[..., offset : offset + width] along the last axis.  A width-offset
// slice (offset > 0) under a profile with a crop_dma_saturation (a13)
// goes through that chip's crop-DMA: an element above it in magnitude
// becomes +-inf (NaN stays NaN).  Out of range: std::invalid_argument.
Tensor SliceLastAxis(const Tensor& x, size_t offset, size_t width,
                     const Profile& p = SpecProfile());

// Largest element along the last axis (keepdims); NaN if any is NaN.
Tensor ReduceMax(const Tensor& x, const Profile& p = SpecProfile());

// Cumulative sum along the last axis as x @ triu(ones[K, K]).
Tensor Cumsum(const Tensor& x, const Profile& p = SpecProfile());

// The same two along another axis, moved to the end and back (Transpose).
// A bad axis: std::invalid_argument.
Tensor ReduceMax(const Tensor& x, int axis, const Profile& p = SpecProfile());
Tensor Cumsum(const Tensor& x, int axis, const Profile& p = SpecProfile());

// Softmax along the last axis, decomposed: d = x - max(x), e = exp(d),
// s = e @ ones (wide), y = e / s.  Every step a device op.
Tensor Softmax(const Tensor& x, const Profile& p = SpecProfile());
// The same along another axis, moved to the end and back (Transpose).
// A bad axis: std::invalid_argument.
Tensor Softmax(const Tensor& x, int axis, const Profile& p = SpecProfile());

// The [K, N] matrices of ones and upper-triangular ones (the baked weights
// of the rewrites).
Tensor Ones(size_t k, size_t n);
Tensor TriuOnes(size_t k);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_MATMUL_H_
