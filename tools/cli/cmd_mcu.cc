// refmath mcu table: the exhaustive int8 / int16 activation tables of the
// CMSIS-NN / TFLite Micro kernels (docs/mcu.md): int8 outputs for the
// inputs -128..127, or int16 outputs for -32768..32767, as .npy ('|i1',
// '<i2') or raw little-endian bytes by the file name
// (src/verify/array_file.h).  With --ideal, the table an ideal kernel
// would give: the oracle's (refmath/mcu/ideal_activation.h).
#include <cmath>
#include <vector>

#include "src/cmdline/args.h"
#include "refmath/mcu/activation_ops.h"
#include "src/verify/array_file.h"
#include "tools/cli/commands.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kCmd = "mcu";
constexpr int kMaxLeftShift = 31;  // a 32-bit shift amount

// Writes a table's values as an int8 or int16 array, .npy or raw by the
// file name.
int WriteTable(const std::vector<int32_t>& values, bool int16,
               const std::string& out) {
  std::string error;
  const io::NpyArray table = io::IntegerArray(
      int16 ? io::DType::kInt16 : io::DType::kInt8, {values.size()},
      std::vector<int64_t>(values.begin(), values.end()));
  if (!io::WriteArrayFile(out, table, &error)) return Fail(kCmd, error);
  return kExitOk;
}

// A positive finite binary32 scale.
bool ParseScale(const std::string& text, float* scale, std::string* error) {
  double v = 0;
  if (!ParseDouble(text, &v) || !(v > 0) ||
      !std::isfinite(static_cast<float>(v)) || static_cast<float>(v) <= 0) {
    *error = "--input-scale must be a positive finite number (got " +
             Quote(text) + ")";
    return false;
  }
  *scale = static_cast<float>(v);
  return true;
}

int TableS8(const mcu::ActivationOp& op, const Args& args,
            const std::string& out) {
  std::string error, scale_text, zp_text;
  if (args.Has("input-multiplier") || args.Has("input-left-shift")) {
    return Fail(kCmd, "the int8 ops take --input-scale and --input-zero-point");
  }
  if (!args.Require("input-scale", &scale_text, &error) ||
      !args.Require("input-zero-point", &zp_text, &error)) {
    return Fail(kCmd, error);
  }
  float scale;
  long zp;
  if (!ParseScale(scale_text, &scale, &error)) return Fail(kCmd, error);
  if (!ParseInteger(zp_text, INT8_MIN, INT8_MAX, &zp)) {
    return Fail(kCmd, "--input-zero-point must be an integer in -128..127 (got " +
                          Quote(zp_text) + ")");
  }
  mcu::TableInput in;
  in.scale = scale;
  in.zero_point = static_cast<int32_t>(zp);
  return WriteTable(mcu::ActivationTable(op, in, args.Has("ideal")), false, out);
}

int TableS16(const mcu::ActivationOp& op, const Args& args,
             const std::string& out) {
  std::string error;
  if (args.Has("input-zero-point")) {
    return Fail(kCmd, "the int16 ops have zero point 0; no --input-zero-point");
  }
  mcu::TableInput in;
  const bool by_scale = args.Has("input-scale");
  if (by_scale == (args.Has("input-multiplier") || args.Has("input-left-shift"))) {
    return Fail(kCmd, "the int16 ops take --input-multiplier and "
                      "--input-left-shift, or --input-scale");
  }
  if (by_scale) {
    if (!ParseScale(args.Get("input-scale"), &in.scale, &error)) {
      return Fail(kCmd, error);
    }
  } else {
    std::string m_text, l_text;
    if (!args.Require("input-multiplier", &m_text, &error) ||
        !args.Require("input-left-shift", &l_text, &error)) {
      return Fail(kCmd, error);
    }
    long m, l;
    if (!ParseInteger(m_text, 0, INT32_MAX, &m)) {
      return Fail(kCmd, "--input-multiplier must be an integer in 0..2147483647 (got " +
                            Quote(m_text) + ")");
    }
    if (!ParseInteger(l_text, 0, kMaxLeftShift, &l)) {
      return Fail(kCmd, "--input-left-shift must be an integer in 0..31 (got " +
                            Quote(l_text) + ")");
    }
    in.multiplier = static_cast<int32_t>(m);
    in.left_shift = static_cast<int32_t>(l);
  }
  return WriteTable(mcu::ActivationTable(op, in, args.Has("ideal")), true, out);
}

}  // namespace

int RunMcu(const Argv& argv) {
  if (!argv.empty()) {
    const Argv rest(argv.begin() + 1, argv.end());
    if (argv[0] == "fc") return RunMcuFc(rest);
    if (argv[0] == "quantize") return RunMcuQuantize(rest);
    if (argv[0] == "dequantize") return RunMcuDequantize(rest);
    if (argv[0] == "compare") return RunMcuCompare(rest);
    if (argv[0] == "ops") return RunMcuOps(rest);
    if (argv[0] == "conv2d") return RunMcuConv2d(rest);
    if (argv[0] == "depthwise-conv2d") return RunMcuDepthwiseConv2d(rest);
    if (argv[0] == "avg-pool") return RunMcuAvgPool(rest);
    if (argv[0] == "max-pool") return RunMcuMaxPool(rest);
    if (argv[0] == "softmax") return RunMcuSoftmax(rest);
    if (argv[0] == "add") return RunMcuAdd(rest);
    if (argv[0] == "mul") return RunMcuMul(rest);
    if (argv[0] == "logistic") return RunMcuActivation(rest, true);
    if (argv[0] == "tanh") return RunMcuActivation(rest, false);
    if (argv[0] == "requantize") return RunMcuRequantize(rest);
    if (argv[0] == "mean") return RunMcuMean(rest);
    if (argv[0] == "check") return RunMcuCheck(rest);
  }
  if (argv.empty() || argv[0] != "table") {
    return Fail(kCmd, "expected 'table', 'compare', 'ops', 'fc', 'quantize', "
                      "'dequantize', 'conv2d', 'depthwise-conv2d', 'avg-pool', "
                      "'max-pool', 'softmax', 'add', 'mul', 'logistic', 'tanh', "
                      "'requantize', 'mean' or 'check' (refmath help mcu)");
  }
  Args args;
  std::string error, op, out;
  if (!args.Parse(Argv(argv.begin() + 1, argv.end()),
                  {"op", "input-scale", "input-zero-point", "input-multiplier",
                   "input-left-shift", "out"},
                  {"ideal"}, &error) ||
      !args.Require("op", &op, &error) || !args.Require("out", &out, &error)) {
    return Fail(kCmd, error);
  }
  const mcu::ActivationOp* table = mcu::FindActivationOp(op);
  if (table == nullptr) {
    return Fail(kCmd, "unknown --op " + Quote(op) + " (" +
                          mcu::ActivationOpNames() + ")");
  }
  return table->int16 ? TableS16(*table, args, out) : TableS8(*table, args, out);
}

}  // namespace cli
}  // namespace refmath
