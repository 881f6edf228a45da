#include "src/verify/tensor_compare.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>

#include "refmath/refmath.h"
#include "refmath/tensor.h"
#include "src/base/bits.h"
#include "src/base/text.h"
#include "src/verify/array_file.h"
#include "src/verify/attention_truth.h"
#include "src/verify/elementwise_truth.h"
#include "src/verify/exact_double_sum.h"
#include "src/verify/mpfr.h"
#include "src/verify/reduce_truth.h"
#include "src/verify/report.h"
#include "src/verify/tensor_shape_truth.h"
#include "src/verify/tensor_truth.h"
#include "src/verify/ulp.h"

namespace refmath {

const char* const kTensorOpNames =
    "softmax, log-softmax, layer-norm, rms-norm, sum, matmul, attention, "
    "gemm, mean, max, min, prod, sum-square, l1-norm, l2-norm, logsumexp, "
    "silu, gelu, gelu-tanh, softplus, swiglu, add, rope";

namespace {

// The reductions: their names and refmath_reduce_op codes (kReduceSum,
// kReduceMean for sum and mean).
struct Reduction {
  TensorOp op;
  const char* name;
  int code;
};
const Reduction kReductions[] = {
    {TensorOp::kSum, "sum", kReduceSum},
    {TensorOp::kMean, "mean", kReduceMean},
    {TensorOp::kMax, "max", REFMATH_REDUCE_MAX},
    {TensorOp::kMin, "min", REFMATH_REDUCE_MIN},
    {TensorOp::kProd, "prod", REFMATH_REDUCE_PROD},
    {TensorOp::kSumSquare, "sum-square", REFMATH_REDUCE_SUM_SQUARE},
    {TensorOp::kL1Norm, "l1-norm", REFMATH_REDUCE_L1},
    {TensorOp::kL2Norm, "l2-norm", REFMATH_REDUCE_L2},
    {TensorOp::kLogSumExp, "logsumexp", REFMATH_REDUCE_LOG_SUM_EXP}};

// The elementwise ops: their names and ElementwiseOp.
struct Elementwise {
  TensorOp op;
  const char* name;
  ElementwiseOp kind;
};
const Elementwise kElementwise[] = {
    {TensorOp::kSilu, "silu", ElementwiseOp::kSilu},
    {TensorOp::kGelu, "gelu", ElementwiseOp::kGelu},
    {TensorOp::kGeluTanh, "gelu-tanh", ElementwiseOp::kGeluTanh},
    {TensorOp::kSoftplus, "softplus", ElementwiseOp::kSoftplus},
    {TensorOp::kSwiglu, "swiglu", ElementwiseOp::kSwiglu},
    {TensorOp::kAdd, "add", ElementwiseOp::kAdd},
    {TensorOp::kRope, "rope", ElementwiseOp::kRope}};

const Elementwise* ElementwiseOf(TensorOp op) {
  for (const auto& e : kElementwise) {
    if (e.op == op) return &e;
  }
  return nullptr;
}

// The reduction's entry, or null for the other ops.
const Reduction* ReductionOf(TensorOp op) {
  for (const auto& r : kReductions) {
    if (r.op == op) return &r;
  }
  return nullptr;
}

}  // namespace

const char* TensorOpName(TensorOp op) {
  switch (op) {
    case TensorOp::kSoftmax: return "softmax";
    case TensorOp::kLogSoftmax: return "log-softmax";
    case TensorOp::kLayerNorm: return "layer-norm";
    case TensorOp::kRmsNorm: return "rms-norm";
    case TensorOp::kMatmul: return "matmul";
    case TensorOp::kAttention: return "attention";
    case TensorOp::kGemm: return "gemm";
    default:
      return ElementwiseOf(op) ? ElementwiseOf(op)->name
                               : ReductionOf(op)->name;
  }
}

bool ParseTensorOp(const std::string& name, TensorOp* op) {
  std::string dashed = name;
  std::replace(dashed.begin(), dashed.end(), '_', '-');
  for (TensorOp o : {TensorOp::kSoftmax, TensorOp::kLogSoftmax,
                     TensorOp::kLayerNorm, TensorOp::kRmsNorm,
                     TensorOp::kMatmul, TensorOp::kAttention,
                     TensorOp::kGemm}) {
    if (dashed == TensorOpName(o)) {
      *op = o;
      return true;
    }
  }
  for (const auto& r : kReductions) {
    if (dashed == r.name) {
      *op = r.op;
      return true;
    }
  }
  for (const auto& e : kElementwise) {
    if (dashed == e.name) {
      *op = e.op;
      return true;
    }
  }
  return false;
}

namespace {

bool IsNorm(TensorOp op) {
  return op == TensorOp::kLayerNorm || op == TensorOp::kRmsNorm;
}

RowOp RowOpOf(TensorOp op) {
  switch (op) {
    case TensorOp::kLogSoftmax: return RowOp::kLogSoftmax;
    case TensorOp::kLayerNorm: return RowOp::kLayerNorm;
    case TensorOp::kRmsNorm: return RowOp::kRmsNorm;
    default: return RowOp::kSoftmax;
  }
}

struct Array {
  std::vector<float> values;
  std::vector<size_t> shape;
};

// The array file as float32 values: float32, or the half-precision
// `format`'s elements widened exactly (the only dtype accepted when
// `storage_only`, as for the outputs).
bool ReadStored(const std::string& path, Format format, bool storage_only,
                Array* a, std::string* error) {
  if (format == Format::kBinary32) {
    return io::ReadFloatArray(path, &a->values, &a->shape, error);
  }
  return io::ReadHalfArray(path,
                           format == Format::kBinary16 ? REFMATH_HALF_BINARY16
                                                       : REFMATH_HALF_BFLOAT16,
                           !storage_only, 0, &a->values, &a->shape, error);
}

// y rounded to the half-precision `format` and widened back, in place.
void Store(Format format, std::vector<float>* y) {
  if (format == Format::kBinary32 || y->empty()) return;
  const refmath_half_format f = format == Format::kBinary16
                                    ? REFMATH_HALF_BINARY16
                                    : REFMATH_HALF_BFLOAT16;
  std::vector<unsigned short> bits(y->size());
  refmath_tensor_narrow(f, y->data(), bits.data(), y->size(), nullptr);
  refmath_tensor_widen(f, bits.data(), y->data(), y->size(), nullptr);
}

bool Read(const std::string& path, const char* option, Format format,
          Array* a, std::string* error) {
  if (!ReadStored(path, format, strcmp(option, "outputs") == 0, a, error)) {
    return false;
  }
  if (a->shape.size() > REFMATH_TENSOR_MAX_DIMS) {
    *error = std::string("--") + option + " has " +
             std::to_string(a->shape.size()) + " dimensions, at most " +
             std::to_string(REFMATH_TENSOR_MAX_DIMS) + " are supported";
    return false;
  }
  return true;
}

size_t Count(const std::vector<size_t>& shape) {
  size_t n = 1;
  for (size_t d : shape) n *= d;
  return n;
}

// The rows of a C-ordered array of `shape` along `axis`: the offset of
// each row's first element, in C order of the other axes, and the stride
// between a row's elements.
std::vector<size_t> RowStarts(const std::vector<size_t>& shape, size_t axis,
                              size_t* step) {
  size_t outer = 1;
  *step = 1;
  for (size_t d = 0; d < axis; ++d) outer *= shape[d];
  for (size_t d = axis + 1; d < shape.size(); ++d) *step *= shape[d];
  const size_t n = shape[axis];
  std::vector<size_t> starts;
  starts.reserve(outer * *step);
  for (size_t o = 0; o < outer; ++o) {
    for (size_t i = 0; i < *step; ++i) starts.push_back(o * n * *step + i);
  }
  return starts;
}

// A view of `data` (C order, `shape`) with `axis` moved to the end.
refmath_tensor AxisLast(float* data, const std::vector<size_t>& shape,
                        size_t axis) {
  refmath_tensor c =
      refmath_tensor_contiguous(data, shape.size(), shape.data());
  refmath_tensor v = c;
  size_t k = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (d == axis) continue;
    v.shape[k] = c.shape[d];
    v.stride[k] = c.stride[d];
    ++k;
  }
  v.shape[k] = c.shape[axis];
  v.stride[k] = c.stride[axis];
  return v;
}

// Distance of y to the truth t in ulps of `format`: 0 where both are NaN
// or the same infinity, +inf for a NaN/inf disagreement (an infinity where
// t rounded to the format has none, or the reverse).
double Distance(float y, double t, Format format) {
  const double r = RoundTo(t, format);
  if (isnan(t) || isnan(y)) return isnan(t) && isnan(y) ? 0 : INFINITY;
  if (isinf(r) || isinf(y)) return static_cast<double>(y) == r ? 0 : INFINITY;
  return UlpError(y, t, format);
}

// -1: a nearer t, +1: b nearer, 0: as near (exact but for t's own
// rounding to binary64: the midpoint of two binary32 is a binary64).
int Nearer(float a, float b, double t, Format format) {
  const bool a_off = isinf(Distance(a, t, format)),
             b_off = isinf(Distance(b, t, format));
  if (a_off || b_off) return a_off == b_off ? 0 : a_off ? 1 : -1;
  if (isnan(t) || static_cast<double>(a) == static_cast<double>(b)) return 0;
  const double mid = (static_cast<double>(a) + b) / 2;
  if (t == mid) return 0;
  return (t < mid) == (a < b) ? -1 : 1;
}

// ||y - t||_2 / ||t||_2 over the elements both finite: each difference
// and square in binary64 (relative error 2^-52 each), the squares summed
// exactly, after a scaling by a power of two that keeps the largest in
// range.
bool Normwise(const std::vector<float>& y, const std::vector<double>& t,
              double* out) {
  double top = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    if (!isfinite(y[i]) || !isfinite(t[i])) continue;
    top = std::max({top, fabs(t[i]), fabs(y[i] - t[i])});
  }
  if (top == 0) return false;
  const int shift = -ilogb(top);
  ExactDoubleSum diff, truth;
  for (size_t i = 0; i < y.size(); ++i) {
    if (!isfinite(y[i]) || !isfinite(t[i])) continue;
    const double d = ldexp(y[i] - t[i], shift), v = ldexp(t[i], shift);
    diff.Add(d * d);
    truth.Add(v * v);
  }
  if (truth.Value() == 0) return false;
  *out = sqrt(diff.Value()) / sqrt(truth.Value());
  return true;
}

