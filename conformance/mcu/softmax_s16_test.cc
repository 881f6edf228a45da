// int16 SOFTMAX: table entries and rows computed independently of this
// code (a separate reimplementation of TFLite's LUTPopulate and
// SoftmaxInt16 over glibc's expf), and the two places CMSIS-NN wraps where
// TFLite saturates.
#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"
#include "refmath/mcu/softmax.h"

namespace refmath {
namespace mcu {
namespace {

using V = std::vector<int16_t>;

SoftmaxS16Params Prepared(float input_scale) {
  SoftmaxS16Params p;
  EXPECT_TRUE(SoftmaxS16Prepare(1.0f, input_scale, &p));
  return p;
}

V RunRow(Kernel k, const V& row, SoftmaxS16Params p) {
  p.kernel = k;
  V out;
  EXPECT_TRUE(SoftmaxS16(row, 1, row.size(), p, &out));
  return out;
}

TEST(McuSoftmaxS16, TablesAndParameters) {
  const SoftmaxS16Params p = Prepared(1.0f / 4096);
  // 1/4096 / (10/65535) = 1.59998, quantized to (1717960704, 1).
  EXPECT_EQ(p.input_multiplier, 1717960704);
  EXPECT_EQ(p.input_left_shift, 1);
  ASSERT_EQ(p.exp_table.size(), 513u);
  EXPECT_EQ(p.exp_table[0], 2);
  EXPECT_EQ(p.exp_table[256], 221);
  EXPECT_EQ(V(p.exp_table.begin() + 505, p.exp_table.end()),
            (V{28580, 29143, 29718, 30304, 30902, 31512, 32133, 32767}));
  EXPECT_EQ(V(p.recip_table.begin(), p.recip_table.begin() + 5),
            (V{32767, 32704, 32640, 32578, 32514}));
  EXPECT_EQ(p.recip_table[256], 21845);
  EXPECT_EQ(V(p.recip_table.begin() + 508, p.recip_table.end()),
            (V{16448, 16432, 16416, 16400, 16384}));
}

TEST(McuSoftmaxS16, RowsByHand) {
  const SoftmaxS16Params p = Prepared(1.0f / 4096);
  for (Kernel k : {Kernel::kTflite, Kernel::kCmsisNn, Kernel::kNsCmsisNn}) {
    // Two equal inputs: each exp 32762, sum 65524, reciprocal 16387:
    // (32762 * 16387 + 2^14) >> 15 = 16384.
    EXPECT_EQ(RunRow(k, {0, 0}, p), (V{16384, 16384}));
    EXPECT_EQ(RunRow(k, {4096, 0, -4096}, p), (V{21798, 8020, 2950}));
  }
}

TEST(McuSoftmaxS16, WhereCmsisNnWraps) {
  const SoftmaxS16Params p = Prepared(1.0f / 4096);
  // One element: 32768 before the clamp.
  EXPECT_EQ(RunRow(Kernel::kTflite, {123}, p), V{32767});
  EXPECT_EQ(RunRow(Kernel::kCmsisNn, {123}, p), V{-32768});
  // Eight at the maximum (exp 32762 each) and one 26840 below it (exp 47):
  // sum 262143, h = 14, (sum << 13) + 2^13 = 2^31.  TFLite: >> 14 is
  // 131072, less 98304 is 32768, clamped to 32767: reciprocal 16384, so
  // (32762 * 16384 + 2^16) >> 17 = 4095 and 47 gives 6.  CMSIS-NN wraps
  // 2^31 to -2^31: (-131072 - 98304) as int16 is -32768, the table's first
  // entry 32767, so 8190 and 12: twice the right values.
  V row(8, 32767);
  row.push_back(5927);
  V tflite(8, 4095), cmsis(8, 8190);
  tflite.push_back(6);
  cmsis.push_back(12);
  EXPECT_EQ(RunRow(Kernel::kTflite, row, p), tflite);
  EXPECT_EQ(RunRow(Kernel::kCmsisNn, row, p), cmsis);
  EXPECT_EQ(RunRow(Kernel::kNsCmsisNn, row, p), cmsis);  // the fork's is ARM's
}

TEST(McuSoftmaxS16, Refusals) {
  SoftmaxS16Params p;
  EXPECT_FALSE(SoftmaxS16Prepare(1.0f, 0.0f, &p));
  EXPECT_FALSE(SoftmaxS16Prepare(-1.0f, 0.5f, &p));
  p = Prepared(0.001f);
  V out = {7};
  EXPECT_FALSE(SoftmaxS16({1, 2, 3}, 2, 2, p, &out));
  EXPECT_FALSE(SoftmaxS16({}, 1, 0, p, &out));
  EXPECT_FALSE(SoftmaxS16(V(65537, 0), 1, 65537, p, &out));
  SoftmaxS16Params empty;
  EXPECT_FALSE(SoftmaxS16({1}, 1, 1, empty, &out));
  EXPECT_EQ(out, V{7});
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
