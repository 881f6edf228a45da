// Attention with batch and heads (docs/tensor-ops.md, "attention with
// batch and heads"): every (batch, head) slice with the bits of the 2-D
// call on that slice alone, grouped- and multi-query heads, causal and
// boolean masks on cases whose weights are 1, 1/2 or 1/4 (every step
// exact), the scale, a decode step against the whole causal sequence, and
// the errors.
#include <math.h>
#include <stdint.h>

#include <algorithm>
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

// A contiguous copy of slice [i0, i1] of a C-ordered (n0, n1, r, c) array.
std::vector<float> SliceOf(const std::vector<float>& a, size_t n1, size_t r,
                           size_t c, size_t i0, size_t i1) {
  const size_t at = (i0 * n1 + i1) * r * c;
  return std::vector<float>(a.begin() + at, a.begin() + at + r * c);
}

// B 2, H 4, L 5, S 7, d 8, dv 3; kv_heads 2 (grouped) or 1 (multi-query).
void ExpectSlicesAsAlone(size_t kv_heads, refmath_variant variant) {
  const size_t b = 2, h = 4, l = 5, s = 7, d = 8, dv = 3;
  std::vector<float> q = Normal(b * h * l * d, 1),
                     k = Normal(b * kv_heads * s * d, 2),
                     v = Normal(b * kv_heads * s * dv, 3),
                     mask = Normal(l * s, 4), out(b * h * l * dv);
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
  std::vector<float> q(4 * 2, 0.0f), k = Normal(4 * 2, 5), v = {1, 3, 5, 7},
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

// q [B, H, L, d], k [B, Hkv, S, d], v [B, Hkv, S, dv] of one decode test.
struct Dims {
  size_t b, h, hkv, l, d, dv;
};

// Rows [row0, row0 + rows) of a C-ordered (n0, n1, total, cols) array, as
// a strided 4-D view of the same memory.
refmath_tensor Rows(std::vector<float>& a, size_t n0, size_t n1,
                    size_t total, size_t cols, size_t row0, size_t rows) {
  refmath_tensor t = View(a, {n0, n1, rows, cols});
  t.data = a.data() + row0 * cols;
  t.stride[0] = static_cast<ptrdiff_t>(n1 * total * cols);
  t.stride[1] = static_cast<ptrdiff_t>(total * cols);
  return t;
}

struct DecodeCase {
  Dims n;
  std::vector<float> q, k, v, mask;  // mask (L, L) or empty
  refmath_tensor_options o;
};

// The causal attention of the whole sequence, [B, H, L, dv].
std::vector<float> WholeSequence(DecodeCase& c) {
  const Dims& n = c.n;
  std::vector<float> out(n.b * n.h * n.l * n.dv, 42.0f);
  refmath_tensor vq = View(c.q, {n.b, n.h, n.l, n.d}),
                 vk = View(c.k, {n.b, n.hkv, n.l, n.d}),
                 vv = View(c.v, {n.b, n.hkv, n.l, n.dv}),
                 vm = View(c.mask, {n.l, n.l}),
                 vo = View(out, {n.b, n.h, n.l, n.dv});
  refmath_attention_options a = refmath_attention_default_options();
  a.causal = 1;
  a.mask = c.mask.empty() ? nullptr : &vm;
  EXPECT_EQ(refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &vo, &c.o),
            REFMATH_OK);
  return out;
}

// One decode step, [B, H, 1, dv]: query p alone against the cached keys
// and values 0..p (views of the same arrays), not causal.
std::vector<float> DecodeStep(DecodeCase& c, size_t p) {
  const Dims& n = c.n;
  std::vector<float> out(n.b * n.h * n.dv, 42.0f);
  refmath_tensor vq = Rows(c.q, n.b, n.h, n.l, n.d, p, 1),
                 vk = Rows(c.k, n.b, n.hkv, n.l, n.d, 0, p + 1),
                 vv = Rows(c.v, n.b, n.hkv, n.l, n.dv, 0, p + 1),
                 vo = View(out, {n.b, n.h, 1, n.dv});
  refmath_tensor vm = View(c.mask, {1, p + 1});
  vm.data = c.mask.data() + p * n.l;
  vm.stride[0] = static_cast<ptrdiff_t>(n.l);
  refmath_attention_options a = refmath_attention_default_options();
  a.mask = c.mask.empty() ? nullptr : &vm;
  EXPECT_EQ(refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &vo, &c.o),
            REFMATH_OK);
  return out;
}

// Row p of every (b, h) slice of the whole sequence against the decode
// step at p, bit for bit; the number of positions that differ.
size_t CountDecodeDifferences(DecodeCase& c, const char* what) {
  const Dims& n = c.n;
  const std::vector<float> whole = WholeSequence(c);
  size_t differ = 0;
  for (size_t p = 0; p < n.l; ++p) {
    const std::vector<float> step = DecodeStep(c, p);
    for (size_t s = 0; s < n.b * n.h; ++s) {
      const std::vector<float> row(
          whole.begin() + (s * n.l + p) * n.dv,
          whole.begin() + (s * n.l + p + 1) * n.dv),
          one(step.begin() + s * n.dv, step.begin() + (s + 1) * n.dv);
      const long at = FirstBitDifference(row, one);
      if (at < 0) continue;
      if (differ++ < 3) {
        ADD_FAILURE() << what << ": slice " << s << " position " << p
                      << " column " << at << ": whole sequence "
                      << Hex(Bits(row[at])) << ", decode step "
                      << Hex(Bits(one[at]));
      }
    }
  }
  return differ;
}