TensorColumn Measure(const std::string& name, const std::vector<float>& y,
                     const std::vector<double>& t,
                     const std::vector<float>& exact, Format format) {
  TensorColumn c;
  c.name = name;
  for (size_t i = 0; i < y.size(); ++i) {
    if (FloatBits(y[i]) == FloatBits(exact[i])) ++c.identical_to_exact;
    const double u = Distance(y[i], t[i], format);
    if (isinf(u)) {
      ++c.nan_inf_disagreements;
      continue;
    }
    ++c.finite;
    c.sum_ulp += u;
    if (c.at_index == kNoElement || u > c.max_ulp) {
      c.max_ulp = u;
      c.at_index = i;
    }
  }
  c.has_normwise = Normwise(y, t, &c.normwise);
  return c;
}

struct Inputs {
  Array x, x2, x3, scale, bias, mask, keep, y;
  size_t axis = 0;
  MatmulLayout matmul;
  HeadsLayout heads;
  GemmLayout gemm;
};

// attention's layout from Q, K, V and the masks; 2-D Q, K, V are one
// slice and take no --keep, --scale or --causal.
bool AttentionShapes(const TensorCompareSpec& s, Inputs* in,
                     TensorCompareResult* r, std::string* error) {
  const std::vector<size_t>&xs = in->x.shape, &ks = in->x2.shape,
                           &vs = in->x3.shape;
  const bool masked = !s.mask_path.empty(), kept = !s.keep_path.empty();
  if (xs.size() == 2 && (kept || s.has_scale || s.causal)) {
    *error = "--keep, --scale-by and --causal need Q (B, H, L, d), K and V of "
             "four axes: --in " + ShapeText(xs);
    return false;
  }
  if (!HeadsLayoutOf(xs, ks, vs, masked ? &in->mask.shape : nullptr,
                     kept ? &in->keep.shape : nullptr, &in->heads) ||
      (xs.size() == 2 && masked &&
       in->mask.shape != std::vector<size_t>{xs[0], ks[0]})) {
    const bool four = xs.size() == 4;
    *error = std::string(four ? "attention needs Q (B, H, L, d), K (B, Hkv, "
                                "S, d), V (B, Hkv, S, dv), H a multiple of "
                                "Hkv, masks that broadcast to (B, H, L, S)"
                              : "attention needs Q (Lq, d), K (Lk, d), V "
                                "(Lk, dv)") +
             (masked && !four ? ", mask (Lq, Lk)" : "") +
             ", d and Lk >= 1: --in " + ShapeText(xs) + ", --in2 " +
             ShapeText(ks) + ", --in3 " + ShapeText(vs) +
             (masked ? ", --mask " + ShapeText(in->mask.shape) : "") +
             (kept ? ", --keep " + ShapeText(in->keep.shape) : "");
    return false;
  }
  const HeadsLayout& h = in->heads;
  r->out_shape = xs.size() == 4 ? std::vector<size_t>{h.b, h.h, h.l, h.dv}
                                : std::vector<size_t>{h.l, h.dv};
  r->row_length = h.s;
  return true;
}

