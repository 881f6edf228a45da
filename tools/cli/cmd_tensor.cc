// refmath tensor OP: the tensor operations of docs/tensor-ops.md over
// float32 arrays (.npy or raw by the file name, src/verify/array_file.h),
// through the C API of refmath/tensor.h.  With --format binary16 or
// bfloat16 every array file holds that format's 16-bit patterns (float16
// or uint16 .npy, or raw): the inputs are widened with
// refmath_tensor_widen, the op runs in float32, and each output is
// rounded once with refmath_tensor_narrow.
//   tensor sum|mean --in X --out Y [--axis A] [--mode canonical|exact]
//   tensor max|min|prod|sum-square|l1-norm|l2-norm|logsumexp --in X --out Y
//          [--axis A]
//   tensor dot|matmul --in A --in2 B --out Y   (matmul: numpy.matmul's shapes)
//   tensor softmax|log-softmax --in X [--axis A] --out Y
//   tensor layer-norm --in X [--axis A] [--scale G] [--bias B] [--eps E]
//                     --out Y [--out-mean M] [--out-inv-std-dev S]
//   tensor rms-norm --in X [--axis A] [--scale G] [--eps E] --out Y
//   tensor gemm --in A --in2 B [--in3 C] [--alpha X] [--beta X]
//               [--trans-a] [--trans-b] --out Y
//   tensor attention --in Q --in2 K --in3 V [--mask M] [--keep K]
//                    [--scale-by S] [--causal] --out Y
//   tensor silu|gelu|gelu-tanh|softplus --in X --out Y
//   tensor swiglu|add --in A --in2 B --out Y
//   tensor rope --in X --in2 COS --in3 SIN [--interleaved] --out Y
// Every form also takes --variant, --target, --threads and --format.
#include <math.h>

#include <cstdio>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "refmath/tensor.h"
#include "src/base/text.h"
#include "src/verify/array_file.h"
#include "src/verify/npy.h"
#include "src/verify/ulp.h"
#include "tools/cli/commands.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kOps =
    "sum, mean, max, min, prod, sum-square, l1-norm, l2-norm, logsumexp, dot, "
    "matmul, gemm, softmax, log-softmax, layer-norm, rms-norm, attention, "
    "silu, gelu, gelu-tanh, softplus, swiglu, add, rope";

// The reductions of refmath_tensor_reduce by their command names.
constexpr struct {
  const char* name;
  refmath_reduce_op op;
} kReductions[] = {{"max", REFMATH_REDUCE_MAX},
                   {"min", REFMATH_REDUCE_MIN},
                   {"prod", REFMATH_REDUCE_PROD},
                   {"sum-square", REFMATH_REDUCE_SUM_SQUARE},
                   {"l1-norm", REFMATH_REDUCE_L1},
                   {"l2-norm", REFMATH_REDUCE_L2},
                   {"logsumexp", REFMATH_REDUCE_LOG_SUM_EXP}};

// The reduction named `op`, or null.
const refmath_reduce_op* ReductionOf(const std::string& op) {
  for (const auto& r : kReductions) {
    if (op == r.name) return &r.op;
  }
  return nullptr;
}

// The activations of refmath_tensor_activation by their command names.
constexpr struct {
  const char* name;
  refmath_activation act;
} kActivations[] = {{"silu", REFMATH_ACTIVATION_SILU},
                    {"gelu", REFMATH_ACTIVATION_GELU_ERF},
                    {"gelu-tanh", REFMATH_ACTIVATION_GELU_TANH},
                    {"softplus", REFMATH_ACTIVATION_SOFTPLUS}};

const refmath_activation* ActivationOf(const std::string& op) {
  for (const auto& a : kActivations) {
    if (op == a.name) return &a.act;
  }
  return nullptr;
}

// How the array files store their elements (--format): float32, or a
// half format's bit patterns in the dtype that holds them.
struct Storage {
  bool half = false;
  refmath_half_format format = REFMATH_HALF_BINARY16;
  io::DType dtype = io::DType::kFloat32;
};

