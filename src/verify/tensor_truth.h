// The true values of the row operations of docs/tensor-ops.md (softmax,
// log-softmax, layer norm, RMS norm): the formulas evaluated in exact
// mathematics on one row of binary32 inputs, then rounded to binary64, for
// measuring any binary32 evaluation of them in ulps.
//
// The sums are exact (every binary32 is an integer multiple of 2^-149, so
// MPFR holds each sum, difference and square without rounding at a
// precision chosen from the row length); exp, log, the divisions and sqrt
// are MPFR's at kMpfrPrecision (128) bits.  Each result is therefore within
// a few units of 2^-125 of its value relative (layer norm with a bias:
// relative to the larger of |y| and |q*g|) before the rounding to binary64,
// which then dominates: a figure in binary32 ulps measured against it is
// within 2^-29 ulp of the one measured against the exact value.
//
// The references are of finite rows: a row, scale, bias or eps holding a
// NaN or an infinity gives NaN outputs, and so does a layer or RMS norm
// whose var + eps (ms + eps) is zero (0 / 0).
#ifndef REFMATH_SRC_VERIFY_TENSOR_TRUTH_H_
#define REFMATH_SRC_VERIFY_TENSOR_TRUTH_H_

#include <stddef.h>

namespace refmath {

enum class RowOp { kSoftmax, kLogSoftmax, kLayerNorm, kRmsNorm };

// The name of an op as the tools spell it ("softmax", "log_softmax",
// "layer_norm", "rms_norm"), and back (false on an unknown name).
const char* RowOpName(RowOp op);
bool ParseRowOp(const char* name, RowOp* op);

// y[i] = exp(x[i]) / sum_j exp(x[j]) (log: x[i] - log(sum_j exp(x[j]))),
// evaluated with the row's maximum m taken out (x[i] - m, exactly), as the
// steps of docs/tensor-ops.md do.  n >= 1.
void SoftmaxTruth(const float* x, size_t n, bool log, double* y);

// mu = sum x / n, var = sum (x - mu)^2 / n, y[i] = (x[i] - mu) /
// sqrt(var + eps) * g[i] + b[i], with g and b each optional (null: none).
// n >= 1, eps >= 0.
void LayerNormTruth(const float* x, size_t n, const float* g, const float* b,
                    float eps, double* y);

// ms = sum x^2 / n, y[i] = x[i] / sqrt(ms + eps) * g[i], g optional.
void RmsNormTruth(const float* x, size_t n, const float* g, float eps,
                  double* y);

// One of the above by op: g and b are used by the norms only (b by layer
// norm only), eps by the norms only.
void RowTruth(RowOp op, const float* x, size_t n, const float* g,
              const float* b, float eps, double* y);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_TENSOR_TRUTH_H_
