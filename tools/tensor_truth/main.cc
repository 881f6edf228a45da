// refmath_tensor_truth: the true values of a row operation of
// docs/tensor-ops.md over every row of a binary32 array, rounded to
// binary64 (src/verify/tensor_truth.h).
// Usage: refmath_tensor_truth --op OP --x X.npy --out Y.npy
//            [--scale G.npy] [--bias B.npy] [--eps E]
// OP: softmax, log_softmax, layer_norm, rms_norm.  X is float32 of shape
// (..., n), n >= 1, each row over its last axis; G and B hold n float32
// values (the norms only; the bias layer norm only); E (default 0, the
// norms only) is rounded to binary32, as the C API takes it.  Y is
// float64 of X's shape (a raw file unless its name ends in .npy).
#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include "src/cmdline/args.h"
#include "src/verify/array_file.h"
#include "src/verify/tensor_truth.h"

namespace refmath {
namespace {

int Fail(const std::string& message) {
  fprintf(stderr, "refmath_tensor_truth: %s\n", message.c_str());
  return cli::kExitUsage;
}

// Reads the n values of an optional per-column operand; false with
// *error set if it is unreadable or not n long.
bool ReadColumnOperand(const cli::Args& args, const char* option, size_t n,
                       std::vector<float>* values, std::string* error) {
  if (!args.Has(option)) return true;
  std::vector<size_t> shape;
  const std::string path = args.Get(option);
  if (!io::ReadFloatArray(path, values, &shape, error)) return false;
  if (values->size() != n) {
    *error = cli::ShowPath(path) + ": --" + option + " holds " +
             std::to_string(values->size()) + " values, not the row length " +
             std::to_string(n);
    return false;
  }
  return true;
}

int Run(const std::vector<std::string>& argv) {
  cli::Args args;
  std::string error, op_name, x_path, out_path;
  if (!args.Parse(argv, {"op", "x", "out", "scale", "bias", "eps"}, {},
                  &error) ||
      !args.Require("op", &op_name, &error) ||
      !args.Require("x", &x_path, &error) ||
      !args.Require("out", &out_path, &error)) {
    return Fail(error);
  }
  RowOp op;
  if (!ParseRowOp(op_name.c_str(), &op)) {
    return Fail("unknown --op " + cli::Quote(op_name) +
                " (softmax, log_softmax, layer_norm, rms_norm)");
  }
  const bool norm = op == RowOp::kLayerNorm || op == RowOp::kRmsNorm;
  if (!norm && (args.Has("scale") || args.Has("bias") || args.Has("eps"))) {
    return Fail("--scale, --bias and --eps are the norms' options");
  }
  if (op == RowOp::kRmsNorm && args.Has("bias")) {
    return Fail("RMS norm takes no --bias");
  }
  double eps = 0;
  if (args.Has("eps") && !cli::ParseDouble(args.Get("eps"), &eps)) {
    return Fail("--eps takes a finite number >= 0, not " +
                cli::Quote(args.Get("eps")));
  }
  std::vector<float> x;
  std::vector<size_t> shape;
  if (!io::ReadFloatArray(x_path, &x, &shape, &error)) return Fail(error);
  if (shape.empty() || shape.back() == 0) {
    return Fail(cli::ShowPath(x_path) +
                ": needs rows of at least one element (shape (..., n), n >= 1)");
  }
  const size_t n = shape.back();
  std::vector<float> g, b;
  if (!ReadColumnOperand(args, "scale", n, &g, &error) ||
      !ReadColumnOperand(args, "bias", n, &b, &error)) {
    return Fail(error);
  }
  const float eps32 = static_cast<float>(eps);
  std::vector<double> y(x.size());
  for (size_t row = 0; row < x.size() / n; ++row) {
    RowTruth(op, x.data() + row * n, n, g.empty() ? nullptr : g.data(),
             b.empty() ? nullptr : b.data(), eps32, y.data() + row * n);
  }
  io::NpyArray out;
  out.dtype = io::DType::kFloat64;
  out.shape = shape;
  out.bits64.resize(y.size());
  memcpy(out.bits64.data(), y.data(), y.size() * sizeof(double));
  if (!io::WriteArrayFile(out_path, out, &error)) return Fail(error);
  return cli::kExitOk;
}

}  // namespace
}  // namespace refmath

int main(int argc, char** argv) {
  return refmath::Run(std::vector<std::string>(argv + 1, argv + argc));
}
