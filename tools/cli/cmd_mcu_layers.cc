// refmath mcu conv2d | depthwise-conv2d | avg-pool | max-pool | softmax |
// add | mul: TFLite Micro's whole-model layers over .npy files
// (refmath/mcu/conv.h, depthwise_conv.h, conv_s16.h, pooling.h,
// softmax.h, elementwise.h; docs/mcu.md "Command line").  Activations NHWC
// (int8, or int16 for the convolutions and pooling), conv filters OHWI,
// depthwise filters 1HWO; the output has the input's type.  The commands
// check and read their operands, then call the library.
#include <stdint.h>
#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "refmath/mcu/conv.h"
#include "refmath/mcu/conv_s16.h"
#include "refmath/mcu/depthwise_conv.h"
#include "refmath/mcu/elementwise.h"
#include "refmath/mcu/fixed_point.h"
#include "refmath/mcu/mean.h"
#include "refmath/mcu/pooling.h"
#include "refmath/mcu/quantize_params.h"
#include "refmath/mcu/softmax.h"
#include "src/mcu/fc_shapes.h"
#include "src/mcu/layer_shapes.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

const mcu::LayerNames kNames = {"--input", "--filter", "--bias"};

template <typename T>
io::NpyArray Ints(io::DType t, const std::vector<size_t>& shape,
                  const std::vector<T>& v) {
  return io::IntegerArray(t, shape, std::vector<int64_t>(v.begin(), v.end()));
}

// --OPTION N or N,M: one value for both axes, or height and width.
bool PairOption(const Args& args, const std::string& option, long lo,
                long def, int* h, int* w, std::string* error) {
  if (!args.Has(option)) {
    *h = *w = static_cast<int>(def);
    return true;
  }
  std::vector<long> v;
  const std::string text = args.Get(option);
  if (!ParseIntegerList(text, lo, INT32_MAX, &v) || v.empty() || v.size() > 2) {
    *error = "--" + option + " takes N or H,W, integers of at least " +
             std::to_string(lo) + " (got " + Quote(text) + ")";
    return false;
  }
  *h = static_cast<int>(v[0]);
  *w = static_cast<int>(v.back());
  return true;
}

bool WindowFromArgs(const Args& args, bool dilation, mcu::WindowOptions* w,
                    std::string* error) {
  return mcu::ParsePadding(args.Get("padding", "valid"), &w->padding, error) &&
         PairOption(args, "stride", 1, 1, &w->stride_h, &w->stride_w, error) &&
         (!dilation || PairOption(args, "dilation", 1, 1, &w->dilation_h,
                                  &w->dilation_w, error));
}

// --multiplier and --shift (one, or one per output channel), or
// --input-scale, --filter-scales and --output-scale through ConvRequant.
bool RequantFromArgs(const Args& args, size_t c_out, mcu::Requant* r,
                     std::string* error) {
  const bool by_value = args.Has("multiplier") || args.Has("shift");
  const bool by_scale = args.Has("input-scale") || args.Has("filter-scales") ||
                        args.Has("output-scale");
  if (by_value == by_scale) {
    *error = "give --multiplier and --shift, or --input-scale, "
             "--filter-scales and --output-scale";
    return false;
  }
  if (by_value) {
    return ParseRequant(args, -mcu::kMaxShift, mcu::kMaxShift, c_out, r, error);
  }
  float in_scale, out_scale;
  std::string f_text;
  if (!PositiveFloatOption(args, "input-scale", &in_scale, error) ||
      !PositiveFloatOption(args, "output-scale", &out_scale, error) ||
      !args.Require("filter-scales", &f_text, error)) {
    return false;
  }
  std::vector<float> scales;
  size_t start = 0;
  while (start <= f_text.size()) {
    const size_t comma = std::min(f_text.find(',', start), f_text.size());
    const std::string item = f_text.substr(start, comma - start);
    double v = 0;
    if (!ParseDouble(item, &v) || !(v > 0) || !(static_cast<float>(v) > 0) ||
        !(static_cast<float>(v) < INFINITY)) {
      *error = "--filter-scales takes positive binary32 numbers, "
               "comma-separated (got " + Quote(f_text) + ")";
      return false;
    }
    scales.push_back(static_cast<float>(v));
    start = comma + 1;
  }
  if (scales.size() != 1 && scales.size() != c_out) {
    *error = "--filter-scales must hold 1 or C_OUT (" +
             std::to_string(c_out) + ") scales";
    return false;
  }
  if (!mcu::ConvRequant(in_scale, scales, out_scale, r)) {
    *error = "a scale ratio does not quantize";
    return false;
  }
  return true;
}

