#include "refmath/mcu/activation_ops.h"

#include <stdint.h>

#include "refmath/mcu/activation_s16.h"
#include "refmath/mcu/activation_s8.h"
#include "refmath/mcu/ideal_activation.h"

namespace refmath {
namespace mcu {

const std::vector<ActivationOp>& ActivationOps() {
  static const std::vector<ActivationOp> kOps = {
      {"logistic_s8", false, true,
       "TFLite Micro int8 LOGISTIC: gemmlowp fixed point, output scale 1/256, "
       "zero point -128"},
      {"tanh_s8", false, false,
       "TFLite Micro int8 TANH: gemmlowp fixed point, output scale 1/128, "
       "zero point 0"},
      {"sigmoid_s16", true, true,
       "CMSIS-NN int16 sigmoid: 256-entry table, linear interpolation, "
       "output scale 2^-15"},
      {"tanh_s16", true, false,
       "CMSIS-NN int16 tanh: 2 sigmoid(2x) - 1 on the same table, output "
       "scale 2^-15"},
  };
  return kOps;
}

const ActivationOp* FindActivationOp(const std::string& name) {
  for (const ActivationOp& op : ActivationOps()) {
    if (name == op.name) return &op;
  }
  return nullptr;
}

std::string ActivationOpNames() {
  std::string names;
  for (const ActivationOp& op : ActivationOps()) {
    if (!names.empty()) names += ", ";
    names += op.name;
  }
  return names;
}

std::vector<int32_t> IdealTable(const ActivationOp& op, float input_scale,
                                int32_t input_zero_point) {
  if (op.int16) {
    const std::vector<int16_t> t = IdealTableS16(
        op.logistic ? ActivationS16::kSigmoid : ActivationS16::kTanh, input_scale);
    return std::vector<int32_t>(t.begin(), t.end());
  }
  const std::array<int8_t, 256> t =
      IdealTableS8(op.logistic ? ActivationS8::kLogistic : ActivationS8::kTanh,
                   input_scale, input_zero_point);
  return std::vector<int32_t>(t.begin(), t.end());
}

namespace {

// The int16 kernel's parameters from `in`: from the scale, or the given
// multiplier and shift, whose effective scale goes to *scale.
ActivationS16Params S16Params(ActivationS16 kind, const TableInput& in,
                              float* scale) {
  ActivationS16Params p;
  *scale = in.scale;
  if (in.scale > 0) return PrepareActivationS16(kind, in.scale);
  p.input_multiplier = in.multiplier;
  p.input_left_shift = in.left_shift;
  *scale = static_cast<float>(EffectiveInputScaleS16(p));
  return p;
}

}  // namespace

std::vector<int32_t> ActivationTable(const ActivationOp& op,
                                     const TableInput& in, bool ideal) {
  if (!op.int16) {
    const ActivationS8 kind =
        op.logistic ? ActivationS8::kLogistic : ActivationS8::kTanh;
    const std::array<int8_t, 256> t =
        ideal ? IdealTableS8(kind, in.scale, in.zero_point)
              : TableS8(kind, PrepareActivationS8(in.scale, in.zero_point));
    return std::vector<int32_t>(t.begin(), t.end());
  }
  const ActivationS16 kind =
      op.logistic ? ActivationS16::kSigmoid : ActivationS16::kTanh;
  float scale;
  const ActivationS16Params p = S16Params(kind, in, &scale);
  const std::vector<int16_t> t =
      ideal ? IdealTableS16(kind, scale) : TableS16(kind, p);
  return std::vector<int32_t>(t.begin(), t.end());
}

const ActivationOp& ActivationOpOf(bool logistic, bool int16) {
  for (const ActivationOp& op : ActivationOps()) {
    if (op.logistic == logistic && op.int16 == int16) return op;
  }
  return ActivationOps().front();  // not reached: the list has all four
}

std::vector<int32_t> ActivationTensor(const ActivationOp& op,
                                      const TableInput& in,
                                      const std::vector<int32_t>& x) {
  std::vector<int32_t> out(x.size());
  if (!op.int16) {
    const std::vector<int32_t> table = ActivationTable(op, in, false);
    for (size_t i = 0; i < x.size(); ++i) out[i] = table[x[i] - INT8_MIN];
    return out;
  }
  const ActivationS16 kind =
      op.logistic ? ActivationS16::kSigmoid : ActivationS16::kTanh;
  float scale;
  const ActivationS16Params p = S16Params(kind, in, &scale);
  for (size_t i = 0; i < x.size(); ++i) {
    out[i] = EvalActivationS16(kind, p, static_cast<int16_t>(x[i]));
  }
  return out;
}

}  // namespace mcu
}  // namespace refmath
