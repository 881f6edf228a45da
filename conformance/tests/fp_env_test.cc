// The golden bits whatever the caller's floating-point environment (FTZ,
// DAZ, each rounding mode), the caller's environment restored exactly, and
// the golden bits from 8 threads at once.
#include <cmath>
#include <limits>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "conformance/tests/test_util.h"
#include "simd/dispatch/kernel_table.h"
#include "src/conform/runner.h"
#include "src/verify/digest.h"
#include "src/verify/golden_file.h"
#include "src/verify/golden_inputs.h"
#include "src/verify/scalar_calls.h"

namespace refmath {
namespace test {
namespace {

const std::vector<float>& Inputs() {
  static const std::vector<float> in = GoldenInputs();
  return in;
}

std::string Golden(refmath_function f, refmath_variant v) {
  GoldenFile g;
  std::string error;
  EXPECT_TRUE(ReadGoldenFile(GoldenPath(REFMATH_SOURCE_GOLDEN_DIR, v), &g, &error))
      << error;
  return g.digests[refmath_function_name(f)];
}

// Every function, variant and usable target reproduces its golden digest,
// and so does each scalar call (refmath_expf, ...) value by value.
void ExpectGoldenEverywhere(const std::string& environment) {
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST, REFMATH_CORRECT}) {
    for (refmath_function f : DefinedFunctions(v)) {
      const std::string want = Golden(f, v);
      for (refmath_target t : UsableTargets(v)) {
        std::vector<float> out;
        std::string digest;
        ASSERT_EQ(conformance::DigestOutputs(f, v, t, Inputs(), &out, &digest),
                  REFMATH_OK);
        EXPECT_EQ(digest, want) << Name(f) << " " << Name(v) << " on "
                                << Name(t) << " under " << environment;
      }
      const ScalarCall call = ScalarCallOf(f, v);
      ASSERT_NE(call, nullptr) << Name(f) << " " << Name(v);
      std::vector<float> out(Inputs().size());
      for (size_t i = 0; i < out.size(); ++i) out[i] = call(Inputs()[i]);
      EXPECT_EQ(DigestFloats(out.data(), out.size()), want)
          << "scalar call of " << Name(f) << " " << Name(v) << " under "
          << environment;
    }
  }
}

#if defined(__x86_64__) || defined(__i386__)
constexpr unsigned kFtz = 0x8000, kDaz = 0x0040;
constexpr unsigned kRoundingMask = 0x6000;

class Mxcsr : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = _mm_getcsr(); }
  void TearDown() override { _mm_setcsr(saved_); }
  unsigned saved_ = 0;
};

TEST_F(Mxcsr, FlushToZeroAndDenormalsAreZeroChangeNoBit) {
  const unsigned env = (saved_ | kFtz | kDaz) & ~0x3Fu;
  _mm_setcsr(env);
  ExpectGoldenEverywhere("FTZ+DAZ");
  EXPECT_EQ(_mm_getcsr() & ~0x3Fu, env) << "caller's MXCSR not restored";
}

TEST_F(Mxcsr, NoRoundingModeChangesABit) {
  const char* names[] = {"to nearest", "toward -inf", "toward +inf", "toward zero"};
  for (unsigned rc = 0; rc < 4; ++rc) {
    const unsigned env = ((saved_ & ~kRoundingMask) | (rc << 13)) & ~0x3Fu;
    _mm_setcsr(env);
    ExpectGoldenEverywhere(std::string("rounding ") + names[rc]);
    EXPECT_EQ(_mm_getcsr() & ~0x3Fu, env) << "caller's MXCSR not restored";
  }
}

TEST_F(Mxcsr, StatusFlagsAndMasksAreRestoredExactly) {
  // Exceptions unmasked except inexact/underflow would not be honest input
  // for kernels that compute inf - inf on the way; keep them masked but
  // set a distinctive pattern of flags and FTZ, and check every bit.
  const unsigned env = 0x1F80 | kFtz | 0x15;  // FTZ, flags IE|ZE|UE... set
  _mm_setcsr(env);
  float x[3] = {-100.0f, 1e-40f, -1.0f}, y[3];
  ASSERT_EQ(refmath_eval_f32(REFMATH_LOG, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             x, y, 3), REFMATH_OK);
  EXPECT_EQ(_mm_getcsr(), env);
  // The scalar conveniences too, and their subnormal results survive FTZ.
  const float sub = refmath_expf(-100.0f);
  EXPECT_EQ(_mm_getcsr(), env);
  EXPECT_GT(Bits(sub), 0u);
  EXPECT_LT(Bits(sub), 0x00800000u);
}

