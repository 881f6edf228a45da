// MEAN of TFLite Micro on int8 and int16 tensors (docs/mcu.md, "Mean"), as
// reference/reduce.h's QuantizedMeanOrSum computes it with the parameters
// micro/kernels/reduce_common.cc prepares (every integer path since 2023;
// before, equal input and output quantization took a truncating
// shortcut).  With N the number of elements reduced into one output:
//   sum   = the raw input values added in int32 (modulo 2^32);
//   s     = min(floor(log2 N), 32, 31 + shift);
//   m'    = (m * 2^s) / N in int64, truncated;  shift' = shift - s;
//   out   = clamp(MultiplyByQuantizedMultiplier(sum - input_zp * N, m',
//                 shift') + output_zp, type range),
// (m, shift) = QuantizeMultiplier(double(input_scale) / double(output_scale)).
// The division by N is folded into the multiplier, so the result rounds
// twice (the doubling high multiply, ties towards +infinity, then the
// divide by 2^-shift', ties away from zero).
#ifndef REFMATH_MCU_MEAN_H_
#define REFMATH_MCU_MEAN_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "refmath/mcu/requantize_op.h"

namespace refmath {
namespace mcu {

// The parameters are QUANTIZE's (requantize_op.h): TFLite's MEAN prepares
// the same QuantizeMultiplier of double(input_scale) / double(output_scale)
// with the two zero points, so RequantizeOpPrepare gives them.

// The axes as TFLite resolves them: a negative axis counts from the end,
// repeats are dropped; false for an axis outside [-rank, rank).
bool ResolveMeanAxes(const std::vector<int>& axes, size_t rank,
                     std::vector<size_t>* resolved);

// The output's shape: `shape` without the resolved axes, or with them set
// to 1 when keep_dims.
std::vector<size_t> MeanShape(const std::vector<size_t>& shape,
                              const std::vector<size_t>& resolved, bool keep_dims);

// input: the int8 or int16 values of `shape` (C order), widened; bits 8 or
// 16 picks the type's clamp.  output: one value per element of the
// dimensions not reduced, in C order (keep_dims changes the shape, not
// the values); an input with a zero dimension gives zeros, as TFLite's
// early return leaves them.  False (output untouched) for sizes that do
// not match, bad axes or bits.
bool Mean(const std::vector<int32_t>& input, const std::vector<size_t>& shape,
          const std::vector<int>& axes, const RequantizeOpParams& params, int bits,
          std::vector<int32_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_MEAN_H_
