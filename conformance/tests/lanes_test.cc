// Lane independence and tail handling: a value gives the same bits in every
// lane position whatever its neighbours hold; every length from 0 to
// 2*lanes+1 works at an unaligned address, in place or not, and nothing
// past the end is written.
#include <random>

#include "conformance/tests/test_util.h"
#include "simd/dispatch/kernel_table.h"
#include "src/verify/golden_inputs.h"

namespace refmath {
namespace test {
namespace {

struct TargetLanes {
  refmath_target target;
  size_t lanes;
};

std::vector<TargetLanes> UsableTargetLanes(refmath_variant v) {
  std::vector<TargetLanes> out;
  const detail::KernelTable table = v == REFMATH_EXACT
                                        ? detail::ExactKernelTable()
                                        : detail::FastKernelTable();
  for (refmath_target t : UsableTargets(v)) {
    for (size_t i = 0; i < table.count; ++i) {
      if (table.entries[i].target == t) {
        out.push_back({t, table.entries[i].lanes()});
      }
    }
  }
  return out;
}

float ScalarOf(refmath_function f, refmath_variant v, float x) {
  float y;
  EXPECT_EQ(refmath_eval_f32(f, v, refmath_portable_target(), &x, &y, 1), REFMATH_OK);
  return y;
}

class Lanes : public ::testing::TestWithParam<FunctionVariant> {};

TEST_P(Lanes, EveryLanePositionWithRandomNeighbours) {
  const refmath_function f = std::get<0>(GetParam());
  const refmath_variant v = std::get<1>(GetParam());
  std::mt19937 rng(7);
  std::vector<uint32_t> values(std::begin(kSpecialValueBits),
                               std::end(kSpecialValueBits));
  for (int i = 0; i < 64; ++i) values.push_back(rng());
  for (const TargetLanes& tl : UsableTargetLanes(v)) {
    std::vector<float> buf(tl.lanes), out(tl.lanes);
    for (uint32_t x : values) {
      const uint32_t want = Bits(ScalarOf(f, v, FromBits(x)));
      for (size_t pos = 0; pos < tl.lanes; ++pos) {
        for (float& b : buf) b = FromBits(rng());
        buf[pos] = FromBits(x);
        ASSERT_EQ(refmath_eval_f32(f, v, tl.target, buf.data(),
                                   out.data(), tl.lanes),
                  REFMATH_OK);
        ASSERT_EQ(Bits(out[pos]), want)
            << Name(f) << " on " << Name(tl.target) << ", lane " << pos
            << " of " << tl.lanes << ", input " << Hex(x);
      }
    }
  }
}

TEST_P(Lanes, EveryTailLengthUnalignedInPlaceAndNoOverrun) {
  const refmath_function f = std::get<0>(GetParam());
  const refmath_variant v = std::get<1>(GetParam());
  constexpr uint32_t kSentinel = 0x7F812345;  // a signalling NaN pattern
  std::mt19937 rng(11);
  for (const TargetLanes& tl : UsableTargetLanes(v)) {
    for (size_t n = 0; n <= 2 * tl.lanes + 1; ++n) {
      // One float past an aligned start: unaligned for every vector width.
      std::vector<float> in(n + 2), out(n + 2, FromBits(kSentinel));
      for (float& x : in) x = FromBits(rng());
      ASSERT_EQ(refmath_eval_f32(f, v, tl.target, in.data() + 1,
                                 out.data() + 1, n),
                REFMATH_OK);
      std::vector<float> in_place(in);
      ASSERT_EQ(refmath_eval_f32(f, v, tl.target,
                                 in_place.data() + 1, in_place.data() + 1, n),
                REFMATH_OK);
      for (size_t i = 0; i < n; ++i) {
        const uint32_t want = Bits(ScalarOf(f, v, in[i + 1]));
        ASSERT_EQ(Bits(out[i + 1]), want)
            << Name(f) << " on " << Name(tl.target) << ", n=" << n << ", i=" << i;
        ASSERT_EQ(Bits(in_place[i + 1]), want)
            << "in place: " << Name(f) << " on " << Name(tl.target) << ", n="
            << n << ", i=" << i;
      }
      EXPECT_EQ(Bits(out[0]), kSentinel) << "wrote before the start, n=" << n;
      EXPECT_EQ(Bits(out[n + 1]), kSentinel) << "wrote past the end, n=" << n;
      EXPECT_EQ(Bits(in_place[0]), Bits(in[0]));
      EXPECT_EQ(Bits(in_place[n + 1]), Bits(in[n + 1]));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllFunctions, Lanes, AllFunctionVariants(),
                         FunctionVariantName);

}  // namespace
}  // namespace test
}  // namespace refmath
