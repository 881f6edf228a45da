// The activation ops of `refmath mcu table`, `mcu compare` and `mcu ops`
// by name (docs/mcu.md): the int8 LOGISTIC / TANH of TFLite Micro and the
// int16 sigmoid / tanh of CMSIS-NN, and the oracle's table of each.
#ifndef REFMATH_MCU_ACTIVATION_OPS_H_
#define REFMATH_MCU_ACTIVATION_OPS_H_

#include <stdint.h>

#include <string>
#include <vector>

namespace refmath {
namespace mcu {

struct ActivationOp {
  const char* name;         // "logistic_s8", "tanh_s16", ...
  bool int16;               // 65536 int16 inputs, else 256 int8 inputs
  bool logistic;            // sigmoid / logistic, else tanh
  const char* description;  // one line
};

const std::vector<ActivationOp>& ActivationOps();
// nullptr for an unknown name.
const ActivationOp* FindActivationOp(const std::string& name);
// "logistic_s8, tanh_s8, sigmoid_s16, tanh_s16"
std::string ActivationOpNames();

// The oracle's table (IdealTableS8 / IdealTableS16) as values in input
// order, -128..127 or -32768..32767.  The int16 ops have zero point 0.
std::vector<int32_t> IdealTable(const ActivationOp& op, float input_scale,
                                int32_t input_zero_point);

// How a table's inputs are scaled: by `scale` (with `zero_point` for the
// int8 ops; the int16 ops have zero point 0), or, for the int16 ops with
// scale 0, by the kernel's own multiplier and left shift, whose effective
// scale the oracle's table then uses.
struct TableInput {
  float scale = 0;
  int32_t zero_point = 0;
  int32_t multiplier = 0, left_shift = 0;
};

// The kernel's table of `op` (with ideal, the oracle's) as values in input
// order: what `refmath mcu table` writes and refmath.mcu.table returns.
std::vector<int32_t> ActivationTable(const ActivationOp& op,
                                     const TableInput& in, bool ideal);

// The op of LOGISTIC (logistic) or TANH on int8 or int16 (int16) tensors:
// logistic_s8, tanh_s8, sigmoid_s16 or tanh_s16.
const ActivationOp& ActivationOpOf(bool logistic, bool int16);

// `op` on every element of a tensor of its type (values widened), as the
// device runs it: an int8 element is read from the kernel's table at
// q + 128; an int16 one is evaluated by the kernel (zero point 0).
std::vector<int32_t> ActivationTensor(const ActivationOp& op,
                                      const TableInput& in,
                                      const std::vector<int32_t>& x);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_ACTIVATION_OPS_H_
