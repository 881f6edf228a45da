// The elementwise tensor operations (docs/tensor-ops.md, "Elementwise"):
// values worked out by hand where the rounding points show (RoPE's
// rounded products, SwiGLU's two roundings), the activations against the
// function kernels they name, broadcasting, in-place calls, batch and
// thread invariance, and the errors (nothing written).
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

refmath_tensor_options Options(refmath_variant v, int threads) {
  refmath_tensor_options o = refmath_tensor_default_options();
  o.variant = v;
  o.threads = threads;
  return o;
}

TEST(TensorActivation, EachIsItsFunctionKernel) {
  // GELU by the options' variant; silu and softplus correctly rounded
  // whatever the variant.  A strided input (every other element).
  std::vector<float> x = Normal(2 * 3 * 40, 1, 4.0f);
  refmath_tensor in = View(x, {3, 40});
  in.stride[0] = 80;
  in.stride[1] = 2;
  const struct {
    refmath_activation act;
    refmath_function f;
    bool by_variant;
  } kActs[] = {{REFMATH_ACTIVATION_SILU, REFMATH_SILU, false},
               {REFMATH_ACTIVATION_GELU_ERF, REFMATH_GELU_ERF, true},
               {REFMATH_ACTIVATION_GELU_TANH, REFMATH_GELU_TANH, true},
               {REFMATH_ACTIVATION_SOFTPLUS, REFMATH_SOFTPLUS, false}};
  for (const auto& a : kActs) {
    for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
      std::vector<float> y(120);
      const refmath_tensor out = View(y, {3, 40});
      const refmath_tensor_options o = Options(v, 1);
      ASSERT_EQ(refmath_tensor_activation(&in, a.act, &out, &o), REFMATH_OK);
      for (size_t i = 0; i < 120; ++i) {
        float want;
        ASSERT_EQ(refmath_eval_f32(a.f, a.by_variant ? v : REFMATH_CORRECT,
                                   REFMATH_TARGET_BEST, &x[2 * i], &want, 1),
                  REFMATH_OK);
        EXPECT_EQ(Bits(y[i]), Bits(want)) << a.act << " " << v << " " << i;
      }
    }
  }
}

TEST(TensorActivation, HandValuesAndInPlace) {
  // softplus(0) = ln 2 = 0x3F317218 rounded; silu(-0) = -0; in place.
  std::vector<float> x = {0.0f, -0.0f};
  const refmath_tensor t = View(x, {2});
  ASSERT_EQ(refmath_tensor_activation(&t, REFMATH_ACTIVATION_SOFTPLUS, &t,
                                      nullptr),
            REFMATH_OK);
  EXPECT_EQ(Bits(x[0]), 0x3F317218u);
  std::vector<float> z = {-0.0f};
  const refmath_tensor tz = View(z, {});
  ASSERT_EQ(refmath_tensor_activation(&tz, REFMATH_ACTIVATION_SILU, &tz,
                                      nullptr),
            REFMATH_OK);
  EXPECT_EQ(Bits(z[0]), 0x80000000u);
}

TEST(TensorSwiglu, TwoRoundings) {
  // silu(100) = 100 / (1 + e^-100) rounds to 100, times 3 is 300;
  // silu(0) * inf = NaN (canonical); silu(-inf) = -0, times 2 is -0.
  std::vector<float> g = {100.0f, 0.0f, -INFINITY}, u = {3.0f, INFINITY, 2.0f},
                     y(3);
  const refmath_tensor vg = View(g, {3}), vu = View(u, {3}), vy = View(y, {3});
  ASSERT_EQ(refmath_tensor_swiglu(&vg, &vu, &vy, nullptr), REFMATH_OK);
  EXPECT_EQ(Bits(y[0]), Bits(300.0f));
  EXPECT_EQ(Bits(y[1]), 0x7FC00000u);
  EXPECT_EQ(Bits(y[2]), 0x80000000u);
  // Random values: silu correctly rounded, then the product rounded once;
  // in place over up.
  std::vector<float> g2 = Normal(64, 2, 4.0f),
                     u2 = Normal(64, 3, 4.0f), want(64);
  ASSERT_EQ(refmath_eval_f32(REFMATH_SILU, REFMATH_CORRECT, REFMATH_TARGET_BEST,
                             g2.data(), want.data(), 64),
            REFMATH_OK);
  for (size_t i = 0; i < 64; ++i) want[i] = want[i] * u2[i];
  const refmath_tensor a = View(g2, {8, 8}), b = View(u2, {8, 8});
  ASSERT_EQ(refmath_tensor_swiglu(&a, &b, &b, nullptr), REFMATH_OK);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(Bits(u2[i]), Bits(want[i])) << i;
}