TEST_F(Mxcsr, ScalarCallsOfEveryVariantLeaveEveryBit) {
  // Every scalar call under: no flag set (a program that raised nothing
  // yet, or after feclearexcept), every flag set (where the guard writes
  // nothing), inexact alone, every flag but inexact, FTZ+DAZ with round
  // toward zero, and that with every flag set.  The inputs raise inexact,
  // overflow, underflow, invalid (in lanes the kernels discard) and
  // denormal-operand inside the kernels.
  const unsigned envs[] = {0x1F80u,
                           0x1FBFu,
                           0x1F80u | 0x20u,
                           0x1F80u | 0x1Fu,
                           0x1F80u | kFtz | kDaz | (3u << 13),
                           0x1FBFu | kFtz | kDaz | (3u << 13)};
  const float inf = std::numeric_limits<float>::infinity();
  // The last row: the edges of exp's range without the guard (2^-60 <= |x|
  // <= 87) and just outside them.
  const float xs[] = {-100.0f, -1.0f, 0.5f, 1e-40f, 100.0f, 0.0f,
                      inf,     -inf,  std::numeric_limits<float>::quiet_NaN(),
                      0x1p-60f, -0x1p-60f, 0x1.fffffep-61f, 87.0f, -87.0f,
                      0x1.5c0002p+6f, -0x1.5c0002p+6f};
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST, REFMATH_CORRECT}) {
    for (refmath_function f : DefinedFunctions(v)) {
      const ScalarCall call = ScalarCallOf(f, v);
      ASSERT_NE(call, nullptr) << Name(f) << " " << Name(v);
      for (unsigned env : envs) {
        for (float x : xs) {
          _mm_setcsr(env);
          (void)call(x);
          const unsigned after = _mm_getcsr();
          EXPECT_EQ(after, env) << Name(f) << " " << Name(v) << "(" << x
                                << ") with MXCSR " << Hex(env);
        }
      }
    }
  }
}

// The kernels without the guard (exp on AVX-512: docs/fp-environment.md,
// "One value without the guard"), called directly under each environment:
// inside their range 2^-60 <= |x| <= 87 the guarded one-value kernel's bits
// (computed under the default environment), or for the correct variant a
// NaN where its quick value is not settled (rarely: at most 1 in 1000
// here); outside it a NaN; MXCSR, flags cleared, exactly as set.  Inputs:
// every 4099th binary32 from 2^-62 to 96 (2046 a binade), both signs.
TEST_F(Mxcsr, KernelsWithoutTheGuardKeepBitsAndEnvironment) {
  const detail::KernelTable tables[] = {detail::ExactKernelTable(),
                                        detail::FastKernelTable(),
                                        detail::CorrectKernelTable()};
  const unsigned envs[] = {0x1F80u | kFtz | kDaz, 0x1F80u | (1u << 13),
                           0x1F80u | (2u << 13), 0x1F80u | (3u << 13),
                           0x0000u};
  int kernels = 0;
  for (int v = 0; v < 3; ++v) {
    const detail::KernelTable& table = tables[v];
    for (size_t t = 0; t < table.count; ++t) {
      const detail::VariantKernels& k = *table.entries[t].kernels;
      const detail::EnvFreeKernel free_of_env = k.env_free[REFMATH_EXP];
      if (free_of_env == nullptr ||
          refmath_target_status(REFMATH_EXACT, table.entries[t].target) !=
              REFMATH_OK) {
        continue;
      }
      ++kernels;
      size_t inside_count = 0, unsettled = 0;
      for (uint32_t b = 0x20800000u; b <= 0x42C00000u; b += 4099u) {
        for (uint32_t sign : {0u, 0x80000000u}) {
          const float x = FromBits(b | sign);
          _mm_setcsr(0x1F80u);
          const float want = k.one[REFMATH_EXP](x);
          const bool inside = b >= 0x21800000u && b <= 0x42AE0000u;
          for (unsigned env : envs) {
            _mm_setcsr(env);
            const float got = free_of_env(x);
            const unsigned after = _mm_getcsr();
            _mm_setcsr(0x1F80u);
            ASSERT_EQ(after, env) << Hex(b | sign);
            if (inside) {
              ++inside_count;
              if (v == 2 && std::isnan(got)) {
                ++unsettled;
                continue;
              }
              ASSERT_EQ(Bits(got), Bits(want))
                  << Name(static_cast<refmath_variant>(v)) << " exp("
                  << Hex(b | sign) << "), MXCSR " << Hex(env);
            } else {
              ASSERT_TRUE(std::isnan(got)) << "outside the range: "
                                           << Hex(b | sign);
            }
          }
        }
      }
      EXPECT_LE(unsettled * 1000, inside_count);
    }
  }
  if (kernels == 0) GTEST_SKIP() << "no kernel without the guard on this CPU";
}

