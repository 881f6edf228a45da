#include "src/mcu/fc_error.h"

#include <cmath>
#include <random>
#include <vector>

namespace refmath {
namespace mcu {
namespace {

// A uniform double in [0, 1) from 53 random bits: the same numbers from
// every standard library (std::uniform_real_distribution is not).
double Uniform(std::mt19937_64& gen) {
  constexpr double kTwoToMinus53 = 0x1p-53;
  return static_cast<double>(gen() >> 11) * kTwoToMinus53;
}

void Accumulate(const std::vector<Half>& got, const std::vector<double>& exact,
                OrderError* e, size_t* count) {
  for (size_t i = 0; i < got.size(); ++i) {
    const double err = std::fabs(HalfToDouble(got[i]) - exact[i]);
    e->mean_abs += err;
    e->rms += err * err;
    e->max_abs = std::fmax(e->max_abs, err);
    e->mean_exact += exact[i];
  }
  *count += got.size();
}

void Finish(size_t count, OrderError* e) {
  e->mean_abs /= count;
  e->rms = std::sqrt(e->rms / count);
  e->mean_exact /= count;
}

}  // namespace

FcErrorResult MeasureFcError(const FcErrorConfig& c) {
  std::mt19937_64 gen(c.seed);
  FcErrorResult result;
  size_t count_seq = 0, count_lanes = 0;
  const FcShape shape{1, c.c_in, c.c_out};
  const Half lowest = kHalfNegInf, highest = kHalfPosInf;
  for (size_t layer = 0; layer < c.layers; ++layer) {
    std::vector<Half> x(c.c_in), w(c.c_out * c.c_in);
    for (Half& v : x) v = HalfFromDouble(Uniform(gen));
    const double span = c.weight_high - c.weight_low;
    for (Half& v : w) {
      v = HalfFromDouble((c.weight_low + Uniform(gen) * span) / c.c_in);
    }
    std::vector<double> exact(c.c_out, 0.0);
    for (size_t n = 0; n < c.c_out; ++n) {
      for (size_t k = 0; k < c.c_in; ++k) {
        exact[n] += HalfToDouble(w[n * c.c_in + k]) * HalfToDouble(x[k]);
      }
    }
    std::vector<Half> seq, lanes;
    FullyConnectedF16(FcKernel::kPacked, x, PackNtN(w, c.c_out, c.c_in, kPackLanesF16),
                      {}, shape, lowest, highest, &seq);
    FullyConnectedF16(FcKernel::kStandardLegacy, x, w, {}, shape, lowest, highest,
                      &lanes);
    Accumulate(seq, exact, &result.sequential, &count_seq);
    Accumulate(lanes, exact, &result.lanes, &count_lanes);
  }
  Finish(count_seq, &result.sequential);
  Finish(count_lanes, &result.lanes);
  return result;
}

}  // namespace mcu
}  // namespace refmath