DecodeCase SmallCase(std::vector<float> v, size_t dv) {
  DecodeCase c;
  const size_t l = v.size() / dv;
  c.n = {1, 1, 1, l, 2, dv};
  c.q = Normal(l * 2, 20);
  c.k = Normal(l * 2, 21);
  c.v = std::move(v);
  c.o = refmath_tensor_default_options();
  c.o.threads = 1;
  return c;
}

TEST(TensorAttentionHeads, CausalRowsIgnoreWhatFutureKeysHold) {
  for (refmath_variant variant : {REFMATH_EXACT, REFMATH_FAST}) {
    if (UsableTargets(variant).empty()) continue;
    // A value column of -0 up to key 1, then 1: the weights of queries 0
    // and 1 times -0 sum to -0, and the left-out keys add nothing, not
    // +0 * 1 = +0.
    DecodeCase zero = SmallCase({-0.0f, 2, -0.0f, 3, 1, 4, 1, 5}, 2);
    zero.o.variant = variant;
    std::vector<float> whole = WholeSequence(zero);
    EXPECT_EQ(Bits(whole[0]), 0x80000000u);
    EXPECT_EQ(Bits(whole[2]), 0x80000000u);
    EXPECT_EQ(CountDecodeDifferences(zero, "-0 column"), 0u);
    // An infinity in a value (and a NaN in a key) at key 3 stays out of
    // queries 0..2, where it would give +0 * inf = NaN.
    DecodeCase inf = SmallCase({1, 2, 3, 4, 5, 6, INFINITY, 8}, 2);
    inf.k[3 * 2 + 1] = NAN;
    inf.o.variant = variant;
    whole = WholeSequence(inf);
    for (size_t i = 0; i < 6; ++i) EXPECT_TRUE(isfinite(whole[i])) << i;
    EXPECT_EQ(CountDecodeDifferences(inf, "inf at key 3"), 0u);
    // Across k-blocks: -0 for keys 0..255 and 1 from key 256 on.  Rows
    // below 256 have a -0 partial in block 0; a +0 partial of a block
    // they do not reach must not meet it in the tree.
    std::vector<float> v(300, -0.0f);
    std::fill(v.begin() + 256, v.end(), 1.0f);
    DecodeCase blocks = SmallCase(v, 1);
    blocks.o.variant = variant;
    whole = WholeSequence(blocks);
    for (size_t i = 0; i < 256; ++i) {
      EXPECT_EQ(Bits(whole[i]), 0x80000000u) << i;
    }
    EXPECT_EQ(CountDecodeDifferences(blocks, "-0 block"), 0u);
  }
}

// Random heads with zeros of both signs and an infinity placed where the
// masked terms used to reach them: for every position p the whole causal
// sequence's row p has the bits of the decode step at p.
TEST(TensorAttentionHeads, DecodeStepHasTheBitsOfTheWholeSequence) {
  for (refmath_variant variant : {REFMATH_EXACT, REFMATH_FAST}) {
    if (UsableTargets(variant).empty()) continue;
    for (size_t l : std::vector<size_t>{1, 5, 33, 256, 300, 600}) {
      DecodeCase c;
      c.n = {l >= 300 ? size_t{1} : size_t{2}, 4, 2, l, 8, 5};
      const Dims& n = c.n;
      c.q = Normal(n.b * n.h * l * n.d, 30 + l);
      c.k = Normal(n.b * n.hkv * l * n.d, 31 + l);
      c.v = Normal(n.b * n.hkv * l * n.dv, 32 + l);
      for (size_t r = 0; r < n.b * n.hkv * l; ++r) {
        // Column 0: -0 in the first half, 1 in the second; column 1's
        // last key infinite.
        c.v[r * n.dv] = (r % l) < l / 2 ? -0.0f : 1.0f;
        if (r % l == l - 1 && l > 1) c.v[r * n.dv + 1] = INFINITY;
      }
      if (l % 2 == 0) c.mask = Normal(l * l, 33 + l);
      for (int threads : {1, 2, 3}) {
        c.o = refmath_tensor_default_options();
        c.o.variant = variant;
        c.o.threads = threads;
        EXPECT_EQ(CountDecodeDifferences(c, "random"), 0u)
            << Name(variant) << " L " << l << " threads " << threads;
      }
    }
  }
}

TEST(TensorAttentionHeads, Scale) {
  std::vector<float> q = Normal(3 * 4, 6), k = Normal(5 * 4, 7),
                     v = Normal(5 * 2, 8), y1(6), y2(6);
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
