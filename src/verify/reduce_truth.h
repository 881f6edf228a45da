// The true values of the reductions of refmath_tensor_reduce and of sum
// and mean (docs/tensor-ops.md, "reductions"): each formula evaluated in exact
// mathematics on one row of binary32 values, then rounded once to binary64,
// for measuring any binary32 evaluation of them in ulps.
//
// max and min are exact; the sums (sum's, mean's, of squares, L1, L2's) are
// exact (ExactDot), then mean divides and L2 takes the square root in
// MPFR at kMpfrPrecision bits; prod multiplies in MPFR at 24 n bits (exact)
// up to 4096 bits, beyond which each product is rounded at 4096 bits
// (relative error under n 2^-4096); log-sum-exp is m + log(sum exp(x -
// m)) with m the row's maximum, exp and log at kMpfrPrecision bits.
//
// Special values follow IEEE arithmetic on the exact values: a NaN in the
// row gives NaN (max and min too); infinities give what the formula gives
// in the extended reals (inf - inf and 0 * inf are NaN).  An empty row
// gives 1 (prod), 0 (sums) and NaN (max, min, log-sum-exp, mean).
#ifndef REFMATH_SRC_VERIFY_REDUCE_TRUTH_H_
#define REFMATH_SRC_VERIFY_REDUCE_TRUTH_H_

#include <stddef.h>

#include "refmath/tensor.h"

namespace refmath {

// op is a refmath_reduce_op, or kReduceMean / kReduceSum for the mean and
// the sum.
constexpr int kReduceMean = -1, kReduceSum = -2;

double ReduceTruth(int op, const float* x, size_t n);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_REDUCE_TRUTH_H_
