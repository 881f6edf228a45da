// Weight compression and the accuracy gate: reconstruction errors of each
// encoding and the gate's verdict on the model output y = x W^T, for ramp,
// Gaussian and sparse weights.
#include <math.h>

#include <string>
#include <vector>

#include "refmath/ane/compress.h"
#include "refmath/ane/linalg.h"
#include "src/ane/algorithms/test_matrices.h"
#include "refmath/ane/matmul.h"
#include "tools/ane_envelopes/sections.h"

namespace refmath {
namespace envelopes {
namespace {

using ane::Tensor;

constexpr uint64_t kCompressSeed = 0x5EED0200;
constexpr size_t kRows = 64, kCols = 256, kBatch = 8;  // W: [64, 256], x: [8, 256]
constexpr double kWeightStd = 0.02;   // a typical layer's weight scale
constexpr double kSparseZeros = 0.7;  // fraction of zeros of the sparse weight
constexpr double kLooseTolerance = 0.1;  // an opted-in budget that admits int8
constexpr int kLevels = 12;  // distinct values of the already palettized weight

struct Weight {
  const char* name;
  std::vector<float> w;
};

std::vector<Weight> Weights() {
  ane::Rng rng(kCompressSeed);
  std::vector<Weight> out;
  std::vector<float> ramp(kRows * kCols), gauss(kRows * kCols), sparse(kRows * kCols);
  for (size_t i = 0; i < ramp.size(); ++i) {
    ramp[i] = static_cast<float>(-1.0 + 2.0 * i / (ramp.size() - 1));
  }
  for (float& x : gauss) x = static_cast<float>(kWeightStd * rng.Normal());
  for (float& x : sparse) {
    const double keep = rng.Uniform();
    const double v = kWeightStd * rng.Normal();
    x = keep < kSparseZeros ? 0.0f : static_cast<float>(v);
  }
  std::vector<float> levels(kRows * kCols);
  for (float& x : levels) {
    const int k = static_cast<int>(rng.Uniform() * kLevels);
    x = static_cast<float>(kWeightStd * (k - (kLevels - 1) / 2.0));
  }
  out.push_back({"ramp -1..1", ramp});
  out.push_back({"12 distinct values", levels});
  out.push_back({"Gaussian, sd 0.02", gauss});
  out.push_back({"70% zeros, Gaussian rest", sparse});
  return out;
}

std::string Gate(double relerr, double tol) {
  return Sci(relerr) + (ane::GateAccepts(relerr, tol) ? " ok" : " refused");
}

}  // namespace

std::string CompressTables(const ane::Profile& p) {
  report::Progress("compress", "encodings and the gate");
  ane::Rng rng(kCompressSeed + 1);
  std::vector<double> xv(kBatch * kCols);
  for (double& x : xv) x = rng.Normal();
  const Tensor x = Tensor::FromDoubles({kBatch, kCols}, xv, p);
  const ane::WeightModel model = ane::LinearLayerModel(x, kRows, kCols, p);
  report::MarkdownTable t({"weight", "int8 Frobenius", "int4 Frobenius", "int8 gate", "int4 gate",
           "sparse gate", "auto at 5e-3", "auto at 0.1"});
  for (const auto& w : Weights()) {
    const std::vector<double> ref = model(ane::WeightToHalf(w.w));
    const auto int8 = ane::ReconstructInt8(ane::CompressInt8(w.w, kRows, kCols));
    const auto int4 = ane::ReconstructInt4(ane::CompressInt4(w.w));
    ane::SparseWeights sw;
    const bool sparse = ane::CompressSparse(w.w, &sw);
    t.Row({w.name, Sci(ane::FrobeniusRelativeError(w.w, int8)),
           Sci(ane::FrobeniusRelativeError(w.w, int4)),
           Gate(ane::GateRelativeError(ref, model(int8)), ane::kDefaultGateTolerance),
           Gate(ane::GateRelativeError(ref, model(int4)), ane::kDefaultGateTolerance),
           sparse ? Gate(ane::GateRelativeError(ref, model(ane::ReconstructSparse(sw))),
                         ane::kDefaultGateTolerance)
                  : "not offered",
           ane::EncodingName(ane::ChooseEncoding(w.w, kRows, kCols, model).encoding),
           ane::EncodingName(
               ane::ChooseEncoding(w.w, kRows, kCols, model, kLooseTolerance).encoding)});
  }
  return "### Weight compression and the gate\n\n"
         "W: [64, 256], the model y = x W^T with x: [8, 256] standard normal, through "
         "the binary16 matmul. Frobenius: ||W_rec - W||_F / ||W||_F. Gate: "
         "max|y - y_ref| / max|y_ref| against the output with plain fp16 weights, "
         "accepted at the default tolerance 5e-3. `auto`: the first accepted of sparse "
         "(at least half zeros), int4 (Frobenius <= 0.05), int8, else fp16.\n\n" +
         t.Markdown();
}

}  // namespace envelopes
}  // namespace refmath
