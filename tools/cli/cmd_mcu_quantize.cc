// refmath mcu quantize | dequantize | logistic | tanh: QUANTIZE,
// DEQUANTIZE, LOGISTIC and TANH of TFLite Micro / CMSIS-NN over .npy files
// (refmath/mcu/quantize.h, activation_ops.h; docs/mcu.md
// "Command line").
//   mcu quantize --in FILE --scale S [--zero-point Z] [--type s8|s16]
//                [--rule tflm|mve] --out FILE
//   mcu dequantize --in FILE --scale S [--zero-point Z] [--flush-subnormal]
//                  --out FILE
//   mcu logistic|tanh --input FILE --input-scale S [--input-zero-point Z]
//                     --out FILE
//   mcu requantize --input FILE --input-scale S [--input-zero-point Z]
//                  --output-scale S [--output-zero-point Z]
//                  [--type s8|s16|s32] --out FILE
// quantize: float32 in, int8 or int16 out; dequantize: int8 or int16 in,
// float32 out; logistic and tanh: int8 or int16 in, the same type out;
// the shape is kept.
#include <string>

#include "refmath/mcu/activation_ops.h"
#include "refmath/mcu/quantize.h"
#include "refmath/mcu/requantize_op.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {

int RunMcuQuantize(const Argv& argv) {
  constexpr const char* kCmd = "mcu quantize";
  Args args;
  io::NpyArray in;
  float scale;
  long zp;
  std::string error;
  if (!args.Parse(argv, {"in", "out", "scale", "zero-point", "type", "rule"}, {},
                  &error) ||
      !PositiveFloatOption(args, "scale", &scale, &error)) {
    return Fail(kCmd, error);
  }
  const std::string type = args.Get("type", "s8"), rule = args.Get("rule", "tflm");
  if (type != "s8" && type != "s16") {
    return Fail(kCmd, "unknown --type " + Quote(type) + " (valid: s8, s16)");
  }
  if (rule != "tflm" && rule != "mve") {
    return Fail(kCmd, "unknown --rule " + Quote(rule) + " (valid: tflm, mve)");
  }
  const bool s8 = type == "s8";
  const long lo = s8 ? INT8_MIN : INT16_MIN, hi = s8 ? INT8_MAX : INT16_MAX;
  if (!IntegerOption(args, "zero-point", lo, hi, 0, &zp, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "in", io::Only(io::DType::kFloat32), &in, &error)) {
    return Fail(kCmd, error);
  }
  const mcu::QuantizeRule r =
      rule == "tflm" ? mcu::QuantizeRule::kTflmDivide : mcu::QuantizeRule::kMveReciprocal;
  const std::vector<int32_t> q =
      mcu::QuantizeAll(io::Float32Values(in), scale, static_cast<int32_t>(zp), static_cast<int32_t>(lo),
                       static_cast<int32_t>(hi), r);
  const io::DType out_type = s8 ? io::DType::kInt8 : io::DType::kInt16;
  if (!WriteOutputs(args, {{"out", io::IntegerArray(out_type, in.shape,
                                                    std::vector<int64_t>(q.begin(), q.end()))}},
                    &error)) {
    return Fail(kCmd, error);
  }
  return kExitOk;
}

// A float16 input is widened exactly (DEQUANTIZE from float16): it takes
// no scale, zero point or flush.
static int WidenF16(const Args& args, const io::NpyArray& in) {
  constexpr const char* kCmd = "mcu dequantize";
  for (const char* o : {"scale", "zero-point", "flush-subnormal"}) {
    if (args.Has(o)) {
      return Fail(kCmd, std::string("a float16 input is widened exactly: it "
                                    "takes no --") + o);
    }
  }
  const std::vector<uint16_t> h(in.bits.begin(), in.bits.end());
  std::string error;
  if (!WriteOutputs(args, {{"out", io::Float32Array(in.shape,
                                                    mcu::DequantizeF16(h))}},
                    &error)) {
    return Fail(kCmd, error);
  }
  return kExitOk;
}

