// The measurement behind `refmath compare --op`: a backend's outputs of a
// tensor operation (softmax, log-softmax, layer norm, RMS norm, sum and
// the other reductions, matmul, attention, gemm) against the operation's true value, beside refmath's own
// results on the same inputs (the exact and fast variants, and for sum
// the correctly rounded one), and against refmath exact bit for bit.
//
// The truth of an element is its exact value rounded once to binary64:
// tensor_truth.h for the row operations; for sum the exact sum of the
// binary32 values, reduce_truth.h for mean and the other reductions, for matmul the exact dot products (every binary32
// product is exact in binary64, the sums exact); for attention the exact
// scores q.k, then / sqrt(d), the mask, softmax and the sum with V in MPFR
// at 192 bits.  Every ulp figure
// is in binary32 ulps against that double (ulp.h's UlpError), within
// 2^-29 ulp of the figure against the exact value.  With half-precision
// storage the figures are in that format's ulps.
#ifndef REFMATH_SRC_VERIFY_TENSOR_COMPARE_H_
#define REFMATH_SRC_VERIFY_TENSOR_COMPARE_H_

#include <stddef.h>

#include <string>
#include <vector>

#include "src/verify/ulp.h"

namespace refmath {

enum class TensorOp {
  kSoftmax,
  kLogSoftmax,
  kLayerNorm,
  kRmsNorm,
  kSum,
  kMatmul,
  kAttention,
  kGemm,
  kMean,
  kMax,
  kMin,
  kProd,
  kSumSquare,
  kL1Norm,
  kL2Norm,
  kLogSumExp,
  // The elementwise ops (elementwise_truth.h).
  kSilu,
  kGelu,
  kGeluTanh,
  kSoftplus,
  kSwiglu,
  kAdd,
  kRope
};

// "softmax", "log-softmax", "layer-norm", "rms-norm", "sum", "matmul",
// "attention", "gemm", "mean", "max", "min", "prod", "sum-square",
// "l1-norm", "l2-norm", "logsumexp", "silu", "gelu", "gelu-tanh",
// "softplus", "swiglu", "add", "rope" (as `refmath tensor` spells them);
// Parse also takes '_' for '-'.
const char* TensorOpName(TensorOp op);
bool ParseTensorOp(const std::string& name, TensorOp* op);
// The names above, comma-separated, for messages and help.
extern const char* const kTensorOpNames;

struct TensorCompareSpec {
  TensorOp op = TensorOp::kSoftmax;
  std::string label = "backend";  // what the report calls the backend
  // The input (matmul: A; attention: Q), the second and third (matmul:
  // B; attention: K and V), the norms' optional scale and bias (n float32
  // values each), attention's optional additive mask, the backend's
  // outputs.
  std::string in_path, in2_path, in3_path, scale_path, bias_path, mask_path,
      outputs_path;
  // The row operations' and sum's axis (negative counts from the end).
  long axis = -1;
  float eps = 1e-5f;  // the norms', as `refmath tensor` takes it
  // gemm's: alpha * A' B' + beta * C (C at in3_path, optional).
  float alpha = 1.0f, beta = 1.0f;
  bool trans_a = false, trans_b = false;
  // attention's with Q, K, V of four axes (B, H, L, d): the boolean mask
  // as float32 (a zero leaves the key out), the scale (else / sqrt(d)),
  // causal.
  std::string keep_path;
  bool has_scale = false, causal = false;
  bool interleaved = false;  // rope's pairs (2i, 2i + 1)
  float scale = 1.0f;
  // The storage format of the outputs (docs/tensor-ops.md, "Half
  // precision"): binary32, or binary16 (float16 .npy) or bfloat16 (uint16
  // .npy of bit patterns; raw files: 2-byte elements).  Each input file is
  // float32 or in that format (widened exactly), refmath's results are
  // rounded to it once, and every ulp figure is in its ulps.
  Format format = Format::kBinary32;
  // The bound on the backend's largest distance to the truth, in ulps of
  // the format; none: the verdict is "no bound set" unless a NaN/inf
  // disagreement fails it.
  bool has_max_ulp = false;
  double max_ulp = 0;
};

constexpr size_t kNoElement = static_cast<size_t>(-1);

// One set of results against the truth.
struct TensorColumn {
  std::string name;  // "backend" (the label), "refmath exact", ...
  // Elements at a finite distance (NaN where the truth is NaN counts, at
  // 0 ulp), and the NaN/inf disagreements: a NaN or an infinity where the
  // truth rounded to binary32 has none, or the reverse.
  size_t finite = 0, nan_inf_disagreements = 0;
  double max_ulp = 0, sum_ulp = 0;
  size_t at_index = kNoElement;  // first element of the maximum (C order)
  // ||y - t||_2 / ||t||_2 over the elements both finite; false when ||t||
  // is 0 or there is no such element.
  bool has_normwise = false;
  double normwise = 0;
  size_t identical_to_exact = 0;  // the same bits as refmath exact

  double MeanUlp() const { return finite ? sum_ulp / finite : 0.0; }
};

struct TensorCompareResult {
  std::vector<size_t> in_shape, in2_shape, in3_shape, out_shape;
  size_t count = 0;       // output elements
  // n of the rows (matmul: the inner dimension; attention: Lk)
  size_t row_length = 0;
  long axis = 0;  // the axis, non-negative (matmul, attention: unused)
  // The backend first, then refmath exact, fast and (sum) correctly
  // rounded.
  std::vector<TensorColumn> columns;
  // Elements where the backend is nearer the truth, refmath exact is, or
  // both are as near (the same value, or as far as binary64 tells).
  size_t backend_closer = 0, exact_closer = 0, ties = 0;
};

// Reads the files, computes refmath's results and the truth, measures.
// False with a one-line *error on an unreadable file, a dtype other than
// float32 or the format's, a bad axis, shapes that do not fit, an option the op does not
// take, or a kernel status.
bool CompareTensor(const TensorCompareSpec& spec, TensorCompareResult* out,
                   std::string* error);

// The verdict as compare_report.h's: "pass", "fail", "no bound set"; the
// exit status 1 on "fail".
const char* TensorVerdictName(const TensorCompareSpec& s,
                              const TensorCompareResult& r);
bool TensorPasses(const TensorCompareSpec& s, const TensorCompareResult& r);

// The text report the command prints, ending with its verdict line, and
// the JSON object --json writes (schema kTensorCompareSchema).
constexpr const char* kTensorCompareSchema = "refmath-compare-op/1";
std::string TensorTextReport(const TensorCompareSpec& s,
                             const TensorCompareResult& r);
std::string TensorJsonReport(const TensorCompareSpec& s,
                             const TensorCompareResult& r);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_TENSOR_COMPARE_H_
