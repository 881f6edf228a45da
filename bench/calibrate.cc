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
// (as long as 8 chains cover the latency, true for every OP below).
#define REFMATH_INDEPENDENT_8(OP)                                           \
  asm volatile(OP " %8, %0, %0\n\t" OP " %8, %1, %1\n\t" OP " %8, %2, %2\n\t" \
               OP " %8, %3, %3\n\t" OP " %8, %4, %4\n\t" OP " %8, %5, %5\n\t" \
               OP " %8, %6, %6\n\t" OP " %8, %7, %7"                       \
               : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4),           \
                 "+v"(a5), "+v"(a6), "+v"(a7)                                \
               : "v"(b))

#define REFMATH_BLOCK_BENCH(NAME, BLOCK)                                    \
  void NAME(benchmark::State& state) {                                      \
    const __m512 b = _mm512_set1_ps(1.0f);                                  \
    __m512 a0 = b, a1 = b, a2 = b, a3 = b, a4 = b, a5 = b, a6 = b, a7 = b; \
    for (auto _ : state) {                                                  \
      for (int i = 0; i < kInnerReps; ++i) BLOCK;                           \
    }                                                                       \
    Report(state);                                                          \
  }
#define REFMATH_THROUGHPUT_BENCH(NAME, OP) \
  REFMATH_BLOCK_BENCH(NAME, REFMATH_INDEPENDENT_8(OP))

// Two multiplies, two adds and four integer adds, all independent: the
// sustained rate of a mix like the kernels'.
#define REFMATH_MIXED_8                                                    \
  asm volatile("vmulps %8, %0, %0\n\tvaddps %8, %1, %1\n\t"                \
               "vpaddd %8, %2, %2\n\tvpaddd %8, %3, %3\n\t"                \
               "vmulps %8, %4, %4\n\tvaddps %8, %5, %5\n\t"                \
               "vpaddd %8, %6, %6\n\tvpaddd %8, %7, %7"                     \
               : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4),           \
                 "+v"(a5), "+v"(a6), "+v"(a7)                                \
               : "v"(b))

// Eight compares into mask registers (the kernels' selects start so).
#define REFMATH_COMPARE_8                                                  \
  asm volatile("vcmpltps %8, %0, %%k1\n\tvcmpltps %8, %1, %%k2\n\t"          \
               "vcmpltps %8, %2, %%k3\n\tvcmpltps %8, %3, %%k4\n\t"          \
               "vcmpltps %8, %4, %%k1\n\tvcmpltps %8, %5, %%k2\n\t"          \
               "vcmpltps %8, %6, %%k3\n\tvcmpltps %8, %7, %%k4"               \
               : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4),           \
                 "+v"(a5), "+v"(a6), "+v"(a7)                                \
               : "v"(b)                                                      \
               : "k1", "k2", "k3", "k4")

// vdivpd, 8 independent chains dividing by 1.0 (the binary64 divides of
// the correctly rounded kernels; ordinary operands, no early exit).
void DivPdThroughput(benchmark::State& state) {
  const __m512d b = _mm512_set1_pd(1.0);
  __m512d a0 = b, a1 = b, a2 = b, a3 = b, a4 = b, a5 = b, a6 = b, a7 = b;
  for (auto _ : state) {
    for (int i = 0; i < kInnerReps; ++i) REFMATH_INDEPENDENT_8("vdivpd");
  }
  Report(state);
}

// vgatherqpd, 8 independent: each loads 8 binary64 values from 8 cache
// lines of an L1-resident table, as the correctly rounded erf does for its
// coefficients.  A gather clears its mask, so each is preceded by a kxnorw
// that sets it again (one mask instruction, counted with the gather).
#define REFMATH_GATHER_1(N, K)                                 \
  "kxnorw %%" K ", %%" K ", %%" K "\n\t"                          \
  "vgatherqpd (%9,%8,8), %" #N "%{%%" K "%}\n\t"
void GatherThroughput(benchmark::State& state) {
  alignas(64) static const double table[64] = {1.0};
  const __m512i index = _mm512_set_epi64(56, 48, 40, 32, 24, 16, 8, 0);
  const __m512d z = _mm512_setzero_pd();
  __m512d a0 = z, a1 = z, a2 = z, a3 = z, a4 = z, a5 = z, a6 = z, a7 = z;
  for (auto _ : state) {
    for (int i = 0; i < kInnerReps; ++i) {
      asm volatile(REFMATH_GATHER_1(0, "k1") REFMATH_GATHER_1(1, "k2")
                   REFMATH_GATHER_1(2, "k3") REFMATH_GATHER_1(3, "k4")
                   REFMATH_GATHER_1(4, "k1") REFMATH_GATHER_1(5, "k2")
                   REFMATH_GATHER_1(6, "k3") REFMATH_GATHER_1(7, "k4")
                   : "+&v"(a0), "+&v"(a1), "+&v"(a2), "+&v"(a3), "+&v"(a4),
                     "+&v"(a5), "+&v"(a6), "+&v"(a7)
                   : "v"(index), "r"(table)
                   : "k1", "k2", "k3", "k4", "memory");
    }
  }
  Report(state);
}

REFMATH_THROUGHPUT_BENCH(AddThroughput, "vaddps")
REFMATH_THROUGHPUT_BENCH(MulThroughput, "vmulps")
REFMATH_THROUGHPUT_BENCH(DivThroughput, "vdivps")
REFMATH_THROUGHPUT_BENCH(IntThroughput, "vpaddd")
REFMATH_BLOCK_BENCH(MixedThroughput, REFMATH_MIXED_8)
REFMATH_BLOCK_BENCH(CompareThroughput, REFMATH_COMPARE_8)

}  // namespace

void RegisterCalibration() {
  benchmark::RegisterBenchmark("calib/add_latency", AddLatency);
  benchmark::RegisterBenchmark("calib/add_throughput", AddThroughput);
  benchmark::RegisterBenchmark("calib/mul_throughput", MulThroughput);
  benchmark::RegisterBenchmark("calib/div_throughput", DivThroughput);
  benchmark::RegisterBenchmark("calib/divpd_throughput", DivPdThroughput);
  benchmark::RegisterBenchmark("calib/gather_throughput", GatherThroughput);
  benchmark::RegisterBenchmark("calib/int_throughput", IntThroughput);
  benchmark::RegisterBenchmark("calib/mixed_throughput", MixedThroughput);
  benchmark::RegisterBenchmark("calib/compare_throughput", CompareThroughput);
}

}  // namespace refmath_bench
