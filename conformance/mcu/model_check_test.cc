// The platform model (the FP16 gate, the accumulation setting, the packing
// rule) and a model's parameter checks: each rule of
// refmath/mcu/model_check.h broken once, with the line it must give.
#include "refmath/mcu/model_check.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/mcu/platform.h"

namespace refmath {
namespace mcu {
namespace {

using Fp16 = McuTarget::Fp16;
using T = ElementType;

McuTarget Target(const char* cpu, Fp16 fp16, bool mve = true) {
  McuTarget t;
  t.name = "board";
  t.cpu = cpu;
  t.fp16 = fp16;
  t.mve = mve;
  return t;
}

TEST(McuPlatform, Fp16GateDeclaredOrInferredFromTheCortexM55) {
  EXPECT_TRUE(SupportsFp16(McuTarget{}));
  EXPECT_TRUE(SupportsFp16(Target(" Cortex_M55 ", Fp16::kUndeclared)));
  EXPECT_TRUE(SupportsFp16(Target("CORTEX M55", Fp16::kUndeclared)));
  EXPECT_FALSE(SupportsFp16(Target("cortex-m4", Fp16::kUndeclared)));
  EXPECT_FALSE(SupportsFp16(Target("cortex-m85", Fp16::kUndeclared)));
  EXPECT_TRUE(SupportsFp16(Target("cortex-m85", Fp16::kDeclared)));
  EXPECT_FALSE(SupportsFp16(Target("cortex-m55", Fp16::kDeclaredAbsent)));
  EXPECT_EQ(NormalizeCpu("  Cortex_M55\t"), "cortex-m55");
}

TEST(McuPlatform, AccumulationAutoIsPreciseUnlessApproximateAllowed) {
  EXPECT_EQ(ResolveAccumulation(Accumulation::kAuto, false), Accumulation::kPrecise);
  EXPECT_EQ(ResolveAccumulation(Accumulation::kAuto, true), Accumulation::kFast);
  EXPECT_EQ(ResolveAccumulation(Accumulation::kPrecise, true), Accumulation::kPrecise);
  EXPECT_EQ(ResolveAccumulation(Accumulation::kFast, false), Accumulation::kFast);
}

TEST(McuPlatform, PackingRule) {
  const McuTarget m55;
  const McuTarget no_mve = Target("cortex-m4", Fp16::kUndeclared, false);
  const Accumulation precise = Accumulation::kPrecise, fast = Accumulation::kFast,
                     autos = Accumulation::kAuto;
  // binary32: 4 rows and 4 outputs (one lane group) are the least.
  EXPECT_TRUE(PacksFloatWeights(m55, false, precise, false, {4, 16, 4}));
  EXPECT_FALSE(PacksFloatWeights(m55, false, precise, false, {3, 16, 4}));
  EXPECT_FALSE(PacksFloatWeights(m55, false, precise, false, {4, 16, 3}));
  EXPECT_FALSE(PacksFloatWeights(m55, false, fast, false, {1, 16, 64}));  // batch 1
  EXPECT_FALSE(PacksFloatWeights(no_mve, false, fast, false, {64, 16, 64}));
  // binary16: 8 outputs, and only when the accumulation resolves to fast.
  EXPECT_TRUE(PacksFloatWeights(m55, true, fast, false, {4, 16, 8}));
  EXPECT_FALSE(PacksFloatWeights(m55, true, fast, false, {4, 16, 7}));
  EXPECT_FALSE(PacksFloatWeights(m55, true, precise, true, {64, 16, 64}));
  EXPECT_FALSE(PacksFloatWeights(m55, true, autos, false, {64, 16, 64}));
  EXPECT_TRUE(PacksFloatWeights(m55, true, autos, true, {64, 16, 64}));
  EXPECT_EQ(DefaultFloatKernel(m55, false, autos, false, {4, 16, 4}), FcKernel::kPacked);
  EXPECT_EQ(DefaultFloatKernel(m55, true, autos, false, {4, 16, 8}), FcKernel::kStandard);
}

TensorParams Int(T type, double scale, int zero_point) {
  return {type, {scale}, {zero_point}};
}
TensorParams Float(T type) { return {type, {}, {}}; }

LayerParams Layer(CheckedOp op, TensorParams in, TensorParams out,
                  TensorParams weights = Int(T::kInt8, 0.01, 0)) {
  LayerParams l;
  l.op = op;
  l.input = in;
  l.input2 = in;
  l.output = out;
  l.weights = weights;
  return l;
}

// A keyword-spotting model's layers, all within the rules.
std::vector<LayerParams> GoodModel() {
  const TensorParams a = Int(T::kInt8, 0.5, -20), b = Int(T::kInt8, 0.66, -128);
  TensorParams per_channel = {T::kInt8, {0.01, 0.02, 0.03}, {0, 0, 0}};
  return {Layer(CheckedOp::kConv2d, a, b, per_channel),
          Layer(CheckedOp::kDepthwiseConv2d, b, b, per_channel),
          Layer(CheckedOp::kAveragePool, b, b),
          Layer(CheckedOp::kFullyConnected, b, Int(T::kInt8, 0.1, 3)),
          Layer(CheckedOp::kSoftmax, Int(T::kInt8, 0.1, 3),
                Int(T::kInt8, 1.0 / 256, -128)),
          Layer(CheckedOp::kLogistic, a, Int(T::kInt8, 1.0 / 256, -128)),
          Layer(CheckedOp::kSoftmax, Int(T::kInt8, 0.1, 3), {T::kInt8, {}, {}}),
          Layer(CheckedOp::kTanh, Int(T::kInt16, 1.0 / 4096, 0),
                Int(T::kInt16, 1.0 / 32768, 0)),
          Layer(CheckedOp::kQuantize, Float(T::kFloat32), a),
          Layer(CheckedOp::kQuantize, a, b),
          Layer(CheckedOp::kDequantize, Float(T::kFloat16), Float(T::kFloat32)),
          Layer(CheckedOp::kFullyConnected, Float(T::kFloat16), Float(T::kFloat16),
                Float(T::kFloat16))};
}

std::vector<std::string> CheckOne(const LayerParams& l,
                                  const McuTarget& target = McuTarget{}) {
  return CheckLayers({l}, target);
}

TEST(McuModelCheck, AModelWithinTheRulesGivesNoLine) {
  EXPECT_EQ(CheckLayers(GoodModel(), McuTarget{}), std::vector<std::string>{});
}

TEST(McuModelCheck, FixedOutputQuantization) {
  const TensorParams in = Int(T::kInt8, 0.1, 0);
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kLogistic, in, Int(T::kInt8, 1.0 / 256, 0))),
            std::vector<std::string>{
                "layer 0 (LOGISTIC): int8 output zero point 0, the kernel requires -128"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kLogistic, in, Int(T::kInt8, 1.0 / 255, -128))),
            std::vector<std::string>{
                "layer 0 (LOGISTIC): int8 output scale 0.00392156863, the kernel "
                "requires 1/256"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kTanh, in, Int(T::kInt8, 1.0 / 256, -128))),
            (std::vector<std::string>{
                "layer 0 (TANH): int8 output zero point -128, the kernel requires 0",
                "layer 0 (TANH): int8 output scale 0.00390625, the kernel requires 1/128"}));
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kLogistic, Int(T::kInt16, 0.001, 0),
                           Int(T::kInt16, 1.0 / 65536, 0))),
            std::vector<std::string>{
                "layer 0 (LOGISTIC): int16 output scale 1.52587891e-05, the kernel "
                "requires 2^-15"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kSoftmax, in, Int(T::kInt16, 1.0 / 65536, 0))),
            std::vector<std::string>{
                "layer 0 (SOFTMAX): int16 output zero point 0, the kernel requires -32768"});
}