// The output count from out_shape, and the --outputs file of that shape
// (a raw one: of that count).
bool OutputsFit(const TensorCompareSpec& s, const Inputs& in,
                TensorCompareResult* r, std::string* error) {
  r->count = Count(r->out_shape);
  const bool npy = io::IsNpyName(s.outputs_path);
  if (npy ? in.y.shape != r->out_shape : in.y.values.size() != r->count) {
    *error = "shape mismatch: --outputs " + ShapeText(in.y.shape) +
             ", the op gives " + ShapeText(r->out_shape);
    return false;
  }
  return true;
}

// The operands of an elementwise op, as ElementwiseOperand.
std::vector<ElementwiseOperand> Operands(const Inputs& in) {
  return {{&in.x.values, &in.x.shape},
          {&in.x2.values, &in.x2.shape},
          {&in.x3.values, &in.x3.shape}};
}

// The elementwise ops' files and shapes: --in, and --in2 and --in3 as the
// op reads them, nothing else; the output has --in's shape.
bool ReadElementwise(const TensorCompareSpec& s, const Elementwise& e,
                     Inputs* in, TensorCompareResult* r, std::string* error) {
  const size_t arity = ElementwiseArity(e.kind);
  const std::string name = e.name;
  if ((arity >= 2) == s.in2_path.empty() || (arity >= 3) == s.in3_path.empty()) {
    *error = name + (arity == 1   ? " takes --in alone"
                     : arity == 2 ? " needs --in and --in2, no --in3"
                                  : " needs --in (x), --in2 (cos) and --in3 (sin)");
    return false;
  }
  const char* given = !s.mask_path.empty()    ? "--mask"
                      : !s.keep_path.empty()  ? "--keep"
                      : !s.scale_path.empty() ? "--scale"
                      : !s.bias_path.empty()  ? "--bias"
                      : s.has_scale           ? "--scale-by"
                      : s.causal              ? "--causal"
                                              : nullptr;
  if (given != nullptr) {
    *error = name + " takes no " + given;
    return false;
  }
  if (s.interleaved && e.kind != ElementwiseOp::kRope) {
    *error = "--interleaved is rope's option";
    return false;
  }
  if (!Read(s.in_path, "in", s.format, &in->x, error) ||
      (arity >= 2 && !Read(s.in2_path, "in2", s.format, &in->x2, error)) ||
      (arity >= 3 && !Read(s.in3_path, "in3", s.format, &in->x3, error)) ||
      !Read(s.outputs_path, "outputs", s.format, &in->y, error)) {
    return false;
  }
  if (!ElementwiseShapesFit(e.kind, Operands(*in).data(), error)) return false;
  r->in_shape = in->x.shape;
  r->in2_shape = in->x2.shape;
  r->in3_shape = in->x3.shape;
  r->out_shape = in->x.shape;
  r->row_length = 1;
  return OutputsFit(s, *in, r, error);
}

