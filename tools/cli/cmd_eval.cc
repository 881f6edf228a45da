// refmath eval: float32 arrays in and out, .npy or raw by the file name
// (src/verify/array_file.h).
#include <vector>

#include "refmath/refmath.h"
#include "src/cmdline/args.h"
#include "src/verify/array_file.h"
#include "tools/cli/commands.h"

namespace refmath {
namespace cli {

int RunEval(const Argv& argv) {
  const char* cmd = "eval";
  Args args;
  std::string error, fn_name, in_path, out_path;
  if (!args.Parse(argv, {"function", "variant", "target", "in", "out"}, {},
                  &error) ||
      !args.Require("function", &fn_name, &error) ||
      !args.Require("in", &in_path, &error) ||
      !args.Require("out", &out_path, &error)) {
    return Fail(cmd, error);
  }
  refmath_function f;
  refmath_variant v;
  refmath_target t;
  if (!ParseFunction(fn_name, &f, &error) ||
      !ParseVariantFor(args, f, &v, &error) ||
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