bool ParseStorage(const Args& args, Storage* s, std::string* error) {
  const std::string format = args.Get("format", "binary32");
  Format f;
  if (!FormatFromName(format, &f)) {
    *error = "unknown --format " + Quote(format) +
             " (valid: binary32, binary16, bfloat16)";
    return false;
  }
  const bool b16 = f == Format::kBinary16;
  s->half = f != Format::kBinary32;
  s->format = b16 ? REFMATH_HALF_BINARY16 : REFMATH_HALF_BFLOAT16;
  s->dtype = b16 ? io::DType::kFloat16 : io::DType::kUint16;
  return true;
}

// The array file at `path` as float32 values: read as they are, or of the
// half format's dtype and widened.
bool ReadValues(const std::string& path, const Storage& s,
                const refmath_tensor_options& o, std::vector<float>* values,
                std::vector<size_t>* shape, std::string* error) {
  if (!s.half) return io::ReadFloatArray(path, values, shape, error);
  return io::ReadHalfArray(path, s.format, false, o.threads, values, shape,
                           error);
}

// float32 results as the array a file stores: as they are, or rounded once
// to the half format.
bool StoredArray(const std::vector<float>& values,
                 const std::vector<size_t>& shape, const Storage& s,
                 const refmath_tensor_options& o, io::NpyArray* array,
                 std::string* error) {
  if (!s.half) {
    *array = io::Float32Array(shape, values);
    return true;
  }
  std::vector<unsigned short> bits(values.size());
  const int status = refmath_tensor_narrow(s.format, values.data(),
                                           bits.data(), bits.size(), &o);
  if (status != REFMATH_OK) {
    *error = refmath_status_string(status);
    return false;
  }
  array->dtype = s.dtype;
  array->shape = shape;
  array->bits.assign(bits.begin(), bits.end());
  return true;
}

struct Operand {
  std::string option;
  bool present = false;
  std::vector<float> values;
  std::vector<size_t> shape;
  refmath_tensor view;
};

// The array at --OPTION (required unless `optional`) as float32.
bool ReadTensorArg(const Args& args, const Storage& storage,
                   const refmath_tensor_options& o, const std::string& option,
                   bool optional, Operand* op, std::string* error) {
  op->option = option;
  if (optional && !args.Has(option)) return true;
  std::string path;
  if (!args.Require(option, &path, error) ||
      !ReadValues(path, storage, o, &op->values, &op->shape, error)) {
    return false;
  }
  if (op->shape.size() > REFMATH_TENSOR_MAX_DIMS) {
    *error = "--" + option + " has " + std::to_string(op->shape.size()) +
             " dimensions, at most " +
             std::to_string(REFMATH_TENSOR_MAX_DIMS) + " are supported";
    return false;
  }
  op->present = true;
  op->view = refmath_tensor_contiguous(op->values.data(), op->shape.size(),
                                       op->shape.data());
  return true;
}

bool ParseCallOptions(const Args& args, refmath_tensor_options* o,
                      std::string* error) {
  *o = refmath_tensor_default_options();
  long threads;
  if (!ParseVariant(args.Get("variant", "exact"), &o->variant, error)) {
    return false;
  }
  if (o->variant != REFMATH_EXACT && o->variant != REFMATH_FAST) {
    *error = "--variant " + std::string(refmath_variant_name(o->variant)) +
             ": the tensor operations have the variants exact and fast";
    return false;
  }
  if (!ParseTarget(args.Get("target", "best"), &o->target, error) ||
      !IntegerOption(args, "threads", 0, 1024, 0, &threads, error)) {
    return false;
  }
  o->threads = static_cast<int>(threads);
  const std::string mode = args.Get("mode", "canonical");
  if (mode != "canonical" && mode != "exact") {
    *error = "unknown --mode " + Quote(mode) + " (valid: canonical, exact)";
    return false;
  }
  o->mode = mode == "exact" ? REFMATH_SUM_CORRECTLY_ROUNDED
                            : REFMATH_SUM_CANONICAL;
  return true;
}