TEST(McuModelCheck, ZeroPointsOfInt16AndOfSymmetricWeights) {
  const TensorParams s16 = Int(T::kInt16, 0.001, 0);
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kAdd, Int(T::kInt16, 0.001, 5), s16)),
            (std::vector<std::string>{
                "layer 0 (ADD): int16 input zero point 5, int16 kernels require 0",
                "layer 0 (ADD): int16 second input zero point 5, int16 kernels require 0"}));
  const TensorParams a = Int(T::kInt8, 0.5, 0);
  TensorParams w = {T::kInt8, {0.01, 0.02}, {0, 3}};
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kConv2d, a, a, w)),
            std::vector<std::string>{
                "layer 0 (CONV_2D): int8 weights zero point 3, symmetric weights require 0"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kLstm, a, a, Int(T::kInt8, 0.01, -1))),
            std::vector<std::string>{
                "layer 0 (UNIDIRECTIONAL_SEQUENCE_LSTM): int8 recurrent weights zero "
                "point -1, symmetric weights require 0"});
  // Fully connected weights may carry a zero point (the kernel applies it).
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kFullyConnected, a, a, Int(T::kInt8, 0.01, 3))),
            std::vector<std::string>{});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kAveragePool, a, Int(T::kInt8, 0.5, 1))),
            std::vector<std::string>{
                "layer 0 (AVERAGE_POOL_2D): the output's scale and zero point differ "
                "from the input's; the kernel requires them equal"});
}

