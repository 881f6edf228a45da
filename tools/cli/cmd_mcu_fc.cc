// refmath mcu fc: the fully connected layers of CMSIS-NN / TFLite Micro on
// the Cortex-M55 over .npy files (refmath/mcu/fully_connected.h, float_fc.h;
// docs/mcu.md "Command line").
//   mcu fc --type s8|s16|f32|f16 --input FILE --weights FILE [--bias FILE]
//          --out FILE [type options]
// input [..., C_IN] (every leading index a row: a batch, or the pixels of
// a 1x1 convolution), weights [C_OUT, C_IN], bias [C_OUT]; the output is
// [..., C_OUT] of the input's type.
#include <cmath>
#include <limits>
#include <string>

#include "refmath/binary16/binary16.h"
#include "src/mcu/fc_shapes.h"
#include "refmath/mcu/fixed_point.h"
#include "refmath/mcu/float_fc.h"
#include "refmath/mcu/fully_connected.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kCmd = "mcu fc";
// |bias| bound of the int16 path: far enough from 2^63 that no sum of
// C_IN products of |x * w| <= 2^22 can overflow the int64 accumulator.
constexpr int64_t kMaxS16Bias = int64_t{1} << 62;

const mcu::FcNames kNames = {"--input", "--weights", "--bias", "--c-out"};

// Which --type takes which option.
struct Applies {
  const char* option;
  const char* types;
};
constexpr Applies kTypeOptions[] = {
    {"multiplier", "s8 s16"},        {"shift", "s8 s16"},
    {"input-zero-point", "s8"},      {"weight-zero-point", "s8"},
    {"output-zero-point", "s8"},     {"layout", "f32 f16"},
    {"legacy", "f16"},               {"c-out", "f32 f16"},
    {"accumulation", "f32 f16"},     {"allow-approximate", "f32 f16"},
    {"kernel", "s16"},
};

bool CheckTypeOptions(const Args& args, const std::string& type, std::string* error) {
  for (const Applies& a : kTypeOptions) {
    const std::string types = std::string(" ") + a.types + " ";
    if (args.Has(a.option) && types.find(" " + type + " ") == std::string::npos) {
      *error = std::string("--") + a.option + " does not apply to --type " + type +
               " (only " + a.types + ")";
      return false;
    }
  }
  return true;
}

// The operands of --type: input, weights, optional bias, and their dims.
struct Operands {
  io::NpyArray input, weights, bias;
  bool has_bias = false;
  mcu::FcDims dims;
};

bool ReadOperands(const Args& args, io::DTypeSet in, io::DTypeSet w,
                  io::DTypeSet bias, size_t packed_c_out, Operands* o,
                  std::string* error) {
  o->has_bias = args.Has("bias");
  o->bias.shape = {0};  // no bias: no elements
  return ReadOperand(args, "input", in, &o->input, error) &&
         ReadOperand(args, "weights", w, &o->weights, error) &&
         (!o->has_bias || ReadOperand(args, "bias", bias, &o->bias, error)) &&
         mcu::FcLayerDims(o->input.shape, o->weights.shape,
                          o->has_bias ? &o->bias.shape : nullptr,
                          packed_c_out, kNames, &o->dims, error);
}

int Write(const Args& args, io::NpyArray out) {
  std::string error;
  if (!WriteOutputs(args, {{"out", std::move(out)}}, &error)) return Fail(kCmd, error);
  return kExitOk;
}

