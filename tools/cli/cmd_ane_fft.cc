// refmath ane fft | ifft: the DFT of the last axis on the ANE model as
// complex matmuls (refmath/ane/fft.h, docs/ane.md "Command line").
//   ane fft --re FILE [--im FILE] --out-re FILE --out-im FILE
//           [--method dense|staged] [--scale S] [profile options]
//   ane ifft --re FILE [--im FILE] --out-re FILE --out-im FILE
//           [--method dense|staged] [profile options]
// The device has no complex type: real and imaginary parts are separate
// arrays of the same shape (no --im: zeros).  fft: X = x W with
// W = scale exp(-2 pi i k j / n); ifft: the unscaled transform with
// exp(+2 pi i k j / n), then every element times binary16(1 / n).
#include <string>

#include "refmath/ane/fft.h"
#include "src/emulator_io/npy_tensor.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {

int RunAneFft(const Argv& argv, bool inverse) {
  const char* cmd = inverse ? "ane ifft" : "ane fft";
  Args args;
  ane::Profile p;
  ane::Tensor re, im;
  ane::ComplexTensor x;
  double scale = 1.0;
  std::string error;
  std::set<std::string> valued = {"re", "im", "out-re", "out-im", "method"};
  if (!inverse) valued.insert("scale");
  if (!args.Parse(argv, WithProfileOptions(valued), {}, &error) ||
      !ProfileFromArgs(args, &p, &error) ||
      !NumberOption(args, "scale", 1.0, &scale, &error) ||
      !CheckOutputs(args, {"out-re", "out-im"}, &error) ||
      !ReadTensorOperand(args, "re", p, &re, &error) ||
      (args.Has("im") && !ReadTensorOperand(args, "im", p, &im, &error)) ||
      !ane::DftRows(re, args.Has("im") ? &im : nullptr, "--re", "--im", &x,
                    &error)) {
    return Fail(cmd, error);
  }
  const std::string method = args.Get("method", "dense");
  if (method != "dense" && method != "staged") {
    return Fail(cmd, "unknown --method " + Quote(method) + " (valid: dense, staged)");
  }
  const bool staged = method == "staged";
  const ane::ComplexTensor y =
      inverse ? ane::InverseDft(x, staged, p)
      : staged ? ane::StagedDft(x, ane::kForward, scale, p)
               : ane::DenseDft(x, ane::kForward, scale, p);
  // Back to the input's shape (the rows are in order).
  const ane::Tensor out_re(re.shape(), y.re.data()), out_im(re.shape(), y.im.data());
  if (!WriteOutputs(args, {{"out-re", ane::TensorToNpy(out_re)},
                           {"out-im", ane::TensorToNpy(out_im)}},
                    &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