TEST(McuModelCheck, ByteCopiesKeepTheQuantization) {
  const TensorParams a = Int(T::kInt8, 0.5, 1), b = Int(T::kInt8, 0.25, 1);
  const std::string copy =
      ": an input's scale or zero point differs from the output's; ";
  LayerParams concat = Layer(CheckedOp::kConcatenation, a, a);
  EXPECT_EQ(CheckOne(concat), std::vector<std::string>{});
  concat.input2 = b;
  EXPECT_EQ(CheckOne(concat),
            std::vector<std::string>{"layer 0 (CONCATENATION)" + copy +
                                     "CONCATENATION copies bytes without requantizing"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kReshape, a, Int(T::kInt8, 0.5, 2))),
            std::vector<std::string>{"layer 0 (RESHAPE)" + copy +
                                     "RESHAPE copies bytes without requantizing"});
  // MEAN requantizes, and its int16 kernel takes any zero point.
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kMean, Int(T::kInt16, 0.5, 7),
                           Int(T::kInt16, 0.25, -3))),
            std::vector<std::string>{});
}

TEST(McuModelCheck, Int16SoftmaxOutputScaleWithinTolerance) {
  const TensorParams in = Int(T::kInt16, 1.0 / 4096, 0);
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kSoftmax, in, Int(T::kInt16, 1.0 / 32768, 0))),
            std::vector<std::string>{});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kSoftmax, in,
                           Int(T::kInt16, 1.0005 / 32768, 0))),
            std::vector<std::string>{});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kSoftmax, in, Int(T::kInt16, 1.0 / 30000, 0))),
            std::vector<std::string>{
                "layer 0 (SOFTMAX): int16 output scale 3.33333333e-05, the kernel "
                "requires 1/32768 (within 0.001/32768)"});
}

TEST(McuModelCheck, TypePairs) {
  const TensorParams s8 = Int(T::kInt8, 0.5, 0), s16 = Int(T::kInt16, 0.5, 0);
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kQuantize, s8, s16)),
            std::vector<std::string>{
                "layer 0 (QUANTIZE): int8 -> int16 is not one of QUANTIZE's pairs "
                "(float32 -> int8 or int16, or within one integer width)"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kDequantize, Float(T::kFloat32),
                           Float(T::kFloat32))),
            std::vector<std::string>{
                "layer 0 (DEQUANTIZE): float32 -> float32 is not one of DEQUANTIZE's "
                "pairs (int8, int16 or float16 -> float32)"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kMaxPool, s8, s16)),
            std::vector<std::string>{
                "layer 0 (MAX_POOL_2D): int8 -> int16: the output type follows the input"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kFullyConnected, Float(T::kFloat32),
                           Float(T::kFloat32), Float(T::kFloat16))),
            std::vector<std::string>{
                "layer 0 (FULLY_CONNECTED): float16 weights with float32 activations: "
                "no kernel mixes float types (a DEQUANTIZE before the layer does)"});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kConv2d, s8, s8, Int(T::kInt16, 0.1, 0))),
            std::vector<std::string>{
                "layer 0 (CONV_2D): int16 weights: integer layers take int8 weights"});
}