// The state of one call: its arguments, operands and result.
struct Call {
  std::string op;
  Args args;
  refmath_tensor_options options;
  Storage storage;
  std::vector<Operand> in;  // in, in2, in3 as the op reads them
  Operand scale, bias, mask, keep;
  long axis = -1;
  float eps = 0.0f;
  float alpha = 1.0f, beta = 1.0f;  // gemm's
  float scale_by = 1.0f;            // attention's, with --scale-by
  std::vector<float> out;
  std::vector<size_t> out_shape;
  // layer norm's statistics, when --out-mean / --out-inv-std-dev ask
  std::vector<float> mean, inv_std_dev;
  std::vector<size_t> stats_shape;
};

// A failed call's status as one line naming what it is about.
std::string Describe(int status, const Call& c) {
  std::string text = refmath_status_string(status);
  if (status == REFMATH_E_AXIS) {
    return text + ": --axis " + std::to_string(c.axis) + " for --in of shape " +
           ShapeText(c.in[0].shape);
  }
  if (status == REFMATH_E_SHAPE || status == REFMATH_E_EMPTY_AXIS) {
    std::string shapes;
    for (const Operand* o : {&c.in[0], c.in.size() > 1 ? &c.in[1] : nullptr,
                             c.in.size() > 2 ? &c.in[2] : nullptr, &c.scale,
                             &c.bias, &c.mask, &c.keep}) {
      if (o == nullptr || !o->present) continue;
      shapes += (shapes.empty() ? "" : ", ") + ("--" + o->option) + " " +
                ShapeText(o->shape);
    }
    return text + ": " + shapes;
  }
  if (status >= REFMATH_E_TARGET_NOT_SUPPORTED &&
      status <= REFMATH_E_UNKNOWN_VARIANT) {
    return text + ": --variant " + refmath_variant_name(c.options.variant) +
           " --target " + refmath_target_name(c.options.target);
  }
  return text;
}

// The output's shape before the call (a wrong one leaves the C API to
// report the mismatch).
std::vector<size_t> OutputShape(const Call& c) {
  const std::vector<size_t>& a = c.in[0].shape;
  if (c.op == "dot") return {};
  if (c.op == "matmul") {
    size_t ndim = 0, shape[REFMATH_TENSOR_MAX_DIMS];
    if (refmath_tensor_matmul_shape(&c.in[0].view, &c.in[1].view, &ndim,
                                    shape) != REFMATH_OK) {
      return {};
    }
    return std::vector<size_t>(shape, shape + ndim);
  }
  if (c.op == "gemm") {
    const std::vector<size_t>& b = c.in[1].shape;
    const bool ta = c.args.Has("trans-a"), tb = c.args.Has("trans-b");
    return {a.size() == 2 ? a[ta ? 1 : 0] : 0,
            b.size() == 2 ? b[tb ? 0 : 1] : 0};
  }
  if (c.op == "attention" && a.size() == 4) {
    const std::vector<size_t>& v = c.in[2].shape;
    return {a[0], a[1], a[2], v.size() == 4 ? v[3] : 0};
  }
  if (c.op == "attention") {
    return {a.size() == 2 ? a[0] : 0,
            c.in[2].shape.size() == 2 ? c.in[2].shape[1] : 0};
  }
  if (c.op != "sum" && c.op != "mean" && ReductionOf(c.op) == nullptr) return a;
  const long nd = static_cast<long>(a.size());
  if (c.axis < -nd || c.axis >= nd) return a;
  std::vector<size_t> out = a;
  out.erase(out.begin() + (c.axis < 0 ? c.axis + nd : c.axis));
  return out;
}

const refmath_tensor* Optional(const Operand& o) {
  return o.present ? &o.view : nullptr;
}

// attention: the 2-D call, or the one with batch and heads for four-axis
// operands or its options.
int Attention(const Call& c, const refmath_tensor& y) {
  const refmath_tensor* q = &c.in[0].view;
  const bool heads = q->ndim == 4 || c.keep.present || c.args.Has("causal") ||
                     c.args.Has("scale-by");
  if (!heads) {
    return refmath_tensor_attention(q, &c.in[1].view, &c.in[2].view,
                                    Optional(c.mask), &y, &c.options);
  }
  refmath_attention_options a = refmath_attention_default_options();
  a.mask = Optional(c.mask);
  a.keep = Optional(c.keep);
  a.has_scale = c.args.Has("scale-by");
  a.scale = c.scale_by;
  a.causal = c.args.Has("causal");
  return refmath_tensor_attention_heads(q, &c.in[1].view, &c.in[2].view, &a,
                                        &y, &c.options);
}

