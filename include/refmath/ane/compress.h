// Weight compression of the ANE model (docs/ane-envelopes.md): the three
// encodings a weight can stream in besides plain fp16, their exact
// device-side reconstruction, the `auto` choice and the accuracy gate.
//
// A weight is a row-major matrix of binary32 values, one row per output
// channel.  Every reconstruction yields binary16 bit patterns, because the
// device consumes fp16 weights whatever the storage format.
#ifndef REFMATH_ANE_COMPRESS_H_
#define REFMATH_ANE_COMPRESS_H_

#include <stddef.h>
#include <stdint.h>

#include <functional>
#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// --- int8, one scale per output row.
constexpr int kInt8Max = 127;          // symmetric range, -128 unused
constexpr float kInt8MinScale = 1e-8f;  // floor of a row's scale (notes)

struct Int8Weights {
  size_t rows = 0, cols = 0;
  std::vector<int8_t> q;       // rows * cols codes
  std::vector<Half> scale;     // rows fp16 scales, as the device stores them
};

// scale = max(max|row| / 127, 1e-8) in binary32, q = clip(round-half-even(
// w / scale), -127, 127) with the quotient in binary32.  A NaN or infinite
// weight: std::invalid_argument (it has no code).
Int8Weights CompressInt8(const std::vector<float>& w, size_t rows,
                         size_t cols);
// q * fp16(scale), the product rounded once to fp16.
std::vector<Half> ReconstructInt8(const Int8Weights& c,
                                  HalfRounding rounding = {});

// --- int4 palettization, one 16-entry codebook per tensor.
constexpr int kLutEntries = 16;
constexpr int kLloydIterations = 20;       // notes
constexpr double kInt4MaxFrobenius = 0.05;  // acceptance, notes

struct Int4Weights {
  size_t count = 0;               // number of weights
  std::vector<Half> codebook;     // kLutEntries fp16 centroids
  std::vector<uint8_t> packed;    // two indices a byte, low nibble first
};

// The quantile q in [0, 1] of sorted values, linear between order
// statistics (position q * (n - 1)).
double Quantile(const std::vector<double>& sorted, double q);
// Centroids seeded at the midpoints of 17 equally spaced quantile edges,
// then kLloydIterations of nearest-centroid assignment (lowest index on a
// tie) and mean update (an empty cluster keeps its centroid).  Returns the
// final centroids in double.  An empty weight, or a NaN or infinite one:
// std::invalid_argument.
std::vector<double> LloydCentroids(const std::vector<float>& w);
Int4Weights CompressInt4(const std::vector<float>& w);
std::vector<Half> ReconstructInt4(const Int4Weights& c);
// ||recon - w||_F / ||w||_F in double (0 for an all-zero w that stays 0).
double FrobeniusRelativeError(const std::vector<float>& w,
                              const std::vector<Half>& recon);

std::vector<uint8_t> PackNibbles(const std::vector<uint8_t>& indices);
std::vector<uint8_t> UnpackNibbles(const std::vector<uint8_t>& packed,
                                   size_t count);

// --- unstructured sparsity: a presence bitmask and the fp16 nonzeros.
struct SparseWeights {
  size_t count = 0;
  std::vector<uint8_t> mask;    // bit i%8 of byte i/8 set when w[i] != 0
  std::vector<Half> values;     // fp16(w[i]) of the set bits, in order
};

// Only worthwhile (and only offered) when at most half the weights are
// nonzero.  Returns false, leaving *out alone, otherwise.  Zeros of either
// sign are absent; they come back as +0.
bool CompressSparse(const std::vector<float>& w, SparseWeights* out,
                    HalfRounding rounding = {});
std::vector<Half> ReconstructSparse(const SparseWeights& c);

// --- the accuracy gate.
constexpr double kDefaultGateTolerance = 5e-3;  // fp16 noise, spec

// max|out - ref| / max|ref| over all elements; NaN when any value is NaN,
// when an infinity makes the difference undefined, or when ref is all zero
// and out is not.
double GateRelativeError(const std::vector<double>& ref,
                         const std::vector<double>& out);
// relerr <= tol, so a NaN relerr is always refused.
bool GateAccepts(double relerr, double tol = kDefaultGateTolerance);

// --- the `auto` choice.
enum class Encoding { kFp16, kInt8, kInt4, kSparse };
const char* EncodingName(Encoding e);
// The encoding named "fp16", "int8", "int4" or "sparse"; false otherwise.
bool FindEncoding(const std::string& name, Encoding* out);

// The fp16 weight the device computes with when w ([rows, cols]) is stored
// in encoding e: WeightToHalf, or the reconstruction of CompressInt8,
// CompressInt4 or CompressSparse.  Returns false and sets *why (one line)
// when e is not offered for w: sparse with more than half the weights
// nonzero, int8 or int4 with a NaN or infinite weight.
bool EncodedWeight(Encoding e, const std::vector<float>& w, size_t rows,
                   size_t cols, std::vector<Half>* out, std::string* why);

// The model output computed with a given fp16 weight (the caller's graph).
using WeightModel = std::function<std::vector<double>(const std::vector<Half>&)>;

// The model of a linear layer on the device, y = x W^T: x [batch, cols],
// the fp16 weight W [rows, cols], one binary16 matmul with the profile's
// accumulation; the outputs' exact values.
WeightModel LinearLayerModel(const Tensor& x, size_t rows, size_t cols,
                             const Profile& p = SpecProfile());

// The gate's error of an encoded weight: the model's output with it
// against the output with the plain fp16 weight (GateRelativeError).
double EncodedGateError(const std::vector<float>& w,
                        const std::vector<Half>& encoded,
                        const WeightModel& model);

struct Choice {
  Encoding encoding = Encoding::kFp16;
  double relerr = 0;                   // gate error of the chosen encoding
  std::vector<Half> weight;            // what the device computes with
  std::string trail;                   // one line per candidate tried
};

// Candidates in the notes' order: sparse when at least half the weights are
// zero, else int4 when its Frobenius error is within kInt4MaxFrobenius,
// then int8; each is kept only if the gate accepts the model's output with
// it against the output with plain fp16 weights.  Plain fp16 otherwise.
// A weight holding a NaN or infinity is offered only sparse (its bits are
// the fp16 weight's own), never int4 or int8.
Choice ChooseEncoding(const std::vector<float>& w, size_t rows, size_t cols,
                      const WeightModel& model,
                      double tol = kDefaultGateTolerance);

// The plain fp16 weight (round to nearest even).
std::vector<Half> WeightToHalf(const std::vector<float>& w,
                               HalfRounding rounding = {});

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_COMPRESS_H_
