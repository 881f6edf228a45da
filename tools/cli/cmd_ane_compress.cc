// refmath ane compress: a weight through one of the ANE model's storage
// encodings (refmath/ane/compress.h, docs/ane.md "Command line").
//   ane compress --in W --out FILE --encoding fp16|int8|int4|sparse|auto
//                [--gate-input X] [--tolerance T] [profile options]
// W: float32 or float16 [rows, cols] (or [cols], one row), one row per
// output channel.  --out: the fp16 weight the device computes with, W's
// shape.  With --gate-input X ([batch, cols]) the gate compares the model
// y = X W^T with that weight against plain fp16; `auto` needs it.
#include <stdio.h>

#include <string>

#include "refmath/ane/compress.h"
#include "src/emulator_io/npy_tensor.h"
#include "src/base/text.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kCmd = "ane compress";

// W's values as binary32 and its [rows, cols].
bool ReadWeight(const Args& args, std::vector<float>* w, size_t* rows, size_t* cols,
                io::NpyArray* array, std::string* error) {
  if (!ReadOperand(args, "in", io::kFloatDTypes, array, error)) {
    return false;
  }
  const ane::Shape& s = array->shape;
  if (s.empty() || s.size() > 2 || array->count() == 0) {
    *error = "--in: shape " + ShapeText(s) +
             " is not a non-empty [rows, cols] or [cols] weight";
    return false;
  }
  *rows = s.size() == 2 ? s[0] : 1;
  *cols = s.back();
  if (array->dtype == io::DType::kFloat32) {
    *w = io::Float32Values(*array);
  } else {
    w->clear();
    for (uint32_t h : array->bits) w->push_back(HalfToFloat(static_cast<Half>(h)));
  }
  return true;
}

// The gate's model, from --gate-input X [batch, cols].
bool GateModel(const Args& args, size_t rows, size_t cols, const ane::Profile& p,
               ane::WeightModel* model, std::string* error) {
  ane::Tensor x;
  if (!ReadTensorOperand(args, "gate-input", p, &x, error)) return false;
  if (x.rank() != 2 || x.cols() != cols) {
    *error = "--gate-input: shape " + ShapeText(x.shape()) + " is not [batch, " +
             std::to_string(cols) + "]";
    return false;
  }
  *model = ane::LinearLayerModel(x, rows, cols, p);
  return true;
}

struct Weight {
  std::vector<float> w;
  size_t rows = 0, cols = 0;
  ane::WeightModel model;  // empty without --gate-input
};

std::string Printed(const char* format, const char* name, double a, double b = 0) {
  char line[160];
  snprintf(line, sizeof line, format, name, a, b);
  return line;
}

// The device's fp16 weight under encoding `name`, and the lines to print.
bool Encode(const std::string& name, const Weight& in, double tol,
            std::vector<Half>* weight, std::string* summary, std::string* error) {
  if (name == "auto") {
    const ane::Choice c = ane::ChooseEncoding(in.w, in.rows, in.cols, in.model, tol);
    *summary = c.trail + "auto: " + ane::EncodingName(c.encoding) + "\n";
    *weight = c.weight;
    return true;
  }
  ane::Encoding e;
  if (!ane::FindEncoding(name, &e)) {
    *error = "unknown --encoding " + Quote(name) + " (valid: fp16, int8, int4, sparse, auto)";
    return false;
  }
  if (!ane::EncodedWeight(e, in.w, in.rows, in.cols, weight, error)) return false;
  *summary = Printed("%s: Frobenius relative error %.6g\n", name.c_str(),
                     ane::FrobeniusRelativeError(in.w, *weight));
  if (in.model) {
    const double relerr = ane::EncodedGateError(in.w, *weight, in.model);
    *summary += Printed(ane::GateAccepts(relerr, tol) ? "%s: gate relerr %.6g <= %.6g\n"
                                                      : "%s: gate relerr %.6g refused, "
                                                        "tolerance %.6g\n",
                        name.c_str(), relerr, tol);
  }
  return true;
}

}  // namespace

int RunAneCompress(const Argv& argv) {
  Args args;
  ane::Profile p;
  Weight in;
  io::NpyArray array;
  double tol;
  std::string error, name, summary;
  std::vector<Half> weight;
  const auto options =
      WithProfileOptions({"in", "out", "encoding", "gate-input", "tolerance"});
  if (!args.Parse(argv, options, {}, &error) ||
      !args.Require("encoding", &name, &error) || !ProfileFromArgs(args, &p, &error) ||
      !NumberOption(args, "tolerance", ane::kDefaultGateTolerance, &tol, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadWeight(args, &in.w, &in.rows, &in.cols, &array, &error) ||
      ((args.Has("gate-input") || name == "auto") &&
       !GateModel(args, in.rows, in.cols, p, &in.model, &error)) ||
      !Encode(name, in, tol, &weight, &summary, &error)) {
    return Fail(kCmd, error);
  }
  const std::vector<Output> outputs = {
      {"out", io::Float16Array(array.shape, weight)}};
  if (!WriteOutputs(args, outputs, &error)) return Fail(kCmd, error);
  const std::vector<std::string> documents = {args.Get("out")};
  fputs(summary.c_str(), ReportStream(documents));
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
