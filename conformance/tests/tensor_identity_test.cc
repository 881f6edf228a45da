// The tensor operations give the same bits on every usable target and for
// 1, 2, 3, 4 and 8 threads (docs/tensor-ops.md: the order of every
// addition is fixed by the shape alone).  Lengths straddle the 16
// accumulators and the 4096-element blocks, and are long enough that the
// calls really split the work between threads.
#include <stdint.h>
#include <string.h>

#include <functional>
#include <string>
#include <vector>

#include "conformance/tests/test_util.h"
#include "gtest/gtest.h"
#include "refmath/tensor.h"

namespace refmath {
namespace test {
namespace {

using Op = std::function<int(const refmath_tensor_options&,
                             std::vector<float>*)>;

refmath_tensor View(std::vector<float>& v, std::vector<size_t> shape) {
  return refmath_tensor_contiguous(v.data(), shape.size(), shape.data());
}

// Runs `op` on every usable target of `variant` and every thread count;
// each output must equal the first one bit for bit.
void ExpectSameEverywhere(const std::string& name, refmath_variant variant,
                          const Op& op) {
  std::vector<float> reference;
  std::string reference_label;
  for (refmath_target t : UsableTargets(variant)) {
    for (int threads : {1, 2, 3, 4, 8}) {
      refmath_tensor_options o = refmath_tensor_default_options();
      o.variant = variant;
      o.target = t;
      o.threads = threads;
      std::vector<float> out;
      ASSERT_EQ(op(o, &out), REFMATH_OK) << name;
      const std::string label = std::string(refmath_target_name(t)) + "/" +
                                std::to_string(threads) + " threads";
      if (reference_label.empty()) {
        reference = out;
        reference_label = label;
        continue;
      }
      ASSERT_EQ(out.size(), reference.size());
      for (size_t i = 0; i < out.size(); ++i) {
        ASSERT_EQ(Bits(out[i]), Bits(reference[i]))
            << name << " element " << i << ": " << label << " vs "
            << reference_label;
      }
    }
  }
}

class TensorIdentity : public ::testing::TestWithParam<refmath_variant> {};

TEST_P(TensorIdentity, SumAndMean) {
  for (size_t n : {size_t{1}, size_t{15}, size_t{17}, size_t{4097},
                   size_t{300001}}) {
    std::vector<float> x = Normal(n, 1 + static_cast<uint32_t>(n));
    for (int mode = 0; mode < 2; ++mode) {
      ExpectSameEverywhere("sum " + std::to_string(n), GetParam(),
                           [&](const refmath_tensor_options& opt,
                               std::vector<float>* out) {
        refmath_tensor_options o = opt;
        o.mode = static_cast<refmath_sum_mode>(mode);
        out->assign(2, 0.0f);
        refmath_tensor in = View(x, {n});
        refmath_tensor s = refmath_tensor_contiguous(out->data(), 0, nullptr);
        refmath_tensor m = refmath_tensor_contiguous(out->data() + 1, 0,
                                                     nullptr);
        const int st = refmath_tensor_sum(&in, 0, &s, &o);
        return st != REFMATH_OK ? st : refmath_tensor_mean(&in, -1, &m, &o);
      });
    }
  }
  std::vector<float> m = Normal(300 * 1001, 5);  // axis 0: strided rows
  ExpectSameEverywhere("sum axis 0", GetParam(),
                       [&](const refmath_tensor_options& o,
                           std::vector<float>* out) {
    out->assign(1001, 0.0f);
    refmath_tensor in = View(m, {300, 1001}), s = View(*out, {1001});
    return refmath_tensor_sum(&in, 0, &s, &o);
  });
}

TEST_P(TensorIdentity, DotAndMatmul) {
  std::vector<float> x = Normal(270001, 11), y = Normal(270001, 12);
  ExpectSameEverywhere("dot", GetParam(), [&](const refmath_tensor_options& o,
                                              std::vector<float>* out) {
    out->assign(1, 0.0f);
    refmath_tensor vx = View(x, {x.size()}), vy = View(y, {y.size()});
    refmath_tensor d = refmath_tensor_contiguous(out->data(), 0, nullptr);
    return refmath_tensor_dot(&vx, &vy, &d, &o);
  });
  std::vector<float> a = Normal(67 * 600, 13), b = Normal(600 * 45, 14);
  ExpectSameEverywhere("matmul", GetParam(), [&](const refmath_tensor_options& o,
                                                 std::vector<float>* out) {
    out->assign(67 * 45, 0.0f);
    refmath_tensor va = View(a, {67, 600}), vb = View(b, {600, 45}),
                   vc = View(*out, {67, 45});
    return refmath_tensor_matmul(&va, &vb, &vc, &o);
  });
}

TEST_P(TensorIdentity, BatchedMatmul) {
  // 15 batch elements (threads take whole ones), a broadcast b, then two
  // large ones (threads inside each) with a 1-D b.
  std::vector<float> a = Normal(5 * 3 * 20 * 300, 15),
                     b = Normal(3 * 300 * 17, 16);
  ExpectSameEverywhere("batched matmul", GetParam(),
                       [&](const refmath_tensor_options& o,
                           std::vector<float>* out) {
    out->assign(5 * 3 * 20 * 17, 0.0f);
    refmath_tensor va = View(a, {5, 3, 20, 300}),
                   vb = View(b, {3, 300, 17}),
                   vc = View(*out, {5, 3, 20, 17});
    return refmath_tensor_matmul(&va, &vb, &vc, &o);
  });
  std::vector<float> big = Normal(2 * 70 * 600, 17), x = Normal(600, 18);
  ExpectSameEverywhere("batched matmul, vector b", GetParam(),
                       [&](const refmath_tensor_options& o,
                           std::vector<float>* out) {
    out->assign(2 * 70, 0.0f);
    refmath_tensor va = View(big, {2, 70, 600}), vx = View(x, {600}),
                   vc = View(*out, {2, 70});
    return refmath_tensor_matmul(&va, &vx, &vc, &o);
  });
}

TEST_P(TensorIdentity, Gemm) {
  // A and B both stored transposed, C one row broadcast down the columns.
  std::vector<float> at = Normal(600 * 67, 19), bt = Normal(45 * 600, 20),
                     c = Normal(45, 21);
  ExpectSameEverywhere("gemm", GetParam(), [&](const refmath_tensor_options& o,
                                               std::vector<float>* out) {
    out->assign(67 * 45, 0.0f);
    refmath_tensor va = View(at, {600, 67}), vb = View(bt, {45, 600}),
                   vc = View(c, {45}), vy = View(*out, {67, 45});
    return refmath_tensor_gemm(&va, &vb, &vc, 0.75f, -1.25f, 1, 1, &vy, &o);
  });
}

TEST_P(TensorIdentity, RowOps) {
  std::vector<float> x = Normal(70 * 4100, 21, 4.0f), g = Normal(4100, 22),
                     b = Normal(4100, 23);
  for (int which = 0; which < 4; ++which) {
    ExpectSameEverywhere("row op " + std::to_string(which), GetParam(),
                         [&](const refmath_tensor_options& o,
                             std::vector<float>* out) {
      out->assign(x.size(), 0.0f);
      refmath_tensor in = View(x, {70, 4100}), y = View(*out, {70, 4100});
      refmath_tensor vg = View(g, {4100}), vb = View(b, {4100});
      switch (which) {
        case 0: return refmath_tensor_softmax(&in, &y, &o);
        case 1: return refmath_tensor_log_softmax(&in, &y, &o);
        case 2: return refmath_tensor_layer_norm(&in, &vg, &vb, 1e-5f, &y, &o);
        default: return refmath_tensor_rms_norm(&in, &vg, 1e-6f, &y, &o);
      }
    });
  }
}

TEST_P(TensorIdentity, Attention) {
  std::vector<float> q = Normal(33 * 24, 31), k = Normal(2100 * 24, 32),
                     v = Normal(2100 * 20, 33), mask = Normal(33 * 2100, 34);
  ExpectSameEverywhere("attention", GetParam(),
                       [&](const refmath_tensor_options& o,
                           std::vector<float>* out) {
    out->assign(33 * 20, 0.0f);
    refmath_tensor vq = View(q, {33, 24}), vk = View(k, {2100, 24}),
                   vv = View(v, {2100, 20}), vm = View(mask, {33, 2100}),
                   vo = View(*out, {33, 20});
    return refmath_tensor_attention(&vq, &vk, &vv, &vm, &vo, &o);
  });
}

TEST_P(TensorIdentity, AttentionHeads) {
  // 2 x 8 slices (threads take whole ones) with grouped heads, a
  // broadcast additive mask, a boolean one, a scale and causal; then one
  // long slice (threads inside it).
  std::vector<float> q = Normal(2 * 8 * 33 * 16, 35),
                     k = Normal(2 * 2 * 300 * 16, 36),
                     v = Normal(2 * 2 * 300 * 12, 37),
                     mask = Normal(33 * 300, 38), keep(8 * 300);
  for (size_t i = 0; i < keep.size(); ++i) keep[i] = (i * 7) % 5 == 0 ? 0 : 1;
  ExpectSameEverywhere("attention heads", GetParam(),
                       [&](const refmath_tensor_options& o,
                           std::vector<float>* out) {
    out->assign(2 * 8 * 33 * 12, 0.0f);
    refmath_tensor vq = View(q, {2, 8, 33, 16}), vk = View(k, {2, 2, 300, 16}),
                   vv = View(v, {2, 2, 300, 12}), vm = View(mask, {33, 300}),
                   vkeep = View(keep, {8, 1, 300}),
                   vo = View(*out, {2, 8, 33, 12});
    refmath_attention_options a = refmath_attention_default_options();
    a.mask = &vm;
    a.keep = &vkeep;
    a.has_scale = 1;
    a.scale = 0.3f;
    a.causal = 1;
    return refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &vo, &o);
  });
  ExpectSameEverywhere("attention one slice", GetParam(),
                       [&](const refmath_tensor_options& o,
                           std::vector<float>* out) {
    out->assign(33 * 12, 0.0f);
    refmath_tensor vq = View(q, {1, 1, 33, 16}), vk = View(k, {1, 1, 1200, 16}),
                   vv = View(v, {1, 1, 1200, 12}),
                   vo = View(*out, {1, 1, 33, 12});
    refmath_attention_options a = refmath_attention_default_options();
    a.causal = 1;
    return refmath_tensor_attention_heads(&vq, &vk, &vv, &a, &vo, &o);
  });
}

TEST_P(TensorIdentity, ReductionsAndElementwise) {
  std::vector<float> x = Normal(70 * 4100, 41, 4.0f),
                     y2 = Normal(70 * 4100, 42),
                     cs = Normal(70 * 2050, 43), sn = Normal(70 * 2050, 44);
  for (int which = 0; which < 14; ++which) {
    ExpectSameEverywhere("op " + std::to_string(which), GetParam(),
                         [&](const refmath_tensor_options& o,
                             std::vector<float>* out) {
      out->assign(x.size(), 0.0f);
      refmath_tensor in = View(x, {70, 4100}), b = View(y2, {70, 4100}),
                     y = View(*out, {70, 4100}), row = View(*out, {70}),
                     c = View(cs, {70, 2050}), s = View(sn, {70, 2050});
      if (which < 7) {
        return refmath_tensor_reduce(
            &in, static_cast<refmath_reduce_op>(which), 1, &row, &o);
      }
      if (which < 11) {
        return refmath_tensor_activation(
            &in, static_cast<refmath_activation>(which - 7), &y, &o);
      }
      if (which == 11) return refmath_tensor_swiglu(&in, &b, &y, &o);
      if (which == 12) return refmath_tensor_add(&in, &b, &y, &o);
      return refmath_tensor_rope(&in, &c, &s, 0, &y, &o);
    });
  }
}

// Every row of a batched call has the bits of that row computed alone.
TEST_P(TensorIdentity, EachRowAsAlone) {
  const size_t rows = 9, n = 4100;
  std::vector<float> x = Normal(rows * n, 45, 4.0f), g = Normal(n, 46),
                     b = Normal(n, 47);
  const auto run = [&](int which, float* data, size_t count, float* out) {
    refmath_tensor_options o = refmath_tensor_default_options();
    o.variant = GetParam();
    const size_t shape[2] = {count, n};
    refmath_tensor in = refmath_tensor_contiguous(data, 2, shape);
    refmath_tensor y = refmath_tensor_contiguous(out, 2, shape);
    refmath_tensor r = refmath_tensor_contiguous(out, 1, &count);
    refmath_tensor vg = View(g, {n}), vb = View(b, {n});
    switch (which) {
      case 0: return refmath_tensor_softmax(&in, &y, &o);
      case 1: return refmath_tensor_log_softmax(&in, &y, &o);
      case 2: return refmath_tensor_layer_norm(&in, &vg, &vb, 1e-5f, &y, &o);
      case 3: return refmath_tensor_rms_norm(&in, &vg, 1e-6f, &y, &o);
      case 4: return refmath_tensor_sum(&in, 1, &r, &o);
      default:
        return refmath_tensor_reduce(
            &in, static_cast<refmath_reduce_op>(which - 5), 1, &r, &o);
    }
  };
  for (int which = 0; which < 12; ++which) {
    std::vector<float> all(rows * n), one(n);
    ASSERT_EQ(run(which, x.data(), rows, all.data()), REFMATH_OK);
    const size_t width = which < 4 ? n : 1;
    for (size_t i = 0; i < rows; ++i) {
      ASSERT_EQ(run(which, x.data() + i * n, 1, one.data()), REFMATH_OK);
      for (size_t j = 0; j < width; ++j) {
        ASSERT_EQ(Bits(one[j]), Bits(all[i * width + j]))
            << "op " << which << " row " << i << " element " << j;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, TensorIdentity,
                         ::testing::Values(REFMATH_EXACT, REFMATH_FAST),
                         [](const auto& info) {
                           return std::string(refmath_variant_name(info.param));
                         });

}  // namespace
}  // namespace test
}  // namespace refmath