int Write(const char* cmd, const Args& args, io::NpyArray out) {
  std::string error;
  if (!WriteOutputs(args, {{"out", std::move(out)}}, &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

const std::vector<std::string> kConvOptions = {
    "input", "filter", "bias", "out", "multiplier", "shift", "input-scale",
    "filter-scales", "output-scale", "input-zero-point", "output-zero-point",
    "stride", "dilation", "padding", "act-min", "act-max", "kernel"};

int RunConv(const Argv& argv, bool depthwise) {
  const char* cmd = depthwise ? "mcu depthwise-conv2d" : "mcu conv2d";
  std::vector<std::string> options = kConvOptions;
  if (depthwise) options.push_back("depth-multiplier");
  Args args;
  mcu::WindowOptions w;
  io::NpyArray in, f, b;
  long dm = 0;
  std::string error;
  if (!args.Parse(argv, std::set<std::string>(options.begin(), options.end()),
                  {}, &error) ||
      !WindowFromArgs(args, true, &w, &error) ||
      (depthwise &&
       !IntegerOption(args, "depth-multiplier", 1, INT32_MAX, 1, &dm, &error)) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "input",
                   io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16), &in,
                   &error) ||
      !ReadOperand(args, "filter", io::Only(io::DType::kInt8), &f, &error)) {
    return Fail(cmd, error);
  }
  const bool s8 = in.dtype == io::DType::kInt8;
  b.shape = {0};
  const io::DTypeSet bias_types =
      s8 ? io::Only(io::DType::kInt32)
         : depthwise ? io::Only(io::DType::kInt64)
                     : io::Only(io::DType::kInt32) | io::Only(io::DType::kInt64);
  mcu::LayerDims d;
  mcu::Requant r;
  mcu::Kernel kernel;
  if ((args.Has("bias") && !ReadOperand(args, "bias", bias_types, &b, &error)) ||
      !mcu::ConvLayerDims(in.shape, f.shape,
                          args.Has("bias") ? &b.shape : nullptr,
                          static_cast<int>(dm), w, kNames, &d, &error) ||
      !KernelOption(args, mcu::Kernel::kTflite, &kernel, &error) ||
      !mcu::CheckConvKernel(kernel, !s8, depthwise,
                            args.Has("bias") && b.dtype == io::DType::kInt64, d,
                            &error) ||
      !RequantFromArgs(args, static_cast<size_t>(d.c_out), &r, &error)) {
    return Fail(cmd, error);
  }
  const std::vector<int8_t> fv = Narrowed<int8_t>(f);
  if (s8) {
    mcu::ConvS8Params p;
    long in_zp, out_zp;
    if (!IntegerOption(args, "input-zero-point", INT8_MIN, INT8_MAX, 0, &in_zp,
                       &error) ||
        !IntegerOption(args, "output-zero-point", INT8_MIN, INT8_MAX, 0,
                       &out_zp, &error) ||
        !IntegerClamp(args, INT8_MIN, INT8_MAX, &p.act_min, &p.act_max, &error)) {
      return Fail(cmd, error);
    }
    p.height = d.height;
    p.width = d.width;
    p.input_offset = static_cast<int32_t>(-in_zp);
    p.output_offset = static_cast<int32_t>(out_zp);
    p.requant = r;
    std::vector<int8_t> out;
    const bool ok =
        depthwise
            ? mcu::DepthwiseConvS8(Narrowed<int8_t>(in), d.input, fv, d.filter,
                                   Narrowed<int32_t>(b), static_cast<int>(dm), p,
                                   &out)
            : mcu::ConvS8(Narrowed<int8_t>(in), d.input, fv, d.filter,
                          Narrowed<int32_t>(b), p, &out);
    if (!ok) return Fail(cmd, "the layer refused its operands");
    return Write(cmd, args, Ints(io::DType::kInt8, d.out_shape, out));
  }
  if (args.Has("input-zero-point") || args.Has("output-zero-point")) {
    return Fail(cmd, "int16 layers have zero point 0; no --input-zero-point "
                     "or --output-zero-point");
  }
  mcu::ConvS16Params p;
  if (!IntegerClamp(args, INT16_MIN, INT16_MAX, &p.act_min, &p.act_max, &error)) {
    return Fail(cmd, error);
  }
  p.height = d.height;
  p.width = d.width;
  p.requant = r;
  p.kernel = kernel;
  std::vector<int16_t> out;
  const std::vector<int16_t> x = Narrowed<int16_t>(in);
  bool ok;
  if (depthwise) {
    ok = mcu::DepthwiseConvS16(x, d.input, fv, d.filter, io::IntegerValues(b),
                               static_cast<int>(dm), p, &out);
  } else if (args.Has("bias") && b.dtype == io::DType::kInt64) {
    ok = mcu::ConvS16(x, d.input, fv, d.filter, io::IntegerValues(b), p, &out);
  } else {
    ok = mcu::ConvS16Acc32(x, d.input, fv, d.filter, Narrowed<int32_t>(b), p,
                           &out);
  }
  if (!ok) {
    return Fail(cmd, kernel == mcu::Kernel::kTflite
                         ? "the layer refused its operands (the int64 accumulator "
                           "takes shifts up to 7)"
                         : "the layer refused its operands (RequantizeS64 takes "
                           "shifts up to 14)");
  }
  return Write(cmd, args, Ints(io::DType::kInt16, d.out_shape, out));
}

int RunPool(const Argv& argv, bool average) {
  const char* cmd = average ? "mcu avg-pool" : "mcu max-pool";
  Args args;
  mcu::WindowOptions w;
  io::NpyArray in;
  int fh = 0, fw = 0;
  mcu::LayerDims d;
  std::string error, size_text;
  if (!args.Parse(argv, {"input", "out", "filter-size", "stride", "padding",
                         "act-min", "act-max"},
                  {}, &error) ||
      !WindowFromArgs(args, false, &w, &error) ||
      !args.Require("filter-size", &size_text, &error) ||
      !PairOption(args, "filter-size", 1, 1, &fh, &fw, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "input",
                   io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16), &in,
                   &error) ||
      !mcu::PoolLayerDims(in.shape, fh, fw, w, kNames, &d, &error)) {
    return Fail(cmd, error);
  }
  const char* empty = "a pooling window holds no tap inside the image";
  if (in.dtype == io::DType::kInt8) {
    mcu::PoolS8Params p;
    if (!IntegerClamp(args, INT8_MIN, INT8_MAX, &p.act_min, &p.act_max, &error)) {
      return Fail(cmd, error);
    }
    p.height = d.height;
    p.width = d.width;
    p.filter_height = fh;
    p.filter_width = fw;
    std::vector<int8_t> out;
    if (!(average ? mcu::AveragePoolS8(Narrowed<int8_t>(in), d.input, p, &out)
                  : mcu::MaxPoolS8(Narrowed<int8_t>(in), d.input, p, &out))) {
      return Fail(cmd, empty);
    }
    return Write(cmd, args, Ints(io::DType::kInt8, d.out_shape, out));
  }
  mcu::PoolS16Params p;
  if (!IntegerClamp(args, INT16_MIN, INT16_MAX, &p.act_min, &p.act_max, &error)) {
    return Fail(cmd, error);
  }
  p.height = d.height;
  p.width = d.width;
  p.filter_height = fh;
  p.filter_width = fw;
  std::vector<int16_t> out;
  if (!(average ? mcu::AveragePoolS16(Narrowed<int16_t>(in), d.input, p, &out)
                : mcu::MaxPoolS16(Narrowed<int16_t>(in), d.input, p, &out))) {
    return Fail(cmd, empty);
  }
  return Write(cmd, args, Ints(io::DType::kInt16, d.out_shape, out));
}

}  // namespace

