// The golden rows of the ANE model (src/conform/ane_golden_digests.h): one set per
// distinct elementwise rounding, which is sound only if presets sharing
// that rounding give the same outputs; checked here on every 17th input.
#include "src/conform/ane_golden_digests.h"

#include "conformance/ane/test_profiles.h"
#include "gtest/gtest.h"

namespace refmath {
namespace ane {
namespace {

constexpr uint32_t kStride = 17;

TEST(AneGoldenDigests, PresetsWithM1sElementwiseRoundingMatchM1) {
  const Profile m1 = Preset("m1");
  for (const char* name : {"m3", "m5"}) {
    const Profile p = Preset(name);
    ASSERT_EQ(p.Elementwise().tie, m1.Elementwise().tie);
    ASSERT_EQ(p.Elementwise().flush_subnormals, m1.Elementwise().flush_subnormals);
    for (const UnaryFunction& f : UnaryFunctions()) {
      for (uint32_t i = 0; i <= 0xFFFF; i += kStride) {
        const Half x = static_cast<Half>(i);
        ASSERT_EQ(f.eval(x, p), f.eval(x, m1)) << f.name << ":" << name
                                               << " at 0x" << std::hex << i;
      }
    }
  }
}

}  // namespace
}  // namespace ane
}  // namespace refmath
