// The DFT envelopes: dense and staged 1-D transforms, their inverses, 2-D
// transforms with and without the folded normalization, and the
// convolution-spectrum inverse with and without its pre-scale.
#include <complex>
#include <string>
#include <vector>

#include "refmath/ane/fft.h"
#include "src/ane/algorithms/test_matrices.h"
#include "tools/ane_envelopes/sections.h"

namespace refmath {
namespace envelopes {
namespace {

using ane::ComplexTensor;
using Cvec = std::vector<std::complex<double>>;

constexpr uint64_t kFftSeed = 0x5EED0001;    // fixed: the tables reproduce
constexpr size_t kValuesPerSize = 2048;      // rows * n, at least one row
const size_t kLengths[] = {8, 12, 16, 32, 60, 64, 128, 256, 512, 1000, 1024, 2048};
const size_t kShapes[][2] = {{8, 8}, {16, 32}, {64, 64}, {128, 128}, {256, 256}, {256, 512}};

// Values uniform in [lo, hi) (imaginary part 0 unless complex_values).
// The model rounds them to binary16 on input; the double reference
// transforms them unrounded, so the input cast is part of the error.
Cvec Uniform(size_t count, double lo, double hi, ane::Rng& rng) {
  Cvec v(count);
  for (auto& z : v) z = {rng.Uniform(lo, hi), 0.0};
  return v;
}

// Standard normal real and imaginary parts.
Cvec Gaussian(size_t count, ane::Rng& rng) {
  Cvec v(count);
  for (auto& z : v) {
    const double re = rng.Normal();
    z = {re, rng.Normal()};
  }
  return v;
}

// The dense DFT of the binary16 inputs against the binary16 twiddles,
// summed in double with no product or output rounding: the floor of a
// reference that rounds only the inputs.
Cvec InputsOnlyDft(const ComplexTensor& x, const ane::Profile& p) {
  const size_t rows = x.re.rows(), n = x.re.cols();
  const ComplexTensor w = ane::TwiddleMatrix(n, ane::kForward, 1.0, p);
  Cvec y(rows * n);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t k = 0; k < n; ++k) {
      std::complex<double> acc = 0;
      for (size_t j = 0; j < n; ++j) {
        acc += std::complex<double>(x.re.Value(r * n + j), x.im.Value(r * n + j)) *
               std::complex<double>(w.re.Value(j * n + k), w.im.Value(j * n + k));
      }
      y[r * n + k] = acc;
    }
  }
  return y;
}

std::string Factors(size_t n) {
  std::string s;
  for (size_t f : ane::StageFactors(n)) s += (s.empty() ? "" : "x") + std::to_string(f);
  return s;
}

std::string OneDimensional(const ane::Profile& p) {
  report::MarkdownTable t({"N", "stages", "dense", "staged", "dense inverse", "staged inverse",
           "dense, max-norm", "staged, max-norm", "inputs-only floor"});
  ane::Rng rng(kFftSeed);
  for (size_t n : kLengths) {
    report::Progress("fft", "1-D N = " + std::to_string(n));
    const size_t rows = n >= kValuesPerSize ? 1 : kValuesPerSize / n;
    const Cvec x = Gaussian(rows * n, rng);
    const ComplexTensor xt = ane::ToComplexTensor(x, rows, n, p);
    const Cvec fwd = ane::ReferenceDft(x, rows, n, ane::kForward);
    const Cvec inv = ane::ReferenceDft(x, rows, n, ane::kInverse, 1.0 / n);
    const Cvec dense = ane::ToComplex(ane::DenseDft(xt, ane::kForward, 1.0, p));
    const Cvec staged = ane::ToComplex(ane::StagedDft(xt, ane::kForward, 1.0, p));
    t.Row({Int(n), Factors(n), Sci(ane::NormRelativeError(fwd, dense)),
           Sci(ane::NormRelativeError(fwd, staged)),
           Sci(ane::NormRelativeError(inv, ane::ToComplex(ane::InverseDft(xt, false, p)))),
           Sci(ane::NormRelativeError(inv, ane::ToComplex(ane::InverseDft(xt, true, p)))),
           Sci(ane::MaxRelativeError(fwd, dense)), Sci(ane::MaxRelativeError(fwd, staged)),
           Sci(ane::NormRelativeError(fwd, InputsOnlyDft(xt, p)))});
  }
  return t.Markdown();
}

std::string TwoDimensional(const ane::Profile& p) {
  report::MarkdownTable t({"M x N", "dense, folded", "staged, folded", "dense, scaled at the end",
           "largest exact intermediate"});
  ane::Rng rng(kFftSeed + 1);
  for (const auto& s : kShapes) {
    const size_t m = s[0], n = s[1];
    report::Progress("fft", "2-D " + std::to_string(m) + " x " + std::to_string(n));
    const Cvec x = Uniform(m * n, 0, 1, rng);
    const ComplexTensor xt = ane::ToComplexTensor(x, m, n, p);
    const Cvec ref = ane::ReferenceDft2d(x, m, n);
    double sum = 0;  // the unscaled DC term: the largest intermediate
    for (const auto& z : x) sum += z.real();
    t.Row({Int(m) + " x " + Int(n),
           Sci(ane::NormRelativeError(ref, ane::ToComplex(ane::Dft2d(xt, false, true, p)))),
           Sci(ane::NormRelativeError(ref, ane::ToComplex(ane::Dft2d(xt, true, true, p)))),
           Sci(ane::NormRelativeError(ref, ane::ToComplex(ane::Dft2d(xt, false, false, p)))),
           Num(sum)});
  }
  return t.Markdown();
}

std::string Convolution(const ane::Profile& p) {
  report::MarkdownTable t({"N", "spectrum peak", "with s = 30000 / peak", "without pre-scale"});
  ane::Rng rng(kFftSeed + 2);
  for (size_t n : {64, 256, 512, 1024}) {
    report::Progress("fft", "convolution N = " + std::to_string(n));
    // Two positive signals: their spectra peak at the DC term, sum(x1) sum(x2).
    const Cvec a = Uniform(n, 0.5, 1, rng), b = Uniform(n, 0.5, 1, rng);
    const Cvec fa = ane::ReferenceDft(a, 1, n, ane::kForward);
    const Cvec fb = ane::ReferenceDft(b, 1, n, ane::kForward);
    Cvec y(n);
    double peak = 0;
    for (size_t k = 0; k < n; ++k) {
      y[k] = fa[k] * fb[k];
      peak = std::max(peak, std::max(std::abs(y[k].real()), std::abs(y[k].imag())));
    }
    const Cvec ref = ane::ReferenceDft(y, 1, n, ane::kInverse, 1.0 / n);
    t.Row({Int(n), Num(peak),
           Sci(ane::NormRelativeError(ref, ane::ConvolutionInverse(y, false, true, p))),
           Sci(ane::NormRelativeError(ref, ane::ConvolutionInverse(y, false, false, p)))});
  }
  return t.Markdown();
}

}  // namespace