TEST(TensorAdd, BroadcastsTheSecondOperand) {
  // a [2, 3] + b [3]; NaN payloads and inf - inf give the canonical NaN.
  std::vector<float> a = {1, 2, 3, 4, INFINITY, 6},
                     b = {10, -INFINITY, FromBits(0x7FA00001)}, y(6);
  const refmath_tensor va = View(a, {2, 3}), vb = View(b, {3}),
                       vy = View(y, {2, 3});
  ASSERT_EQ(refmath_tensor_add(&va, &vb, &vy, nullptr), REFMATH_OK);
  const uint32_t want[6] = {Bits(11.0f), 0xFF800000u, 0x7FC00000u,
                            Bits(14.0f), 0x7FC00000u, 0x7FC00000u};
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(Bits(y[i]), want[i]) << i;
  // b of shape [2, 1] repeats along the last axis; in place over a.
  std::vector<float> c = {100, 200};
  const refmath_tensor vc = View(c, {2, 1});
  ASSERT_EQ(refmath_tensor_add(&va, &vc, &va, nullptr), REFMATH_OK);
  EXPECT_EQ(Bits(a[0]), Bits(101.0f));
  EXPECT_EQ(Bits(a[5]), Bits(206.0f));
}

TEST(TensorRope, ProductsRoundedBeforeTheSum) {
  // x1 = c = 1 + 2^-12: x1 c = 1 + 2^-11 + 2^-24 rounds (to even) to
  // 1 + 2^-11, so x1 c - x2 s with x2 = 1 + 2^-11, s = 1 is exactly 0
  // (a fused x1 c - x2 s would give 2^-24).  The second output:
  // x2 c + x1 s = (1 + 2^-11)(1 + 2^-12) + (1 + 2^-12), each rounded.
  const float e12 = 1.0f + ldexpf(1.0f, -12), e11 = 1.0f + ldexpf(1.0f, -11);
  std::vector<float> x = {e12, e11}, c = {e12}, s = {1.0f}, y(2);
  const refmath_tensor vx = View(x, {1, 2}), vc = View(c, {1, 1}),
                       vs = View(s, {1, 1}), vy = View(y, {1, 2});
  ASSERT_EQ(refmath_tensor_rope(&vx, &vc, &vs, 0, &vy, nullptr), REFMATH_OK);
  EXPECT_EQ(Bits(y[0]), 0u);
  const float x2c = e11 * e12;  // 1 + 2^-11 + 2^-12 + 2^-23: exact
  EXPECT_EQ(Bits(y[1]), Bits(x2c + e12));
}

TEST(TensorRope, PairsHalfOrInterleaved) {
  // d = 4, c = 0, s = 1: (x1, x2) -> (-x2, x1).  Rotate-half pairs
  // (0, 2), (1, 3); interleaved pairs (0, 1), (2, 3).
  std::vector<float> x = {1, 2, 3, 4}, c = {0, 0}, s = {1, 1}, y(4);
  const refmath_tensor vx = View(x, {4}), vc = View(c, {2}), vs = View(s, {2}),
                       vy = View(y, {4});
  ASSERT_EQ(refmath_tensor_rope(&vx, &vc, &vs, 0, &vy, nullptr), REFMATH_OK);
  EXPECT_EQ(y, (std::vector<float>{-3, -4, 1, 2}));
  ASSERT_EQ(refmath_tensor_rope(&vx, &vc, &vs, 1, &vy, nullptr), REFMATH_OK);
  EXPECT_EQ(y, (std::vector<float>{-2, 1, -4, 3}));
}

