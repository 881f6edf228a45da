#include "refmath/mcu/model_check.h"

#include <stdint.h>

#include <cmath>
#include <sstream>

#include "refmath/mcu/activation_s16.h"
#include "refmath/mcu/activation_s8.h"
#include "src/base/bits.h"
#include "src/base/text.h"

namespace refmath {
namespace mcu {
namespace {

using Op = CheckedOp;
using Type = ElementType;

struct OpNames {
  Op op;
  const char* name;   // TFLite's builtin name
  const char* short_name;
};
const OpNames kOps[] = {
    {Op::kConv2d, "CONV_2D", "conv2d"},
    {Op::kDepthwiseConv2d, "DEPTHWISE_CONV_2D", "depthwise_conv2d"},
    {Op::kFullyConnected, "FULLY_CONNECTED", "fully_connected"},
    {Op::kAveragePool, "AVERAGE_POOL_2D", "avg_pool"},
    {Op::kMaxPool, "MAX_POOL_2D", "max_pool"},
    {Op::kSoftmax, "SOFTMAX", "softmax"},
    {Op::kLogistic, "LOGISTIC", "logistic"},
    {Op::kTanh, "TANH", "tanh"},
    {Op::kAdd, "ADD", "add"},
    {Op::kMul, "MUL", "mul"},
    {Op::kQuantize, "QUANTIZE", "quantize"},
    {Op::kDequantize, "DEQUANTIZE", "dequantize"},
    {Op::kLstm, "UNIDIRECTIONAL_SEQUENCE_LSTM", "lstm"},
    {Op::kReshape, "RESHAPE", "reshape"},
    {Op::kExpandDims, "EXPAND_DIMS", "expand_dims"},
    {Op::kMean, "MEAN", "mean"},
    {Op::kConcatenation, "CONCATENATION", "concatenation"},
};

// SOFTMAX's fixed output quantization (tflm-layers: softmax_common.cc).
constexpr double kSoftmaxS8OutputScale = 1.0 / 256;
constexpr double kSoftmaxS16OutputScale = 1.0 / 65536;
constexpr int32_t kSoftmaxS8OutputZeroPoint = -128;
constexpr int32_t kSoftmaxS16OutputZeroPoint = -32768;

const char* TypeName(Type t) {
  switch (t) {
    case Type::kInt8: return "int8";
    case Type::kInt16: return "int16";
    case Type::kFloat16: return "float16";
    case Type::kFloat32: return "float32";
  }
  return "?";
}

bool IsInteger(Type t) { return t == Type::kInt8 || t == Type::kInt16; }
bool HasWeights(Op op) {
  return op == Op::kConv2d || op == Op::kDepthwiseConv2d ||
         op == Op::kFullyConnected || op == Op::kLstm;
}
bool HasTwoInputs(Op op) {
  return op == Op::kAdd || op == Op::kMul || op == Op::kConcatenation;
}
bool IsByteCopy(Op op) {
  return op == Op::kReshape || op == Op::kExpandDims || op == Op::kConcatenation;
}
// The layers whose int16 kernels take zero points of 0.
bool AssumesInt16ZeroPointZero(Op op) {
  switch (op) {
    case Op::kConv2d: case Op::kDepthwiseConv2d: case Op::kFullyConnected:
    case Op::kSoftmax: case Op::kLogistic: case Op::kTanh: case Op::kAdd:
    case Op::kMul:
      return true;
    default:
      return false;
  }
}

// LOGISTIC, TANH and SOFTMAX on integers fix their output's quantization.
bool FixedOutput(const LayerParams& p) {
  return (p.op == Op::kLogistic || p.op == Op::kTanh || p.op == Op::kSoftmax) &&
         IsInteger(p.output.type);
}

// A scale as the binary32 value a model file holds.
uint32_t Binary32Bits(double v) { return FloatBits(static_cast<float>(v)); }

std::string Num(double v) {
  std::ostringstream s;
  s.precision(9);
  s << v;
  return s.str();
}

// Collects one line per violation of one layer.
class Layer {
 public:
  Layer(size_t index, const LayerParams& p, std::vector<std::string>* out)
      : p_(p), out_(out) {
    where_ = "layer " + std::to_string(index) + " (" + CheckedOpName(p.op) + "): ";
  }
  void Fail(const std::string& what) { out_->push_back(where_ + what); }
  const LayerParams& p() const { return p_; }

