// The tensor operations (include/refmath/tensor.h, docs/tensor-ops.md):
// hand-computed small cases whose expected bits follow from the text
// (binary64 arithmetic rounded once to binary32 is the correctly rounded
// result of one +, -, *, / or sqrt), the correctly rounded sum against
// exact 128-bit integer sums, the special values, the error statuses, and
// the same bits on every usable target and for 1, 2, 3, 4 and 8 threads.
#include "refmath/tensor.h"

#include <math.h>
#include <stdint.h>

#include <random>
#include <vector>

#include "conformance/tests/test_util.h"
#include "gtest/gtest.h"

namespace refmath {
namespace test {
namespace {

refmath_tensor View(std::vector<float>& v, std::vector<size_t> shape) {
  return refmath_tensor_contiguous(v.data(), shape.size(), shape.data());
}

refmath_tensor_options Options(refmath_target t = REFMATH_TARGET_BEST,
                               int threads = 1,
                               refmath_variant v = REFMATH_EXACT) {
  refmath_tensor_options o = refmath_tensor_default_options();
  o.target = t;
  o.threads = threads;
  o.variant = v;
  return o;
}

float Sum1D(std::vector<float> x, refmath_sum_mode mode = REFMATH_SUM_CANONICAL,
            refmath_target t = REFMATH_TARGET_BEST, int threads = 1) {
  float out = 0;
  const refmath_tensor in = View(x, {x.size()});
  const refmath_tensor o = refmath_tensor_contiguous(&out, 0, nullptr);
  refmath_tensor_options opt = Options(t, threads);
  opt.mode = mode;
  EXPECT_EQ(refmath_tensor_sum(&in, 0, &o, &opt), REFMATH_OK);
  return out;
}

// Correctly rounded: one binary64 operation on binary32 values, rounded.
float Div(float a, float b) { return static_cast<float>(double(a) / b); }
float Sqrt(float a) { return static_cast<float>(sqrt(double(a))); }

TEST(TensorSum, CanonicalOrderInsideABlock) {
  // a0 = 2^24, a2 = a3 = 1: the tree adds (a0+a1) + (a2+a3) = 2^24 + 2,
  // where a left-to-right loop would lose both ones (ties to even).
  std::vector<float> x(17, 0.0f);
  x[0] = 16777216.0f;
  x[2] = x[3] = 1.0f;
  EXPECT_EQ(Bits(Sum1D(x)), Bits(16777218.0f));
}

TEST(TensorSum, BlocksMeetInThePairwiseTree) {
  // Block sums [2^24, 0, 1, 1]: (2^24 + 0) + (1 + 1) = 2^24 + 2.
  std::vector<float> x(4 * 4096, 0.0f);
  x[0] = 16777216.0f;
  x[8192] = x[12288] = 1.0f;
  EXPECT_EQ(Bits(Sum1D(x)), Bits(16777218.0f));
  // Accumulator 0 of block 0 takes x[0] and x[16]: 2^24 + 1 -> 2^24.
  std::vector<float> y(33, 0.0f);
  y[0] = 16777216.0f;
  y[16] = 1.0f;
  y[32] = 1.0f;
  EXPECT_EQ(Bits(Sum1D(y)), Bits(16777216.0f));
}

TEST(TensorSum, SpecialValues) {
  EXPECT_EQ(Bits(Sum1D({})), 0x00000000u);               // empty: +0
  EXPECT_EQ(Bits(Sum1D({-0.0f, -0.0f})), 0x80000000u);   // all -0: -0
  EXPECT_EQ(Bits(Sum1D({-0.0f, 0.0f})), 0x00000000u);
  EXPECT_EQ(Bits(Sum1D({INFINITY, -INFINITY})), 0x7FC00000u);
  EXPECT_EQ(Bits(Sum1D({1.0f, -NAN})), 0x7FC00000u);
  const float big = 3.40282347e38f;
  EXPECT_EQ(Bits(Sum1D({big, big, -big})), Bits(INFINITY));  // overflow
  const auto cr = REFMATH_SUM_CORRECTLY_ROUNDED;
  EXPECT_EQ(Bits(Sum1D({big, big, -big}, cr)), Bits(big));
  EXPECT_EQ(Bits(Sum1D({}, cr)), 0x00000000u);
  EXPECT_EQ(Bits(Sum1D({-0.0f, -0.0f}, cr)), 0x80000000u);
  EXPECT_EQ(Bits(Sum1D({1.0f, -1.0f}, cr)), 0x00000000u);
  EXPECT_EQ(Bits(Sum1D({INFINITY, -INFINITY}, cr)), 0x7FC00000u);
  EXPECT_EQ(Bits(Sum1D({INFINITY, 1.0f}, cr)), Bits(INFINITY));
  EXPECT_EQ(Bits(Sum1D({big, big}, cr)), Bits(INFINITY));
  // The whole exponent range in one exact sum.
  const float tiny = ldexpf(1, -149);
  EXPECT_EQ(Bits(Sum1D({big, tiny, -big}, cr)), 1u);
  EXPECT_EQ(Bits(Sum1D({-big, -tiny}, cr)), Bits(-big));
  EXPECT_EQ(Bits(Sum1D({-big, -ldexpf(1, 103)}, cr)), Bits(-INFINITY));
  EXPECT_EQ(Bits(Sum1D({-big, -ldexpf(1, 102)}, cr)), Bits(-big));
}

TEST(TensorSum, CorrectlyRoundedBeyondTheCanonicalOrder) {
  // 1 + 2^-24 + 2^-50 lies above the midpoint 1 + 2^-24: 1 + 2^-23.
  const std::vector<float> x = {1.0f, ldexpf(1, -24), ldexpf(1, -50)};
  EXPECT_EQ(Bits(Sum1D(x, REFMATH_SUM_CORRECTLY_ROUNDED)), 0x3F800001u);
  EXPECT_EQ(Bits(Sum1D(x)), 0x3F800000u);
  // Subnormals: 2^-149 * 3 exactly.
  const float tiny = ldexpf(1, -149);
  EXPECT_EQ(Bits(Sum1D({tiny, tiny, tiny}, REFMATH_SUM_CORRECTLY_ROUNDED)),
            3u);
}

TEST(TensorSum, CorrectlyRoundedMatchesExactIntegers) {
  // Values k * 2^-40 with |k| < 2^60 sum exactly in __int128; converting
  // that integer to binary32 rounds once, and scaling by 2^-40 is exact.
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<float> x(1 + rng() % 5000);
    __int128 exact = 0;
    for (float& v : x) {
      const int e = static_cast<int>(rng() % 50) - 30;
      v = ldexpf(static_cast<float>(rng() % (1 << 24)), e - 23);
      if (rng() & 1) v = -v;
      exact += static_cast<__int128>(ldexp(double(v), 40));
    }
    const float want = ldexpf(static_cast<float>(exact), -40);
    EXPECT_EQ(Bits(Sum1D(x, REFMATH_SUM_CORRECTLY_ROUNDED, REFMATH_TARGET_BEST,
                         trial % 4 + 1)),
              Bits(want))
        << "trial " << trial;
  }
}

TEST(TensorSum, CorrectlyRoundedBlockPathsAgree) {
  // A contiguous row takes the binary64 window of each block; the same
  // values seen through a stride of 2 take the integer bins only.  Blocks
  // of huge, tiny, subnormal, mixed and special values, over every
  // exponent.
  std::mt19937 rng(99);
  for (int trial = 0; trial < 40; ++trial) {
    const size_t n = 1 + rng() % 20000;
    std::vector<float> wide(2 * n, 0.0f), x(n);
    const int center = static_cast<int>(rng() % 300) - 160;
    const int spread = 1 + static_cast<int>(rng() % 60);
    for (size_t i = 0; i < n; ++i) {
      const int e = center + static_cast<int>(rng() % spread);
      float v = ldexpf(1.0f + static_cast<float>(rng() % (1 << 23)) * 0x1p-23f,
                       e < -160 ? -160 : (e > 127 ? 127 : e));
      if (rng() & 1) v = -v;
      if (rng() % 5000 == 0) v = (trial % 3 == 0) ? INFINITY : v;
      x[i] = wide[2 * i] = v;
    }
    float a = 0, b = 0;
    refmath_tensor_options opt = Options();
    opt.mode = REFMATH_SUM_CORRECTLY_ROUNDED;
    refmath_tensor contiguous = View(x, {n});
    refmath_tensor strided = View(wide, {n});
    strided.stride[0] = 2;
    refmath_tensor va = refmath_tensor_contiguous(&a, 0, nullptr),
                   vb = refmath_tensor_contiguous(&b, 0, nullptr);
    ASSERT_EQ(refmath_tensor_sum(&contiguous, 0, &va, &opt), REFMATH_OK);
    ASSERT_EQ(refmath_tensor_sum(&strided, 0, &vb, &opt), REFMATH_OK);
    EXPECT_EQ(Bits(a), Bits(b)) << "trial " << trial << " n " << n;
  }
}

TEST(TensorOps, HandComputedSmallCases) {
  std::vector<float> a = {1, 2, 3, 4}, b = {5, 6, 7, 8}, c(4);
  refmath_tensor va = View(a, {2, 2}), vb = View(b, {2, 2}), vc = View(c, {2, 2});
  ASSERT_EQ(refmath_tensor_matmul(&va, &vb, &vc, nullptr), REFMATH_OK);
  EXPECT_EQ(c, (std::vector<float>{19, 22, 43, 50}));
  float d = 0;
  refmath_tensor x1 = View(a, {4}), y1 = View(b, {4});
  refmath_tensor vd = refmath_tensor_contiguous(&d, 0, nullptr);
  ASSERT_EQ(refmath_tensor_dot(&x1, &y1, &vd, nullptr), REFMATH_OK);
  EXPECT_EQ(Bits(d), Bits(70.0f));
  // Layer norm of 1..4: mean 2.5, variance 1.25.
  std::vector<float> y(4);
  refmath_tensor vy = View(y, {4});
  ASSERT_EQ(refmath_tensor_layer_norm(&x1, nullptr, nullptr, 0.0f, &vy,
                                      nullptr), REFMATH_OK);
  const float sigma = Sqrt(1.25f);
  const float dev[4] = {-1.5f, -0.5f, 0.5f, 1.5f};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Bits(y[i]), Bits(Div(dev[i], sigma)));
  // RMS norm of (3, 4) with eps 0.5: sqrt(12.5 + 0.5).
  std::vector<float> r = {3, 4}, ry(2);
  refmath_tensor vr = View(r, {2}), vry = View(ry, {2});
  ASSERT_EQ(refmath_tensor_rms_norm(&vr, nullptr, 0.5f, &vry, nullptr),
            REFMATH_OK);
  EXPECT_EQ(Bits(ry[0]), Bits(Div(3, Sqrt(13.0f))));
  EXPECT_EQ(Bits(ry[1]), Bits(Div(4, Sqrt(13.0f))));
}

// ONNX LayerNormalization's Mean and InvStdDev beside the output: rows
// (1, 2, 3, 4), (1, 3, 1, 3) and (5, 5, 5, 5) with eps 0: means 2.5, 2 and
// 5, variances 1.25, 1 and 0, so InvStdDev 1 / sqrt(1.25) rounded, 1 and
// +inf (sigma 0); the output is layer_norm's, bit for bit, on every target
// and variant, and each row alone gives its statistics.
TEST(TensorOps, LayerNormStatistics) {
  std::vector<float> x = {1, 2, 3, 4, 1, 3, 1, 3, 5, 5, 5, 5};
  const uint32_t want_mean[3] = {Bits(2.5f), Bits(2.0f), Bits(5.0f)};
  const uint32_t want_inv[3] = {Bits(Div(1.0f, Sqrt(1.25f))), Bits(1.0f),
                                Bits(INFINITY)};
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
    for (refmath_target t : UsableTargets(v)) {
      refmath_tensor_options o = Options(t);
      o.variant = v;
      std::vector<float> y(12), plain(12), mean(3, 42.0f), inv(3, 42.0f);
      refmath_tensor vx = View(x, {3, 4}), vy = View(y, {3, 4}),
                     vp = View(plain, {3, 4}), vm = View(mean, {3, 1}),
                     vi = View(inv, {3, 1});
      ASSERT_EQ(refmath_tensor_layer_norm_stats(&vx, nullptr, nullptr, 0.0f, &vy,
                                                &vm, &vi, &o), REFMATH_OK);
      ASSERT_EQ(refmath_tensor_layer_norm(&vx, nullptr, nullptr, 0.0f, &vp, &o),
                REFMATH_OK);
      for (int i = 0; i < 12; ++i) EXPECT_EQ(Bits(y[i]), Bits(plain[i]));
      for (int r = 0; r < 3; ++r) {
        EXPECT_EQ(Bits(mean[r]), want_mean[r]) << r;
        EXPECT_EQ(Bits(inv[r]), want_inv[r]) << r;
        std::vector<float> row(x.begin() + 4 * r, x.begin() + 4 * r + 4), ry(4);
        float m1 = 0, i1 = 0;
        refmath_tensor vr = View(row, {4}), vry = View(ry, {4});
        size_t one = 1;
        refmath_tensor vm1 = refmath_tensor_contiguous(&m1, 1, &one);
        refmath_tensor vi1 = refmath_tensor_contiguous(&i1, 1, &one);
        ASSERT_EQ(refmath_tensor_layer_norm_stats(&vr, nullptr, nullptr, 0.0f, &vry,
                                                  &vm1, &vi1, &o), REFMATH_OK);
        EXPECT_EQ(Bits(m1), want_mean[r]);
        EXPECT_EQ(Bits(i1), want_inv[r]);
      }
      // Either statistic alone.
      std::fill(mean.begin(), mean.end(), 42.0f);
      ASSERT_EQ(refmath_tensor_layer_norm_stats(&vx, nullptr, nullptr, 0.0f, &vy,
                                                &vm, nullptr, &o), REFMATH_OK);
      EXPECT_EQ(Bits(mean[1]), want_mean[1]);
    }
  }
  // A statistic of the wrong shape, or one meeting another operand: the
  // status, nothing written.
  std::vector<float> y(12), mean(3, 42.0f), flat(3, 42.0f);
  refmath_tensor vx = View(x, {3, 4}), vy = View(y, {3, 4}), vf = View(flat, {3}),
                 vm = View(mean, {3, 1}), vin = View(x, {3, 1});
  EXPECT_EQ(refmath_tensor_layer_norm_stats(&vx, nullptr, nullptr, 0.0f, &vy, &vf,
                                            nullptr, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_layer_norm_stats(&vx, nullptr, nullptr, 0.0f, &vy, &vm,
                                            &vm, nullptr), REFMATH_E_OVERLAP);
  EXPECT_EQ(refmath_tensor_layer_norm_stats(&vx, nullptr, nullptr, 0.0f, &vy, &vin,
                                            nullptr, nullptr), REFMATH_E_OVERLAP);
  for (float f : mean) EXPECT_EQ(f, 42.0f);
  for (float f : flat) EXPECT_EQ(f, 42.0f);
}

// The reductions of refmath_tensor_reduce on rows worked out by hand:
// (3, -4, 0.5, 2) has max 3, min -4, product -12, sum of squares 29.25,
// L1 9.5, L2 sqrt(29.25) rounded once; log-sum-exp of (0, 0) is log 2 and
// of (1, 1, 1, 1) is 1 + log 4, each by the variant's log (compared with
// binary64's within an ulp); zeros by sign, NaN and infinities, and the
// empty axis.
float ReduceOne(refmath_reduce_op op, std::vector<float> x,
                refmath_variant v = REFMATH_EXACT, refmath_target t = REFMATH_TARGET_BEST) {
  float r = 42.0f;
  refmath_tensor vx = View(x, {x.size()});
  refmath_tensor vr = refmath_tensor_contiguous(&r, 0, nullptr);
  refmath_tensor_options o = Options(t);
  o.variant = v;
  EXPECT_EQ(refmath_tensor_reduce(&vx, op, 0, &vr, &o), REFMATH_OK);
  return r;
}

TEST(TensorReduce, HandComputedRows) {
  const std::vector<float> x = {3, -4, 0.5f, 2};
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
    for (refmath_target t : UsableTargets(v)) {
      EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_MAX, x, v, t)), Bits(3.0f));
      EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_MIN, x, v, t)), Bits(-4.0f));
      EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_PROD, x, v, t)), Bits(-12.0f));
      EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_SUM_SQUARE, x, v, t)), Bits(29.25f));
      EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_L1, x, v, t)), Bits(9.5f));
      EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_L2, x, v, t)), Bits(Sqrt(29.25f)));
      const float l2 = ReduceOne(REFMATH_REDUCE_LOG_SUM_EXP, {0, 0}, v, t);
      const float l4 = ReduceOne(REFMATH_REDUCE_LOG_SUM_EXP, {1, 1, 1, 1}, v, t);
      EXPECT_LE(std::fabs(l2 - std::log(2.0)), 0x1p-24) << v << t;
      EXPECT_LE(std::fabs(l4 - (1 + std::log(4.0))), 0x1p-22) << v << t;
      // Every target gives the best target's bits.
      EXPECT_EQ(Bits(l4), Bits(ReduceOne(REFMATH_REDUCE_LOG_SUM_EXP, {1, 1, 1, 1}, v)));
    }
  }
  // max(-0, +0) is +0 and min is -0 in either order; NaN wins.
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_MAX, {-0.0f, 0.0f})), Bits(0.0f));
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_MAX, {0.0f, -0.0f})), Bits(0.0f));
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_MIN, {0.0f, -0.0f})), Bits(-0.0f));
  EXPECT_TRUE(std::isnan(ReduceOne(REFMATH_REDUCE_MAX, {1, NAN, 2})));
  EXPECT_TRUE(std::isnan(ReduceOne(REFMATH_REDUCE_MIN, {NAN, 1})));
  // log-sum-exp: a row of -inf is -inf, +inf anywhere is +inf.
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_LOG_SUM_EXP, {-INFINITY, -INFINITY})),
            Bits(-INFINITY));
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_LOG_SUM_EXP, {1, INFINITY})), Bits(INFINITY));
  // The product in index order: 2^100 * 2^100 overflows before * 2^-100.
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_PROD, {0x1p100f, 0x1p100f, 0x1p-100f})),
            Bits(INFINITY));
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_PROD, {0x1p100f, 0x1p-100f, 0x1p100f})),
            Bits(0x1p100f));
  // Empty axis: 1, +0, +0, +0; max, min, log-sum-exp refuse it.
  std::vector<float> none;
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_PROD, none)), Bits(1.0f));
  EXPECT_EQ(Bits(ReduceOne(REFMATH_REDUCE_L2, none)), Bits(0.0f));
  float r = 42.0f;
  refmath_tensor ve = View(none, {0}), vr = refmath_tensor_contiguous(&r, 0, nullptr);
  EXPECT_EQ(refmath_tensor_reduce(&ve, REFMATH_REDUCE_MAX, 0, &vr, nullptr),
            REFMATH_E_EMPTY_AXIS);
  EXPECT_EQ(refmath_tensor_reduce(&ve, static_cast<refmath_reduce_op>(7), 0, &vr, nullptr),
            REFMATH_E_BAD_ARGUMENT);
  EXPECT_EQ(r, 42.0f);
}

