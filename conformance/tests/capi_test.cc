// The C API's contract: status codes, names, target resolution, and the
// scalar conveniences agreeing with the array API.
#include <set>

#include "conformance/tests/test_util.h"
#include "refmath/refmath.hpp"
#include "src/verify/golden_inputs.h"
#include "src/verify/scalar_calls.h"

namespace refmath {
namespace test {
namespace {

TEST(CApi, StatusCodesForBadArguments) {
  float x = 1.0f, y = 0.0f;
  EXPECT_EQ(refmath_eval_f32(static_cast<refmath_function>(99), REFMATH_EXACT,
                             REFMATH_TARGET_BEST, &x, &y, 1),
            REFMATH_E_UNKNOWN_FUNCTION);
  EXPECT_EQ(refmath_eval_f32(static_cast<refmath_function>(-1), REFMATH_EXACT,
                             REFMATH_TARGET_BEST, &x, &y, 1),
            REFMATH_E_UNKNOWN_FUNCTION);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, static_cast<refmath_variant>(7),
                             REFMATH_TARGET_BEST, &x, &y, 1),
            REFMATH_E_UNKNOWN_VARIANT);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT,
                             static_cast<refmath_target>(42), &x, &y, 1),
            REFMATH_E_UNKNOWN_TARGET);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             nullptr, &y, 1),
            REFMATH_E_NULL_POINTER);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             &x, nullptr, 1),
            REFMATH_E_NULL_POINTER);
  EXPECT_EQ(Bits(y), 0u) << "a failed call must not write";
}

TEST(CApi, ZeroLengthAcceptsNullPointers) {
  EXPECT_EQ(refmath_eval_f32(REFMATH_LOG, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             nullptr, nullptr, 0),
            REFMATH_OK);
}

// docs/api.md: function, variant, target, n == 0, NULL, overlap, the first
// failing check wins; n == 0 does not excuse a bad function or target.
TEST(CApi, ChecksRunInTheDocumentedOrder) {
  const auto bad_f = static_cast<refmath_function>(99);
  const auto bad_v = static_cast<refmath_variant>(7);
  const auto bad_t = static_cast<refmath_target>(42);
  std::vector<float> buf(8, 1.0f);
  EXPECT_EQ(refmath_eval_f32(bad_f, bad_v, bad_t, nullptr, nullptr, 1),
            REFMATH_E_UNKNOWN_FUNCTION);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, bad_v, bad_t, nullptr, nullptr, 1),
            REFMATH_E_UNKNOWN_VARIANT);
  EXPECT_EQ(
      refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, bad_t, nullptr, nullptr, 1),
      REFMATH_E_UNKNOWN_TARGET);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             nullptr, buf.data() + 1, 4),
            REFMATH_E_NULL_POINTER);
  // Zero length: nothing to compute, but the arguments are still checked.
  EXPECT_EQ(refmath_eval_f32(bad_f, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             nullptr, nullptr, 0),
            REFMATH_E_UNKNOWN_FUNCTION);
  EXPECT_EQ(
      refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, bad_t, nullptr, nullptr, 0),
      REFMATH_E_UNKNOWN_TARGET);
  // A target this build has no code for (another architecture's).
#if defined(__x86_64__) || defined(__i386__)
  const refmath_target foreign = REFMATH_TARGET_NEON;
#else
  const refmath_target foreign = REFMATH_TARGET_AVX2;
#endif
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, foreign, nullptr,
                             nullptr, 0),
            REFMATH_E_TARGET_NOT_BUILT);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             buf.data(), buf.data() + 1, 0),
            REFMATH_OK)
      << "n == 0 overlaps nothing";
}

TEST(CApi, PartialOverlapIsRefusedExactAliasingIsNot) {
  std::vector<float> buf(64, 1.0f);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             buf.data(), buf.data() + 1, 32),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             buf.data() + 1, buf.data(), 32),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(Bits(buf[0]), Bits(1.0f));
  EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                             buf.data(), buf.data() + 32, 32),
            REFMATH_OK);  // adjacent, not overlapping
}