int RunMcuConv2d(const Argv& argv) { return RunConv(argv, false); }
int RunMcuDepthwiseConv2d(const Argv& argv) { return RunConv(argv, true); }
int RunMcuAvgPool(const Argv& argv) { return RunPool(argv, true); }
int RunMcuMaxPool(const Argv& argv) { return RunPool(argv, false); }

// int16 in, int16 out, by --kernel tflite (default), cmsis-nn or
// ns-cmsis-nn (CMSIS-NN's).
int McuSoftmaxS16(const char* cmd, const Args& args, const io::NpyArray& in, float scale,
                  double beta) {
  mcu::SoftmaxS16Params p;
  std::string error;
  if (!KernelOption(args, mcu::Kernel::kTflite, &p.kernel, &error)) return Fail(cmd, error);
  if (args.Get("type", "s16") != "s16") return Fail(cmd, "int16 --input gives --type s16 only");
  if (!mcu::SoftmaxS16Prepare(static_cast<float>(beta), scale, &p)) {
    return Fail(cmd, "--beta * --input-scale must be positive and quantize with a "
                     "shift in -31..31");
  }
  const std::vector<int16_t> x = Narrowed<int16_t>(in);
  const size_t depth = in.shape.back(), rows = x.size() / depth;
  std::vector<int16_t> out;
  if (!mcu::SoftmaxS16(x, rows, depth, p, &out)) {
    return Fail(cmd, "the last axis of --input is longer than 65536");
  }
  return Write(cmd, args, Ints(io::DType::kInt16, in.shape, out));
}