// Along an inner axis of a [2, 3] array: the columns' max and product.
TEST(TensorReduce, AlongAnAxis) {
  std::vector<float> x = {1, 5, -2, 4, -3, 0.5f}, out(3);
  refmath_tensor vx = View(x, {2, 3}), vo = View(out, {3});
  ASSERT_EQ(refmath_tensor_reduce(&vx, REFMATH_REDUCE_MAX, 0, &vo, nullptr), REFMATH_OK);
  EXPECT_EQ(out, (std::vector<float>{4, 5, 0.5f}));
  ASSERT_EQ(refmath_tensor_reduce(&vx, REFMATH_REDUCE_PROD, -2, &vo, nullptr), REFMATH_OK);
  EXPECT_EQ(out, (std::vector<float>{4, -15, -1}));
  refmath_tensor bad = View(out, {2});
  EXPECT_EQ(refmath_tensor_reduce(&vx, REFMATH_REDUCE_MIN, 0, &bad, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_reduce(&vx, REFMATH_REDUCE_MIN, 2, &vo, nullptr), REFMATH_E_AXIS);
}

TEST(TensorOps, FastVariantFusesTheProducts) {
  // Accumulator 0 takes 1 * -1, then (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24:
  // rounded first (a tie, to 1 + 2^-11) the sum is 2^-11; fused it is
  // 2^-11 + 2^-24, exactly.
  std::vector<float> x(17, 0.0f), y(17, 0.0f);
  x[0] = 1.0f;
  y[0] = -1.0f;
  x[16] = y[16] = 1.0f + ldexpf(1, -12);
  float d = 0;
  refmath_tensor vx = View(x, {17}), vy = View(y, {17});
  refmath_tensor vd = refmath_tensor_contiguous(&d, 0, nullptr);
  for (refmath_target t : UsableTargets(REFMATH_FAST)) {
    refmath_tensor_options fast = Options(t, 1, REFMATH_FAST);
    ASSERT_EQ(refmath_tensor_dot(&vx, &vy, &vd, &fast), REFMATH_OK);
    EXPECT_EQ(Bits(d), Bits(ldexpf(1, -11) + ldexpf(1, -24)));
  }
  for (refmath_target t : UsableTargets(REFMATH_EXACT)) {
    refmath_tensor_options exact = Options(t, 1, REFMATH_EXACT);
    ASSERT_EQ(refmath_tensor_dot(&vx, &vy, &vd, &exact), REFMATH_OK);
    EXPECT_EQ(Bits(d), Bits(ldexpf(1, -11)));
  }
}

TEST(TensorOps, SoftmaxSpecialRows) {
  std::vector<float> x = {0, 0, 0, -INFINITY, -INFINITY, -INFINITY,
                          1, NAN, -0.0f, 0.0f};
  std::vector<float> y(10), ly(10);
  refmath_tensor vx = View(x, {5, 2}), vy = View(y, {5, 2}),
                 vly = View(ly, {5, 2});
  ASSERT_EQ(refmath_tensor_softmax(&vx, &vy, nullptr), REFMATH_OK);
  ASSERT_EQ(refmath_tensor_log_softmax(&vx, &vly, nullptr), REFMATH_OK);
  const uint32_t half = Bits(0.5f), nan = 0x7FC00000u;
  const std::vector<uint32_t> want = {half, half, Bits(1.0f), 0, nan, nan,
                                      nan,  nan,  half,       half};
  for (int i = 0; i < 10; ++i) EXPECT_EQ(Bits(y[i]), want[i]) << i;
  const float log2 = static_cast<float>(log(2.0));  // 0x3F317218
  EXPECT_EQ(Bits(ly[0]), Bits(-log2));
  EXPECT_EQ(Bits(ly[2]), Bits(0.0f));  // (0 - 0) - log 1 = +0
  EXPECT_EQ(Bits(ly[3]), Bits(-INFINITY));
  EXPECT_EQ(Bits(ly[4]), nan);
  EXPECT_EQ(Bits(ly[7]), nan);
  // The max of {-0, +0} is +0: (-0 - +0) - log 2 = -log 2 on both.
  EXPECT_EQ(Bits(ly[8]), Bits(-log2));
}

TEST(TensorOps, AttentionOfOneKeyIsItsValue) {
  // One key: softmax is 1 whatever the score, so out = v's row.
  std::vector<float> q = {1, 2, 3, 4}, k = {5, 6}, v = {7, -8}, o(4);
  refmath_tensor vq = View(q, {2, 2}), vk = View(k, {1, 2}),
                 vv = View(v, {1, 2}), vo = View(o, {2, 2});
  ASSERT_EQ(refmath_tensor_attention(&vq, &vk, &vv, nullptr, &vo, nullptr),
            REFMATH_OK);
  EXPECT_EQ(o, (std::vector<float>{7, -8, 7, -8}));
}

TEST(TensorErrors, StatusesAndNothingWritten) {
  std::vector<float> a(6, 1.0f), o(4, 42.0f);
  refmath_tensor va = View(a, {2, 3}), vo = View(o, {4});
  EXPECT_EQ(refmath_tensor_sum(&va, 2, &vo, nullptr), REFMATH_E_AXIS);
  EXPECT_EQ(refmath_tensor_sum(&va, -3, &vo, nullptr), REFMATH_E_AXIS);
  EXPECT_EQ(refmath_tensor_sum(&va, 0, &vo, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_softmax(&va, &vo, nullptr), REFMATH_E_SHAPE);
  refmath_tensor vb = View(o, {2, 2});
  EXPECT_EQ(refmath_tensor_matmul(&va, &vb, &vb, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_matmul(&va, &va, &vb, nullptr), REFMATH_E_SHAPE);
  refmath_tensor empty = View(a, {2, 0}), eo = View(o, {2});
  EXPECT_EQ(refmath_tensor_mean(&empty, 1, &eo, nullptr),
            REFMATH_E_EMPTY_AXIS);
  refmath_tensor e2 = View(a, {2, 0});
  EXPECT_EQ(refmath_tensor_softmax(&empty, &e2, nullptr),
            REFMATH_E_EMPTY_AXIS);
  EXPECT_EQ(refmath_tensor_layer_norm(&va, nullptr, nullptr, -1.0f, &va,
                                      nullptr), REFMATH_E_BAD_ARGUMENT);
  refmath_tensor_options bad = Options();
  bad.threads = -1;
  EXPECT_EQ(refmath_tensor_softmax(&va, &va, &bad), REFMATH_E_BAD_ARGUMENT);
  bad = Options(static_cast<refmath_target>(99));
  EXPECT_EQ(refmath_tensor_softmax(&va, &va, &bad), REFMATH_E_UNKNOWN_TARGET);
  bad = Options();
  bad.variant = REFMATH_CORRECT;  // the tensor ops have exact and fast only
  EXPECT_EQ(refmath_tensor_softmax(&va, &va, &bad), REFMATH_E_UNKNOWN_VARIANT);
  refmath_tensor square = View(a, {2, 2});
  refmath_tensor overlap = View(a, {2, 2});  // out meets the input
  overlap.data = a.data() + 1;
  EXPECT_EQ(refmath_tensor_matmul(&square, &vb, &overlap, nullptr),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(refmath_tensor_sum(nullptr, 0, &vo, nullptr),
            REFMATH_E_NULL_POINTER);
  for (float f : o) EXPECT_EQ(f, 42.0f);  // nothing written
  EXPECT_STREQ(refmath_status_string(REFMATH_E_AXIS), "axis out of range");
}

TEST(TensorErrors, InPlaceRowOpsAllowed) {
  std::vector<float> a = {0, 0};
  refmath_tensor va = View(a, {2});
  ASSERT_EQ(refmath_tensor_softmax(&va, &va, nullptr), REFMATH_OK);
  EXPECT_EQ(Bits(a[0]), Bits(0.5f));
}

TEST(TensorOps, StridedViewsEqualContiguousCopies) {
  std::mt19937 rng(3);
  std::normal_distribution<float> dist;
  std::vector<float> a(40 * 30), at(30 * 40);
  for (float& v : a) v = dist(rng);
  for (size_t i = 0; i < 40; ++i) {
    for (size_t j = 0; j < 30; ++j) at[j * 40 + i] = a[i * 30 + j];
  }
  refmath_tensor col = View(at, {30, 40});  // transposed view of at
  col.shape[0] = 40; col.shape[1] = 30; col.stride[0] = 1; col.stride[1] = 40;
  refmath_tensor contiguous = View(a, {40, 30});
  std::vector<float> y1(1200), y2(1200);
  refmath_tensor v1 = View(y1, {40, 30}), v2 = View(y2, {40, 30});
  ASSERT_EQ(refmath_tensor_log_softmax(&contiguous, &v1, nullptr), REFMATH_OK);
  ASSERT_EQ(refmath_tensor_log_softmax(&col, &v2, nullptr), REFMATH_OK);
  for (size_t i = 0; i < y1.size(); ++i) ASSERT_EQ(Bits(y1[i]), Bits(y2[i]));
}

}  // namespace
}  // namespace test
}  // namespace refmath
