// Tensors and broadcasting of the ANE model (refmath/ane/tensor.h, ops.h).
#include "refmath/ane/tensor.h"

#include <stdexcept>

#include "gtest/gtest.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {
namespace {

constexpr Half kOne = 0x3C00, kTwo = 0x4000, kThree = 0x4200, kFour = 0x4400;

TEST(AneTensor, ShapeAndValues) {
  const Tensor t = Tensor::FromDoubles({2, 3}, {1, 2, 3, 4, 5, 6.0001});
  EXPECT_EQ(t.rank(), 2u);
  EXPECT_EQ(t.rows(), 2u);
  EXPECT_EQ(t.cols(), 3u);
  EXPECT_EQ(t.at(1, 0), kFour);
  EXPECT_EQ(t[5], 0x4600);  // 6.0001 rounds to 6 (spacing 2^-8)
  EXPECT_THROW(Tensor({2, 2}, {kOne}), std::invalid_argument);
  EXPECT_EQ(Tensor({1, 1, 1, 1}, {kOne}).rank(), 4u);  // NCHW
  EXPECT_THROW(Tensor({1, 1, 1, 1, 1}, {kOne}), std::invalid_argument);
  EXPECT_EQ(Tensor::Scalar(kTwo).rank(), 0u);
}

TEST(AneTensor, BroadcastScalarRowAndColumn) {
  const Tensor m({2, 2}, {kOne, kTwo, kThree, kFour});
  const Tensor scalar = Tensor::Scalar(kOne);
  const Tensor plus_one = Add(m, scalar);
  EXPECT_EQ(plus_one.data(), (std::vector<Half>{kTwo, kThree, kFour, 0x4500}));
  const Tensor row({2}, {kOne, kTwo});
  EXPECT_EQ(Mul(m, row).data(),
            (std::vector<Half>{kOne, kFour, kThree, 0x4800}));  // 1 4 3 8
  const Tensor column({2, 1}, {kOne, kTwo});
  EXPECT_EQ(Sub(m, column).data(),
            (std::vector<Half>{0x0000, kOne, kOne, kTwo}));
  EXPECT_EQ(Sub(scalar, m).shape(), (Shape{2, 2}));
  EXPECT_THROW(Add(m, Tensor({3}, {kOne, kOne, kOne})), std::invalid_argument);
}

}  // namespace
}  // namespace ane
}  // namespace refmath