int FcS8(const Args& args) {
  Operands o;
  mcu::FcS8Params p;
  long in_zp, w_zp, out_zp;
  std::string error;
  if (!ReadOperands(args, io::Only(io::DType::kInt8), io::Only(io::DType::kInt8),
                    io::Only(io::DType::kInt32), 0, &o, &error) ||
      !ParseRequant(args, -mcu::kMaxShift, mcu::kMaxShift, o.dims.c_out, &p.requant,
                    &error) ||
      !IntegerOption(args, "input-zero-point", INT8_MIN, INT8_MAX, 0, &in_zp, &error) ||
      !IntegerOption(args, "weight-zero-point", INT8_MIN, INT8_MAX, 0, &w_zp, &error) ||
      !IntegerOption(args, "output-zero-point", INT8_MIN, INT8_MAX, 0, &out_zp, &error) ||
      !IntegerClamp(args, INT8_MIN, INT8_MAX, &p.act_min, &p.act_max, &error)) {
    return Fail(kCmd, error);
  }
  p.input_offset = static_cast<int32_t>(-in_zp);
  p.filter_offset = static_cast<int32_t>(-w_zp);
  p.output_offset = static_cast<int32_t>(out_zp);
  std::vector<int8_t> out;
  mcu::FullyConnectedS8(Narrowed<int8_t>(o.input), Narrowed<int8_t>(o.weights),
                        Narrowed<int32_t>(o.bias), o.dims.rows, o.dims.c_in,
                        o.dims.c_out, p, &out);
  return Write(args, io::IntegerArray(io::DType::kInt8, o.dims.out_shape,
                                      std::vector<int64_t>(out.begin(), out.end())));
}

int FcS16(const Args& args) {
  Operands o;
  mcu::FcS16Params p;
  std::string error;
  if (!KernelOption(args, mcu::Kernel::kCmsisNn, &p.kernel, &error)) return Fail(kCmd, error);
  const bool tflite = p.kernel == mcu::Kernel::kTflite;
  if (!ReadOperands(args, io::Only(io::DType::kInt16), io::Only(io::DType::kInt8),
                    io::Only(io::DType::kInt32) | io::Only(io::DType::kInt64), 0, &o,
                    &error) ||
      !ParseRequant(args, tflite ? -mcu::kMaxShift : mcu::kMinS64Shift,
                    tflite ? mcu::kMaxS64MultiplyShift : mcu::kMaxS64Shift, o.dims.c_out,
                    &p.requant, &error) ||
      !IntegerClamp(args, INT16_MIN, INT16_MAX, &p.act_min, &p.act_max, &error)) {
    return Fail(kCmd, error);
  }
  const std::vector<int64_t> bias = io::IntegerValues(o.bias);
  for (size_t i = 0; i < bias.size(); ++i) {
    if (bias[i] > kMaxS16Bias || bias[i] < -kMaxS16Bias) {
      return Fail(kCmd, "--bias element " + std::to_string(i) +
                            " is beyond +-2^62 (the int64 accumulator could overflow)");
    }
  }
  std::vector<int16_t> out;
  mcu::FullyConnectedS16(Narrowed<int16_t>(o.input), Narrowed<int8_t>(o.weights), bias,
                         o.dims.rows, o.dims.c_in, o.dims.c_out, p, &out);
  return Write(args, io::IntegerArray(io::DType::kInt16, o.dims.out_shape,
                                      std::vector<int64_t>(out.begin(), out.end())));
}

// The float layer's layout from --layout, --legacy, --c-out (weights given
// packed; 0 when refmath packs them) and, for "auto" on the Cortex-M55,
// --accumulation and --allow-approximate.
bool FloatLayoutOf(const Args& args, mcu::FloatLayout* layout,
                   size_t* packed_c_out, std::string* error) {
  layout->name = args.Get("layout", "auto");
  layout->legacy = args.Has("legacy");
  layout->weights_packed = args.Has("c-out");
  layout->allow_approximate = args.Has("allow-approximate");
  const std::string acc = args.Get("accumulation", "auto");
  if (!mcu::AccumulationFromName(acc, &layout->accumulation)) {
    *error = "unknown --accumulation " + Quote(acc) + " (valid: precise, fast, auto)";
    return false;
  }
  if (!mcu::CheckFloatLayout(*layout, {"--layout", "--legacy", "--c-out"}, error)) {
    return false;
  }
  long c_out = 0;
  if (!IntegerOption(args, "c-out", 1, INT32_MAX, 0, &c_out, error)) return false;
  *packed_c_out = static_cast<size_t>(c_out);
  return true;
}

