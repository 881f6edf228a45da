// The fp16 accumulation-order experiment: for each weight distribution and
// C_IN, the error of the sequential order (packed kernel) and of the
// 8-lane order (legacy standard kernel) against the exact dot product.
#include <stdio.h>

#include "src/mcu/fc_error.h"
#include "src/verify/report.h"
#include "tools/mcu/report.h"

namespace refmath {
namespace mcu_report {
namespace {

// Weight ranges in units of 1/C_IN, all with expected output 1 for inputs
// uniform in [0, 1): positive weights, and two signed ranges whose partial
// sums wander before settling near 1.
struct Distribution {
  const char* name;
  double low, high;
};
constexpr Distribution kDistributions[] = {
    {"w in [0, 4) / C_IN", 0.0, 4.0},
    {"w in [-12, 16) / C_IN", -12.0, 16.0},
    {"w in [-28, 32) / C_IN", -28.0, 32.0},
};
constexpr size_t kChannels[] = {16, 32, 64, 128, 256, 512, 1024, 2048};
constexpr size_t kOutputs = 64;  // per layer, a multiple of 8

}  // namespace

std::string FcErrorSection(size_t layers, uint64_t seed) {
  std::string md = report::Printf(
      "Inputs uniform in [0, 1), bias 0, %zu layers x %zu outputs per row, "
      "seed %llu; errors are |output - exact| (absolute).  Sequential: one "
      "fp16 accumulator per output from the bias (packed kernel, and the "
      "standard kernel's blocks of 4+ outputs); 8 lanes: the dot kernel "
      "(legacy standard kernel, and the standard kernel's C_OUT mod 4 "
      "leftovers).\n",
      layers, kOutputs, static_cast<unsigned long long>(seed));
  for (const Distribution& d : kDistributions) {
    md += report::Printf("\n#### %s\n\n| C_IN | mean exact | sequential mean / rms / max "
                 "| 8 lanes mean / rms / max | mean ratio | max ratio |\n"
                 "|---|---|---|---|---|---|\n", d.name);
    for (size_t c_in : kChannels) {
      mcu::FcErrorConfig config;
      config.c_in = c_in;
      config.c_out = kOutputs;
      config.layers = layers;
      config.seed = seed;
      config.weight_low = d.low;
      config.weight_high = d.high;
      const mcu::FcErrorResult r = mcu::MeasureFcError(config);
      md += report::Printf("| %zu | %.4f | %.5f / %.5f / %.5f | %.5f / %.5f / %.5f | "
                   "%.2f | %.2f |\n",
                   c_in, r.sequential.mean_exact, r.sequential.mean_abs,
                   r.sequential.rms, r.sequential.max_abs, r.lanes.mean_abs,
                   r.lanes.rms, r.lanes.max_abs,
                   r.sequential.mean_abs / r.lanes.mean_abs,
                   r.sequential.max_abs / r.lanes.max_abs);
    }
  }
  return md;
}

}  // namespace mcu_report
}  // namespace refmath