TEST(CApi, FastVariantOnlyWhereThereIsATrueFma) {
  float x = 1.0f, y = 0.0f;
  // SSSE3/SSE4 have no fused multiply-add: refused, never other bits.
  for (refmath_target t : {REFMATH_TARGET_SSE4, REFMATH_TARGET_SSSE3}) {
    EXPECT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_FAST, t, &x, &y, 1),
              REFMATH_E_TARGET_NOT_BUILT)
        << Name(t);
  }
  EXPECT_EQ(Bits(y), 0u);
  // The scalar target (std::fma) always offers it.
  EXPECT_EQ(refmath_target_status(REFMATH_FAST, refmath_portable_target()), REFMATH_OK);
  EXPECT_GE(refmath_best_target(REFMATH_FAST), 0);
  EXPECT_NE(refmath_best_target(REFMATH_FAST), REFMATH_TARGET_SSE4);
}

TEST(CApi, StatusStringsAreDistinctOneLiners) {
  std::set<std::string> seen;
  for (int s = REFMATH_E_NOT_IN_VARIANT; s <= REFMATH_OK; ++s) {
    const std::string text = refmath_status_string(s);
    EXPECT_FALSE(text.empty());
    EXPECT_EQ(text.find('\n'), std::string::npos);
    EXPECT_TRUE(seen.insert(text).second) << "duplicate: " << text;
  }
  EXPECT_STREQ(refmath_status_string(12345), "unknown status code");
}

TEST(CApi, VersionIsTheProjectVersion) {
  EXPECT_STREQ(refmath_version(), REFMATH_PROJECT_VERSION);
}

TEST(CApi, NamesRoundTrip) {
  for (int f = 0; f < REFMATH_NUM_FUNCTIONS; ++f) {
    const char* name = refmath_function_name(static_cast<refmath_function>(f));
    ASSERT_NE(name, nullptr);
    EXPECT_EQ(refmath_function_from_name(name), f);
  }
  for (int t = 0; t < REFMATH_NUM_TARGETS; ++t) {
    const char* name = refmath_target_name(static_cast<refmath_target>(t));
    ASSERT_NE(name, nullptr);
    EXPECT_EQ(refmath_target_from_name(name), t);
  }
  EXPECT_STREQ(refmath_function_name(REFMATH_EXP_NONPOSITIVE), "exp_nonpositive");
  EXPECT_STREQ(refmath_function_name(REFMATH_ONE_PLUS_ERF), "one_plus_erf");
  EXPECT_STREQ(refmath_variant_name(REFMATH_FAST), "fast");
  EXPECT_EQ(refmath_function_from_name("expf"), -1);
  EXPECT_EQ(refmath_function_from_name(nullptr), -1);
  EXPECT_EQ(refmath_function_name(static_cast<refmath_function>(REFMATH_NUM_FUNCTIONS)),
            nullptr);
}

TEST(CApi, EveryVariantDefinesTheNineFunctionsOfTheSpecification) {
  // The nine functions have an exact, a fast and a correctly rounded
  // variant (refmath/functions.def); a value outside an enum is refused
  // first.
  for (int f = 0; f <= REFMATH_GELU_TANH; ++f) {
    for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
      EXPECT_EQ(refmath_function_status(static_cast<refmath_function>(f),
                                        static_cast<refmath_variant>(v)),
                REFMATH_OK)
          << Name(static_cast<refmath_function>(f)) << " " << v;
    }
  }
  EXPECT_EQ(refmath_function_status(static_cast<refmath_function>(-1),
                                    REFMATH_EXACT),
            REFMATH_E_UNKNOWN_FUNCTION);
  EXPECT_EQ(refmath_function_status(static_cast<refmath_function>(-1),
                                    static_cast<refmath_variant>(3)),
            REFMATH_E_UNKNOWN_FUNCTION);
  EXPECT_EQ(refmath_function_status(REFMATH_EXP,
                                    static_cast<refmath_variant>(3)),
            REFMATH_E_UNKNOWN_VARIANT);
  EXPECT_STREQ(refmath_status_string(REFMATH_E_NOT_IN_VARIANT),
               "function not defined in this variant");
  EXPECT_TRUE(refmath::Defines(refmath::Variant::kFast,
                               refmath::Function::kGeluErf));
}

