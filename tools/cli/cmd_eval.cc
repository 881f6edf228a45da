// refmath eval: arrays in and out, .npy or raw by the file name
// (src/verify/array_file.h): float32 by default, binary16 or bfloat16 bit
// patterns with --format (the correct variant's narrow forms).
#include <vector>

#include "refmath/refmath.h"
#include "src/cmdline/args.h"
#include "src/verify/array_file.h"
#include "src/verify/ulp.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {
namespace {

// --format binary16 (float16 .npy, or raw 2-byte patterns) or bfloat16
// (uint16 .npy, or raw): refmath_eval_f16 / refmath_eval_bf16, the correct
// variant alone, no target.
int EvalNarrow(const char* cmd, const Args& args, refmath_function f,
               const std::string& format, const std::string& in_path,
               const std::string& out_path) {
  if (args.Has("target")) {
    return Fail(cmd, "--target does not apply to --format " + format +
                         " (its results are the same on every target)");
  }
  if (args.Has("variant") && args.Get("variant") != "correct") {
    return Fail(cmd, "--format " + format +
                         " exists in the correct variant alone, not in " +
                         Quote(args.Get("variant")));
  }
  if (refmath_function_status(f, REFMATH_CORRECT) != REFMATH_OK) {
    return Fail(cmd, std::string(refmath_function_name(f)) +
                         " is not a function of the correct variant");
  }
  const bool b16 = format == "binary16";
  io::NpyArray array;
  std::string error;
  if (!io::ReadArrayFile(in_path, b16 ? io::DType::kFloat16 : io::DType::kUint16,
                         &array, &error)) {
    return Fail(cmd, error);
  }
  std::vector<unsigned short> bits(array.bits.begin(), array.bits.end());
  const int status =
      b16 ? refmath_eval_f16(f, REFMATH_CORRECT, bits.data(), bits.data(),
                             bits.size())
          : refmath_eval_bf16(f, REFMATH_CORRECT, bits.data(), bits.data(),
                              bits.size());
  if (status != REFMATH_OK) return Fail(cmd, refmath_status_string(status));
  array.bits.assign(bits.begin(), bits.end());
  if (!io::WriteArrayFile(out_path, array, &error)) return Fail(cmd, error);
  return kExitOk;
}

}  // namespace

int RunEval(const Argv& argv) {
  const char* cmd = "eval";
  Args args;
  std::string error, fn_name, in_path, out_path;
  if (!args.Parse(argv, {"function", "variant", "target", "in", "out", "format"},
                  {}, &error) ||
      !args.Require("function", &fn_name, &error) ||
      !args.Require("in", &in_path, &error) ||
      !args.Require("out", &out_path, &error)) {
    return Fail(cmd, error);
  }
  refmath_function f;
  if (!ParseFunction(fn_name, &f, &error)) return Fail(cmd, error);
  const std::string format = args.Get("format", "binary32");
  Format storage;
  if (!FormatFromName(format, &storage)) {
    return Fail(cmd, "--format: expected binary32, binary16 or bfloat16, got " +
                         Quote(format));
  }
  if (storage != Format::kBinary32) {
    return EvalNarrow(cmd, args, f, format, in_path, out_path);
  }
  refmath_variant v;
  refmath_target t;
  if (!ParseVariantFor(args, f, &v, &error) ||
      !ParseTarget(args.Get("target", "best"), &t, &error)) {
    return Fail(cmd, error);
  }
  const int status = refmath_target_status(v, t);
  if (status != REFMATH_OK) {
    return Fail(cmd, std::string(refmath_variant_name(v)) + " on " +
                         args.Get("target", "best") + ": " +
                         refmath_status_string(status));
  }
  std::vector<float> values;
  std::vector<size_t> shape;
  if (!io::ReadFloatArray(in_path, &values, &shape, &error)) {
    return Fail(cmd, error);
  }
  const int eval_status =
      refmath_eval_f32(f, v, t, values.data(), values.data(), values.size());
  if (eval_status != REFMATH_OK) {
    return Fail(cmd, refmath_status_string(eval_status));
  }
  if (!io::WriteFloatArray(out_path, values, shape, &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
