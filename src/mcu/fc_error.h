// The fp16 fully connected error experiment (docs/mcu.md, "Accumulation
// order"): random layers whose outputs are near 1, run through each
// accumulation order, measured against the exact dot product.  It
// reproduces the claim that the packed (one accumulator per output) fp16
// path errs about 4-5x more than the lane-split standard path.
#ifndef REFMATH_SRC_MCU_FC_ERROR_H_
#define REFMATH_SRC_MCU_FC_ERROR_H_

#include <stddef.h>
#include <stdint.h>

#include "refmath/mcu/float_fc.h"

namespace refmath {
namespace mcu {

struct FcErrorConfig {
  size_t c_in = 512;
  size_t c_out = 64;    // outputs per layer
  size_t layers = 16;   // independent random layers (one input row each)
  uint64_t seed = 1;
  // Weights are uniform in [weight_low, weight_high) / C_IN; with inputs of
  // mean 1/2 the expected output is (weight_low + weight_high) / 4.
  double weight_low = 0.0;
  double weight_high = 4.0;
};

struct OrderError {
  double mean_abs = 0;  // mean |out - exact| over all outputs
  double rms = 0;
  double max_abs = 0;
  double mean_exact = 0;  // mean exact output (near 1 by construction)
};

struct FcErrorResult {
  OrderError sequential;  // packed kernel; standard blocks of 4+ outputs
  OrderError lanes;       // legacy standard kernel; leftover outputs
};

// Inputs x[k] uniform in [0, 1), weights uniform in [0, 4 / C_IN) by
// default, both rounded to binary16, bias 0: the expected output is 1.  Every output is
// computed by FullyConnectedF16 with kPacked (sequential) and
// kStandardLegacy (lanes); the exact value is the double sum of the exact
// products.
FcErrorResult MeasureFcError(const FcErrorConfig& config);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_FC_ERROR_H_
