// refmath ane: the Apple Neural Engine fp16 model (docs/ane.md).
//   ane eval --function F [--profile P] --in FILE --out FILE
//   ane functions | ane profiles
// eval reads binary16 (float16) values, .npy or raw little-endian by the
// file name ("-" for stdin / stdout, raw; src/verify/array_file.h), and
// writes one binary16 output per input, in the input's shape.
#include <stdio.h>

#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/unary.h"
#include "src/cmdline/args.h"
#include "src/verify/array_file.h"
#include "tools/cli/commands.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kCmd = "ane";
constexpr const char* kUsage =
    "usage: refmath ane eval --function F [--profile P] --in FILE --out FILE"
    " | ane functions | ane profiles";

int Eval(const Argv& argv) {
  Args args;
  std::string error, name, in_path, out_path;
  if (!args.Parse(argv, {"function", "profile", "in", "out"}, {}, &error) ||
      !args.Require("function", &name, &error) ||
      !args.Require("in", &in_path, &error) ||
      !args.Require("out", &out_path, &error)) {
    return Fail(kCmd, error);
  }
  const ane::UnaryFunction* f = ane::FindUnary(name);
  if (f == nullptr) {
    return Fail(kCmd, "unknown function " + Quote(name) +
                          " (valid: " + ane::UnaryNames() + ")");
  }
  ane::Profile profile;
  if (!ane::FindProfile(args.Get("profile", "spec"), &profile, &error)) {
    return Fail(kCmd, error);
  }
  io::NpyArray values;
  if (!io::ReadArrayFile(in_path, io::DType::kFloat16, &values, &error)) {
    return Fail(kCmd, error);
  }
  for (uint32_t& bits : values.bits) {
    bits = f->eval(static_cast<uint16_t>(bits), profile);
  }
  if (!io::WriteArrayFile(out_path, values, &error)) return Fail(kCmd, error);
  return kExitOk;
}

int List(const Argv& argv, bool functions) {
  if (argv.size() > 1) return Fail(kCmd, "unexpected argument " + Quote(argv[1]));
  if (functions) {
    for (const ane::UnaryFunction& f : ane::UnaryFunctions()) {
      printf("%-18s %s\n", f.name, f.description);
    }
  } else {
    for (const ane::Profile& p : ane::Presets()) {
      printf("%-5s %s\n", p.name, p.source);
    }
  }
  return kExitOk;
}

}  // namespace

int RunAne(const Argv& argv) {
  if (argv.empty()) return Fail(kCmd, kUsage);
  const std::string& sub = argv[0];
  if (sub == "eval") return Eval(Argv(argv.begin() + 1, argv.end()));
  if (sub == "functions") return List(argv, true);
  if (sub == "profiles") return List(argv, false);
  const Argv rest(argv.begin() + 1, argv.end());
  if (sub == "binary") return RunAneBinary(rest);
  if (sub == "select") return RunAneSelect(rest);
  if (sub == "matmul") return RunAneMatmul(rest);
  if (sub == "reduce-sum") return RunAneReduceSum(rest);
  if (sub == "reduce-max") return RunAneReduceMax(rest);
  if (sub == "cumsum") return RunAneCumsum(rest);
  if (sub == "softmax") return RunAneSoftmax(rest);
  if (sub == "reduce-mean") return RunAneReduceMean(rest);
  if (sub == "transpose") return RunAneTranspose(rest);
  if (sub == "reshape") return RunAneReshape(rest);
  if (sub == "layer-norm" || sub == "rms-norm") {
    return RunAneLayerNorm(rest, sub == "rms-norm");
  }
  if (sub == "gelu") return RunAneGelu(rest);
  if (sub == "attention") return RunAneAttention(rest);
  if (sub == "conv2d") return RunAneConv2d(rest);
  if (sub == "fft" || sub == "ifft") return RunAneFft(rest, sub == "ifft");
  if (sub == "fft2") return RunAneFft2(rest);
  if (sub == "solve") return RunAneSolve(rest);
  if (sub == "power") return RunAnePower(rest);
  if (sub == "compress") return RunAneCompress(rest);
  return Fail(kCmd, "unknown subcommand " + Quote(sub) + " (" + kUsage +
                        " | ane binary|select|matmul|reduce-sum|reduce-max|cumsum|softmax|"
                        "reduce-mean|transpose|reshape|layer-norm|rms-norm|gelu|attention|conv2d|"
                        "fft|ifft|fft2|solve|power|compress ...;"
                        " refmath help ane)");
}

}  // namespace cli
}  // namespace refmath
