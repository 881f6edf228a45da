// Machine calibration for the issue-bound analysis (docs/performance.md):
// the core clock, from a dependent chain of 512-bit adds of known latency,
// and the throughput of the 512-bit operations the kernels are made of.
// Compiled with -mavx512f; registered only on CPUs with AVX-512.
#include <benchmark/benchmark.h>
#include <immintrin.h>

namespace refmath_bench {
namespace {

// Inner repetitions per benchmark iteration; 8 operations each.
constexpr int kInnerReps = 256;
constexpr int kOpsPerIteration = kInnerReps * 8;

void Report(benchmark::State& state) {
  state.SetItemsProcessed(state.iterations() * kOpsPerIteration);
  state.counters["ops_per_iter"] = kOpsPerIteration;
}

// Eight dependent vaddps: time per add = the add latency.
void AddLatency(benchmark::State& state) {
  __m512 a = _mm512_setzero_ps();
  const __m512 b = _mm512_set1_ps(1.0f);
  for (auto _ : state) {
    for (int i = 0; i < kInnerReps; ++i) {
      asm volatile(
          "vaddps %1, %0, %0\n\tvaddps %1, %0, %0\n\t"
          "vaddps %1, %0, %0\n\tvaddps %1, %0, %0\n\t"
          "vaddps %1, %0, %0\n\tvaddps %1, %0, %0\n\t"
          "vaddps %1, %0, %0\n\tvaddps %1, %0, %0"
          : "+v"(a)
          : "v"(b));
    }
  }
  Report(state);
}

// Eight independent chains of OP: time per op = the reciprocal throughput
// (as long as 8 chains cover the latency, true for all three below).
#define REFMATH_INDEPENDENT_8(OP)                                           \
  asm volatile(OP " %8, %0, %0\n\t" OP " %8, %1, %1\n\t" OP " %8, %2, %2\n\t" \
               OP " %8, %3, %3\n\t" OP " %8, %4, %4\n\t" OP " %8, %5, %5\n\t" \
               OP " %8, %6, %6\n\t" OP " %8, %7, %7"                       \
               : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4),           \
                 "+v"(a5), "+v"(a6), "+v"(a7)                                \
               : "v"(b))

#define REFMATH_THROUGHPUT_BENCH(NAME, OP)                                  \
  void NAME(benchmark::State& state) {                                      \
    const __m512 b = _mm512_set1_ps(1.0f);                                  \
    __m512 a0 = b, a1 = b, a2 = b, a3 = b, a4 = b, a5 = b, a6 = b, a7 = b; \
    for (auto _ : state) {                                                  \
      for (int i = 0; i < kInnerReps; ++i) REFMATH_INDEPENDENT_8(OP);       \
    }                                                                       \
    Report(state);                                                          \
  }

REFMATH_THROUGHPUT_BENCH(AddThroughput, "vaddps")
REFMATH_THROUGHPUT_BENCH(MulThroughput, "vmulps")
REFMATH_THROUGHPUT_BENCH(DivThroughput, "vdivps")
REFMATH_THROUGHPUT_BENCH(IntThroughput, "vpaddd")

}  // namespace

void RegisterCalibration() {
  benchmark::RegisterBenchmark("calib/add_latency", AddLatency);
  benchmark::RegisterBenchmark("calib/add_throughput", AddThroughput);
  benchmark::RegisterBenchmark("calib/mul_throughput", MulThroughput);
  benchmark::RegisterBenchmark("calib/div_throughput", DivThroughput);
  benchmark::RegisterBenchmark("calib/int_throughput", IntThroughput);
}

}  // namespace refmath_bench