// t with axis a moved last: the same elements, the rows the C API reads
// along its last axis.
refmath_tensor MovedLast(const refmath_tensor& t, size_t a) {
  refmath_tensor v = t;
  size_t k = 0;
  for (size_t i = 0; i < t.ndim; ++i) {
    if (i == a) continue;
    v.shape[k] = t.shape[i];
    v.stride[k++] = t.stride[i];
  }
  v.shape[k] = t.shape[a];
  v.stride[k] = t.stride[a];
  return v;
}

// A contiguous array's view with axes a..ndim-1 as one (a norm's row, as
// ONNX's axis gives it).
refmath_tensor Merged(float* data, const std::vector<size_t>& shape, size_t a) {
  std::vector<size_t> merged(shape.begin(), shape.begin() + a);
  size_t n = 1;
  for (size_t i = a; i < shape.size(); ++i) n *= shape[i];
  merged.push_back(n);
  return refmath_tensor_contiguous(data, merged.size(), merged.data());
}

bool IsRowOp(const std::string& op) {
  return op == "softmax" || op == "log-softmax" || op == "layer-norm" ||
         op == "rms-norm";
}

// A row op along axis a (--axis, or the last): softmax's axis moved last,
// the norms' axes from a on merged into one (their --scale and --bias of
// those axes' shape), then the call over the last axis.
int RowOpAlong(Call* c, size_t a) {
  const std::vector<size_t>& shape = c->in[0].shape;
  refmath_tensor x = c->in[0].view;
  refmath_tensor y = refmath_tensor_contiguous(c->out.data(), c->out_shape.size(),
                                               c->out_shape.data());
  const refmath_tensor_options* o = &c->options;
  if (c->op == "softmax" || c->op == "log-softmax") {
    x = MovedLast(x, a);
    y = MovedLast(y, a);
    return c->op == "softmax" ? refmath_tensor_softmax(&x, &y, o)
                              : refmath_tensor_log_softmax(&x, &y, o);
  }
  const std::vector<size_t> tail(shape.begin() + a, shape.end());
  refmath_tensor w[2];
  const refmath_tensor* weights[2] = {nullptr, nullptr};
  Operand* given[2] = {&c->scale, &c->bias};
  for (int i = 0; i < 2; ++i) {
    if (!given[i]->present) continue;
    if (given[i]->shape != tail) return REFMATH_E_SHAPE;
    w[i] = Merged(given[i]->values.data(), tail, 0);
    weights[i] = &w[i];
  }
  x = Merged(c->in[0].values.data(), shape, a);
  y = Merged(c->out.data(), shape, a);
  if (c->op == "rms-norm") return refmath_tensor_rms_norm(&x, weights[0], c->eps, &y, o);
  c->stats_shape.assign(shape.begin(), shape.begin() + a);
  c->stats_shape.resize(shape.size(), 1);
  size_t rows = 1;
  for (size_t i = 0; i < a; ++i) rows *= shape[i];
  c->mean.assign(rows, 0.0f);
  c->inv_std_dev.assign(rows, 0.0f);
  std::vector<size_t> per_row(shape.begin(), shape.begin() + a);
  per_row.push_back(1);  // the statistics as the C API writes them
  const refmath_tensor m = refmath_tensor_contiguous(c->mean.data(), per_row.size(),
                                                     per_row.data());
  const refmath_tensor sd = refmath_tensor_contiguous(c->inv_std_dev.data(),
                                                      per_row.size(), per_row.data());
  return refmath_tensor_layer_norm_stats(
      &x, weights[0], weights[1], c->eps, &y, c->args.Has("out-mean") ? &m : nullptr,
      c->args.Has("out-inv-std-dev") ? &sd : nullptr, o);
}