int RunMcuSoftmax(const Argv& argv) {
  constexpr const char* kCmd = "mcu softmax";
  Args args;
  io::NpyArray in;
  float scale;
  double beta = 1.0;
  std::string error;
  if (!args.Parse(argv, {"input", "out", "input-scale", "beta", "type", "kernel"}, {},
                  &error) ||
      !PositiveFloatOption(args, "input-scale", &scale, &error) ||
      !NumberOption(args, "beta", 1.0, &beta, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "input", io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16),
                   &in, &error)) {
    return Fail(kCmd, error);
  }
  if (in.shape.empty() || in.shape.back() == 0) {
    return Fail(kCmd, "--input must have at least one axis, the last not empty");
  }
  if (in.dtype == io::DType::kInt16) return McuSoftmaxS16(kCmd, args, in, scale, beta);
  if (args.Has("kernel")) return Fail(kCmd, "--kernel applies to int16 --input only");
  const std::string type = args.Get("type", "s8");
  if (type != "s8" && type != "s16") {
    return Fail(kCmd, "unknown --type " + Quote(type) + " (valid: s8, s16)");
  }
  mcu::SoftmaxS8Params p;
  if (!mcu::SoftmaxS8Prepare(static_cast<float>(beta), scale, &p)) {
    return Fail(kCmd, "--beta * --input-scale * 2^26 must exceed 1");
  }
  const std::vector<int8_t> x = Narrowed<int8_t>(in);
  const size_t depth = in.shape.back(), rows = x.size() / depth;
  const char* refused =
      "a row's sum of exponentials reaches 512 (TFLite's exponent check)";
  if (type == "s8") {
    std::vector<int8_t> out;
    if (!mcu::SoftmaxS8(x, rows, depth, p, &out)) return Fail(kCmd, refused);
    return Write(kCmd, args, Ints(io::DType::kInt8, in.shape, out));
  }
  std::vector<int16_t> out;
  if (!mcu::SoftmaxS8ToS16(x, rows, depth, p, &out)) return Fail(kCmd, refused);
  return Write(kCmd, args, Ints(io::DType::kInt16, in.shape, out));
}

namespace {

// "1,2" or "-1": the axes of --axis, each an integer in -8..7.
bool ParseAxes(const std::string& text, std::vector<int>* axes, std::string* error) {
  axes->clear();
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, end - start);
    char* stop = nullptr;
    const long v = strtol(item.c_str(), &stop, 10);
    if (item.empty() || *stop != '\0' || v < -8 || v > 7) {
      *error = "--axis must be integers in -8..7 separated by commas, not " + Quote(text);
      return false;
    }
    axes->push_back(static_cast<int>(v));
    start = end + 1;
  }
  return true;
}

}  // namespace

// MEAN over --axis of an int8 or int16 array, its type kept.
int RunMcuMean(const Argv& argv) {
  constexpr const char* kCmd = "mcu mean";
  Args args;
  io::NpyArray in;
  float in_scale, out_scale;
  std::vector<int> axes;
  std::string error, axis;
  if (!args.Parse(argv, {"input", "out", "axis", "input-scale", "input-zero-point",
                         "output-scale", "output-zero-point"},
                  {"keepdims"}, &error) ||
      !args.Require("axis", &axis, &error) || !ParseAxes(axis, &axes, &error) ||
      !PositiveFloatOption(args, "input-scale", &in_scale, &error) ||
      !PositiveFloatOption(args, "output-scale", &out_scale, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "input", io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16),
                   &in, &error)) {
    return Fail(kCmd, error);
  }
  const int bits = in.dtype == io::DType::kInt8 ? 8 : 16;
  std::vector<size_t> resolved;
  mcu::RequantizeOpParams p;
  if (!mcu::ResolveMeanAxes(axes, in.shape.size(), &resolved)) {
    return Fail(kCmd, "--axis " + Quote(axis) + " is outside the " +
                          std::to_string(in.shape.size()) + " axes of --input");
  }
  if (!RequantizeOptions(args, in_scale, out_scale, bits, bits, &p, &error)) {
    return Fail(kCmd, error);
  }
  std::vector<int32_t> out;
  mcu::Mean(Narrowed<int32_t>(in), in.shape, axes, p, bits, &out);
  return Write(kCmd, args,
               io::IntegerArray(in.dtype, mcu::MeanShape(in.shape, resolved, args.Has("keepdims")),
                                std::vector<int64_t>(out.begin(), out.end())));
}

