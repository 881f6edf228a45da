// Attention with batch and heads (docs/tensor-ops.md, "attention with
// batch and heads"): every (batch, head) slice with the bits of the 2-D
// call on that slice alone, grouped- and multi-query heads, causal and
// boolean masks on cases whose weights are 1, 1/2 or 1/4 (every step
// exact), the scale, and the errors.
#include <math.h>
#include <stdint.h>

#include <algorithm>
#include <random>
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

std::vector<float> Random(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist;
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

// A contiguous copy of slice [i0, i1] of a C-ordered (n0, n1, r, c) array.
std::vector<float> SliceOf(const std::vector<float>& a, size_t n1, size_t r,
                           size_t c, size_t i0, size_t i1) {
  const size_t at = (i0 * n1 + i1) * r * c;
  return std::vector<float>(a.begin() + at, a.begin() + at + r * c);
}

// B 2, H 4, L 5, S 7, d 8, dv 3; kv_heads 2 (grouped) or 1 (multi-query).
void ExpectSlicesAsAlone(size_t kv_heads, refmath_variant variant) {
  const size_t b = 2, h = 4, l = 5, s = 7, d = 8, dv = 3;
  std::vector<float> q = Random(b * h * l * d, 1),
                     k = Random(b * kv_heads * s * d, 2),
                     v = Random(b * kv_heads * s * dv, 3),
                     mask = Random(l * s, 4), out(b * h * l * dv);
  refmath_tensor vq = View(q, {b, h, l, d}), vk = View(k, {b, kv_heads, s, d}),
                 vv = View(v, {b, kv_heads, s, dv}), vm = View(mask, {l, s}),
                 vo = View(out, {b, h, l, dv});
  refmath_attention_options a = refmath_attention_default_options();
  a.mask = &vm;  // (L, S) broadcast over batch and heads
  refmath_tensor_options o = refmath_tensor_default_options();
  o.variant = variant;
  o.threads = 3;
  ASSERT_EQ(refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &vo, &o),
            REFMATH_OK);
  o.threads = 1;
  for (size_t i = 0; i < b; ++i) {
    for (size_t j = 0; j < h; ++j) {
      const size_t kv = j / (h / kv_heads);
      std::vector<float> q1 = SliceOf(q, h, l, d, i, j),
                         k1 = SliceOf(k, kv_heads, s, d, i, kv),
                         v1 = SliceOf(v, kv_heads, s, dv, i, kv), o1(l * dv);
      refmath_tensor sq = View(q1, {l, d}), sk = View(k1, {s, d}),
                     sv = View(v1, {s, dv}), so = View(o1, {l, dv});
      ASSERT_EQ(refmath_tensor_attention(&sq, &sk, &sv, &vm, &so, &o),
                REFMATH_OK);
      EXPECT_EQ(FirstBitDifference(o1, SliceOf(out, h, l, dv, i, j)), -1)
          << "batch " << i << " head " << j;
    }
  }
}

TEST(TensorAttentionHeads, EverySliceHasTheBitsOfTheTwoDCall) {
  for (refmath_variant variant : {REFMATH_EXACT, REFMATH_FAST}) {
    if (UsableTargets(variant).empty()) continue;
    ExpectSlicesAsAlone(2, variant);
    ExpectSlicesAsAlone(1, variant);
    ExpectSlicesAsAlone(4, variant);
  }
}

TEST(TensorAttentionHeads, CausalAndKeepLeaveKeysOut) {
  // q = 0: every score 0, so a query's weights are equal over the keys it
  // keeps: causal leaves key j out of query i > j... and keep[2][1] = 0
  // leaves key 1 out of query 2.  v = 1, 3, 5, 7: the means are exact.
  std::vector<float> q(4 * 2, 0.0f), k = Random(4 * 2, 5), v = {1, 3, 5, 7},
                     keep(16, 1.0f), out(4, 42.0f);
  keep[2 * 4 + 1] = -0.0f;
  refmath_tensor vq = View(q, {1, 1, 4, 2}), vk = View(k, {1, 1, 4, 2}),
                 vv = View(v, {1, 1, 4, 1}), vkeep = View(keep, {4, 4}),
                 vo = View(out, {1, 1, 4, 1});
  refmath_attention_options a = refmath_attention_default_options();
  a.causal = 1;
  a.keep = &vkeep;
  ASSERT_EQ(refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &vo, nullptr),
            REFMATH_OK);
  const float want[4] = {1, 2, 3, 4};  // {1}, {1,3}, {1,5}, {1,3,5,7}
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Bits(out[i]), Bits(want[i])) << i;
  // A query that keeps no key gives NaN (softmax of a row of -inf).
  std::fill(keep.begin(), keep.begin() + 4, 0.0f);
  ASSERT_EQ(refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &vo, nullptr),
            REFMATH_OK);
  EXPECT_EQ(Bits(out[0]), 0x7FC00000u);
}

