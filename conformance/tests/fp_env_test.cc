// The golden bits whatever the caller's floating-point environment (FTZ,
// DAZ, each rounding mode), the caller's environment restored exactly, and
// the golden bits from 8 threads at once.
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "conformance/tests/test_util.h"
#include "src/conform/runner.h"
#include "src/verify/golden_file.h"
#include "src/verify/golden_inputs.h"

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

// Every function, variant and usable target reproduces its golden digest.
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
  // No flag set (a program that raised nothing yet, or after
  // feclearexcept), every flag set, and FTZ+DAZ with round toward zero.
  float (*const calls[])(float) = {refmath_expf, refmath_fast_expf,
                                   refmath_correct_expf, refmath_correct_logf,
                                   refmath_fast_gelu_tanhf};
  for (unsigned env : {0x1F80u, 0x1FBFu, 0x1F80u | kFtz | kDaz | (3u << 13)}) {
    for (auto call : calls) {
      for (float x : {-100.0f, -1.0f, 0.5f, 1e-40f, 100.0f}) {
        _mm_setcsr(env);
        (void)call(x);
        EXPECT_EQ(_mm_getcsr(), env) << "x = " << x;
      }
    }
  }
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