bool ReadInputs(const TensorCompareSpec& s, Inputs* in,
                TensorCompareResult* r, std::string* error) {
  const bool matmul = s.op == TensorOp::kMatmul;
  const bool attention = s.op == TensorOp::kAttention;
  const bool gemm = s.op == TensorOp::kGemm;
  const Elementwise* elementwise = ElementwiseOf(s.op);
  if (elementwise) return ReadElementwise(s, *elementwise, in, r, error);
  if ((matmul || attention || gemm) != !s.in2_path.empty()) {
    *error = matmul || gemm ? TensorOpName(s.op) +
                                  std::string(" needs --in2 (B of A B)")
             : attention ? "attention needs --in2 (K) and --in3 (V)"
                         : std::string(TensorOpName(s.op)) + " takes no --in2";
    return false;
  }
  if (!gemm && attention != !s.in3_path.empty()) {
    *error = attention ? "attention needs --in2 (K) and --in3 (V)"
                       : std::string(TensorOpName(s.op)) + " takes no --in3";
    return false;
  }
  if (!attention) {
    const char* given = !s.mask_path.empty()   ? "--mask"
                        : !s.keep_path.empty() ? "--keep"
                        : s.has_scale          ? "--scale-by"
                        : s.causal             ? "--causal"
                                               : nullptr;
    if (given != nullptr) {
      *error = std::string(given) + " is attention's option";
      return false;
    }
  }
  if (!IsNorm(s.op) && (!s.scale_path.empty() || !s.bias_path.empty())) {
    *error = "--scale and --bias are the norms' options";
    return false;
  }
  if (s.op == TensorOp::kRmsNorm && !s.bias_path.empty()) {
    *error = "rms-norm takes no --bias";
    return false;
  }
  if (!(s.eps >= 0) || isinf(s.eps)) {
    *error = "--eps must be a finite number >= 0";
    return false;
  }
  if (!Read(s.in_path, "in", s.format, &in->x, error) ||
      (!s.in2_path.empty() && !Read(s.in2_path, "in2", s.format, &in->x2, error)) ||
      (!s.in3_path.empty() && !Read(s.in3_path, "in3", s.format, &in->x3, error)) ||
      (!s.mask_path.empty() && !Read(s.mask_path, "mask", s.format, &in->mask, error)) ||
      (!s.keep_path.empty() && !Read(s.keep_path, "keep", s.format, &in->keep, error)) ||
      (!s.scale_path.empty() && !Read(s.scale_path, "scale", s.format, &in->scale, error)) ||
      (!s.bias_path.empty() && !Read(s.bias_path, "bias", s.format, &in->bias, error)) ||
      !Read(s.outputs_path, "outputs", s.format, &in->y, error)) {
    return false;
  }
  const std::vector<size_t>& xs = in->x.shape;
  r->in_shape = xs;
  r->in2_shape = in->x2.shape;
  r->in3_shape = in->x3.shape;
  if (attention) {
    if (!AttentionShapes(s, in, r, error)) return false;
  } else if (gemm) {
    const std::vector<size_t>& bs = in->x2.shape;
    const std::vector<size_t>* cs = s.in3_path.empty() ? nullptr : &in->x3.shape;
    if (!GemmLayoutOf(xs, bs, cs, s.trans_a, s.trans_b, &in->gemm)) {
      *error = "gemm needs A (m, k) and B (k, n) after --trans-a and "
               "--trans-b, and C that broadcasts to (m, n): --in " +
               ShapeText(xs) + ", --in2 " + ShapeText(bs) +
               (cs ? ", --in3 " + ShapeText(*cs) : std::string());
      return false;
    }
    r->out_shape = {in->gemm.m, in->gemm.n};
    r->row_length = in->gemm.k;
  } else if (matmul) {
    const std::vector<size_t>& bs = in->x2.shape;
    if (!MatmulLayoutOf(xs, bs, &in->matmul)) {
      *error = "matmul needs A (..., m, k) and B (..., k, n) with batch "
               "axes that broadcast (numpy.matmul's shapes): --in " +
               ShapeText(xs) + ", --in2 " + ShapeText(bs);
      return false;
    }
    r->out_shape = in->matmul.out_shape;
    r->row_length = in->matmul.k;
  } else {
    const long nd = static_cast<long>(xs.size());
    if (nd == 0 || s.axis < -nd || s.axis >= nd) {
      *error = "--axis " + std::to_string(s.axis) + " for --in of shape " +
               ShapeText(xs);
      return false;
    }
    in->axis = static_cast<size_t>(s.axis < 0 ? s.axis + nd : s.axis);
    r->axis = static_cast<long>(in->axis);
    r->row_length = xs[in->axis];
    r->out_shape = xs;
    if (ReductionOf(s.op)) {
      r->out_shape.erase(r->out_shape.begin() + in->axis);
    } else if (r->row_length == 0) {
      *error = "--in " + ShapeText(xs) + ": the rows along --axis are empty";
      return false;
    }
  }
  for (const Array* a : {&in->scale, &in->bias}) {
    if (a->values.empty() && a->shape.empty()) continue;
    if (a->values.size() != r->row_length || a->shape.size() != 1) {
      *error = std::string(a == &in->scale ? "--scale" : "--bias") + " " +
               ShapeText(a->shape) + " must hold the row length " +
               std::to_string(r->row_length) + " as one axis";
      return false;
    }
  }
  return OutputsFit(s, *in, r, error);
}

