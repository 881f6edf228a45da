// SAME / VALID output sizes and paddings of TFLite (kernels/padding.h),
// worked out by hand: eff = (f - 1) d + 1, SAME out = ceil(in / s),
// VALID out = (in + s - eff) / s, total = max(0, (out - 1) s + eff - in).
#include "refmath/mcu/window.h"

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

struct Case {
  Padding padding;
  int in, filter, stride, dilation;
  int out, pad, offset;
};

TEST(McuWindow, PaddedAxisByHand) {
  const Case cases[] = {
      // SAME, in 5, f 3, s 2: out 3, total 2*2 + 3 - 5 = 2.
      {Padding::kSame, 5, 3, 2, 1, 3, 1, 0},
      // SAME, in 4, f 3, s 2: out 2, total 2 + 3 - 4 = 1: all of it at the
      // bottom / right, the pad the kernels see is 0.
      {Padding::kSame, 4, 3, 2, 1, 2, 0, 1},
      // SAME, dilation 2 (eff 5), in 7, s 1: out 7, total 6 + 5 - 7 = 4.
      {Padding::kSame, 7, 3, 1, 2, 7, 2, 0},
      // SAME, dilation 3 (eff 7), in 6, s 2: out 3, total 4 + 7 - 6 = 5.
      {Padding::kSame, 6, 3, 2, 3, 3, 2, 1},
      // SAME, in 6, f 1, s 4: out 2, total 4 + 1 - 6 = -1 -> 0.
      {Padding::kSame, 6, 1, 4, 1, 2, 0, 0},
      // VALID, dilation 2 (eff 5), in 7, s 1: out (7 + 1 - 5) = 3, total 0.
      {Padding::kValid, 7, 3, 1, 2, 3, 0, 0},
      // VALID, in 10, f 4, s 3: out (10 + 3 - 4) / 3 = 3, total 6 + 4 - 10 = 0.
      {Padding::kValid, 10, 4, 3, 1, 3, 0, 0},
  };
  for (const Case& c : cases) {
    WindowAxis axis;
    int offset = -1;
    ASSERT_TRUE(PaddedAxis(c.padding, c.in, c.filter, c.stride, c.dilation,
                           &axis, &offset))
        << c.in << " " << c.filter;
    EXPECT_EQ(axis.out_size, c.out) << c.in << " " << c.filter;
    EXPECT_EQ(axis.pad, c.pad) << c.in << " " << c.filter;
    EXPECT_EQ(offset, c.offset) << c.in << " " << c.filter;
    EXPECT_EQ(axis.stride, c.stride);
    EXPECT_EQ(axis.dilation, c.dilation);
  }
  {
    WindowAxis axis;
    axis.out_size = 9;
    // VALID with the dilated filter wider than the input: (3 + 1 - 5) < 1,
    // and (4 + 2 - 5) / 2 = 0.
    EXPECT_FALSE(PaddedAxis(Padding::kValid, 3, 3, 1, 2, &axis));
    EXPECT_FALSE(PaddedAxis(Padding::kValid, 4, 3, 2, 2, &axis));
    EXPECT_FALSE(PaddedAxis(Padding::kSame, 5, 3, 0, 1, &axis));  // stride 0
    EXPECT_FALSE(PaddedAxis(Padding::kSame, 5, 3, 1, 0, &axis));  // dilation 0
    EXPECT_FALSE(PaddedAxis(Padding::kSame, 0, 3, 1, 1, &axis));
    EXPECT_FALSE(PaddedAxis(Padding::kSame, 5, 0, 1, 1, &axis));
    EXPECT_EQ(axis.out_size, 9);  // untouched
  }
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
