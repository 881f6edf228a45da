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
//   ane fft2 --re FILE [--im FILE] --out-re FILE --out-im FILE
//            [--method dense|staged] [--no-fold] [profile options]
// fft2: the 2-D transform of the last two axes [..., m, n] normalized by
// 1 / (m n) (Dft2d): 1/n folded into the row pass's twiddles and 1/m into
// the column pass's; --no-fold: both passes unscaled, then one multiply
// by binary16(1 / (m n)).  Every leading index is a plane of its own.
#include <string>

#include "refmath/ane/fft.h"
#include "src/emulator_io/npy_tensor.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

// --method dense|staged (default dense): true for staged.
bool StagedOption(const Args& args, bool* staged, std::string* error) {
  const std::string method = args.Get("method", "dense");
  *staged = method == "staged";
  if (method == "dense" || *staged) return true;
  *error = "unknown --method " + Quote(method) + " (valid: dense, staged)";
  return false;
}

// The transform's parts, back in the input's shape (the rows are in order).
int WriteParts(const char* cmd, const Args& args, const ane::Shape& shape,
               const ane::ComplexTensor& y) {
  std::string error;
  const ane::Tensor re(shape, y.re.data()), im(shape, y.im.data());
  if (!WriteOutputs(args, {{"out-re", ane::TensorToNpy(re)},
                           {"out-im", ane::TensorToNpy(im)}},
                    &error)) {
    return Fail(cmd, error);
  }
  return kExitOk;
}

}  // namespace

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
  bool staged;
  if (!StagedOption(args, &staged, &error)) return Fail(cmd, error);
  const ane::ComplexTensor y =
      inverse ? ane::InverseDft(x, staged, p)
      : staged ? ane::StagedDft(x, ane::kForward, scale, p)
               : ane::DenseDft(x, ane::kForward, scale, p);
  return WriteParts(cmd, args, re.shape(), y);
}

int RunAneFft2(const Argv& argv) {
  constexpr const char* kCmd = "ane fft2";
  Args args;
  ane::Profile p;
  ane::Tensor re, im;
  ane::ComplexTensor x;
  size_t m;
  bool staged;
  std::string error;
  if (!args.Parse(argv, WithProfileOptions({"re", "im", "out-re", "out-im", "method"}),
                  {"no-fold"}, &error) ||
      !ProfileFromArgs(args, &p, &error) ||
      !CheckOutputs(args, {"out-re", "out-im"}, &error) ||
      !ReadTensorOperand(args, "re", p, &re, &error) ||
      (args.Has("im") && !ReadTensorOperand(args, "im", p, &im, &error)) ||
      !ane::Dft2dPlanes(re, args.Has("im") ? &im : nullptr, "--re", "--im", &x,
                        &m, &error) ||
      !StagedOption(args, &staged, &error)) {
    return Fail(kCmd, error);
  }
  return WriteParts(kCmd, args, re.shape(),
                    ane::BatchedDft2d(x, m, staged, !args.Has("no-fold"), p));
}

}  // namespace cli
}  // namespace refmath
