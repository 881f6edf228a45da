#include "src/conform/ane_op_digests.h"

#include <functional>
#include <string>

#include "refmath/ane/fft.h"
#include "refmath/ane/graph.h"
#include "refmath/ane/krylov.h"
#include "refmath/ane/layers.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"
#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "src/verify/file_io.h"

namespace refmath {
namespace ane {

uint16_t AneOpPattern(uint32_t seed, uint32_t i) {
  return static_cast<uint16_t>((i * 0x9E3779B1u + seed * 0x85EBCA77u) >> 16);
}

namespace {

// How a draw becomes an input (the port's `draw` has the same four kinds).
enum class Kind {
  kAny,       // the pattern itself: zeros, subnormals, infinities, NaNs
  kFinite,    // exponent field 31 (inf, NaN) read as 30
  kMid,       // exponent field 6..21: |x| in [2^-9, 128), either sign
  kPositive,  // exponent field 13..16, sign clear: x in [0.25, 4)
  kLarge,     // exponent field 20..23, sign clear: x in [32, 512)
  kSmall,     // exponent field 11..14: |x| in [2^-4, 2), either sign
};

Half Shape16(uint16_t h, Kind kind) {
  const uint16_t sign = h & 0x8000, mantissa = h & 0x03FF;
  const uint16_t field = (h >> 10) & 0x1F;
  switch (kind) {
    case Kind::kAny: return h;
    case Kind::kFinite:
      return field == 31 ? static_cast<Half>(sign | (30 << 10) | mantissa) : h;
    case Kind::kMid:
      return static_cast<Half>(sign | ((6 + (field & 15)) << 10) | mantissa);
    case Kind::kPositive:
      return static_cast<Half>(((13 + (field & 3)) << 10) | mantissa);
    case Kind::kLarge:
      return static_cast<Half>(((20 + (field & 3)) << 10) | mantissa);
    case Kind::kSmall:
      return static_cast<Half>(sign | ((11 + (field & 3)) << 10) | mantissa);
  }
  return h;
}

Tensor Draw(const Shape& shape, uint32_t seed, Kind kind) {
  std::vector<Half> data(Tensor::Count(shape));
  for (size_t i = 0; i < data.size(); ++i) {
    data[i] = Shape16(AneOpPattern(seed, static_cast<uint32_t>(i)), kind);
  }
  return Tensor(shape, std::move(data));
}

// Every binary16 pattern once, in order, as a [256, 256] tensor.
Tensor AllPatterns() {
  std::vector<Half> data(1u << 16);
  for (uint32_t i = 0; i < data.size(); ++i) data[i] = static_cast<Half>(i);
  return Tensor({256, 256}, std::move(data));
}

struct OpCase {
  const char* name;
  std::function<Tensor(const Profile&)> run;
};

Profile WithExactAccumulator(Profile p) {
  p.accumulator = Accumulator::kExact;
  return p;
}

// A complex result as one [2, rows, cols] tensor: re, then im.
Tensor Stacked(const ComplexTensor& z) {
  std::vector<Half> data = z.re.data();
  data.insert(data.end(), z.im.data().begin(), z.im.data().end());
  return Tensor({2, z.re.rows(), z.re.cols()}, std::move(data));
}

// What PowerIteration hands back, as binary16: sigma, then v (binary16
// values already, so the conversion is exact).
Tensor PowerHalves(const PowerResult& r) {
  std::vector<Half> data = {HalfFromDouble(r.sigma)};
  for (double x : r.v) data.push_back(HalfFromDouble(x));
  const Shape shape = {data.size()};
  return Tensor(shape, std::move(data));
}

// A pre-norm transformer block, built as a graph (graph.h) and run under
// the profile, q = k = v:
//   h = x + attention(n, n, n, causal), n = rms_norm(x)
//   y = h + gelu(rms_norm(h) @ w1) @ w2
Tensor Block(const Tensor& x, const Tensor& w1, const Tensor& w2, const Profile& p) {
  Graph g;
  const NodeRef in = g.Input("x", x.shape());
  const NodeRef n = g.RmsNorm(in);
  const NodeRef h = g.Binary("add", in, g.Attention(n, n, n, 0, true));
  const NodeRef up = g.Gelu(g.Matmul(g.RmsNorm(h), g.Constant("w1", w1)));
  g.Outputs({g.Binary("add", h, g.Matmul(up, g.Constant("w2", w2)))});
  return g.Run({{"x", x}}, p)[0];
}

std::vector<OpCase> Cases() {
  const Tensor a = AllPatterns(), b = Draw({256, 256}, 1, Kind::kAny);
  const Tensor cond = Draw({256, 256}, 2, Kind::kAny);
  const Tensor row = Draw({64, 1, 8}, 3, Kind::kMid);
  const Tensor col = Draw({1, 32, 8}, 4, Kind::kMid);
  const Tensor ma = Draw({2, 24, 96}, 5, Kind::kMid);
  const Tensor mb = Draw({96, 40}, 6, Kind::kMid);
  const Tensor fa = Draw({16, 64}, 7, Kind::kFinite);
  const Tensor fb = Draw({64, 16}, 8, Kind::kFinite);
  const Tensor sums = Draw({16, 512}, 9, Kind::kPositive);
  const Tensor any = Draw({16, 300}, 10, Kind::kAny);
  const Tensor mid = Draw({64, 8}, 11, Kind::kMid);
  const Tensor logits = Draw({16, 128}, 12, Kind::kMid);
  // Running sums that pass 32768 and 65504 (the saturations).
  const Tensor large = Draw({4, 512}, 13, Kind::kLarge);
  const Tensor feat = Draw({8, 96}, 14, Kind::kSmall);
  const Tensor gamma = Draw({96}, 15, Kind::kSmall), beta = Draw({96}, 16, Kind::kSmall);
  const Tensor q = Draw({2, 8, 16}, 17, Kind::kSmall), k = Draw({2, 12, 16}, 18, Kind::kSmall);
  const Tensor v = Draw({2, 12, 8}, 19, Kind::kSmall);
  const Tensor image = Draw({1, 3, 9, 8}, 20, Kind::kSmall);
  const Tensor kernel = Draw({4, 3, 3, 2}, 21, Kind::kSmall);
  const Tensor cube = Draw({4, 6, 10}, 22, Kind::kAny);
  // Two [8, 12] planes: 12 = 2 * 2 * 3 and 8 = 2 * 2 * 2 stages.
  const ComplexTensor planes = {Draw({16, 12}, 23, Kind::kSmall),
                                Draw({16, 12}, 24, Kind::kSmall)};
  const Tensor tall = Draw({12, 8}, 25, Kind::kSmall);
  const Tensor x = Draw({2, 8, 16}, 26, Kind::kSmall);
  const Tensor w1 = Draw({16, 32}, 27, Kind::kSmall), w2 = Draw({32, 16}, 28, Kind::kSmall);
  Conv2dOptions conv;
  conv.stride_h = 2;
  conv.pad_h = conv.pad_w = 1;
  using P = const Profile&;
  return {
      {"add", [=](P p) { return Add(a, b, p); }},
      {"sub", [=](P p) { return Sub(a, b, p); }},
      {"mul", [=](P p) { return Mul(a, b, p); }},
      {"div", [=](P p) { return Div(a, b, p); }},
      {"min", [=](P p) { return Min(a, b, p); }},
      {"max", [=](P p) { return Max(a, b, p); }},
      {"greater", [=](P p) { return Map2(a, b, Greater, p); }},
      {"equal", [=](P p) { return Map2(a, b, Equal, p); }},
      {"select", [=](P p) { return Select(cond, a, b, p); }},
      {"add_broadcast", [=](P p) { return Add(row, col, p); }},
      {"matmul", [=](P p) { return Matmul(ma, mb, p); }},
      {"matmul_exact",
       [=](P p) { return Matmul(ma, mb, WithExactAccumulator(p)); }},
      {"matmul_finite", [=](P p) { return Matmul(fa, fb, p); }},
      {"reduce_sum", [=](P p) { return ReduceSum(sums, -1, p); }},
      {"reduce_sum_matmul", [=](P p) { return ReduceSumAsMatmul(sums, -1, p); }},
      {"reduce_sum_matmul_axis0",
       [=](P p) { return ReduceSumAsMatmul(sums, 0, p); }},
      {"reduce_max", [=](P p) { return ReduceMax(any, -1, p); }},
      {"reduce_max_axis0", [=](P p) { return ReduceMax(any, 0, p); }},
      {"cumsum_axis0", [=](P p) { return Cumsum(mid, 0, p); }},
      {"cumsum_large", [=](P p) { return Cumsum(large, -1, p); }},
      {"reduce_mean_matmul", [=](P p) { return ReduceMean(sums, -1, true, p); }},
      {"reduce_mean_axis0", [=](P p) { return ReduceMean(sums, 0, false, p); }},
      {"permute", [=](P) { return Permute(cube, {2, 0, 1}); }},
      {"layer_norm",
       [=](P p) { return LayerNorm(feat, &gamma, &beta, kDefaultNormEps, -1, p); }},
      {"rms_norm", [=](P p) { return RmsNorm(feat, &gamma, kDefaultNormEps, -1, p); }},
      {"gelu", [=](P p) { return Gelu(a, p); }},
      {"attention_causal", [=](P p) { return Attention(q, k, v, 0, true, p); }},
      {"conv2d", [=](P p) { return Conv2d(image, kernel, conv, p); }},
      {"slice_offset", [=](P p) { return SliceLastAxis(fa, 3, 40, p); }},
      {"softmax", [=](P p) { return Softmax(logits, -1, p); }},
      {"fft2_dense", [=](P p) { return Stacked(BatchedDft2d(planes, 8, false, true, p)); }},
      {"fft2_staged", [=](P p) { return Stacked(BatchedDft2d(planes, 8, true, true, p)); }},
      {"power", [=](P p) { return PowerHalves(PowerIteration(tall, 10, {}, p)); }},
      {"block", [=](P p) { return Block(x, w1, w2, p); }},
  };
}

std::string TensorDigest(const Tensor& t) {
  std::vector<uint8_t> bytes(2 * t.size());
  for (size_t i = 0; i < t.size(); ++i) io::StoreLE16(t[i], &bytes[2 * i]);
  return Sha256Hex(bytes.data(), bytes.size());
}

}  // namespace

std::vector<NamedDigest> OpGoldenDigests() {
  std::vector<NamedDigest> rows;
  for (const OpCase& c : Cases()) {
    for (const Profile& p : Presets()) {
      rows.push_back({std::string(c.name) + ":" + p.name, TensorDigest(c.run(p))});
    }
  }
  return rows;
}

}  // namespace ane
}  // namespace refmath
