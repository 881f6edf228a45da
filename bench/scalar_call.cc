// refmath_scalar_bench: the cost of one scalar call (refmath_expf and its
// fast and correct forms) beside glibc's expf and CORE-MATH's cr_expf
// (where the build has that peer), with the caller's MXCSR status flags
// already set and with them cleared before every call (a program that has
// raised no exception yet, or calls feclearexcept).  Prints ns per call,
// the median of interleaved rounds, and each ratio to glibc measured in
// the same round.  Not a test: the machine's noise is in the figures.
#include <stdio.h>
#include <math.h>
#include <xmmintrin.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "refmath/refmath.h"

#ifdef REFMATH_BENCH_CORE_MATH
extern "C" float cr_expf(float);
#endif

namespace {

using ScalarFn = float (*)(float);

struct Candidate {
  const char* name;
  ScalarFn fn;
};

const Candidate kCandidates[] = {
    {"glibc expf", &expf},
#ifdef REFMATH_BENCH_CORE_MATH
    {"CORE-MATH cr_expf", &cr_expf},
#endif
    {"refmath_expf", &refmath_expf},
    {"refmath_fast_expf", &refmath_fast_expf},
    {"refmath_correct_expf", &refmath_correct_expf},
};
constexpr int kCount = sizeof(kCandidates) / sizeof(kCandidates[0]);
constexpr size_t kInputs = 1 << 18;
constexpr int kRounds = 9;

// Nanoseconds per call over the inputs; with `clear`, MXCSR is set to the
// default with no status flag before every call.
double NsPerCall(ScalarFn f, const std::vector<float>& x, bool clear) {
  volatile float sink = 0;
  const auto start = std::chrono::steady_clock::now();
  if (clear) {
    for (float v : x) {
      _mm_setcsr(0x1F80);
      sink = f(v);
    }
  } else {
    _mm_setcsr(0x1FBF);
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
  std::vector<float> x(kInputs);
  for (size_t i = 0; i < kInputs; ++i) x[i] = -80.0f + 160.0f * i / kInputs;
  printf("%-22s %12s %10s %14s %10s\n", "one call of", "flags set", "/ glibc",
         "flags cleared", "/ glibc");
  for (const Candidate& c : kCandidates) {
    std::vector<double> set, set_ratio, clear, clear_ratio;
    for (int r = 0; r < kRounds; ++r) {
      const double g_set = NsPerCall(&expf, x, false);
      const double g_clear = NsPerCall(&expf, x, true);
      set.push_back(NsPerCall(c.fn, x, false));
      clear.push_back(NsPerCall(c.fn, x, true));
      set_ratio.push_back(set.back() / g_set);
      clear_ratio.push_back(clear.back() / g_clear);
    }
    printf("%-22s %9.2f ns %9.2fx %11.2f ns %9.2fx\n", c.name, Median(set),
           Median(set_ratio), Median(clear), Median(clear_ratio));
  }
  _mm_setcsr(0x1F80);
  return 0;
}
