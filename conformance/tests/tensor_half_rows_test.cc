// The row operations on half-precision views (refmath_tensor_softmax16,
// _log_softmax16, _layer_norm16, _rms_norm16): the same bits as their
// definition, the three calls widen, binary32 operation, narrow, for both
// formats and variants, strided and in place, at 1 and 3 threads; and
// the binary32 calls' errors, with nothing written.
#include <stdint.h>

#include <vector>

#include "conformance/tests/test_util.h"
#include "gtest/gtest.h"
#include "refmath/tensor.h"

namespace refmath {
namespace test {
namespace {

using Half = std::vector<unsigned short>;
constexpr size_t kRows = 37, kN = 300;
enum Op { kSoftmax, kLogSoftmax, kLayerNorm, kRmsNorm };

Half Stored(refmath_half_format f, const std::vector<float>& x) {
  Half h(x.size());
  EXPECT_EQ(refmath_tensor_narrow(f, x.data(), h.data(), x.size(), nullptr),
            REFMATH_OK);
  return h;
}

// The definition: widen, the binary32 call, narrow.
Half ByDefinition(Op op, refmath_half_format f, const Half& in,
                  std::vector<float>& g, std::vector<float>& b,
                  const refmath_tensor_options& o) {
  std::vector<float> x(in.size()), y(in.size());
  EXPECT_EQ(refmath_tensor_widen(f, in.data(), x.data(), x.size(), nullptr),
            REFMATH_OK);
  const size_t shape[2] = {kRows, kN};
  const refmath_tensor vx = refmath_tensor_contiguous(x.data(), 2, shape),
                       vy = refmath_tensor_contiguous(y.data(), 2, shape),
                       vg = refmath_tensor_contiguous(g.data(), 1, &kN),
                       vb = refmath_tensor_contiguous(b.data(), 1, &kN);
  int status = REFMATH_OK;
  switch (op) {
    case kSoftmax: status = refmath_tensor_softmax(&vx, &vy, &o); break;
    case kLogSoftmax: status = refmath_tensor_log_softmax(&vx, &vy, &o); break;
    case kLayerNorm:
      status = refmath_tensor_layer_norm(&vx, &vg, &vb, 1e-5f, &vy, &o);
      break;
    case kRmsNorm: status = refmath_tensor_rms_norm(&vx, &vg, 1e-6f, &vy, &o); break;
  }
  EXPECT_EQ(status, REFMATH_OK);
  return Stored(f, y);
}

int Fused(Op op, refmath_half_format f, const refmath_tensor16& in,
          std::vector<float>& g, std::vector<float>& b,
          const refmath_tensor16& out, const refmath_tensor_options& o) {
  const refmath_tensor vg = refmath_tensor_contiguous(g.data(), 1, &kN),
                       vb = refmath_tensor_contiguous(b.data(), 1, &kN);
  switch (op) {
    case kSoftmax: return refmath_tensor_softmax16(f, &in, &out, &o);
    case kLogSoftmax: return refmath_tensor_log_softmax16(f, &in, &out, &o);
    case kLayerNorm:
      return refmath_tensor_layer_norm16(f, &in, &vg, &vb, 1e-5f, &out, &o);
    case kRmsNorm: return refmath_tensor_rms_norm16(f, &in, &vg, 1e-6f, &out, &o);
  }
  return REFMATH_E_BAD_ARGUMENT;
}

TEST(TensorHalfRows, SameBitsAsWidenOperateNarrow) {
  std::vector<float> g = Normal(kN, 2), b = Normal(kN, 3);
  for (refmath_half_format f : {REFMATH_HALF_BINARY16, REFMATH_HALF_BFLOAT16}) {
    const Half in = Stored(f, Normal(kRows * kN, 1, 4.0f));
    for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
      if (refmath_target_status(v, REFMATH_TARGET_BEST) != REFMATH_OK) continue;
      for (Op op : {kSoftmax, kLogSoftmax, kLayerNorm, kRmsNorm}) {
        refmath_tensor_options o = refmath_tensor_default_options();
        o.variant = v;
        const Half want = ByDefinition(op, f, in, g, b, o);
        const size_t shape[2] = {kRows, kN};
        for (int threads : {1, 3}) {
          o.threads = threads;
          Half x = in, y(in.size(), 0xDEAD);
          const refmath_tensor16 vx = refmath_tensor16_contiguous(x.data(), 2, shape),
                                 vy = refmath_tensor16_contiguous(y.data(), 2, shape);
          ASSERT_EQ(Fused(op, f, vx, g, b, vy, o), REFMATH_OK);
          EXPECT_EQ(y, want) << "op " << op << " format " << f << " threads " << threads;
          ASSERT_EQ(Fused(op, f, vx, g, b, vx, o), REFMATH_OK);  // in place
          EXPECT_EQ(x, want) << "in place, op " << op;
        }
        // Strided: every other element of rows twice as long, written into
        // a transposed (column-major) output.
        Half wide(kRows * 2 * kN, 0), col(kRows * kN, 0xDEAD);
        for (size_t i = 0; i < kRows * kN; ++i) wide[2 * i] = in[i];
        refmath_tensor16 vs = {}, vt = {};
        vs.data = wide.data();
        vt.data = col.data();
        vs.ndim = vt.ndim = 2;
        vs.shape[0] = vt.shape[0] = kRows;
        vs.shape[1] = vt.shape[1] = kN;
        vs.stride[0] = 2 * kN;
        vs.stride[1] = 2;
        vt.stride[0] = 1;
        vt.stride[1] = kRows;
        ASSERT_EQ(Fused(op, f, vs, g, b, vt, o), REFMATH_OK);
        for (size_t r = 0; r < kRows; ++r) {
          for (size_t i = 0; i < kN; ++i) {
            ASSERT_EQ(col[i * kRows + r], want[r * kN + i]) << r << "," << i;
          }
        }
      }
    }
  }
}

TEST(TensorHalfRows, ErrorsWriteNothing) {
  Half x(12, 0x3C00), y(12, 0x1234);
  std::vector<float> g(4, 1.0f);
  const size_t shape[2] = {3, 4}, wrong[2] = {4, 3}, empty[2] = {3, 0};
  const refmath_tensor16 vx = refmath_tensor16_contiguous(x.data(), 2, shape),
                         vy = refmath_tensor16_contiguous(y.data(), 2, shape),
                         vw = refmath_tensor16_contiguous(y.data(), 2, wrong),
                         ve = refmath_tensor16_contiguous(y.data(), 2, empty);
  const refmath_half_format f = REFMATH_HALF_BINARY16;
  EXPECT_EQ(refmath_tensor_softmax16(f, &vx, &vw, nullptr), REFMATH_E_SHAPE);
  EXPECT_EQ(refmath_tensor_softmax16(f, &ve, &ve, nullptr), REFMATH_E_EMPTY_AXIS);
  EXPECT_EQ(refmath_tensor_softmax16(f, nullptr, &vy, nullptr), REFMATH_E_NULL_POINTER);
  // out one element into in: overlapping, not the same view.
  const size_t two[2] = {2, 4};
  const refmath_tensor16 head = refmath_tensor16_contiguous(x.data(), 2, two),
                         shifted = refmath_tensor16_contiguous(x.data() + 1, 2, two);
  EXPECT_EQ(refmath_tensor_log_softmax16(f, &head, &shifted, nullptr), REFMATH_E_OVERLAP);
  const refmath_tensor vg3 = refmath_tensor_contiguous(g.data(), 1, &shape[0]);
  EXPECT_EQ(refmath_tensor_rms_norm16(f, &vx, &vg3, 0.0f, &vy, nullptr), REFMATH_E_SHAPE);
  const refmath_tensor vg = refmath_tensor_contiguous(g.data(), 1, &shape[1]);
  EXPECT_EQ(refmath_tensor_layer_norm16(f, &vx, &vg, nullptr, -1.0f, &vy, nullptr),
            REFMATH_E_BAD_ARGUMENT);
  // out over the scale's bytes.
  const refmath_tensor16 over_g = refmath_tensor16_contiguous(
      reinterpret_cast<unsigned short*>(g.data()), 2, shape);
  EXPECT_EQ(refmath_tensor_rms_norm16(f, &vx, &vg, 0.0f, &over_g, nullptr),
            REFMATH_E_OVERLAP);
  refmath_tensor_options o = refmath_tensor_default_options();
  o.threads = -1;
  EXPECT_EQ(refmath_tensor_softmax16(f, &vx, &vy, &o), REFMATH_E_BAD_ARGUMENT);
  EXPECT_EQ(y, Half(12, 0x1234));
  EXPECT_EQ(x, Half(12, 0x3C00));
  EXPECT_EQ(g, std::vector<float>(4, 1.0f));
}

}  // namespace
}  // namespace test
}  // namespace refmath