// refmath's attention: the 2-D call, or the one with batch and heads.
int RefmathAttention(const TensorCompareSpec& s, Inputs* in,
                     const refmath_tensor* out,
                     const refmath_tensor_options* o) {
  const auto view = [](Array& a) {
    return refmath_tensor_contiguous(a.values.data(), a.shape.size(),
                                     a.shape.data());
  };
  const refmath_tensor q = view(in->x), k = view(in->x2), v = view(in->x3),
                       m = view(in->mask), keep = view(in->keep);
  const refmath_tensor* mp = s.mask_path.empty() ? nullptr : &m;
  if (in->x.shape.size() == 2) {
    return refmath_tensor_attention(&q, &k, &v, mp, out, o);
  }
  refmath_attention_options a = refmath_attention_default_options();
  a.mask = mp;
  a.keep = s.keep_path.empty() ? nullptr : &keep;
  a.has_scale = s.has_scale;
  a.scale = s.scale;
  a.causal = s.causal;
  return refmath_tensor_attention_heads(&q, &k, &v, &a, out, o);
}

// refmath's result in `variant` (and sum `mode`) over the inputs.
bool Refmath(const TensorCompareSpec& s, Inputs* in, refmath_variant variant,
             refmath_sum_mode mode, const TensorCompareResult& r,
             std::vector<float>* y, std::string* error) {
  refmath_tensor_options o = refmath_tensor_default_options();
  o.variant = variant;
  o.mode = mode;
  y->assign(r.count, 0.0f);
  const refmath_tensor out_c =
      refmath_tensor_contiguous(y->data(), r.out_shape.size(),
                                r.out_shape.data());
  int status;
  if (const Elementwise* e = ElementwiseOf(s.op)) {
    status = ElementwiseRefmath(e->kind, s.interleaved, Operands(*in).data(),
                                o, y);
  } else if (s.op == TensorOp::kGemm) {
    const refmath_tensor a = refmath_tensor_contiguous(
        in->x.values.data(), 2, in->x.shape.data());
    const refmath_tensor b = refmath_tensor_contiguous(
        in->x2.values.data(), 2, in->x2.shape.data());
    const refmath_tensor c = refmath_tensor_contiguous(
        in->x3.values.data(), in->x3.shape.size(), in->x3.shape.data());
    status = refmath_tensor_gemm(&a, &b, in->gemm.has_c ? &c : nullptr,
                                 s.alpha, s.beta, s.trans_a, s.trans_b,
                                 &out_c, &o);
  } else if (s.op == TensorOp::kMatmul) {
    const refmath_tensor a = refmath_tensor_contiguous(
        in->x.values.data(), in->x.shape.size(), in->x.shape.data());
    const refmath_tensor b = refmath_tensor_contiguous(
        in->x2.values.data(), in->x2.shape.size(), in->x2.shape.data());
    status = refmath_tensor_matmul(&a, &b, &out_c, &o);
  } else if (s.op == TensorOp::kAttention) {
    status = RefmathAttention(s, in, &out_c, &o);
  } else if (const Reduction* red = ReductionOf(s.op)) {
    const refmath_tensor x = refmath_tensor_contiguous(
        in->x.values.data(), in->x.shape.size(), in->x.shape.data());
    const int axis = static_cast<int>(in->axis);
    if (red->code == kReduceSum) {
      status = refmath_tensor_sum(&x, axis, &out_c, &o);
    } else if (red->code == kReduceMean) {
      status = refmath_tensor_mean(&x, axis, &out_c, &o);
    } else {
      status = refmath_tensor_reduce(
          &x, static_cast<refmath_reduce_op>(red->code), axis, &out_c, &o);
    }
  } else {
    const refmath_tensor x = AxisLast(in->x.values.data(), in->x.shape, in->axis);
    const refmath_tensor out = AxisLast(y->data(), r.out_shape, in->axis);
    const size_t n = r.row_length;
    const refmath_tensor g =
        refmath_tensor_contiguous(in->scale.values.data(), 1, &n);
    const refmath_tensor b =
        refmath_tensor_contiguous(in->bias.values.data(), 1, &n);
    const refmath_tensor* gp = in->scale.values.empty() ? nullptr : &g;
    const refmath_tensor* bp = in->bias.values.empty() ? nullptr : &b;
    switch (s.op) {
      case TensorOp::kSoftmax:
        status = refmath_tensor_softmax(&x, &out, &o);
        break;
      case TensorOp::kLogSoftmax:
        status = refmath_tensor_log_softmax(&x, &out, &o);
        break;
      case TensorOp::kLayerNorm:
        status = refmath_tensor_layer_norm(&x, gp, bp, s.eps, &out, &o);
        break;
      default:
        status = refmath_tensor_rms_norm(&x, gp, s.eps, &out, &o);
        break;
    }
  }
  if (status != REFMATH_OK) {
    *error = std::string("refmath ") + refmath_variant_name(variant) + " " +
             TensorOpName(s.op) + ": " + refmath_status_string(status);
    return false;
  }
  return true;
}

