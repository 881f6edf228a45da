// A model's parameter checks (docs/mcu.md, "Checking a model's
// parameters"): given each layer's operator and the types and quantization
// of its tensors, every operator restriction of the precision document and
// of the TFLite Micro kernels modelled here is checked, and each violation
// is one line.  The rules:
//   - types: the output follows the input (SOFTMAX may widen int8 to
//     int16); QUANTIZE takes float32 to int8 or int16, or stays within one
//     integer width; DEQUANTIZE takes int8, int16 or float16 to float32;
//     integer layers take int8 weights; no float kernel mixes float16 and
//     float32 tensors;
//   - quantization: integer tensors have scales that are finite and > 0,
//     one zero point or one per scale, each in the type's range;
//   - fixed output quantization: int8 LOGISTIC zero point -128, scale
//     1/256; int8 TANH 0, 1/128; int16 LOGISTIC and TANH scale 2^-15; int8
//     SOFTMAX -128, 1/256, or to int16 -32768, 1/65536 (an output of these
//     with no scale stated is taken to be the kernel's own);
//   - int16 data tensors have zero point 0 in the layers whose int16
//     kernels assume it (conv, depthwise conv, fully connected, softmax,
//     logistic, tanh, add, mul); int16 SOFTMAX's output scale is 1/32768
//     within 0.001/32768;
//   - symmetric weights (zero point 0): CONV_2D and DEPTHWISE_CONV_2D (the
//     kernels ignore a filter zero point) and recurrent weights;
//   - AVERAGE_POOL_2D: the output has the input's scale and zero point;
//     CONCATENATION, RESHAPE and EXPAND_DIMS copy bytes, so each input
//     must have the output's (TFLite Micro does not check it);
//   - the platform: float16 tensors need the FP16 gate (platform.h),
//     except in DEQUANTIZE and byte copies; float32 ones need an FPU.
#ifndef REFMATH_MCU_MODEL_CHECK_H_
#define REFMATH_MCU_MODEL_CHECK_H_

#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/mcu/platform.h"

namespace refmath {
namespace mcu {

enum class ElementType { kInt8, kInt16, kFloat16, kFloat32 };

// A tensor's type and, for the integer types, its quantization: one scale,
// or one per channel, and one zero point or one per scale (none means 0).
struct TensorParams {
  ElementType type = ElementType::kInt8;
  std::vector<double> scales;
  std::vector<int32_t> zero_points;
};

enum class CheckedOp {
  kConv2d, kDepthwiseConv2d, kFullyConnected, kAveragePool, kMaxPool,
  kSoftmax, kLogistic, kTanh, kAdd, kMul, kQuantize, kDequantize,
  kLstm,  // UNIDIRECTIONAL_SEQUENCE_LSTM: weights are its recurrent weights
  kReshape, kExpandDims,
  kMean,
  kConcatenation,  // input and input2 stand for every input
};

struct LayerParams {
  CheckedOp op = CheckedOp::kConv2d;
  TensorParams input;
  TensorParams input2;  // ADD, MUL and CONCATENATION
  TensorParams output;
  TensorParams weights;  // CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, LSTM
};

// TFLite's builtin name ("CONV_2D"); the short name ("conv2d") the Python
// layer lists use, to and from the operator.
const char* CheckedOpName(CheckedOp op);
const char* CheckedOpShortName(CheckedOp op);
bool CheckedOpFromShortName(const std::string& name, CheckedOp* op);

// Every violation, one line each ("layer 3 (LOGISTIC): ..."); empty when
// the layers meet every rule on `target`.
std::vector<std::string> CheckLayers(const std::vector<LayerParams>& layers,
                                     const McuTarget& target);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_MODEL_CHECK_H_
