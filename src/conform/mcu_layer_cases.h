// The MCU layers' golden rows (golden/mcu-layers.sha256, docs/mcu.md,
// "Golden digests"): small int8 models of TFLite Micro layers (conv with
// strides, dilations, groups and per-channel scales, depthwise conv with a
// depth multiplier, average and max pooling, MEAN, fully connected, softmax) and
// a keyword-spotting DS-CNN, each run by RunModelS8 on inputs and weights
// drawn from SplitMix64.  A row's digest is SHA-256 over every layer's
// output bytes, layer after layer (mcu_layer_digests.h); the Cortex-M55
// firmware builds these cases too, so they depend on the MCU layer alone.
#ifndef REFMATH_SRC_CONFORM_MCU_LAYER_CASES_H_
#define REFMATH_SRC_CONFORM_MCU_LAYER_CASES_H_

#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/mcu/model.h"

namespace refmath {
namespace mcu {

struct LayerCase {
  std::string name;
  Shape4 input_shape;
  std::vector<int8_t> input;
  std::vector<ModelLayer> layers;
};

// The cases, built the same way on every platform (integer draws and
// binary64 arithmetic rounded once to binary32 for the scales).
std::vector<LayerCase> LayerCases();

// Every layer's output bytes of one case, in order; false if the model
// is refused (a defect of the case table).
bool LayerCaseBytes(const LayerCase& c, std::vector<uint8_t>* bytes);

// Rows of layers outside RunModelS8, each its output bytes (int16 ones
// little-endian): ADD and MUL of int8 tensors, QUANTIZE from int16 to
// int8, int16 (A16W8) conv and depthwise conv with int64 biases, int16
// average and max pooling, int8-to-int16 SOFTMAX, and int16 SOFTMAX by
// TFLite's kernel and by CMSIS-NN's on random rows and rows where the two
// part.  An empty row is a refused case (a defect of the table).
struct BytesRow {
  std::string name;
  std::vector<uint8_t> bytes;
};
std::vector<BytesRow> OpRows();

// The rows where the Cortex-M55's kernels part from the reference, each
// case by both (mcu_kernel_rows.cc): int16 conv, depthwise conv and fully
// connected by TFLite's and CMSIS-NN's requantization, int8 MUL by the
// reference and by ns-cmsis-nn's MVE loop.  OpRows ends with them.
std::vector<BytesRow> KernelRows();

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_MCU_LAYER_CASES_H_
