#include "src/conform/tensor_cases.h"

#include <math.h>
#include <string.h>

#include "src/conform/decoder_case.h"

namespace refmath {
namespace conformance {
namespace {

using Dims = std::vector<size_t>;

refmath_tensor View(std::vector<float>& v, const Dims& shape) {
  return refmath_tensor_contiguous(v.data(), shape.size(), shape.data());
}

// The 6 x 8 matrix of special values (docs/golden-hashes.md).
std::vector<float> SpecialMatrix() {
  const uint32_t kBits[48] = {
      0, 0, 0, 0, 0, 0, 0, 0,  // all +0
      0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000,
      0xFF800000, 0xFF800000, 0xFF800000,  // all -inf
      0x3F800000, 0x40000000, 0x7FC00000, 0x40400000, 0x40800000,
      0x40A00000, 0x40C00000, 0x40E00000,  // 1 2 NaN 3 4 5 6 7
      0x7F800000, 0x00000000, 0x3F800000, 0x40000000, 0x40400000,
      0x40800000, 0x40A00000, 0x40C00000,  // +inf 0 1 2 3 4 5 6
      0xFF800000, 0x00000000, 0xFF800000, 0x3F800000, 0x80000000,
      0x40000000, 0xFF800000, 0x40400000,  // -inf 0 -inf 1 -0 2 -inf 3
      0x7F7FFFFF, 0x7F7FFFFF, 0xFF7FFFFF, 0x00000001, 0x80000001,
      0x71800000, 0xF1800000, 0x3F000000};  // max max -max 2^-149 ... 0.5
  std::vector<float> m(48);
  memcpy(m.data(), kBits, sizeof(kBits));
  return m;
}

using Storage = TensorCase::Storage;

// v rounded to the case's storage format and widened back (exact), in
// place; nothing for binary32.  On one thread: a run's thread count is
// its options' (the arm64 check under qemu-user starts none), and an
// element's conversion is the same on any.
void Store(const TensorCase& c, std::vector<float>* v) {
  if (c.storage == Storage::kFloat32 || v->empty()) return;
  const refmath_half_format f = c.storage == Storage::kBinary16
                                    ? REFMATH_HALF_BINARY16
                                    : REFMATH_HALF_BFLOAT16;
  refmath_tensor_options one = refmath_tensor_default_options();
  one.threads = 1;
  std::vector<unsigned short> bits(v->size());
  refmath_tensor_narrow(f, v->data(), bits.data(), v->size(), &one);
  refmath_tensor_widen(f, bits.data(), v->data(), v->size(), &one);
}

// Generated input `index` of case `number` (n values at 2^exponent), as
// the case stores it.
std::vector<float> Generated(const TensorCase& c, size_t number, size_t index,
                             size_t n, int exponent) {
  std::vector<float> v = TensorInput(number, index, n, exponent);
  Store(c, &v);
  return v;
}

std::vector<float> Input(const TensorCase& c, size_t number, size_t index,
                         size_t n) {
  if (!(c.special && index == 0)) {
    return Generated(c, number, index, n, c.exponent);
  }
  std::vector<float> v = SpecialMatrix();
  Store(c, &v);
  return v;
}

// The reductions of refmath_tensor_reduce by their case names.
const struct {
  const char* name;
  refmath_reduce_op op;
} kReduceOps[] = {{"max", REFMATH_REDUCE_MAX},
                  {"min", REFMATH_REDUCE_MIN},
                  {"prod", REFMATH_REDUCE_PROD},
                  {"sum_square", REFMATH_REDUCE_SUM_SQUARE},
                  {"l1", REFMATH_REDUCE_L1},
                  {"l2", REFMATH_REDUCE_L2},
                  {"logsumexp", REFMATH_REDUCE_LOG_SUM_EXP}};

const refmath_reduce_op* ReduceOpOf(const char* name) {
  for (const auto& r : kReduceOps) {
    if (strcmp(name, r.name) == 0) return &r.op;
  }
  return nullptr;
}

int RunReduce(const TensorCase& c, size_t number, refmath_tensor_options o,
              std::vector<float>* out) {
  const Dims shape = c.special ? Dims{6, 8} : c.dims;
  std::vector<float> x = Input(c, number, 0, shape[0] * shape[1]);
  const int axis = c.extra ? 0 : 1;
  out->assign(shape[1 - axis], 0.0f);
  const refmath_tensor in = View(x, shape), y = View(*out, {out->size()});
  if (strcmp(c.op, "mean") == 0) return refmath_tensor_mean(&in, axis, &y, &o);
  if (const refmath_reduce_op* r = ReduceOpOf(c.op)) {
    return refmath_tensor_reduce(&in, *r, axis, &y, &o);
  }
  if (strcmp(c.op, "sum_cr") == 0) o.mode = REFMATH_SUM_CORRECTLY_ROUNDED;
  return refmath_tensor_sum(&in, axis, &y, &o);
}

int RunProducts(const TensorCase& c, size_t number,
                const refmath_tensor_options& o, std::vector<float>* out) {
  const Dims& d = c.dims;
  if (strcmp(c.op, "dot") == 0) {
    std::vector<float> x = Input(c, number, 0, d[0]),
                       y = Input(c, number, 1, d[0]);
    out->assign(1, 0.0f);
    const refmath_tensor vx = View(x, d), vy = View(y, d),
                         r = View(*out, {});
    return refmath_tensor_dot(&vx, &vy, &r, &o);
  }
  std::vector<float> a = Input(c, number, 0, d[0] * d[1]),
                     b = Input(c, number, 1, d[1] * d[2]);
  out->assign(d[0] * d[2], 0.0f);
  const refmath_tensor va = View(a, {d[0], d[1]}), vb = View(b, {d[1], d[2]}),
                       vc = View(*out, {d[0], d[2]});
  return refmath_tensor_matmul(&va, &vb, &vc, &o);
}

int RunRows(const TensorCase& c, size_t number,
            const refmath_tensor_options& o, std::vector<float>* out) {
  const Dims shape = c.special ? Dims{6, 8} : c.dims;
  const size_t n = shape[1];
  std::vector<float> x = Input(c, number, 0, shape[0] * n),
                     g = Generated(c, number, 1, n, 0),
                     b = Generated(c, number, 2, n, 0);
  const std::string op = c.op;
  const bool stats = op == "layer_norm_stats";  // y, the means, 1 / sigma
  out->assign(x.size() + (stats ? 2 * shape[0] : 0), 0.0f);
  const refmath_tensor in = View(x, shape), y = View(*out, shape),
                       vg = View(g, {n}), vb = View(b, {n});
  const refmath_tensor* scale = c.extra ? &vg : nullptr;
  if (op == "softmax") return refmath_tensor_softmax(&in, &y, &o);
  if (op == "log_softmax") return refmath_tensor_log_softmax(&in, &y, &o);
  if (op == "layer_norm") {
    return refmath_tensor_layer_norm(&in, scale, c.extra ? &vb : nullptr,
                                     1e-5f, &y, &o);
  }
  if (stats) {
    const Dims per_row = {shape[0], 1};
    const refmath_tensor m = refmath_tensor_contiguous(out->data() + x.size(), 2,
                                                       per_row.data()),
                         i = refmath_tensor_contiguous(
                             out->data() + x.size() + shape[0], 2, per_row.data());
    return refmath_tensor_layer_norm_stats(&in, scale, c.extra ? &vb : nullptr, 1e-5f,
                                           &y, &m, &i, &o);
  }
  return refmath_tensor_rms_norm(&in, scale, 1e-6f, &y, &o);
}

int RunAttention(const TensorCase& c, size_t number,
                 const refmath_tensor_options& o, std::vector<float>* out) {
  const size_t lq = c.dims[0], lk = c.dims[1], d = c.dims[2], dv = c.dims[3];
  std::vector<float> q = Input(c, number, 0, lq * d),
                     k = Input(c, number, 1, lk * d),
                     v = Input(c, number, 2, lk * dv),
                     mask = Input(c, number, 3, lq * lk);
  out->assign(lq * dv, 0.0f);
  const refmath_tensor vq = View(q, {lq, d}), vk = View(k, {lk, d}),
                       vv = View(v, {lk, dv}), vm = View(mask, {lq, lk}),
                       vo = View(*out, {lq, dv});
  return refmath_tensor_attention(&vq, &vk, &vv, c.extra ? &vm : nullptr, &vo,
                                  &o);
}

// The activations of refmath_tensor_activation by their case names.
const struct {
  const char* name;
  refmath_activation act;
} kActivations[] = {{"silu", REFMATH_ACTIVATION_SILU},
                    {"softplus", REFMATH_ACTIVATION_SOFTPLUS},
                    {"gelu", REFMATH_ACTIVATION_GELU_ERF},
                    {"gelu_tanh", REFMATH_ACTIVATION_GELU_TANH}};

const refmath_activation* ActivationOf(const char* name) {
  for (const auto& a : kActivations) {
    if (strcmp(name, a.name) == 0) return &a.act;
  }
  return nullptr;
}

bool IsElementwise(const char* op) {
  return ActivationOf(op) != nullptr || strcmp(op, "swiglu") == 0 ||
         strcmp(op, "add") == 0 || strcmp(op, "rope") == 0;
}

// x is input 0 ({rows, n}); swiglu's up and add's b input 1 (add with
// extra: b of shape {n}); rope's cos and sin inputs 1 and 2 of shape
// {rows, n/2}, in [-1, 1) (extra: interleaved pairs).
int RunElementwise(const TensorCase& c, size_t number,
                   const refmath_tensor_options& o, std::vector<float>* out) {
  const Dims shape = c.special ? Dims{6, 8} : c.dims;
  const size_t rows = shape[0], n = shape[1];
  std::vector<float> x = Input(c, number, 0, rows * n);
  out->assign(x.size(), 0.0f);
  const refmath_tensor vx = View(x, shape), y = View(*out, shape);
  if (const refmath_activation* act = ActivationOf(c.op)) {
    return refmath_tensor_activation(&vx, *act, &y, &o);
  }
  if (strcmp(c.op, "rope") == 0) {
    const Dims half = {rows, n / 2};
    std::vector<float> cs = Generated(c, number, 1, rows * n / 2, 0),
                       sn = Generated(c, number, 2, rows * n / 2, 0);
    const refmath_tensor vc = View(cs, half), vs = View(sn, half);
    return refmath_tensor_rope(&vx, &vc, &vs, c.extra ? 1 : 0, &y, &o);
  }
  const bool row_b = strcmp(c.op, "add") == 0 && c.extra;
  std::vector<float> b = Generated(c, number, 1, row_b ? n : rows * n,
                                   c.exponent);
  const refmath_tensor vb = row_b ? View(b, {n}) : View(b, shape);
  if (strcmp(c.op, "add") == 0) return refmath_tensor_add(&vx, &vb, &y, &o);
  return refmath_tensor_swiglu(&vx, &vb, &y, &o);
}

}  // namespace

const std::vector<TensorCase>& TensorCases() {
  // dims: sums, row and elementwise ops {rows, n}; dot {n}; matmul
  // {M, K, N}; attention {Lq, Lk, d, dv}; decoder {batch, new tokens}.
  static const std::vector<TensorCase> kCases = {
      {"sum", {1, 1}, 0, false, false},     {"sum", {1, 15}, 0, false, false},
      {"sum", {1, 16}, 0, false, false},    {"sum", {1, 17}, 0, false, false},
      {"sum", {1, 4095}, 0, false, false},  {"sum", {1, 4096}, 0, false, false},
      {"sum", {1, 4097}, 0, false, false},  {"sum", {3, 65537}, 0, false, false},
      {"sum", {1, 2000003}, 0, false, false},
      {"sum", {300, 37}, 0, true, false},   {"sum", {6, 8}, 0, false, true},
      {"sum_cr", {1, 17}, 0, false, false}, {"sum_cr", {1, 4097}, 0, false, false},
      {"sum_cr", {3, 65537}, 0, false, false},
      {"sum_cr", {1, 2000003}, 0, false, false},
      {"sum_cr", {6, 8}, 0, false, true},
      {"mean", {5, 1000}, 0, false, false}, {"mean", {300, 37}, 0, true, false},
      {"dot", {17}, 0, false, false},       {"dot", {4097}, 0, false, false},
      {"dot", {1000003}, 0, false, false},
      {"matmul", {1, 1, 1}, 0, false, false},
      {"matmul", {5, 17, 3}, 0, false, false},
      {"matmul", {33, 300, 45}, 0, false, false},
      {"matmul", {64, 513, 64}, 0, false, false},
      {"softmax", {1, 1}, 3, false, false}, {"softmax", {3, 17}, 3, false, false},
      {"softmax", {7, 4097}, 3, false, false},
      {"softmax", {2, 100003}, 3, false, false},
      {"softmax", {6, 8}, 0, false, true},
      {"log_softmax", {1, 1}, 3, false, false},
      {"log_softmax", {3, 17}, 3, false, false},
      {"log_softmax", {7, 4097}, 3, false, false},
      {"log_softmax", {2, 100003}, 3, false, false},
      {"log_softmax", {6, 8}, 0, false, true},
      {"layer_norm", {3, 17}, 0, true, false},
      {"layer_norm", {7, 4097}, 0, true, false},
      {"layer_norm", {5, 1000}, 0, false, false},
      {"layer_norm", {6, 8}, 0, false, true},
      {"rms_norm", {3, 17}, 0, true, false},
      {"rms_norm", {7, 4097}, 0, false, false},
      {"rms_norm", {6, 8}, 0, false, true},
      {"attention", {17, 33, 16, 8}, 0, true, false},
      {"attention", {64, 300, 64, 64}, 0, false, false},
      {"max", {5, 1000}, 0, false, false},  {"max", {6, 8}, 0, false, true},
      {"min", {300, 37}, 0, true, false},   {"min", {6, 8}, 0, false, true},
      {"prod", {5, 17}, 0, false, false},   {"prod", {6, 8}, 0, false, true},
      {"sum_square", {3, 4097}, 0, false, false},
      {"sum_square", {6, 8}, 0, false, true},
      {"l1", {3, 4097}, 0, false, false},   {"l1", {6, 8}, 0, false, true},
      {"l2", {3, 4097}, 0, false, false},   {"l2", {6, 8}, 0, false, true},
      {"logsumexp", {7, 4097}, 3, false, false},
      {"logsumexp", {6, 8}, 0, false, true},
      {"layer_norm_stats", {7, 4097}, 0, true, false},
      {"layer_norm_stats", {6, 8}, 0, false, true},
      {"silu", {3, 17}, 3, false, false},   {"silu", {6, 8}, 0, false, true},
      {"softplus", {3, 17}, 3, false, false},
      {"softplus", {6, 8}, 0, false, true},
      {"gelu", {7, 4097}, 2, false, false}, {"gelu", {6, 8}, 0, false, true},
      {"gelu_tanh", {7, 4097}, 2, false, false},
      {"gelu_tanh", {6, 8}, 0, false, true},
      {"swiglu", {5, 1000}, 3, false, false},
      {"swiglu", {6, 8}, 0, false, true},
      {"add", {5, 1000}, 0, true, false},   {"add", {6, 8}, 0, false, true},
      {"rope", {33, 64}, 0, false, false},  {"rope", {33, 64}, 0, true, false},
      {"rope", {6, 8}, 0, false, true},
      {"decoder", {8, 64}, 0, false, false},
      // Half-precision storage.
      {"softmax", {7, 4097}, 3, false, false, Storage::kBfloat16},
      {"softmax", {6, 8}, 0, false, true, Storage::kBinary16},
      {"layer_norm", {7, 4097}, 0, true, false, Storage::kBfloat16},
      {"layer_norm_stats", {7, 4097}, 0, true, false, Storage::kBinary16},
      {"rms_norm", {7, 4097}, 0, true, false, Storage::kBfloat16},
      {"matmul", {33, 300, 45}, 0, false, false, Storage::kBinary16},
      {"matmul", {33, 300, 45}, 0, false, false, Storage::kBfloat16},
      {"attention", {17, 33, 16, 8}, 0, true, false, Storage::kBfloat16},
      {"sum", {3, 65537}, 0, false, false, Storage::kBinary16},
      {"gelu", {7, 4097}, 2, false, false, Storage::kBinary16},
      {"silu", {3, 17}, 3, false, false, Storage::kBfloat16},
      {"rope", {33, 64}, 0, false, false, Storage::kBinary16},
      {"add", {5, 1000}, 0, true, false, Storage::kBfloat16},
  };
  return kCases;
}

namespace {

std::string ShapeAndOptions(const TensorCase& c) {
  std::string name = std::string(c.op) + ":";
  if (c.special) return name + "special";
  for (size_t i = 0; i < c.dims.size(); ++i) {
    name += (i ? "x" : "") + std::to_string(c.dims[i]);
  }
  if (!c.extra) return name;
  if (strcmp(c.op, "attention") == 0) return name + ":mask";
  if (strcmp(c.op, "rope") == 0) return name + ":interleaved";
  if (strcmp(c.op, "add") == 0) return name + ":row";
  if (strstr(c.op, "norm") != nullptr) return name + ":scale";
  return name + ":axis0";
}

int RunFloat32(const TensorCase& c, size_t number,
               const refmath_tensor_options& o, std::vector<float>* out) {
  const std::string op = c.op;
  if (op == "sum" || op == "sum_cr" || op == "mean" || ReduceOpOf(c.op)) {
    return RunReduce(c, number, o, out);
  }
  if (op == "dot" || op == "matmul") return RunProducts(c, number, o, out);
  if (op == "attention") return RunAttention(c, number, o, out);
  if (IsElementwise(c.op)) return RunElementwise(c, number, o, out);
  if (op == "decoder") {
    return RunDecoder(number, 0, c.dims[0], c.dims[1], o, out);
  }
  return RunRows(c, number, o, out);
}

}  // namespace

std::string TensorCaseName(const TensorCase& c) {
  switch (c.storage) {
    case Storage::kBinary16:
      return ShapeAndOptions(c) + ":f16";
    case Storage::kBfloat16:
      return ShapeAndOptions(c) + ":bf16";
    case Storage::kFloat32:
      break;
  }
  return ShapeAndOptions(c);
}

std::vector<float> TensorInput(size_t number, size_t index, size_t n,
                               int exponent) {
  uint32_t s = static_cast<uint32_t>(number * 16 + index + 1);
  std::vector<float> v(n);
  const float scale = ldexpf(1.0f, exponent - 23);
  for (float& x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>(static_cast<int32_t>(s >> 8) - (1 << 23)) * scale;
  }
  return v;
}

int RunTensorCase(const TensorCase& c, size_t number,
                  const refmath_tensor_options& o, std::vector<float>* out) {
  const int status = RunFloat32(c, number, o, out);
  if (status == REFMATH_OK) Store(c, out);
  return status;
}

}  // namespace conformance
}  // namespace refmath