void Truth(const TensorCompareSpec& s, const Inputs& in,
           const TensorCompareResult& r, std::vector<double>* t) {
  t->assign(r.count, 0.0);
  if (const Elementwise* e = ElementwiseOf(s.op)) {
    return ElementwiseTruth(e->kind, s.interleaved, Operands(in).data(), t);
  }
  if (s.op == TensorOp::kAttention) {
    AttentionOptions o;
    o.has_scale = s.has_scale;
    o.scale = s.scale;
    o.causal = s.causal;
    return HeadsTruth(in.x.values.data(), in.x2.values.data(),
                      in.x3.values.data(), in.mask.values.data(),
                      in.keep.values.data(), in.heads, o, t->data());
  }
  if (s.op == TensorOp::kGemm) {
    return GemmTruth(in.x.values.data(), in.x2.values.data(),
                     in.x3.values.data(), s.alpha, s.beta, in.gemm,
                     t->data());
  }
  if (s.op == TensorOp::kMatmul) {
    return MatmulTruth(in.x.values.data(), in.x2.values.data(), in.matmul,
                       t->data());
  }
  size_t step;
  const std::vector<size_t> starts = RowStarts(in.x.shape, in.axis, &step);
  const size_t n = r.row_length;
  std::vector<float> row(n);
  std::vector<double> truth(n);
  for (size_t q = 0; q < starts.size(); ++q) {
    for (size_t j = 0; j < n; ++j) row[j] = in.x.values[starts[q] + j * step];
    if (ReductionOf(s.op)) {
      (*t)[q] = ReduceTruth(ReductionOf(s.op)->code, row.data(), n);
      continue;
    }
    RowTruth(RowOpOf(s.op), row.data(), n,
             in.scale.values.empty() ? nullptr : in.scale.values.data(),
             in.bias.values.empty() ? nullptr : in.bias.values.data(), s.eps,
             truth.data());
    for (size_t j = 0; j < n; ++j) (*t)[starts[q] + j * step] = truth[j];
  }
}

}  // namespace

bool CompareTensor(const TensorCompareSpec& s, TensorCompareResult* out,
                   std::string* error) {
  TensorCompareResult r;
  Inputs in;
  if (s.label.empty()) {
    *error = "--label needs a name for the backend";
    return false;
  }
  if (!ReadInputs(s, &in, &r, error)) return false;
  std::vector<float> exact, fast, correct;
  if (!Refmath(s, &in, REFMATH_EXACT, REFMATH_SUM_CANONICAL, r, &exact,
               error) ||
      !Refmath(s, &in, REFMATH_FAST, REFMATH_SUM_CANONICAL, r, &fast, error) ||
      (s.op == TensorOp::kSum &&
       !Refmath(s, &in, REFMATH_EXACT, REFMATH_SUM_CORRECTLY_ROUNDED, r,
                &correct, error))) {
    return false;
  }
  for (std::vector<float>* v : {&exact, &fast, &correct}) Store(s.format, v);
  std::vector<double> t;
  Truth(s, in, r, &t);
  const std::vector<float>& y = in.y.values;
  const Format f = s.format;
  r.columns.push_back(Measure(s.label, y, t, exact, f));
  r.columns.push_back(Measure("refmath exact", exact, t, exact, f));
  r.columns.push_back(Measure("refmath fast", fast, t, exact, f));
  if (s.op == TensorOp::kSum) {
    r.columns.push_back(
        Measure("refmath correctly rounded", correct, t, exact, f));
  }
  for (size_t i = 0; i < r.count; ++i) {
    const int w = Nearer(y[i], exact[i], t[i], f);
    (w < 0 ? r.backend_closer : w > 0 ? r.exact_closer : r.ties) += 1;
  }
  *out = std::move(r);
  return true;
}