int Compute(Call* c) {
  c->out_shape = OutputShape(*c);
  size_t count = 1;
  for (size_t d : c->out_shape) count *= d;
  c->out.assign(count, 0.0f);
  const refmath_tensor y = refmath_tensor_contiguous(
      c->out.data(), c->out_shape.size(), c->out_shape.data());
  const refmath_tensor* x = &c->in[0].view;
  const refmath_tensor_options* o = &c->options;
  const std::string& op = c->op;
  const int axis = static_cast<int>(c->axis);
  const long nd = static_cast<long>(c->in[0].shape.size());
  if (IsRowOp(op)) {  // c->axis is -1 unless --axis says otherwise
    if (c->axis < -nd || c->axis >= nd) return REFMATH_E_AXIS;
    return RowOpAlong(c, static_cast<size_t>(c->axis < 0 ? c->axis + nd : c->axis));
  }
  if (op == "sum") return refmath_tensor_sum(x, axis, &y, o);
  if (op == "mean") return refmath_tensor_mean(x, axis, &y, o);
  if (const refmath_reduce_op* r = ReductionOf(op)) {
    return refmath_tensor_reduce(x, *r, axis, &y, o);
  }
  if (op == "dot") return refmath_tensor_dot(x, &c->in[1].view, &y, o);
  if (op == "matmul") return refmath_tensor_matmul(x, &c->in[1].view, &y, o);
  if (op == "gemm") {
    return refmath_tensor_gemm(x, &c->in[1].view, Optional(c->mask), c->alpha,
                               c->beta, c->args.Has("trans-a"),
                               c->args.Has("trans-b"), &y, o);
  }
  if (const refmath_activation* act = ActivationOf(op)) {
    return refmath_tensor_activation(x, *act, &y, o);
  }
  if (op == "swiglu") return refmath_tensor_swiglu(x, &c->in[1].view, &y, o);
  if (op == "add") return refmath_tensor_add(x, &c->in[1].view, &y, o);
  if (op == "rope") {
    return refmath_tensor_rope(x, &c->in[1].view, &c->in[2].view,
                               c->args.Has("interleaved"), &y, o);
  }
  return Attention(*c, y);
}

// The options `op` takes beside --out, --variant, --target, --threads,
// --format, its
// flags, and how many of --in, --in2, --in3 it requires; false for an
// unknown op.
bool OpOptions(const std::string& op, std::set<std::string>* valued,
               std::set<std::string>* flags, int* inputs) {
  *valued = {"in", "out", "variant", "target", "threads", "format"};
  *flags = {};
  *inputs = 1;
  if (op == "sum" || op == "mean") {
    valued->insert({"axis", "mode"});
  } else if (ReductionOf(op) != nullptr) {
    valued->insert("axis");
  } else if (op == "dot" || op == "matmul") {
    valued->insert("in2");
    *inputs = 2;
  } else if (op == "layer-norm" || op == "rms-norm") {
    valued->insert({"scale", "eps", "axis"});
    if (op == "layer-norm") valued->insert({"bias", "out-mean", "out-inv-std-dev"});
  } else if (op == "attention") {
    valued->insert({"in2", "in3", "mask", "keep", "scale-by"});
    flags->insert("causal");
    *inputs = 3;
  } else if (op == "gemm") {
    valued->insert({"in2", "in3", "alpha", "beta"});
    flags->insert({"trans-a", "trans-b"});
    *inputs = 2;
  } else if (op == "softmax" || op == "log-softmax") {
    valued->insert("axis");
  } else if (op == "swiglu" || op == "add") {
    valued->insert("in2");
    *inputs = 2;
  } else if (op == "rope") {
    valued->insert({"in2", "in3"});
    flags->insert("interleaved");
    *inputs = 3;
  } else if (ActivationOf(op) == nullptr) {
    return false;
  }
  return true;
}

bool EpsOption(const Args& args, float* eps, std::string* error) {
  double e;
  if (!NumberOption(args, "eps", 1e-5, &e, error)) return false;
  *eps = static_cast<float>(e);
  if (e >= 0 && !isinf(*eps)) return true;
  *error = "--eps must be a finite number >= 0 (got " +
           Quote(args.Get("eps")) + ")";
  return false;
}

