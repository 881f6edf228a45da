// The tensor operations with numpy's and ONNX's shapes (docs/tensor-ops.md,
// "matmul's shapes", "gemm"): hand cases whose expected values come from integer
// arithmetic in the test (small integers: every float product and sum is
// exact), batch invariance (every batch element with the bits of the 2-D
// call on that element alone), and the shape errors.
#include <math.h>
#include <stdint.h>

#include <vector>

#include "conformance/tests/test_util.h"
#include "gtest/gtest.h"
#include "refmath/tensor.h"

namespace refmath {
namespace test {
namespace {

refmath_tensor View(std::vector<float>& v, std::vector<size_t> shape) {
  return refmath_tensor_contiguous(v.data(), shape.size(), shape.data());
}

std::vector<float> Integers(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) {
    v[i] = static_cast<float>(static_cast<int>((i * 7 + seed * 13) % 11) - 5);
  }
  return v;
}

TEST(TensorMatmulShapes, BroadcastBatchAxes) {
  // a [2, 1, 2, 3] @ b [3, 3, 2] -> [2, 3, 2, 2]: a's axis 1 and b's
  // missing axis 0 are repeated.
  std::vector<float> a = Integers(12, 1), b = Integers(18, 2), c(24, 42.0f);
  refmath_tensor va = View(a, {2, 1, 2, 3}), vb = View(b, {3, 3, 2}),
                 vc = View(c, {2, 3, 2, 2});
  ASSERT_EQ(refmath_tensor_matmul(&va, &vb, &vc, nullptr), REFMATH_OK);
  for (size_t i = 0; i < 2; ++i) {
    for (size_t j = 0; j < 3; ++j) {
      for (size_t r = 0; r < 2; ++r) {
        for (size_t s = 0; s < 2; ++s) {
          int want = 0;
          for (size_t p = 0; p < 3; ++p) {
            want += static_cast<int>(a[i * 6 + r * 3 + p]) *
                    static_cast<int>(b[j * 6 + p * 2 + s]);
          }
          EXPECT_EQ(Bits(c[((i * 3 + j) * 2 + r) * 2 + s]),
                    Bits(static_cast<float>(want)))
              << i << j << r << s;
        }
      }
    }
  }
  size_t ndim = 0, shape[REFMATH_TENSOR_MAX_DIMS];
  ASSERT_EQ(refmath_tensor_matmul_shape(&va, &vb, &ndim, shape), REFMATH_OK);
  EXPECT_EQ(std::vector<size_t>(shape, shape + ndim),
            (std::vector<size_t>{2, 3, 2, 2}));
}

TEST(TensorMatmulShapes, VectorOperands) {
  std::vector<float> x = {1, 2, 3}, m = {1, -1, 2, 0, 3, 5}, y(2), z(1);
  refmath_tensor vx = View(x, {3}), vm = View(m, {3, 2}), vy = View(y, {2});
  ASSERT_EQ(refmath_tensor_matmul(&vx, &vm, &vy, nullptr), REFMATH_OK);
  EXPECT_EQ(y, (std::vector<float>{14, 14}));  // (1+4+9, -1+0+15)
  refmath_tensor vmt = View(m, {2, 3});        // [[1,-1,2],[0,3,5]] @ x
  ASSERT_EQ(refmath_tensor_matmul(&vmt, &vx, &vy, nullptr), REFMATH_OK);
  EXPECT_EQ(y, (std::vector<float>{5, 21}));
  refmath_tensor vz = refmath_tensor_contiguous(z.data(), 0, nullptr);
  ASSERT_EQ(refmath_tensor_matmul(&vx, &vx, &vz, nullptr), REFMATH_OK);
  EXPECT_EQ(Bits(z[0]), Bits(14.0f));
  // x @ [2, 3, 2]: one row per batch element, M dropped -> [2, 2].
  std::vector<float> s = {1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 2, 2}, t(4);
  refmath_tensor vs = View(s, {2, 3, 2}), vt = View(t, {2, 2});
  ASSERT_EQ(refmath_tensor_matmul(&vx, &vs, &vt, nullptr), REFMATH_OK);
  EXPECT_EQ(t, (std::vector<float>{1, 2, 8, 8}));
}

// Every batch element of a batched call has the bits of the 2-D call on
// that element alone, whatever the batch around it.
TEST(TensorMatmulShapes, BatchInvariance) {
  const size_t batch = 6, m = 37, k = 300, n = 29;
  std::vector<float> a = Normal(batch * m * k, 1), b = Normal(k * n, 2),
                     c(batch * m * n);
  refmath_tensor va = View(a, {2, 3, m, k}), vb = View(b, {k, n}),
                 vc = View(c, {2, 3, m, n});
  for (refmath_variant variant : {REFMATH_EXACT, REFMATH_FAST}) {
    if (UsableTargets(variant).empty()) continue;
    refmath_tensor_options o = refmath_tensor_default_options();
    o.variant = variant;
    o.threads = 3;
    ASSERT_EQ(refmath_tensor_matmul(&va, &vb, &vc, &o), REFMATH_OK);
    for (size_t r = 0; r < batch; ++r) {
      std::vector<float> alone(a.begin() + r * m * k,
                               a.begin() + (r + 1) * m * k);
      std::vector<float> want(m * n);
      refmath_tensor v1 = View(alone, {m, k}), w1 = View(want, {m, n});
      o.threads = 1;
      ASSERT_EQ(refmath_tensor_matmul(&v1, &vb, &w1, &o), REFMATH_OK);
      const std::vector<float> got(c.begin() + r * m * n,
                                   c.begin() + (r + 1) * m * n);
      EXPECT_EQ(FirstBitDifference(want, got), -1) << "batch element " << r;
    }
  }
}

TEST(TensorMatmulShapes, ShapeErrorsWriteNothing) {
  std::vector<float> a(24, 1.0f), o(64, 42.0f);
  refmath_tensor scalar = refmath_tensor_contiguous(a.data(), 0, nullptr);
  refmath_tensor a23 = View(a, {2, 2, 3}), a33 = View(a, {3, 3, 2});
  refmath_tensor a34 = View(a, {2, 3, 4}), out = View(o, {2, 2, 4});
  // 0-d operand; batch 2 against 3; K 3 against 2; a wrong out.
  EXPECT_EQ(refmath_tensor_matmul(&scalar, &a23, &out, nullptr),
            REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_matmul(&a23, &a33, &out, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_matmul(&a23, &a23, &out, nullptr), REFMATH_E_SHAPE);
  refmath_tensor wrong = View(o, {2, 4, 2});
  EXPECT_EQ(refmath_tensor_matmul(&a23, &a34, &wrong, nullptr),
            REFMATH_E_SHAPE);
  refmath_tensor flat = View(o, {16});
  EXPECT_EQ(refmath_tensor_matmul(&a23, &a34, &flat, nullptr),
            REFMATH_E_SHAPE);
  for (float f : o) EXPECT_EQ(Bits(f), Bits(42.0f));
  size_t ndim = 7, shape[REFMATH_TENSOR_MAX_DIMS] = {};
  EXPECT_EQ(refmath_tensor_matmul_shape(&a23, &a33, &ndim, shape),
            REFMATH_E_SHAPE);
  EXPECT_EQ(ndim, 7u);
  EXPECT_EQ(refmath_tensor_matmul_shape(&a23, nullptr, &ndim, shape),
            REFMATH_E_NULL_POINTER);
  EXPECT_EQ(refmath_tensor_matmul_shape(&a23, &a34, nullptr, shape),
            REFMATH_E_NULL_POINTER);
}

// ONNX Gemm on small integers: y = alpha * P + beta * C exactly.
int GemmWant(const std::vector<float>& a, const std::vector<float>& b,
             size_t i, size_t j, int alpha, int beta, int c) {
  int p = 0;
  for (size_t k = 0; k < 3; ++k) {
    p += static_cast<int>(a[i * 3 + k]) * static_cast<int>(b[k * 2 + j]);
  }
  return alpha * p + beta * c;
}

TEST(TensorGemm, TransposesAndBroadcastC) {
  std::vector<float> a = Integers(6, 3), b = Integers(6, 4), y(4, 42.0f);
  std::vector<float> at(6), bt(6);  // stored transposed
  for (size_t i = 0; i < 2; ++i) {
    for (size_t k = 0; k < 3; ++k) at[k * 2 + i] = a[i * 3 + k];
  }
  for (size_t k = 0; k < 3; ++k) {
    for (size_t j = 0; j < 2; ++j) bt[j * 3 + k] = b[k * 2 + j];
  }
  std::vector<float> c = {5, -7, 3, 1};
  refmath_tensor vy = View(y, {2, 2});
  // C as (), (2,), (1, 2), (2, 1), (2, 2): element (i, j) of each.
  const std::vector<std::vector<size_t>> shapes = {{}, {2}, {1, 2}, {2, 1},
                                                   {2, 2}};
  for (const auto& shape : shapes) {
    for (int trans = 0; trans < 4; ++trans) {
      const bool ta = trans & 1, tb = trans & 2;
      refmath_tensor va = ta ? View(at, {3, 2}) : View(a, {2, 3});
      refmath_tensor vb = tb ? View(bt, {2, 3}) : View(b, {3, 2});
      refmath_tensor vc = View(c, shape);
      ASSERT_EQ(refmath_tensor_gemm(&va, &vb, &vc, 2.0f, -3.0f, ta, tb, &vy,
                                    nullptr),
                REFMATH_OK);
      for (size_t i = 0; i < 2; ++i) {
        for (size_t j = 0; j < 2; ++j) {
          // C's element for (i, j): a size-1 or missing axis repeats.
          const bool rows = shape.size() == 2 && shape[0] == 2;
          const bool cols = !shape.empty() && shape.back() == 2;
          const float ce = c[(rows ? i : 0) * (cols ? 2 : 1) + (cols ? j : 0)];
          EXPECT_EQ(Bits(y[i * 2 + j]),
                    Bits(static_cast<float>(GemmWant(
                        a, b, i, j, 2, -3, static_cast<int>(ce)))))
              << shape.size() << " " << trans << " " << i << j;
        }
      }
    }
  }
}

TEST(TensorGemm, EachProductRoundedThenTheSum) {
  // alpha * P = (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds (a tie, to even)
  // to 1 + 2^-11; + 1 * -1 gives 2^-11 exactly, in both variants (a fused
  // step would keep the 2^-24).
  const float e = 1.0f + ldexpf(1, -12);
  std::vector<float> a = {e}, b = {1}, c = {-1}, y = {0};
  refmath_tensor va = View(a, {1, 1}), vb = View(b, {1, 1}),
                 vc = View(c, {1, 1}), vy = View(y, {1, 1});
  for (refmath_variant variant : {REFMATH_EXACT, REFMATH_FAST}) {
    if (UsableTargets(variant).empty()) continue;
    refmath_tensor_options o = refmath_tensor_default_options();
    o.variant = variant;
    ASSERT_EQ(refmath_tensor_gemm(&va, &vb, &vc, e, 1.0f, 0, 0, &vy, &o),
              REFMATH_OK);
    EXPECT_EQ(Bits(y[0]), Bits(ldexpf(1, -11)));
  }
  // No C: alpha * P alone; alpha 0 times inf is NaN, the canonical one.
  b[0] = INFINITY;
  ASSERT_EQ(refmath_tensor_gemm(&va, &vb, nullptr, 0.0f, 1.0f, 0, 0, &vy,
                                nullptr),
            REFMATH_OK);
  EXPECT_EQ(Bits(y[0]), 0x7FC00000u);
}

TEST(TensorGemm, ErrorsWriteNothing) {
  std::vector<float> a(6, 1.0f), c(6, 1.0f), y(4, 42.0f);
  refmath_tensor a23 = View(a, {2, 3}), a32 = View(a, {3, 2}),
                 out = View(y, {2, 2});
  refmath_tensor c3 = View(c, {3}), c32 = View(c, {3, 2}),
                 c122 = View(c, {1, 2, 2});
  for (const refmath_tensor* bad : {&c3, &c32, &c122}) {
    EXPECT_EQ(refmath_tensor_gemm(&a23, &a32, bad, 1, 1, 0, 0, &out, nullptr),
              REFMATH_E_SHAPE);
  }
  EXPECT_EQ(refmath_tensor_gemm(&a23, &a32, nullptr, 1, 1, 1, 0, &out,
                                nullptr),
            REFMATH_E_SHAPE);  // A^T is (3, 2): K 2 against 3
  EXPECT_EQ(refmath_tensor_gemm(&a23, &a32, nullptr, 1, 1, 2, 0, &out,
                                nullptr),
            REFMATH_E_BAD_ARGUMENT);
  refmath_tensor c_on_out = View(y, {2, 2});
  EXPECT_EQ(refmath_tensor_gemm(&a23, &a32, &c_on_out, 1, 1, 0, 0, &out,
                                nullptr),
            REFMATH_E_OVERLAP);
  for (float f : y) EXPECT_EQ(Bits(f), Bits(42.0f));
}

}  // namespace
}  // namespace test
}  // namespace refmath