// The functions of the correctly rounded libm exist in that variant alone:
// the exact and fast variants refuse them with NOT_IN_VARIANT on every
// target and leave the output untouched (never a silent fallback).
TEST(CApi, CorrectOnlyFunctionsAreRefusedByTheOtherVariants) {
  // The rows of refmath/functions.def with EXACT = FAST = 0, read from
  // the registry itself, not through the library's status table.
  std::vector<refmath_function> correct_only;
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  if (EXACT == 0 && FAST == 0) correct_only.push_back(REFMATH_##ID);
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
  ASSERT_GE(correct_only.size(), size_t{18});
  for (refmath_function f : correct_only) {
    EXPECT_EQ(refmath_function_status(f, REFMATH_CORRECT), REFMATH_OK);
    for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
      EXPECT_EQ(refmath_function_status(f, v), REFMATH_E_NOT_IN_VARIANT);
      for (int t = 0; t < REFMATH_NUM_TARGETS; ++t) {
        const float x = 1.0f;
        float y = -7.0f;
        EXPECT_EQ(refmath_eval_f32(f, v, static_cast<refmath_target>(t), &x,
                                   &y, 1),
                  REFMATH_E_NOT_IN_VARIANT)
            << Name(f) << " " << Name(v) << " " << t;
        EXPECT_EQ(Bits(y), Bits(-7.0f));
      }
    }
  }
}

TEST(CApi, PortableTargetAlwaysRunsAndBestIsTheWidestUsable) {
  const refmath_target portable = refmath_portable_target();
  EXPECT_TRUE(portable == REFMATH_TARGET_SCALAR || portable == REFMATH_TARGET_EMU128);
  EXPECT_EQ(refmath_target_status(REFMATH_EXACT, portable), REFMATH_OK);
  const int best = refmath_best_target(REFMATH_EXACT);
  ASSERT_GE(best, 0);
  const auto usable = UsableTargets(REFMATH_EXACT);
  bool found = false;
  for (refmath_target t : usable) found |= (t == best);
  EXPECT_TRUE(found) << "best target " << best << " is not usable";
  // Width order of the concrete targets.
  const int order[] = {REFMATH_TARGET_SCALAR, REFMATH_TARGET_EMU128,
                       REFMATH_TARGET_SSSE3,  REFMATH_TARGET_SSE4,
                       REFMATH_TARGET_AVX2,   REFMATH_TARGET_AVX3,
                       REFMATH_TARGET_AVX3_DL};
  int best_rank = -1, max_rank = -1;
  for (int r = 0; r < 7; ++r) {
    if (order[r] == best) best_rank = r;
    for (refmath_target t : usable) {
      if (t == order[r]) max_rank = r;
    }
  }
  EXPECT_EQ(best_rank, max_rank);
}

TEST(CApi, ScalarCallsOfEveryVariantMatchTheArrayApi) {
  // Every scalar call, over the golden inputs (every 4099th bit pattern and
  // the special values; test_util.h's sweep set), gives the array call's
  // bits.
  const std::vector<float> xs = SweepInputs();
  for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
    const auto var = static_cast<refmath_variant>(v);
    for (int f = 0; f < REFMATH_NUM_FUNCTIONS; ++f) {
      const auto fn = static_cast<refmath_function>(f);
      const ScalarCall call = ScalarCallOf(fn, var);
      if (call == nullptr) {
        EXPECT_EQ(refmath_function_status(fn, var), REFMATH_E_NOT_IN_VARIANT);
        continue;
      }
      const std::vector<float> want = Eval(fn, REFMATH_TARGET_BEST, xs, var);
      size_t differ = 0;
      for (size_t i = 0; i < xs.size(); ++i) {
        const float got = call(xs[i]);
        if (Bits(got) == Bits(want[i])) continue;
        if (differ++ == 0) {
          ADD_FAILURE() << Name(var) << " " << Name(fn) << "(" << Hex(Bits(xs[i]))
                        << ") = " << Hex(Bits(got)) << ", array call "
                        << Hex(Bits(want[i]));
        }
      }
      EXPECT_EQ(differ, 0u) << Name(var) << " " << Name(fn);
    }
  }
}

