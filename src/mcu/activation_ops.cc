#include "refmath/mcu/activation_ops.h"

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
  ActivationS16Params p;
  float scale = in.scale;
  if (scale > 0) {
    p = PrepareActivationS16(kind, scale);
  } else {
    p.input_multiplier = in.multiplier;
    p.input_left_shift = in.left_shift;
    scale = static_cast<float>(EffectiveInputScaleS16(p));
  }
  const std::vector<int16_t> t =
      ideal ? IdealTableS16(kind, scale) : TableS16(kind, p);
  return std::vector<int32_t>(t.begin(), t.end());
}

}  // namespace mcu
}  // namespace refmath
