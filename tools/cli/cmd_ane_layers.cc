// refmath ane layer-norm | rms-norm | gelu | attention | conv2d: the
// compositions of the ANE model (refmath/ane/layers.h) over .npy files
// (docs/ane.md, "Layers").
//   ane layer-norm --in FILE --out FILE [--gamma FILE] [--beta FILE]
//                  [--eps E] [--axis A] [MODEL]
//   ane rms-norm --in FILE --out FILE [--gamma FILE] [--eps E] [--axis A]
//                [MODEL]
//   ane gelu --in FILE --out FILE [--profile P]
//   ane attention --q FILE --k FILE --v FILE --out FILE [--scale S]
//                 [--causal] [MODEL]
//   ane conv2d --in FILE --weight FILE --out FILE [--stride N|H,W]
//              [--padding N|H,W] [MODEL]
// MODEL: --profile P, --accumulator fp32|exact, --tile N.  Operands as the
// other subcommands read them (float16 bits kept, float32/float64 rounded
// by the profile's input cast); results float16.  Shapes the library
// refuses are one-line errors with nothing written.
#include <math.h>

#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "refmath/ane/layers.h"
#include "src/emulator_io/npy_tensor.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr int kMaxRank = 4;
constexpr long kMaxWindow = 65535;  // stride and padding

// Parses `argv` (`valued` options with the profile options, and `flags`),
// checks --out.
bool Setup(const Argv& argv, std::set<std::string> valued,
           const std::set<std::string>& flags, Args* args, ane::Profile* p,
           std::string* error) {
  return args->Parse(argv, WithProfileOptions(std::move(valued)), flags, error) &&
         ProfileFromArgs(*args, p, error) && CheckOutputs(*args, {"out"}, error);
}

// Writes the tensor `f` computes to --out; a shape the library refuses is
// the command's one-line error, nothing written.
template <typename F>
int Write(const char* cmd, const Args& args, F f) {
  ane::Tensor t;
  try {
    t = f();
  } catch (const std::invalid_argument& e) {
    return Fail(cmd, e.what());
  }
  std::string error;
  if (!WriteOutputs(args, {{"out", ane::TensorToNpy(t)}}, &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

// --axis (default -1) and --eps (default 1e-5, finite, not negative).
bool NormOptions(const Args& args, int* axis, double* eps, std::string* error) {
  long a;
  if (!IntegerOption(args, "axis", -kMaxRank, kMaxRank - 1, -1, &a, error) ||
      !NumberOption(args, "eps", ane::kDefaultNormEps, eps, error)) {
    return false;
  }
  if (!(*eps >= 0) || !isfinite(*eps)) {
    *error = "--eps must be a finite number, not negative (got " +
             Quote(args.Get("eps")) + ")";
    return false;
  }
  *axis = static_cast<int>(a);
  return true;
}

// The tensor of --OPTION in *t if given (null if absent).
bool OptionalTensor(const Args& args, const std::string& option,
                    const ane::Profile& p, ane::Tensor* t, const ane::Tensor** out,
                    std::string* error) {
  *out = nullptr;
  if (!args.Has(option)) return true;
  if (!ReadTensorOperand(args, option, p, t, error)) return false;
  *out = t;
  return true;
}

// --OPTION N or H,W, integers in [lo, kMaxWindow].
bool PairOption(const Args& args, const std::string& option, long lo, size_t def,
                size_t* h, size_t* w, std::string* error) {
  *h = *w = def;
  if (!args.Has(option)) return true;
  std::vector<long> v;
  const std::string text = args.Get(option);
  if (!ParseIntegerList(text, lo, kMaxWindow, &v) || v.empty() || v.size() > 2) {
    *error = "--" + option + " takes N or H,W, integers in " + std::to_string(lo) +
             ".." + std::to_string(kMaxWindow) + " (got " + Quote(text) + ")";
    return false;
  }
  *h = static_cast<size_t>(v[0]);
  *w = static_cast<size_t>(v.back());
  return true;
}

}  // namespace

int RunAneLayerNorm(const Argv& argv, bool rms) {
  const char* cmd = rms ? "ane rms-norm" : "ane layer-norm";
  Args args;
  ane::Profile p;
  ane::Tensor x, g, b;
  const ane::Tensor *gamma = nullptr, *beta = nullptr;
  int axis;
  double eps;
  std::string error;
  std::set<std::string> valued = {"in", "out", "gamma", "eps", "axis"};
  if (!rms) valued.insert("beta");
  if (!Setup(argv, valued, {}, &args, &p, &error) ||
      !NormOptions(args, &axis, &eps, &error) ||
      !ReadTensorOperand(args, "in", p, &x, &error) ||
      !OptionalTensor(args, "gamma", p, &g, &gamma, &error) ||
      (!rms && !OptionalTensor(args, "beta", p, &b, &beta, &error))) {
    return Fail(cmd, error);
  }
  return Write(cmd, args, [&] {
    return rms ? ane::RmsNorm(x, gamma, eps, axis, p)
               : ane::LayerNorm(x, gamma, beta, eps, axis, p);
  });
}

int RunAneGelu(const Argv& argv) {
  constexpr const char* kCmd = "ane gelu";
  Args args;
  ane::Profile p;
  ane::Tensor x;
  std::string error;
  if (!args.Parse(argv, {"in", "out", "profile"}, {}, &error) ||
      !ane::FindProfile(args.Get("profile", "spec"), &p, &error) ||
      !CheckOutputs(args, {"out"}, &error) ||
      !ReadTensorOperand(args, "in", p, &x, &error)) {
    return Fail(kCmd, error);
  }
  return Write(kCmd, args, [&] { return ane::Gelu(x, p); });
}

int RunAneAttention(const Argv& argv) {
  constexpr const char* kCmd = "ane attention";
  Args args;
  ane::Profile p;
  ane::Tensor q, k, v;
  double scale = 0;
  std::string error;
  if (!Setup(argv, {"q", "k", "v", "out", "scale"}, {"causal"}, &args, &p, &error) ||
      !NumberOption(args, "scale", 0, &scale, &error)) {
    return Fail(kCmd, error);
  }
  if (args.Has("scale") && !(scale > 0 && isfinite(scale))) {
    return Fail(kCmd, "--scale must be a positive finite number (got " +
                          Quote(args.Get("scale")) + ")");
  }
  if (!ReadTensorOperand(args, "q", p, &q, &error) ||
      !ReadTensorOperand(args, "k", p, &k, &error) ||
      !ReadTensorOperand(args, "v", p, &v, &error)) {
    return Fail(kCmd, error);
  }
  return Write(kCmd, args, [&] {
    return ane::Attention(q, k, v, scale, args.Has("causal"), p);
  });
}

int RunAneConv2d(const Argv& argv) {
  constexpr const char* kCmd = "ane conv2d";
  Args args;
  ane::Profile p;
  ane::Tensor x, w;
  ane::Conv2dOptions o;
  std::string error;
  if (!Setup(argv, {"in", "weight", "out", "stride", "padding"}, {}, &args, &p,
             &error) ||
      !PairOption(args, "stride", 1, 1, &o.stride_h, &o.stride_w, &error) ||
      !PairOption(args, "padding", 0, 0, &o.pad_h, &o.pad_w, &error) ||
      !ReadTensorOperand(args, "in", p, &x, &error) ||
      !ReadTensorOperand(args, "weight", p, &w, &error)) {
    return Fail(kCmd, error);
  }
  return Write(kCmd, args, [&] { return ane::Conv2d(x, w, o, p); });
}

}  // namespace cli
}  // namespace refmath
