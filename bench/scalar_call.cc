// refmath_scalar_bench: the cost of one scalar call (refmath_expf and its
// fast and correct forms) beside glibc's expf and CORE-MATH's cr_expf
// (where the build has that peer), with the caller's six MXCSR status
// flags already set, with inexact alone set (a program that has computed
// something), and with every flag cleared before every call (a program
// that has raised no exception yet, or calls feclearexcept).  Below them,
// what a call is made of: each variant's one-value kernel called through
// its internal table entry, without the floating-point environment guard
// around it; the kernel that needs no guard (AVX-512 only: the calls take
// it for 2^-60 <= |x| <= 87, docs/fp-environment.md); and the guard's read
// of MXCSR (stmxcsr) alone.  Prints ns per call, the
// median of interleaved rounds, and each ratio to glibc measured just
// before and after in the same round.  Not a test: the machine's noise is
// in the figures.
#include <stdio.h>
#include <math.h>
#include <xmmintrin.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "refmath/refmath.h"
#include "simd/dispatch/kernel_table.h"

#ifdef REFMATH_BENCH_CORE_MATH
extern "C" float cr_expf(float);
#endif

namespace {

using ScalarFn = float (*)(float);

// exp's entries for variant v on the best target, or null if the variant
// is not built.
const refmath::detail::VariantKernels* BestKernels(refmath_variant v) {
  const int best = refmath_best_target(v);
  if (best < 0) return nullptr;
  const refmath::detail::KernelTable table =
      v == REFMATH_EXACT  ? refmath::detail::ExactKernelTable()
      : v == REFMATH_FAST ? refmath::detail::FastKernelTable()
                          : refmath::detail::CorrectKernelTable();
  for (size_t i = 0; i < table.count; ++i) {
    if (table.entries[i].target == best) return table.entries[i].kernels;
  }
  return nullptr;
}

ScalarFn g_kernel[REFMATH_NUM_VARIANTS];
ScalarFn g_env_free[REFMATH_NUM_VARIANTS];
template <refmath_variant kV>
float KernelAlone(float x) {
  return g_kernel[kV](x);
}
template <refmath_variant kV>
float EnvFreeAlone(float x) {
  return g_env_free[kV](x);
}

// The guard's read of MXCSR, and nothing else.
float ReadMxcsr(float x) {
  volatile unsigned csr = _mm_getcsr();
  (void)csr;
  return x;
}

struct Candidate {
  const char* name;
  ScalarFn fn;
};

// The rows, the kernels of the variants built here among them.
std::vector<Candidate> Candidates() {
  std::vector<Candidate> rows = {
      {"glibc expf", &expf},
#ifdef REFMATH_BENCH_CORE_MATH
      {"CORE-MATH cr_expf", &cr_expf},
#endif
      {"refmath_expf", &refmath_expf},
      {"refmath_fast_expf", &refmath_fast_expf},
      {"refmath_correct_expf", &refmath_correct_expf},
  };
  const Candidate kernels[REFMATH_NUM_VARIANTS] = {
      {"exact kernel, no guard", &KernelAlone<REFMATH_EXACT>},
      {"fast kernel, no guard", &KernelAlone<REFMATH_FAST>},
      {"correct kernel, no guard", &KernelAlone<REFMATH_CORRECT>},
  };
  const Candidate env_free[REFMATH_NUM_VARIANTS] = {
      {"exact, needs no guard", &EnvFreeAlone<REFMATH_EXACT>},
      {"fast, needs no guard", &EnvFreeAlone<REFMATH_FAST>},
      {"correct, needs no guard", &EnvFreeAlone<REFMATH_CORRECT>},
  };
  const refmath::detail::VariantKernels* best[REFMATH_NUM_VARIANTS];
  for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
    best[v] = BestKernels(static_cast<refmath_variant>(v));
    if (best[v] == nullptr) continue;
    g_kernel[v] = best[v]->one[REFMATH_EXP];
    rows.push_back(kernels[v]);
  }
  for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
    if (best[v] == nullptr || best[v]->env_free[REFMATH_EXP] == nullptr) continue;
    g_env_free[v] = best[v]->env_free[REFMATH_EXP];
    rows.push_back(env_free[v]);
  }
  rows.push_back({"stmxcsr alone", &ReadMxcsr});
  return rows;
}
constexpr size_t kInputs = 1 << 18;
constexpr int kRounds = 15;

// The caller's MXCSR in each column: the default control bits with every
// status flag set, with inexact alone, and with none (written before every
// call, since each call of glibc's expf sets inexact).
enum class Flags { kAll, kInexact, kCleared };
constexpr Flags kColumns[] = {Flags::kAll, Flags::kInexact, Flags::kCleared};
constexpr int kColumnCount = sizeof kColumns / sizeof kColumns[0];

// Nanoseconds per call over the inputs, the caller's flags as `flags` says.
double NsPerCall(ScalarFn f, const std::vector<float>& x, Flags flags) {
  volatile float sink = 0;
  const auto start = std::chrono::steady_clock::now();
  if (flags == Flags::kCleared) {
    for (float v : x) {
      _mm_setcsr(0x1F80);
      sink = f(v);
    }
  } else {
    _mm_setcsr(flags == Flags::kAll ? 0x1FBF : 0x1FA0);
    for (float v : x) sink = f(v);
  }
  (void)sink;
  const std::chrono::duration<double, std::nano> ns =
      std::chrono::steady_clock::now() - start;
  return ns.count() / x.size();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main() {
  const std::vector<Candidate> candidates = Candidates();
  // The reference, taken from the table like every row, so that it is
  // called the way the rows are (with a constant &expf the compiler
  // specialises the timing loop for it, and glibc against itself read up
  // to 1.37x).
  const ScalarFn glibc = candidates[0].fn;
  std::vector<float> x(kInputs);
  for (size_t i = 0; i < kInputs; ++i) x[i] = -80.0f + 160.0f * i / kInputs;
  printf("%-26s %12s %8s %12s %8s %12s %8s\n", "one call of", "all flags",
         "/ glibc", "inexact", "/ glibc", "cleared", "/ glibc");
  for (const Candidate& c : candidates) {
    std::vector<double> ns[kColumnCount], ratio[kColumnCount];
    for (int r = 0; r < kRounds; ++r) {
      for (int k = 0; k < kColumnCount; ++k) {
        // glibc just before and just after, so that neither order is
        // favoured.
        const double before = NsPerCall(glibc, x, kColumns[k]);
        ns[k].push_back(NsPerCall(c.fn, x, kColumns[k]));
        const double after = NsPerCall(glibc, x, kColumns[k]);
        ratio[k].push_back(2 * ns[k].back() / (before + after));
      }
    }
    printf("%-26s", c.name);
    for (int k = 0; k < kColumnCount; ++k) {
      printf(" %9.2f ns %7.2fx", Median(ns[k]), Median(ratio[k]));
    }
    printf("\n");
  }
  _mm_setcsr(0x1F80);
  return 0;
}