// A decimal number rounded to float32, 1 by default (gemm's --alpha and
// --beta, attention's --scale-by).
bool FloatOption(const Args& args, const char* option, float* value,
                 std::string* error) {
  double v;
  if (!NumberOption(args, option, 1.0, &v, error)) return false;
  *value = static_cast<float>(v);
  return true;
}

// --out, and layer norm's statistics when asked.
std::vector<std::string> OutputOptions(const Args& args) {
  std::vector<std::string> names = {"out"};
  for (const char* s : {"out-mean", "out-inv-std-dev"}) {
    if (args.Has(s)) names.push_back(s);
  }
  return names;
}

// Writes --out and the statistics asked for, each in --format; a failed
// write removes the files written before it, so a call leaves all of them
// or none.
bool WriteResults(const Call& c, std::string* error) {
  const struct {
    const char* option;
    const std::vector<float>* values;
    const std::vector<size_t>* shape;
  } files[] = {{"out", &c.out, &c.out_shape},
               {"out-mean", &c.mean, &c.stats_shape},
               {"out-inv-std-dev", &c.inv_std_dev, &c.stats_shape}};
  std::vector<std::pair<std::string, io::NpyArray>> arrays;
  for (const auto& f : files) {
    if (!c.args.Has(f.option)) continue;
    arrays.emplace_back(c.args.Get(f.option), io::NpyArray());
    if (!StoredArray(*f.values, *f.shape, c.storage, c.options,
                     &arrays.back().second, error)) {
      return false;
    }
  }
  std::vector<std::string> written;
  for (const auto& a : arrays) {
    if (!io::WriteArrayFile(a.first, a.second, error)) {
      for (const std::string& p : written) std::remove(p.c_str());
      return false;
    }
    written.push_back(a.first);
  }
  return true;
}

bool ReadCall(const Argv& argv, Call* c, std::string* error) {
  std::set<std::string> valued, flags;
  int inputs;
  if (!OpOptions(c->op, &valued, &flags, &inputs)) {
    *error = "unknown operation " + Quote(c->op) + " (valid: " + kOps + ")";
    return false;
  }
  if (!c->args.Parse(argv, valued, flags, error) ||
      !ParseCallOptions(c->args, &c->options, error) ||
      !ParseStorage(c->args, &c->storage, error) ||
      !IntegerOption(c->args, "axis", -64, 63, -1, &c->axis, error) ||
      !EpsOption(c->args, &c->eps, error) ||
      !FloatOption(c->args, "alpha", &c->alpha, error) ||
      !FloatOption(c->args, "beta", &c->beta, error) ||
      !FloatOption(c->args, "scale-by", &c->scale_by, error) ||
      !CheckOutputs(c->args, OutputOptions(c->args), error)) {
    return false;
  }
  const auto read = [&](const std::string& option, bool optional, Operand* op) {
    return ReadTensorArg(c->args, c->storage, c->options, option, optional, op,
                         error);
  };
  const char* names[3] = {"in", "in2", "in3"};
  c->in.resize(inputs);
  for (int i = 0; i < inputs; ++i) {
    if (!read(names[i], false, &c->in[i])) return false;
  }
  // gemm's optional C (--in3) travels in the slot of attention's mask.
  return read("scale", true, &c->scale) && read("bias", true, &c->bias) &&
         read(c->op == "gemm" ? "in3" : "mask", true, &c->mask) &&
         read("keep", true, &c->keep);
}

}  // namespace

int RunTensor(const Argv& argv) {
  constexpr const char* kCmd = "tensor";
  if (argv.empty()) {
    return Fail(kCmd, std::string("an operation is needed (valid: ") + kOps +
                          "; refmath help tensor)");
  }
  Call c;
  c.op = argv[0];
  std::string error;
  if (!ReadCall(Argv(argv.begin() + 1, argv.end()), &c, &error)) {
    return Fail(std::string(kCmd) + " " + c.op, error);
  }
  const int status = Compute(&c);
  if (status != REFMATH_OK) {
    return Fail(std::string(kCmd) + " " + c.op, Describe(status, c));
  }
  if (!WriteResults(c, &error)) {
    return Fail(std::string(kCmd) + " " + c.op, error);
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
