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

// Each function's hot range: inputs are uniform in [lo, hi].  A switch over
// every function, so that a registry row without a range stops the build
// (-Wswitch under REFMATH_WERROR).
struct HotRange {
  float lo, hi;
};
constexpr HotRange HotRangeOf(refmath_function f) {
  switch (f) {
    case REFMATH_EXP: return {-16.0f, 16.0f};
    case REFMATH_EXP_NONPOSITIVE: return {-16.0f, 0.0f};
    case REFMATH_LOG: return {0.0625f, 16.0f};
    case REFMATH_SIGMOID: return {-16.0f, 16.0f};
    case REFMATH_TANH: return {-10.0f, 10.0f};
    case REFMATH_ERF: return {-6.0f, 6.0f};
    case REFMATH_ONE_PLUS_ERF: return {-6.0f, 6.0f};
    case REFMATH_GELU_ERF: return {-3.0f, 10.0f};
    case REFMATH_GELU_TANH: return {-3.0f, 10.0f};
    // The correct variant alone: exponentials over the same span of
    // results as exp's (2^+-23, 10^+-7, e^+-16), logarithms over log's.
    case REFMATH_EXP2: return {-23.0f, 23.0f};
    case REFMATH_EXP10: return {-7.0f, 7.0f};
    case REFMATH_EXPM1: return {-16.0f, 16.0f};
    case REFMATH_LOG2: return {0.0625f, 16.0f};
    case REFMATH_LOG10: return {0.0625f, 16.0f};
    case REFMATH_LOG1P: return {-0.9375f, 15.0f};
    case REFMATH_SINH: return {-10.0f, 10.0f};
    case REFMATH_COSH: return {-10.0f, 10.0f};
    case REFMATH_ASINH: return {-16.0f, 16.0f};
    case REFMATH_ACOSH: return {1.0f, 16.0f};
    case REFMATH_ATANH: return {-0.9375f, 0.9375f};
    case REFMATH_ERFC: return {-3.0f, 10.0f};
    case REFMATH_CBRT: return {-16.0f, 16.0f};
    case REFMATH_RSQRT: return {0.0625f, 16.0f};
    // The ML compositions over sigmoid's range.
    case REFMATH_SILU: return {-16.0f, 16.0f};
    case REFMATH_SOFTPLUS: return {-16.0f, 16.0f};
    case REFMATH_MISH: return {-16.0f, 16.0f};
    case REFMATH_LOG_SIGMOID: return {-16.0f, 16.0f};
    // sin and cos over one period (the issue's [-pi, pi]).
    case REFMATH_SIN: return {-3.14159265f, 3.14159265f};
    case REFMATH_COS: return {-3.14159265f, 3.14159265f};
    case REFMATH_TAN: return {-3.14159265f, 3.14159265f};
    // sinpi and cospi over one period.
    case REFMATH_SINPI: return {-1.0f, 1.0f};
    case REFMATH_COSPI: return {-1.0f, 1.0f};
    // The inverse functions over their domains (atan: where it bends).
    case REFMATH_ATAN: return {-16.0f, 16.0f};
    case REFMATH_ASIN: return {-1.0f, 1.0f};
    case REFMATH_ACOS: return {-1.0f, 1.0f};
  }
  return {0.0f, 0.0f};
}

// One row per row of refmath/functions.def, in its order.
struct Function {
  const char* name;
  refmath_function id;
  float lo, hi;
};
constexpr Function kFunctions[] = {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  {#name, REFMATH_##ID, HotRangeOf(REFMATH_##ID).lo,                       \
   HotRangeOf(REFMATH_##ID).hi},
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};
static_assert(sizeof kFunctions / sizeof kFunctions[0] ==
                  REFMATH_NUM_FUNCTIONS,
              "one benchmark row per function");

// Second ranges: the same functions on other inputs, named NAME_RANGE
// (sin and cos over [-1e6, 1e6], where rotary embeddings take them and
// where a reduction by pi/2 has to be exact well past the first period).
// Their peers are the function's.
constexpr Function kSecondRanges[] = {
    {"sin_1e6", REFMATH_SIN, -1e6f, 1e6f},
    {"cos_1e6", REFMATH_COS, -1e6f, 1e6f},
};

// The first n inputs of function f, as the benchmark draws them.
inline void FillHotInputs(const Function& f, float* data, size_t n) {
  std::mt19937 rng(kSeed);
  std::uniform_real_distribution<float> dist(f.lo, f.hi);
  for (size_t i = 0; i < n; ++i) data[i] = dist(rng);
}

}  // namespace refmath_bench

#endif  // REFMATH_BENCH_HOT_INPUTS_H_