namespace {

enum class TensorVerdict { kPass, kFail, kNoBound };

TensorVerdict VerdictOf(const TensorCompareSpec& s,
                        const TensorCompareResult& r) {
  const TensorColumn& b = r.columns[0];
  if (b.nan_inf_disagreements != 0 ||
      (s.has_max_ulp && b.max_ulp > s.max_ulp)) {
    return TensorVerdict::kFail;
  }
  return s.has_max_ulp ? TensorVerdict::kPass : TensorVerdict::kNoBound;
}

std::string Cell(const TensorColumn& c, int what) {
  switch (what) {
    case 0: return c.finite ? report::Printf("%.3f", c.max_ulp) : "n/a";
    case 1: return c.at_index == kNoElement ? "-" : std::to_string(c.at_index);
    case 2: return c.finite ? report::Printf("%.4f", c.MeanUlp()) : "n/a";
    case 3: return c.has_normwise ? report::Printf("%.3e", c.normwise) : "n/a";
    case 4: return std::to_string(c.nan_inf_disagreements);
    default: return std::to_string(c.identical_to_exact);
  }
}

std::string JsonColumn(const TensorColumn& c) {
  const auto number = [](bool has, double v) {
    return has ? FormatDouble(v) : std::string("null");
  };
  return "{\"name\": \"" + report::JsonEscape(c.name) +
         "\", \"max_ulp\": " + number(c.finite != 0, c.max_ulp) +
         ", \"at_index\": " +
         (c.at_index == kNoElement ? "null" : std::to_string(c.at_index)) +
         ", \"mean_ulp\": " + number(c.finite != 0, c.MeanUlp()) +
         ", \"normwise\": " + number(c.has_normwise, c.normwise) +
         ", \"nan_inf_disagreements\": " +
         std::to_string(c.nan_inf_disagreements) +
         ", \"identical_to_exact\": " + std::to_string(c.identical_to_exact) +
         "}";
}

// gemm's options as a JSON object, null for the other ops.
std::string JsonGemm(const TensorCompareSpec& s) {
  if (s.op != TensorOp::kGemm) return "null";
  return "{\"alpha\": " + FormatDouble(s.alpha) + ", \"beta\": " +
         FormatDouble(s.beta) + ", \"trans_a\": " +
         (s.trans_a ? "true" : "false") + ", \"trans_b\": " +
         (s.trans_b ? "true" : "false") + "}";
}

// A path as a JSON string, null when not given.
std::string JsonPath(const std::string& path) {
  return path.empty() ? "null" : "\"" + report::JsonEscape(path) + "\"";
}

// attention's keep, scale and causal as a JSON object, null for the
// other ops.
std::string JsonAttention(const TensorCompareSpec& s) {
  if (s.op != TensorOp::kAttention) return "null";
  return "{\"keep\": " + JsonPath(s.keep_path) + ", \"scale\": " +
         (s.has_scale ? FormatDouble(s.scale) : "null") +
         ", \"causal\": " + (s.causal ? "true" : "false") + "}";
}

std::string JsonShape(const std::vector<size_t>& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    out += (i ? ", " : "") + std::to_string(shape[i]);
  }
  return out + "]";
}

}  // namespace

const char* TensorVerdictName(const TensorCompareSpec& s,
                              const TensorCompareResult& r) {
  switch (VerdictOf(s, r)) {
    case TensorVerdict::kPass: return "pass";
    case TensorVerdict::kFail: return "fail";
    case TensorVerdict::kNoBound: return "no bound set";
  }
  return "fail";
}

bool TensorPasses(const TensorCompareSpec& s, const TensorCompareResult& r) {
  return VerdictOf(s, r) != TensorVerdict::kFail;
}

