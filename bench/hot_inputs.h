// The benchmark's inputs: each function's hot range, uniform, fixed seed.
// Shared by refmath_bench and refmath_trace_kernel (bench/insn_trace.py),
// so the traced vectors are the benchmarked ones.
#ifndef REFMATH_BENCH_HOT_INPUTS_H_
#define REFMATH_BENCH_HOT_INPUTS_H_

#include <stddef.h>
#include <stdint.h>

#include <random>

#include "refmath/refmath.h"

namespace refmath_bench {

constexpr uint32_t kSeed = 20240601;

// Each function's hot range; inputs are uniform in [lo, hi].
struct Function {
  const char* name;
  refmath_function id;
  float lo, hi;
};
constexpr Function kFunctions[] = {
    {"exp", REFMATH_EXP, -16.0f, 16.0f},
    {"log", REFMATH_LOG, 0.0625f, 16.0f},
    {"tanh", REFMATH_TANH, -10.0f, 10.0f},
    {"erf", REFMATH_ERF, -6.0f, 6.0f},
    {"sigmoid", REFMATH_SIGMOID, -16.0f, 16.0f},
    {"gelu_erf", REFMATH_GELU_ERF, -3.0f, 10.0f},
    {"gelu_tanh", REFMATH_GELU_TANH, -3.0f, 10.0f},
    // The correct variant alone: exponentials over the same span of
    // results as exp's (2^+-23, 10^+-7, e^+-16), logarithms over log's.
    {"exp2", REFMATH_EXP2, -23.0f, 23.0f},
    {"exp10", REFMATH_EXP10, -7.0f, 7.0f},
    {"expm1", REFMATH_EXPM1, -16.0f, 16.0f},
    {"log2", REFMATH_LOG2, 0.0625f, 16.0f},
    {"log10", REFMATH_LOG10, 0.0625f, 16.0f},
    {"log1p", REFMATH_LOG1P, -0.9375f, 15.0f},
    {"sinh", REFMATH_SINH, -10.0f, 10.0f},
    {"cosh", REFMATH_COSH, -10.0f, 10.0f},
    {"asinh", REFMATH_ASINH, -16.0f, 16.0f},
    {"acosh", REFMATH_ACOSH, 1.0f, 16.0f},
    {"atanh", REFMATH_ATANH, -0.9375f, 0.9375f},
    {"erfc", REFMATH_ERFC, -3.0f, 10.0f},
    {"cbrt", REFMATH_CBRT, -16.0f, 16.0f},
    {"rsqrt", REFMATH_RSQRT, 0.0625f, 16.0f},
    // The ML compositions over sigmoid's range.
    {"silu", REFMATH_SILU, -16.0f, 16.0f},
    {"softplus", REFMATH_SOFTPLUS, -16.0f, 16.0f},
    {"mish", REFMATH_MISH, -16.0f, 16.0f},
    {"log_sigmoid", REFMATH_LOG_SIGMOID, -16.0f, 16.0f},
};

// The first n inputs of function f, as the benchmark draws them.
inline void FillHotInputs(const Function& f, float* data, size_t n) {
  std::mt19937 rng(kSeed);
  std::uniform_real_distribution<float> dist(f.lo, f.hi);
  for (size_t i = 0; i < n; ++i) data[i] = dist(rng);
}

}  // namespace refmath_bench

#endif  // REFMATH_BENCH_HOT_INPUTS_H_