TEST(TensorRope, BatchAndThreadInvariant) {
  // x [B=3, H=4, L=5, d=8] with tables [L, d/2]: every (b, h) slice has
  // the bits of the call on that slice alone, at 1 and 8 threads.
  const size_t B = 3, H = 4, L = 5, d = 8, slice = L * d;
  std::vector<float> x = Normal(B * H * slice, 4, 4.0f),
                     c = Normal(L * d / 2, 5, 4.0f),
                     s = Normal(L * d / 2, 6, 4.0f), all(x.size());
  const refmath_tensor vx = View(x, {B, H, L, d}), vc = View(c, {L, d / 2}),
                       vs = View(s, {L, d / 2}), va = View(all, {B, H, L, d});
  const refmath_tensor_options o8 = Options(REFMATH_EXACT, 8),
                               o1 = Options(REFMATH_FAST, 1);
  ASSERT_EQ(refmath_tensor_rope(&vx, &vc, &vs, 0, &va, &o8), REFMATH_OK);
  for (size_t b = 0; b < B * H; ++b) {
    std::vector<float> one(x.begin() + b * slice, x.begin() + (b + 1) * slice),
        y(slice);
    const refmath_tensor v1 = View(one, {L, d}), vy = View(y, {L, d});
    ASSERT_EQ(refmath_tensor_rope(&v1, &vc, &vs, 0, &vy, &o1), REFMATH_OK);
    for (size_t i = 0; i < slice; ++i) {
      ASSERT_EQ(Bits(y[i]), Bits(all[b * slice + i])) << b << " " << i;
    }
  }
}

TEST(TensorElementwise, ErrorsWriteNothing) {
  std::vector<float> x(12, 1.0f), c(6, 1.0f), y(12, 42.0f), odd(9, 1.0f);
  const refmath_tensor vx = View(x, {2, 6}), vc = View(c, {2, 3}),
                       vy = View(y, {2, 6}), vodd = View(odd, {3, 3}),
                       vy3 = View(y, {3, 3}), wrong = View(c, {3, 2}),
                       part = View(x, {2, 5});
  // An activation outside the enum (which C++ cannot pass without
  // undefined behaviour) is refused in the C consumer (consumer/main.c).
  EXPECT_EQ(refmath_tensor_activation(&vx, REFMATH_ACTIVATION_SILU, &vy3,
                                      nullptr),
            REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_swiglu(&vx, &vc, &vy, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_add(&vx, &wrong, &vy, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_rope(&vodd, &vc, &vc, 0, &vy3, nullptr),
            REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_rope(&vx, &wrong, &wrong, 0, &vy, nullptr),
            REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_rope(&vx, &vc, &vc, 2, &vy, nullptr),
            REFMATH_E_BAD_ARGUMENT);
  // out meets an input without being it.
  refmath_tensor shifted = part;
  shifted.data = x.data() + 1;
  EXPECT_EQ(refmath_tensor_add(&part, &part, &shifted, nullptr),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(refmath_tensor_rope(&vx, &vc, &vc, 0, &vx, nullptr), REFMATH_OK);
  const refmath_tensor cv = View(x, {2, 3});
  EXPECT_EQ(refmath_tensor_rope(&vx, &cv, &vc, 0, &vx, nullptr),
            REFMATH_E_OVERLAP);
  for (float v : y) EXPECT_EQ(Bits(v), Bits(42.0f));
  refmath_tensor_options bad = refmath_tensor_default_options();
  bad.variant = REFMATH_CORRECT;
  EXPECT_EQ(refmath_tensor_add(&vx, &vx, &vy, &bad), REFMATH_E_UNKNOWN_VARIANT);
}

}  // namespace
}  // namespace test
}  // namespace refmath