// A platform's names are user text: control characters are escaped, so
// every violation stays one line (found by fuzz_mcu_json).
TEST(McuModelCheck, PlatformNamesStayOnOneLine) {
  McuTarget t = Target("m4\nx", Fp16::kUndeclared, false);
  t.name = "board\r";
  const TensorParams h = Float(T::kFloat16);
  EXPECT_EQ(CheckLayers({Layer(CheckedOp::kTanh, h, h, h)}, t),
            std::vector<std::string>{
                "layer 0 (TANH): float16 tensors need native FP16 kernels (MVE-FP), which "
                "platform 'board\\x0D' (cpu m4\\x0Ax) does not have"});
}

TEST(McuModelCheck, MalformedQuantization) {
  TensorParams out = {T::kInt8, {0.5, -1.0}, {0, 0, 0}};
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kMaxPool, Int(T::kInt8, 0.5, 200), out)),
            (std::vector<std::string>{
                "layer 0 (MAX_POOL_2D): int8 input zero point 200 is outside -128..127",
                "layer 0 (MAX_POOL_2D): int8 output scale -1 is not finite and > 0",
                "layer 0 (MAX_POOL_2D): int8 output has 3 zero points for 2 scales"}));
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kMaxPool, {T::kInt8, {}, {}}, Int(T::kInt8, 1, 0))),
            std::vector<std::string>{"layer 0 (MAX_POOL_2D): int8 input has no scale"});
  // Only the fixed outputs of LOGISTIC, TANH and SOFTMAX may go unstated.
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kMaxPool, Int(T::kInt8, 1, 0), {T::kInt8, {}, {}})),
            std::vector<std::string>{"layer 0 (MAX_POOL_2D): int8 output has no scale"});
}

TEST(McuModelCheck, PlatformGates) {
  const LayerParams f16 = Layer(CheckedOp::kConv2d, Float(T::kFloat16),
                                Float(T::kFloat16), Float(T::kFloat16));
  McuTarget m4 = Target("cortex-m4", Fp16::kUndeclared, false);
  EXPECT_EQ(CheckOne(f16, m4),
            std::vector<std::string>{
                "layer 0 (CONV_2D): float16 tensors need native FP16 kernels "
                "(MVE-FP), which platform 'board' (cpu cortex-m4) does not have"});
  EXPECT_EQ(CheckOne(f16, Target("Cortex-M55", Fp16::kUndeclared)),
            std::vector<std::string>{});
  // Storage conversions and byte copies pass the gate.
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kDequantize, Float(T::kFloat16),
                           Float(T::kFloat32)), m4),
            std::vector<std::string>{});
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kReshape, Float(T::kFloat16),
                           Float(T::kFloat16)), m4),
            std::vector<std::string>{});
  m4.fpu = false;
  EXPECT_EQ(CheckOne(Layer(CheckedOp::kDequantize, Int(T::kInt8, 0.5, 0),
                           Float(T::kFloat32)), m4),
            std::vector<std::string>{
                "layer 0 (DEQUANTIZE): float32 tensors need a hardware FPU, which "
                "platform 'board' (cpu cortex-m4) does not have"});
}

TEST(McuModelCheck, OpNames) {
  CheckedOp op = CheckedOp::kConv2d;
  ASSERT_TRUE(CheckedOpFromShortName("avg_pool", &op));
  EXPECT_EQ(op, CheckedOp::kAveragePool);
  EXPECT_STREQ(CheckedOpName(op), "AVERAGE_POOL_2D");
  EXPECT_STREQ(CheckedOpShortName(CheckedOp::kLstm), "lstm");
  EXPECT_FALSE(CheckedOpFromShortName("CONV_2D", &op));
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