std::string TensorTextReport(const TensorCompareSpec& s,
                             const TensorCompareResult& r) {
  const TensorColumn& b = r.columns[0];
  std::string out = "refmath compare: " + std::string(TensorOpName(s.op)) +
                    ", " + Printable(s.label) + " outputs " +
                    Printable(s.outputs_path) + " " + ShapeText(r.out_shape) +
                    " of --in " + Printable(s.in_path) + " " +
                    ShapeText(r.in_shape);
  if (s.op == TensorOp::kMatmul) {
    out += " and --in2 " + Printable(s.in2_path) + " " + ShapeText(r.in2_shape);
  } else if (s.op == TensorOp::kGemm) {
    out += ", --in2 " + Printable(s.in2_path) + " " + ShapeText(r.in2_shape) +
           (s.in3_path.empty() ? ""
                               : ", --in3 " + Printable(s.in3_path) + " " +
                                     ShapeText(r.in3_shape)) +
           ", alpha " + FormatDouble(s.alpha) + ", beta " +
           FormatDouble(s.beta) + (s.trans_a ? ", --trans-a" : "") +
           (s.trans_b ? ", --trans-b" : "");
  } else if (const Elementwise* e = ElementwiseOf(s.op)) {
    const size_t arity = ElementwiseArity(e->kind);
    if (arity >= 2) {
      out += ", --in2 " + Printable(s.in2_path) + " " + ShapeText(r.in2_shape);
    }
    if (arity >= 3) {
      out += ", --in3 " + Printable(s.in3_path) + " " + ShapeText(r.in3_shape) +
             (s.interleaved ? ", interleaved" : ", rotate-half");
    }
  } else if (s.op == TensorOp::kAttention) {
    out += ", --in2 " + Printable(s.in2_path) + " " + ShapeText(r.in2_shape) +
           ", --in3 " + Printable(s.in3_path) + " " + ShapeText(r.in3_shape) +
           (s.mask_path.empty() ? "" : ", --mask " + Printable(s.mask_path)) +
           (s.keep_path.empty() ? "" : ", --keep " + Printable(s.keep_path)) +
           (s.has_scale ? ", scale " + FormatDouble(s.scale) : "") +
           (s.causal ? ", causal" : "");
  } else {
    out += ", rows along axis " + std::to_string(r.axis);
  }
  if (IsNorm(s.op)) out += ", eps " + FormatDouble(s.eps);
  out += ", " + std::to_string(r.count) + " values\n";
  out += std::string("  the truth: exact value rounded once to binary64; "
                     "refmath ") +
         refmath_version() + "; ulps of " + FormatName(s.format) +
         (s.format == Format::kBinary32
              ? ""
              : " (refmath's results rounded to it once)") +
         "\n\n";
  std::string row = report::Printf("    %-24s", "against the truth");
  for (const TensorColumn& c : r.columns) {
    row += report::Printf(" %26s", Printable(c.name).c_str());
  }
  out += row + "\n";
  const char* labels[] = {"max ulp", "at index", "mean ulp",
                          "normwise relative error", "NaN/inf disagreements",
                          "bit-identical to exact"};
  for (int k = 0; k < 6; ++k) {
    row = report::Printf("    %-24s", labels[k]);
    for (const TensorColumn& c : r.columns) {
      row += report::Printf(" %26s", Cell(c, k).c_str());
    }
    out += row + "\n";
  }
  const TensorVerdict v = VerdictOf(s, r);
  out += v == TensorVerdict::kPass   ? "PASS: "
         : v == TensorVerdict::kFail ? "FAIL: "
                                     : "NO BOUND SET: ";
  out += Printable(s.label) +
         (b.finite ? " max " + FormatDouble(b.max_ulp) + " ulp from the truth"
                   : " has no result at a finite distance from the truth");
  if (s.has_max_ulp) {
    out += std::string(b.max_ulp <= s.max_ulp ? " within" : " beyond") +
           " --max-ulp " + FormatDouble(s.max_ulp);
  } else {
    out += " (no --max-ulp)";
  }
  out += ", " + std::to_string(b.nan_inf_disagreements) +
         " NaN/inf disagreement(s)";
  return out + report::Printf(
                   "; nearer the truth: %s on %zu, refmath exact on %zu, "
                   "equally near on %zu\n",
                   Printable(s.label).c_str(), r.backend_closer,
                   r.exact_closer, r.ties);
}

std::string TensorJsonReport(const TensorCompareSpec& s,
                             const TensorCompareResult& r) {
  const TensorVerdict v = VerdictOf(s, r);
  std::string columns;
  for (size_t i = 0; i < r.columns.size(); ++i) {
    columns += (i ? ",\n  " : "") + JsonColumn(r.columns[i]);
  }
  return std::string("{\"schema\": \"") + kTensorCompareSchema +
         "\", \"op\": \"" + TensorOpName(s.op) +
         "\", \"refmath_version\": \"" + refmath_version() +
         "\", \"label\": \"" + report::JsonEscape(s.label) +
         "\", \"in\": \"" + report::JsonEscape(s.in_path) + "\", \"in2\": " +
         JsonPath(s.in2_path) + ", \"in3\": " + JsonPath(s.in3_path) +
         ", \"mask\": " + JsonPath(s.mask_path) +
         ", \"outputs\": \"" + report::JsonEscape(s.outputs_path) +
         "\", \"in_shape\": " + JsonShape(r.in_shape) +
         ", \"out_shape\": " + JsonShape(r.out_shape) + ", \"axis\": " +
         (s.op == TensorOp::kMatmul || s.op == TensorOp::kAttention ||
                  s.op == TensorOp::kGemm || ElementwiseOf(s.op)
              ? "null"
              : std::to_string(r.axis)) +
         ", \"gemm\": " + JsonGemm(s) + ", \"attention\": " +
         JsonAttention(s) + ", \"interleaved\": " +
         (s.op == TensorOp::kRope ? (s.interleaved ? "true" : "false")
                                  : "null") +
         ", \"eps\": " + (IsNorm(s.op) ? FormatDouble(s.eps) : "null") +
         ", \"count\": " + std::to_string(r.count) +
         ", \"ulps_of\": \"" + FormatName(s.format) +
         "\",\n \"columns\": [" + columns +
         "],\n \"closer\": {\"backend\": " + std::to_string(r.backend_closer) +
         ", \"exact\": " + std::to_string(r.exact_closer) +
         ", \"tie\": " + std::to_string(r.ties) + "}, \"max_ulp_allowed\": " +
         (s.has_max_ulp ? FormatDouble(s.max_ulp) : "null") +
         ", \"verdict\": \"" + TensorVerdictName(s, r) + "\", \"pass\": " +
         (v == TensorVerdict::kNoBound ? "null"
          : v == TensorVerdict::kPass  ? "true"
                                       : "false") +
         "}\n";
}

}  // namespace refmath