std::string FftTables(const ane::Profile& p) {
  std::string out;
  out += "### 1-D transforms\n\n"
         "Relative error ||X - X_ref||_2 / ||X_ref||_2 against the double DFT of the "
         "unrounded inputs (re and im standard normal, " +
         std::to_string(kValuesPerSize) +
         " values per length, batched in rows; the model rounds them to binary16 on "
         "input). Inverses: unscaled transform, then times binary16(1/N), against the "
         "double inverse of the same inputs. Max-norm columns: max|X - X_ref| / "
         "max|X_ref|. Inputs-only floor: the binary16 inputs and twiddles summed in "
         "double, no product or output rounding (a reference that rounds only the "
         "inputs).\n\n";
  out += OneDimensional(p);
  out += "\n### 2-D transforms and the binary16 ceiling\n\n"
         "Real inputs uniform in [0, 1), normalized by 1/(M N). \"Folded\": 1/N in the "
         "row twiddles and 1/M in the column twiddles. \"Scaled at the end\": both "
         "passes unscaled, then one multiply by binary16(1/(M N)); its DC term reaches "
         "the sum of the inputs (last column) before the scale, and overflows once "
         "that passes the matmul ceiling.\n\n";
  out += TwoDimensional(p);
  out += "\n### Inverse of a convolution spectrum\n\n"
         "Y = DFT(a) DFT(b) for two signals uniform in [0.5, 1); the dense inverse "
         "with Y pre-scaled by s = 30000 / peak (undone on the host), and without: "
         "Y itself no longer fits in binary16 once its peak passes 65504.\n\n";
  out += Convolution(p);
  return out;
}

}  // namespace envelopes
}  // namespace refmath