// The one-value call entries (VariantKernels::call, what refmath_NAMEf
// jumps to) of every target this CPU runs, not only the best one: an entry
// exactly where the variant defines the function, the one-value kernel's
// bits (computed under the default environment) under FTZ+DAZ with round
// toward zero and under round up, with no flag and with every flag set,
// and MXCSR exactly as set afterwards.  Inputs: every 2^22 + 1th binary32
// (1023 of them, both signs, every binade), the edges of exp's range
// without the guard, zeros, infinities and a NaN.
TEST_F(Mxcsr, CallEntriesOfEveryTargetKeepBitsAndEnvironment) {
  const detail::KernelTable tables[] = {detail::ExactKernelTable(),
                                        detail::FastKernelTable(),
                                        detail::CorrectKernelTable()};
  const unsigned envs[] = {0x1F80u | kFtz | kDaz | (3u << 13),
                           0x1FBFu | kFtz | kDaz | (3u << 13),
                           0x1F80u | (2u << 13), 0x1FBFu | (2u << 13)};
  std::vector<float> xs;
  for (uint64_t b = 0; b <= 0xFFFFFFFFu; b += (1u << 22) + 1) {
    xs.push_back(FromBits(static_cast<uint32_t>(b)));
  }
  for (float x : {0x1p-60f, -0x1p-60f, 0x1.fffffep-61f, 87.0f, -87.0f,
                  0x1.5c0002p+6f, 0.0f, -0.0f,
                  std::numeric_limits<float>::infinity(),
                  -std::numeric_limits<float>::infinity(),
                  std::numeric_limits<float>::quiet_NaN()}) {
    xs.push_back(x);
  }
  int entries = 0;
  for (int v = 0; v < 3; ++v) {
    const refmath_variant variant = static_cast<refmath_variant>(v);
    const detail::KernelTable& table = tables[v];
    for (size_t t = 0; t < table.count; ++t) {
      const refmath_target target = table.entries[t].target;
      if (refmath_target_status(variant, target) != REFMATH_OK) continue;
      const detail::VariantKernels& k = *table.entries[t].kernels;
      for (int f = 0; f < REFMATH_NUM_FUNCTIONS; ++f) {
        const refmath_function fn = static_cast<refmath_function>(f);
        ASSERT_EQ(k.call[f] != nullptr, k.one[f] != nullptr)
            << Name(fn) << " " << Name(variant) << " " << Name(target);
        if (k.call[f] == nullptr) continue;
        ++entries;
        for (float x : xs) {
          _mm_setcsr(0x1F80u);
          const uint32_t want = Bits(k.one[f](x));
          for (unsigned env : envs) {
            _mm_setcsr(env);
            const float got = k.call[f](x);
            const unsigned after = _mm_getcsr();
            _mm_setcsr(0x1F80u);
            ASSERT_EQ(after, env) << Name(fn) << " " << Name(variant) << " "
                                  << Name(target) << "(" << Hex(Bits(x)) << ")";
            ASSERT_EQ(Bits(got), want)
                << Name(fn) << " " << Name(variant) << " " << Name(target)
                << "(" << Hex(Bits(x)) << "), MXCSR " << Hex(env);
          }
        }
      }
    }
  }
  EXPECT_GT(entries, 0);
}
#endif

TEST(Concurrency, EightThreadsGetTheGoldenBits) {
  // Each thread takes a different (function, variant, target) slice.
  struct Job {
    refmath_function f;
    refmath_variant v;
    refmath_target t;
  };
  std::vector<Job> jobs;
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST, REFMATH_CORRECT}) {
    for (refmath_function f : DefinedFunctions(v)) {
      for (refmath_target t : UsableTargets(v)) jobs.push_back({f, v, t});
    }
  }
  std::vector<std::string> digests(jobs.size()), wanted(jobs.size());
  for (size_t i = 0; i < jobs.size(); ++i) wanted[i] = Golden(jobs[i].f, jobs[i].v);
  std::vector<std::thread> threads;
  for (int w = 0; w < 8; ++w) {
    threads.emplace_back([&, w] {
      for (size_t i = w; i < jobs.size(); i += 8) {
        std::vector<float> out;
        conformance::DigestOutputs(jobs[i].f, jobs[i].v, jobs[i].t, Inputs(),
                                   &out, &digests[i]);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (size_t i = 0; i < jobs.size(); ++i) {
    EXPECT_EQ(digests[i], wanted[i]) << Name(jobs[i].f) << " " << Name(jobs[i].v)
                                     << " on " << Name(jobs[i].t);
  }
}

}  // namespace
}  // namespace test
}  // namespace refmath