// Weights in the kernel's layout: packed by refmath from [C_OUT, C_IN],
// or given packed ([ceil(C_OUT / L), C_IN, L]) and checked.
template <typename T>
bool KernelWeights(mcu::FcKernel kernel, size_t packed_c_out, size_t lanes,
                   const Operands& o, const std::vector<T>& w, std::vector<T>* out,
                   std::string* error) {
  if (kernel != mcu::FcKernel::kPacked) {
    *out = w;
    return true;
  }
  if (packed_c_out == 0) {
    *out = mcu::PackNtN(w, o.dims.c_out, o.dims.c_in, lanes);
    return true;
  }
  if (!mcu::CheckPackedWeights(o.weights.shape, o.dims.c_in, packed_c_out,
                               lanes, kNames, error)) {
    return false;
  }
  *out = w;
  return true;
}

std::vector<Half> Halves(const io::NpyArray& a) {
  return std::vector<Half>(a.bits.begin(), a.bits.end());
}

int FcFloat(const Args& args, bool half) {
  const io::DTypeSet type = io::Only(half ? io::DType::kFloat16 : io::DType::kFloat32);
  Operands o;
  mcu::FloatLayout layout;
  size_t packed_c_out;
  double lo, hi;
  std::string error;
  if (!FloatLayoutOf(args, &layout, &packed_c_out, &error) ||
      !ReadOperands(args, type, type, type, packed_c_out, &o, &error) ||
      !NumberOption(args, "act-min", -INFINITY, &lo, &error) ||
      !NumberOption(args, "act-max", INFINITY, &hi, &error)) {
    return Fail(kCmd, error);
  }
  if (lo > hi) return Fail(kCmd, "--act-min is above --act-max");
  const mcu::FcShape shape = {o.dims.rows, o.dims.c_in, o.dims.c_out};
  const mcu::FcKernel kernel = mcu::FloatKernelOf(layout, half, shape);
  if (half) {
    std::vector<Half> w, out;
    if (!KernelWeights(kernel, packed_c_out, mcu::kPackLanesF16, o, Halves(o.weights),
                       &w, &error)) {
      return Fail(kCmd, error);
    }
    mcu::FullyConnectedF16(kernel, Halves(o.input), w, Halves(o.bias), shape,
                           HalfFromDouble(lo), HalfFromDouble(hi), &out);
    return Write(args, io::Float16Array(o.dims.out_shape, out));
  }
  std::vector<float> w, out;
  if (!KernelWeights(kernel, packed_c_out, mcu::kPackLanesF32, o, io::Float32Values(o.weights), &w,
                     &error)) {
    return Fail(kCmd, error);
  }
  mcu::FullyConnectedF32(kernel, io::Float32Values(o.input), w, io::Float32Values(o.bias), shape,
                         static_cast<float>(lo), static_cast<float>(hi), &out);
  return Write(args, io::Float32Array(o.dims.out_shape, out));
}

}  // namespace

int RunMcuFc(const Argv& argv) {
  Args args;
  std::string error, type;
  if (!args.Parse(argv,
                  {"type", "input", "weights", "bias", "out", "multiplier", "shift",
                   "input-zero-point", "weight-zero-point", "output-zero-point",
                   "act-min", "act-max", "layout", "c-out", "accumulation", "kernel"},
                  {"legacy", "allow-approximate"}, &error) ||
      !args.Require("type", &type, &error)) {
    return Fail(kCmd, error);
  }
  if (type != "s8" && type != "s16" && type != "f32" && type != "f16") {
    return Fail(kCmd, "unknown --type " + Quote(type) + " (valid: s8, s16, f32, f16)");
  }
  if (!CheckTypeOptions(args, type, &error) || !CheckOutputs(args, {"out"}, &error)) {
    return Fail(kCmd, error);
  }
  if (type == "s8") return FcS8(args);
  if (type == "s16") return FcS16(args);
  return FcFloat(args, type == "f16");
}

}  // namespace cli
}  // namespace refmath