TEST(CppApi, ThrowsWithTheStatusAndMatchesC) {
  std::vector<float> in = {0.5f, -2.0f}, out(2);
  refmath::Eval(refmath::Function::kTanh, in.data(), out.data(), in.size());
  EXPECT_EQ(Bits(out[1]), Bits(refmath_tanhf(-2.0f)));
  try {
    refmath::Eval(refmath::Function::kTanh, in.data(), out.data(), 2,
                  refmath::Variant::kFast, refmath::Target::kSSE4);
    FAIL() << "no exception";
  } catch (const refmath::Error& e) {
    EXPECT_EQ(e.status(), REFMATH_E_TARGET_NOT_BUILT);
    EXPECT_NE(std::string(e.what()).find("not built"), std::string::npos);
  }
}

TEST(CppApi, EnumsCarryTheCValuesAndNames) {
  EXPECT_EQ(static_cast<int>(refmath::Variant::kCorrect), REFMATH_CORRECT);
  EXPECT_STREQ(refmath::Name(refmath::Variant::kCorrect), "correct");
  for (int f = 0; f < REFMATH_NUM_FUNCTIONS; ++f) {
    const auto fn = static_cast<refmath::Function>(f);
    EXPECT_EQ(refmath::FunctionFromName(refmath::Name(fn)), fn);
  }
  for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
    const auto var = static_cast<refmath::Variant>(v);
    EXPECT_EQ(refmath::VariantFromName(refmath::Name(var)), var);
  }
  EXPECT_EQ(refmath::TargetFromName("avx2"), refmath::Target::kAVX2);
  const std::pair<const char*, int> unknown[] = {
      {"function", REFMATH_E_UNKNOWN_FUNCTION},
      {"variant", REFMATH_E_UNKNOWN_VARIANT},
      {"target", REFMATH_E_UNKNOWN_TARGET}};
  for (const auto& [kind, status] : unknown) {
    try {
      if (status == REFMATH_E_UNKNOWN_FUNCTION) refmath::FunctionFromName("expf");
      if (status == REFMATH_E_UNKNOWN_VARIANT) refmath::VariantFromName("exactly");
      if (status == REFMATH_E_UNKNOWN_TARGET) refmath::TargetFromName("neon2");
      ADD_FAILURE() << "an unknown " << kind << " name did not throw";
    } catch (const refmath::Error& e) {
      EXPECT_EQ(e.status(), status) << kind;
    }
  }
}

TEST(CppApi, ScalarCallsGiveTheArrayCallsBits) {
  // refmath::Name is the exact variant's call, or the correctly rounded
  // one where the exact variant does not define the function.
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  refmath::Name,
  float (*const plain[])(float) = {
#include "refmath/functions.def"
  };
#undef REFMATH_FUNCTION
  ASSERT_EQ(sizeof plain / sizeof plain[0], size_t{REFMATH_NUM_FUNCTIONS});
  const std::vector<float> xs = {-3.5f, -0.25f, 0.0f, 0.75f, 2.0f, 1e-40f, 88.5f};
  for (int f = 0; f < REFMATH_NUM_FUNCTIONS; ++f) {
    const auto fn = static_cast<refmath_function>(f);
    const auto plain_variant =
        refmath_function_status(fn, REFMATH_EXACT) == REFMATH_OK
            ? REFMATH_EXACT
            : REFMATH_CORRECT;
    for (int v = 0; v < REFMATH_NUM_VARIANTS; ++v) {
      const auto var = static_cast<refmath_variant>(v);
      if (refmath_best_target(var) < 0) continue;
      if (refmath_function_status(fn, var) != REFMATH_OK) {
        EXPECT_THROW(refmath::Eval(static_cast<refmath::Function>(f), 1.0f,
                                   static_cast<refmath::Variant>(v)),
                     refmath::Error)
            << Name(fn) << " " << v;
        continue;
      }
      std::vector<float> want(xs.size());
      ASSERT_EQ(refmath_eval_f32(fn, var, REFMATH_TARGET_BEST, xs.data(),
                                 want.data(), xs.size()),
                REFMATH_OK);
      for (size_t i = 0; i < xs.size(); ++i) {
        const float got = refmath::Eval(static_cast<refmath::Function>(f), xs[i],
                                        static_cast<refmath::Variant>(v));
        EXPECT_EQ(Bits(got), Bits(want[i])) << Name(fn) << " " << v << " " << xs[i];
        if (var == plain_variant) {
          EXPECT_EQ(Bits(plain[f](xs[i])), Bits(want[i])) << Name(fn) << " " << xs[i];
        }
      }
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace refmath