int RunMcuElementwise(const Argv& argv, bool add) {
  const char* cmd = add ? "mcu add" : "mcu mul";
  Args args;
  io::NpyArray a, b;
  std::string error, s_text;
  std::vector<long> zp = {0, 0, 0};
  std::set<std::string> options = {"a",           "b",       "out",    "scales",
                                   "zero-points", "act-min", "act-max"};
  if (!add) options.insert("kernel");
  mcu::Kernel kernel;
  if (!args.Parse(argv, options, {}, &error) ||
      !KernelOption(args, mcu::Kernel::kTflite, &kernel, &error) ||
      !args.Require("scales", &s_text, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadOperand(args, "a", io::Only(io::DType::kInt8), &a, &error) ||
      !ReadOperand(args, "b", io::Only(io::DType::kInt8), &b, &error)) {
    return Fail(cmd, error);
  }
  float s[3];
  size_t start = 0;
  for (int i = 0; i < 3; ++i) {
    const size_t comma = std::min(s_text.find(',', start), s_text.size());
    double v = 0;
    if (start > s_text.size() || (i < 2) != (comma < s_text.size()) ||
        !ParseDouble(s_text.substr(start, comma - start), &v) || !(v > 0) ||
        !(static_cast<float>(v) > 0) || !(static_cast<float>(v) < INFINITY)) {
      return Fail(cmd, "--scales takes three positive binary32 numbers S1,S2,"
                       "S_OUT (got " + Quote(s_text) + ")");
    }
    s[i] = static_cast<float>(v);
    start = comma + 1;
  }
  if (args.Has("zero-points") &&
      (!ParseIntegerList(args.Get("zero-points"), INT8_MIN, INT8_MAX, &zp) ||
       zp.size() != 3)) {
    return Fail(cmd, "--zero-points takes three integers Z1,Z2,Z_OUT in "
                     "-128..127 (got " + Quote(args.Get("zero-points")) + ")");
  }
  if (a.shape != b.shape) {
    return Fail(cmd, "--a and --b must have the same shape (broadcasting is "
                     "not emulated)");
  }
  int32_t lo, hi;
  if (!IntegerClamp(args, INT8_MIN, INT8_MAX, &lo, &hi, &error)) return Fail(cmd, error);
  const int32_t z1 = static_cast<int32_t>(zp[0]), z2 = static_cast<int32_t>(zp[1]),
                zo = static_cast<int32_t>(zp[2]);
  std::vector<int8_t> out;
  if (add) {
    mcu::AddS8Params p;
    if (!mcu::AddS8Prepare(s[0], z1, s[1], z2, s[2], zo, &p)) {
      return Fail(cmd, "the scales do not give ADD's multipliers (each ratio "
                       "below 1)");
    }
    p.act_min = lo;
    p.act_max = hi;
    mcu::AddS8(Narrowed<int8_t>(a), Narrowed<int8_t>(b), p, &out);
  } else {
    mcu::MulS8Params p;
    if (!mcu::MulS8Prepare(s[0], z1, s[1], z2, s[2], zo, &p)) {
      return Fail(cmd, "the scales do not give MUL's multiplier (shift in "
                       "-31..31)");
    }
    p.act_min = lo;
    p.act_max = hi;
    p.kernel = kernel;
    mcu::MulS8(Narrowed<int8_t>(a), Narrowed<int8_t>(b), p, &out);
  }
  return Write(cmd, args, Ints(io::DType::kInt8, a.shape, out));
}

int RunMcuAdd(const Argv& argv) { return RunMcuElementwise(argv, true); }
int RunMcuMul(const Argv& argv) { return RunMcuElementwise(argv, false); }

}  // namespace cli
}  // namespace refmath