  // Each tensor's scales and zero points are well formed.
  void Quantization(const char* role, const TensorParams& t) {
    if (!IsInteger(t.type)) return;
    const std::string name = std::string(TypeName(t.type)) + " " + role;
    if (t.scales.empty()) Fail(name + " has no scale");
    for (double s : t.scales) {
      if (!(std::isfinite(s) && s > 0)) Fail(name + " scale " + Num(s) + " is not finite and > 0");
    }
    if (t.zero_points.size() > 1 && t.zero_points.size() != t.scales.size()) {
      Fail(name + " has " + std::to_string(t.zero_points.size()) +
           " zero points for " + std::to_string(t.scales.size()) + " scales");
    }
    const int32_t lo = t.type == Type::kInt8 ? INT8_MIN : INT16_MIN;
    const int32_t hi = t.type == Type::kInt8 ? INT8_MAX : INT16_MAX;
    for (int32_t z : t.zero_points) {
      if (z < lo || z > hi) {
        Fail(name + " zero point " + std::to_string(z) + " is outside " +
             std::to_string(lo) + ".." + std::to_string(hi));
      }
    }
  }

  // Every zero point of `t` is `want` (none given counts as 0).
  void ZeroPoint(const char* role, const TensorParams& t, int32_t want,
                 const char* why) {
    const std::vector<int32_t> zps =
        t.zero_points.empty() ? std::vector<int32_t>{0} : t.zero_points;
    for (int32_t z : zps) {
      if (z != want) {
        Fail(std::string(TypeName(t.type)) + " " + role + " zero point " +
             std::to_string(z) + ", " + why + " " + std::to_string(want));
        return;
      }
    }
  }

  // One scale, equal in binary32 to `want`.
  void Scale(const char* role, const TensorParams& t, double want,
             const char* want_text) {
    if (t.scales.size() == 1 && Binary32Bits(t.scales[0]) == Binary32Bits(want)) return;
    const std::string got = t.scales.size() == 1 ? Num(t.scales[0])
                            : std::to_string(t.scales.size()) + " scales";
    Fail(std::string(TypeName(t.type)) + " " + role + " scale " + got +
         ", the kernel requires " + want_text);
  }

