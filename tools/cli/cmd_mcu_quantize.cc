// refmath mcu quantize | dequantize: QUANTIZE and DEQUANTIZE of TFLite
// Micro / CMSIS-NN over .npy files (refmath/mcu/quantize.h, docs/mcu.md
// "Command line").
//   mcu quantize --in FILE --scale S [--zero-point Z] [--type s8|s16]
//                [--rule tflm|mve] --out FILE
//   mcu dequantize --in FILE --scale S [--zero-point Z] [--flush-subnormal]
//                  --out FILE
// quantize: float32 in, int8 or int16 out; dequantize: int8 or int16 in,
// float32 out; the shape is kept.
#include <string>

#include "refmath/mcu/quantize.h"
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

int RunMcuDequantize(const Argv& argv) {
  constexpr const char* kCmd = "mcu dequantize";
  Args args;
  io::NpyArray in;
  float scale;
  long zp;
  std::string error;
  if (!args.Parse(argv, {"in", "out", "scale", "zero-point"}, {"flush-subnormal"},
                  &error) ||
      !PositiveFloatOption(args, "scale", &scale, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "in", io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16),
                   &in, &error)) {
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

}  // namespace cli
}  // namespace refmath