int RunMcuDequantize(const Argv& argv) {
  constexpr const char* kCmd = "mcu dequantize";
  Args args;
  io::NpyArray in;
  float scale;
  long zp;
  std::string error;
  if (!args.Parse(argv, {"in", "out", "scale", "zero-point"}, {"flush-subnormal"},
                  &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "in",
                   io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16) |
                       io::Only(io::DType::kFloat16),
                   &in, &error)) {
    return Fail(kCmd, error);
  }
  if (in.dtype == io::DType::kFloat16) return WidenF16(args, in);
  if (!PositiveFloatOption(args, "scale", &scale, &error)) {
    return Fail(kCmd, error);
  }
  const bool s8 = in.dtype == io::DType::kInt8;
  if (!IntegerOption(args, "zero-point", s8 ? INT8_MIN : INT16_MIN,
                     s8 ? INT8_MAX : INT16_MAX, 0, &zp, &error)) {
    return Fail(kCmd, error);
  }
  const std::vector<int64_t> q = io::IntegerValues(in);
  const std::vector<float> x =
      mcu::DequantizeAll(std::vector<int32_t>(q.begin(), q.end()), scale,
                         static_cast<int32_t>(zp), args.Has("flush-subnormal"));
  if (!WriteOutputs(args, {{"out", io::Float32Array(in.shape, x)}}, &error)) {
    return Fail(kCmd, error);
  }
  return kExitOk;
}

// QUANTIZE between integer tensors (refmath/mcu/requantize_op.h): int8,
// int16 or int32 in, --type out; each zero point within its tensor's type.
int RunMcuRequantize(const Argv& argv) {
  constexpr const char* kCmd = "mcu requantize";
  Args args;
  io::NpyArray in;
  float in_scale, out_scale;
  std::string error;
  if (!args.Parse(argv, {"input", "out", "input-scale", "input-zero-point",
                         "output-scale", "output-zero-point", "type"},
                  {}, &error) ||
      !PositiveFloatOption(args, "input-scale", &in_scale, &error) ||
      !PositiveFloatOption(args, "output-scale", &out_scale, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "input",
                   io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16) |
                       io::Only(io::DType::kInt32),
                   &in, &error)) {
    return Fail(kCmd, error);
  }
  const std::string type = args.Get("type", "s8");
  const int bits = type == "s8" ? 8 : type == "s16" ? 16 : type == "s32" ? 32 : 0;
  if (bits == 0) {
    return Fail(kCmd, "unknown --type " + Quote(type) + " (valid: s8, s16, s32)");
  }
  const int in_bits = in.dtype == io::DType::kInt8    ? 8
                      : in.dtype == io::DType::kInt16 ? 16
                                                      : 32;
  mcu::RequantizeOpParams p;
  if (!RequantizeOptions(args, in_scale, out_scale, in_bits, bits, &p, &error)) {
    return Fail(kCmd, error);
  }
  std::vector<int32_t> out;
  mcu::RequantizeOp(Narrowed<int32_t>(in), p, bits, &out);
  const io::DType out_type = bits == 8    ? io::DType::kInt8
                             : bits == 16 ? io::DType::kInt16
                                          : io::DType::kInt32;
  if (!WriteOutputs(args, {{"out", io::IntegerArray(out_type, in.shape,
                                                    std::vector<int64_t>(
                                                        out.begin(), out.end()))}},
                    &error)) {
    return Fail(kCmd, error);
  }
  return kExitOk;
}

// int8: the table of the input's scale and zero point, read at q + 128
// (output scale 1/256, zero point -128 for logistic; 1/128, 0 for tanh);
// int16: CMSIS-NN's interpolated sigmoid and tanh (zero point 0, output
// scale 2^-15).
int RunMcuActivation(const Argv& argv, bool logistic) {
  const char* cmd = logistic ? "mcu logistic" : "mcu tanh";
  Args args;
  io::NpyArray in;
  float scale;
  long zp;
  std::string error;
  if (!args.Parse(argv, {"input", "out", "input-scale", "input-zero-point"}, {},
                  &error) ||
      !PositiveFloatOption(args, "input-scale", &scale, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "input",
                   io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16), &in,
                   &error)) {
    return Fail(cmd, error);
  }
  const bool s8 = in.dtype == io::DType::kInt8;
  if (!s8 && args.Has("input-zero-point") && args.Get("input-zero-point") != "0") {
    return Fail(cmd, "an int16 input's zero point is 0 (TFLite Micro's int16 "
                     "LOGISTIC and TANH are symmetric)");
  }
  if (!IntegerOption(args, "input-zero-point", s8 ? INT8_MIN : 0,
                     s8 ? INT8_MAX : 0, 0, &zp, &error)) {
    return Fail(cmd, error);
  }
  mcu::TableInput table_in;
  table_in.scale = scale;
  table_in.zero_point = static_cast<int32_t>(zp);
  const std::vector<int32_t> y = mcu::ActivationTensor(
      mcu::ActivationOpOf(logistic, !s8), table_in, Narrowed<int32_t>(in));
  const std::vector<int64_t> out(y.begin(), y.end());
  if (!WriteOutputs(args, {{"out", io::IntegerArray(in.dtype, in.shape, out)}},
                    &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