 private:
  const LayerParams& p_;
  std::vector<std::string>* out_;
  std::string where_;
};

void CheckTypes(Layer& l) {
  const LayerParams& p = l.p();
  const Type in = p.input.type, out = p.output.type;
  const std::string pair = std::string(TypeName(in)) + " -> " + TypeName(out);
  switch (p.op) {
    case Op::kQuantize:
      if (!(in == Type::kFloat32 && IsInteger(out)) && !(IsInteger(in) && in == out)) {
        l.Fail(pair + " is not one of QUANTIZE's pairs (float32 -> int8 or "
               "int16, or within one integer width)");
      }
      return;
    case Op::kDequantize:
      if (in == Type::kFloat32 || out != Type::kFloat32) {
        l.Fail(pair + " is not one of DEQUANTIZE's pairs (int8, int16 or "
               "float16 -> float32)");
      }
      return;
    case Op::kSoftmax:
      if (in != out && !(in == Type::kInt8 && out == Type::kInt16)) {
        l.Fail(pair + ": the output type follows the input (or int8 -> int16)");
      }
      return;
    default:
      break;
  }
  if (in != out) l.Fail(pair + ": the output type follows the input");
  if (HasTwoInputs(p.op) && p.input2.type != in) {
    l.Fail(std::string("second input ") + TypeName(p.input2.type) +
           " beside a first input " + TypeName(in));
  }
  if (!HasWeights(p.op)) return;
  const Type w = p.weights.type;
  if (IsInteger(in) && w != Type::kInt8) {
    l.Fail(std::string(TypeName(w)) + " weights: integer layers take int8 weights");
  } else if (!IsInteger(in) && w != in) {
    l.Fail(std::string(TypeName(w)) + " weights with " + TypeName(in) +
           " activations: no kernel mixes float types (a DEQUANTIZE "
           "before the layer does)");
  }
}

void CheckFixedOutputs(Layer& l) {
  const LayerParams& p = l.p();
  const Type in = p.input.type, out = p.output.type;
  const char* req = "the kernel requires";
  if (p.op == Op::kLogistic && out == Type::kInt8) {
    l.ZeroPoint("output", p.output, kLogisticS8OutputZeroPoint, req);
    l.Scale("output", p.output, kLogisticS8OutputScale, "1/256");
  } else if (p.op == Op::kTanh && out == Type::kInt8) {
    l.ZeroPoint("output", p.output, kTanhS8OutputZeroPoint, req);
    l.Scale("output", p.output, kTanhS8OutputScale, "1/128");
  } else if ((p.op == Op::kLogistic || p.op == Op::kTanh) && out == Type::kInt16) {
    l.Scale("output", p.output, kActivationS16OutputScale, "2^-15");
  } else if (p.op == Op::kSoftmax && in == Type::kInt8 && out == Type::kInt8) {
    l.ZeroPoint("output", p.output, kSoftmaxS8OutputZeroPoint, req);
    l.Scale("output", p.output, kSoftmaxS8OutputScale, "1/256");
  } else if (p.op == Op::kSoftmax && in == Type::kInt8 && out == Type::kInt16) {
    l.ZeroPoint("output", p.output, kSoftmaxS16OutputZeroPoint, req);
    l.Scale("output", p.output, kSoftmaxS16OutputScale, "1/65536");
  } else if (p.op == Op::kSoftmax && out == Type::kInt16) {
    // int16 in and out: TFLite checks the scale within 0.001/32768.
    const double want = kActivationS16OutputScale;
    if (p.output.scales.size() != 1 ||
        !(std::fabs(p.output.scales[0] - want) <= 0.001 * want)) {
      l.Fail("int16 output scale " + Num(p.output.scales.empty() ? 0 : p.output.scales[0]) +
             ", the kernel requires 1/32768 (within 0.001/32768)");
    }
  }
}

bool SameQuant(const TensorParams& a, const TensorParams& b) {
  const std::vector<int32_t> za = a.zero_points.empty() ? std::vector<int32_t>{0} : a.zero_points;
  const std::vector<int32_t> zb = b.zero_points.empty() ? std::vector<int32_t>{0} : b.zero_points;
  if (a.scales.size() != b.scales.size() || za != zb) return false;
  for (size_t i = 0; i < a.scales.size(); ++i) {
    if (Binary32Bits(a.scales[i]) != Binary32Bits(b.scales[i])) return false;
  }
  return true;
}

void CheckZeroPoints(Layer& l) {
  const LayerParams& p = l.p();
  const char* sym = "symmetric weights require";
  if (p.op == Op::kConv2d || p.op == Op::kDepthwiseConv2d) {
    if (IsInteger(p.weights.type)) l.ZeroPoint("weights", p.weights, 0, sym);
  } else if (p.op == Op::kLstm && IsInteger(p.weights.type)) {
    l.ZeroPoint("recurrent weights", p.weights, 0, sym);
  }
  if (!AssumesInt16ZeroPointZero(p.op)) return;
  const char* s16 = "int16 kernels require";
  if (p.input.type == Type::kInt16) l.ZeroPoint("input", p.input, 0, s16);
  if (HasTwoInputs(p.op) && p.input2.type == Type::kInt16) {
    l.ZeroPoint("second input", p.input2, 0, s16);
  }
  const bool softmax_widening = p.op == Op::kSoftmax && p.input.type == Type::kInt8;
  if (p.output.type == Type::kInt16 && !softmax_widening) {
    l.ZeroPoint("output", p.output, 0, s16);
  }
}

// AVERAGE_POOL_2D's Prepare requires the input's quantization on the
// output; byte copies carry the values over unchanged, so an input
// quantized unlike the output would change meaning silently.
void CheckEqualQuantization(Layer& l) {
  const LayerParams& p = l.p();
  if (!IsInteger(p.input.type)) return;
  if (p.op == Op::kAveragePool && !SameQuant(p.input, p.output)) {
    l.Fail("the output's scale and zero point differ from the input's; "
           "the kernel requires them equal");
  }
  if (!IsByteCopy(p.op)) return;
  const bool concat = p.op == Op::kConcatenation;
  if (!SameQuant(p.input, p.output) || (concat && !SameQuant(p.input2, p.output))) {
    l.Fail(std::string("an input's scale or zero point differs from the output's; ") +
           CheckedOpName(p.op) + " copies bytes without requantizing");
  }
}

void CheckPlatform(Layer& l, const McuTarget& target) {
  const LayerParams& p = l.p();
  if (IsByteCopy(p.op)) return;
  bool f16 = false, f32 = false;
  const TensorParams* tensors[] = {&p.input, &p.input2, &p.output, &p.weights};
  for (const TensorParams* t : tensors) {
    if ((t == &p.input2 && !HasTwoInputs(p.op)) || (t == &p.weights && !HasWeights(p.op))) {
      continue;
    }
    f16 |= t->type == Type::kFloat16;
    f32 |= t->type == Type::kFloat32;
  }
  const std::string platform =
      "platform '" + Printable(target.name, 60) + "' (cpu " + Printable(target.cpu, 60) + ")";
  if (f16 && p.op != Op::kDequantize && !SupportsFp16(target)) {
    l.Fail("float16 tensors need native FP16 kernels (MVE-FP), which " +
           platform + " does not have");
  }
  if (f32 && !target.fpu) {
    l.Fail("float32 tensors need a hardware FPU, which " + platform +
           " does not have");
  }
}

}  // namespace

const char* CheckedOpName(CheckedOp op) {
  for (const OpNames& o : kOps) {
    if (o.op == op) return o.name;
  }
  return "?";
}

const char* CheckedOpShortName(CheckedOp op) {
  for (const OpNames& o : kOps) {
    if (o.op == op) return o.short_name;
  }
  return "?";
}

bool CheckedOpFromShortName(const std::string& name, CheckedOp* op) {
  for (const OpNames& o : kOps) {
    if (name == o.short_name) {
      *op = o.op;
      return true;
    }
  }
  return false;
}

std::vector<std::string> CheckLayers(const std::vector<LayerParams>& layers,
                                     const McuTarget& target) {
  std::vector<std::string> out;
  for (size_t i = 0; i < layers.size(); ++i) {
    Layer l(i, layers[i], &out);
    const LayerParams& p = layers[i];
    CheckTypes(l);
    l.Quantization("input", p.input);
    if (HasTwoInputs(p.op)) l.Quantization("second input", p.input2);
    // A fixed output quantization not stated is the kernel's own.
    const bool output_stated = !(FixedOutput(p) && p.output.scales.empty());
    if (output_stated) l.Quantization("output", p.output);
    if (HasWeights(p.op)) l.Quantization("weights", p.weights);
    if (output_stated) CheckFixedOutputs(l);
    CheckZeroPoints(l);
    CheckEqualQuantization(l);
    CheckPlatform(l, target);
  }
  return out;
}

}  // namespace mcu
}  // namespace refmath
