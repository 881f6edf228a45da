// refmath_env_free_check: every binary32 x with 2^-61 <= |x| <= 88 (the
// guard-free range of the one-value exp calls, 2^-60 to 87, and a margin
// on both sides), each scalar exp call (refmath_expf, refmath_fast_expf,
// refmath_correct_expf) under six caller environments against the same
// call under the default one: the same bits, and MXCSR exactly as the
// caller set it (no status flag raised, nothing changed).  The calls'
// bits in the default environment are the golden ones
// (refmath_exhaustive_digest --scalar).  Prints one line per variant and
// environment; exits 1 on any difference.  A record, not a CI test
// (docs/fp-environment.md, "One value without the guard").
#include <stdint.h>
#include <stdio.h>
#include <xmmintrin.h>

#include <vector>

#include "refmath/refmath.h"
#include "src/base/bits.h"

namespace {

constexpr uint32_t kFirst = 0x21000000u;  // 2^-61
constexpr uint32_t kLast = 0x42B00000u;   // 88
constexpr uint32_t kChunk = 1u << 20;

struct Environment {
  const char* name;
  unsigned mxcsr;
};

// Flags cleared in each, so that any flag a call raises stays visible.
constexpr Environment kEnvironments[] = {
    {"FTZ+DAZ", 0x1F80u | 0x8040u},
    {"toward -inf", 0x1F80u | (1u << 13)},
    {"toward +inf", 0x1F80u | (2u << 13)},
    {"toward zero", 0x1F80u | (3u << 13)},
    {"FTZ+DAZ toward zero", 0x1F80u | 0x8040u | (3u << 13)},
    {"exceptions unmasked", 0x0000u},
};

// count inputs from the bits `first` on, with the sign bit set if negative.
void Inputs(uint32_t first, uint32_t count, bool negative, float* x) {
  for (uint32_t i = 0; i < count; ++i) {
    x[i] = refmath::BitsToFloat((first + i) | (negative ? 0x80000000u : 0u));
  }
}

}  // namespace

int main() {
  using Call = float (*)(float);
  const struct {
    const char* name;
    refmath_variant variant;
    Call call;
  } variants[] = {{"exact", REFMATH_EXACT, &refmath_expf},
                  {"fast", REFMATH_FAST, &refmath_fast_expf},
                  {"correct", REFMATH_CORRECT, &refmath_correct_expf}};
  const unsigned saved = _mm_getcsr();
  int failures = 0;
  std::vector<float> x(kChunk), want(kChunk), got(kChunk);
  for (const auto& v : variants) {
    if (refmath_target_status(v.variant, REFMATH_TARGET_BEST) != REFMATH_OK) {
      printf("%-8s skipped: the variant is not built for this CPU\n", v.name);
      continue;
    }
    for (const Environment& env : kEnvironments) {
      uint64_t checked = 0, differ = 0, bad_mxcsr = 0;
      for (int sign = 0; sign < 2; ++sign) {
        for (uint64_t first = kFirst; first <= kLast; first += kChunk) {
          const uint32_t count = static_cast<uint32_t>(
              first + kChunk - 1 <= kLast ? kChunk : kLast - first + 1);
          Inputs(static_cast<uint32_t>(first), count, sign != 0, x.data());
          _mm_setcsr(0x1F80u);
          for (uint32_t i = 0; i < count; ++i) want[i] = v.call(x[i]);
          _mm_setcsr(env.mxcsr);
          for (uint32_t i = 0; i < count; ++i) got[i] = v.call(x[i]);
          const unsigned after = _mm_getcsr();
          _mm_setcsr(0x1F80u);
          if (after != env.mxcsr) ++bad_mxcsr;
          for (uint32_t i = 0; i < count; ++i) {
            if (refmath::FloatBits(got[i]) != refmath::FloatBits(want[i])) ++differ;
          }
          checked += count;
        }
      }
      printf("%-8s %-20s MXCSR %04X: %llu inputs, %llu differ, %llu chunks "
             "changed MXCSR\n",
             v.name, env.name, env.mxcsr,
             static_cast<unsigned long long>(checked),
             static_cast<unsigned long long>(differ),
             static_cast<unsigned long long>(bad_mxcsr));
      fflush(stdout);
      if (differ != 0 || bad_mxcsr != 0) failures = 1;
    }
  }
  _mm_setcsr(saved);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures;
}