TEST(TensorAttentionHeads, Scale) {
  std::vector<float> q = Random(3 * 4, 6), k = Random(5 * 4, 7),
                     v = Random(5 * 2, 8), y1(6), y2(6);
  refmath_tensor vq = View(q, {1, 1, 3, 4}), vk = View(k, {1, 1, 5, 4}),
                 vv = View(v, {1, 1, 5, 2}), o1 = View(y1, {1, 1, 3, 2}),
                 o2 = View(y2, {1, 1, 3, 2});
  // d = 4: / sqrt(4) and * 0.5 are the same exact operation.
  refmath_attention_options a = refmath_attention_default_options();
  ASSERT_EQ(refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &o1, nullptr),
            REFMATH_OK);
  a.has_scale = 1;
  a.scale = 0.5f;
  ASSERT_EQ(refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &o2, nullptr),
            REFMATH_OK);
  EXPECT_EQ(FirstBitDifference(y1, y2), -1);
  // scale 0 on two keys: weights 1/2, the mean of v's two rows.
  std::vector<float> v2 = {1, -3, 5, 8}, y3(6);
  refmath_tensor vk2 = View(k, {1, 1, 2, 4}), vv2 = View(v2, {1, 1, 2, 2}),
                 o3 = View(y3, {1, 1, 3, 2});
  a.scale = 0.0f;
  ASSERT_EQ(refmath_tensor_attention_heads(&vq, &vk2, &vv2, &a, &o3, nullptr),
            REFMATH_OK);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(Bits(y3[2 * i]), Bits(3.0f));
    EXPECT_EQ(Bits(y3[2 * i + 1]), Bits(2.5f));
  }
}

TEST(TensorAttentionHeads, ErrorsWriteNothing) {
  std::vector<float> x(3 * 2 * 4 * 8, 1.0f), out(3 * 2 * 4 * 8, 42.0f);
  refmath_tensor q = View(x, {1, 3, 4, 8}), kv = View(x, {1, 2, 4, 8}),
                 o = View(out, {1, 3, 4, 8});
  // 3 heads over 2 key/value heads.
  EXPECT_EQ(refmath_tensor_attention_heads(&q, &kv, &kv, nullptr, &o, nullptr),
            REFMATH_E_SHAPE);
  refmath_tensor q2 = View(x, {1, 2, 4, 8}), o2 = View(out, {1, 2, 4, 8});
  refmath_tensor mask = View(x, {3, 4});  // S is 4, L 4: (3, 4) does not fit
  refmath_attention_options a = refmath_attention_default_options();
  a.mask = &mask;
  EXPECT_EQ(refmath_tensor_attention_heads(&q2, &kv, &kv, &a, &o2, nullptr),
            REFMATH_E_SHAPE);
  a = refmath_attention_default_options();
  a.causal = 2;
  EXPECT_EQ(refmath_tensor_attention_heads(&q2, &kv, &kv, &a, &o2, nullptr),
            REFMATH_E_BAD_ARGUMENT);
  a = refmath_attention_default_options();
  a.has_scale = 1;
  a.scale = INFINITY;
  EXPECT_EQ(refmath_tensor_attention_heads(&q2, &kv, &kv, &a, &o2, nullptr),
            REFMATH_E_BAD_ARGUMENT);
  refmath_tensor q3 = View(x, {2, 4, 8}), o3 = View(out, {2, 4, 8});
  EXPECT_EQ(refmath_tensor_attention_heads(&q3, &kv, &kv, nullptr, &o3,
                                           nullptr),
            REFMATH_E_SHAPE);
  refmath_tensor q0 = View(x, {1, 2, 4, 0}), k0 = View(x, {1, 2, 4, 0});
  EXPECT_EQ(refmath_tensor_attention_heads(&q0, &k0, &kv, nullptr, &o2,
                                           nullptr),
            REFMATH_E_EMPTY_AXIS);
  for (float f : out) EXPECT_EQ(Bits(f), Bits(42.0f));
}

}  // namespace
}  // namespace test
}  // namespace refmath
