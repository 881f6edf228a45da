#include "src/verify/tensor_truth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <initializer_list>
#include <memory>

#include "src/verify/mpfr.h"

namespace refmath {
namespace {

// Every finite binary32 is an integer multiple of 2^-149 below 2^128 in
// magnitude, so it fits in 277 bits as such a multiple; its square is a
// multiple of 2^-298 below 2^256 (554 bits).  A sum of n of them needs
// BitsOf(n) bits more, a product by n as many again.
constexpr mpfr_prec_t kValueBits = 277;
constexpr mpfr_prec_t kSquareBits = 554;

mpfr_prec_t BitsOf(size_t n) {
  mpfr_prec_t bits = 0;
  for (; n != 0; n >>= 1) ++bits;
  return bits;
}

// The steps above that are exact by construction say so: a rounding there
// would be a wrong precision, and every figure measured against it wrong.
void Exact(int ternary, const char* step) {
  if (ternary != 0) {
    fprintf(stderr, "tensor_truth: %s was rounded\n", step);
    abort();
  }
}

void FillNaN(double* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = NAN;
}

bool AllFinite(const float* v, size_t n) {
  if (v == nullptr) return true;
  for (size_t i = 0; i < n; ++i) {
    if (!isfinite(v[i])) return false;
  }
  return true;
}

// Sets r to q[i] * g[i] + b[i] (either factor absent when null), from q
// at kMpfrPrecision: the product is exact, the sum rounded once.
void ScaleAndShift(mpfr_ptr r, mpfr_srcptr q, const float* g, const float* b,
                   size_t i, mpfr_ptr product) {
  if (g != nullptr) {
    Exact(mpfr_mul_d(product, q, g[i], MPFR_RNDN), "q * g");
  } else {
    mpfr_set(product, q, MPFR_RNDN);  // same precision: exact
  }
  if (b != nullptr) {
    mpfr_add_d(r, product, b[i], MPFR_RNDN);
  } else {
    mpfr_set(r, product, MPFR_RNDN);
  }
}

}  // namespace

const char* RowOpName(RowOp op) {
  switch (op) {
    case RowOp::kSoftmax: return "softmax";
    case RowOp::kLogSoftmax: return "log_softmax";
    case RowOp::kLayerNorm: return "layer_norm";
    case RowOp::kRmsNorm: return "rms_norm";
  }
  return "?";
}

bool ParseRowOp(const char* name, RowOp* op) {
  for (RowOp o : {RowOp::kSoftmax, RowOp::kLogSoftmax, RowOp::kLayerNorm,
                  RowOp::kRmsNorm}) {
    if (strcmp(name, RowOpName(o)) == 0) {
      *op = o;
      return true;
    }
  }
  return false;
}

void SoftmaxTruth(const float* x, size_t n, bool log, double* y) {
  if (!AllFinite(x, n)) return FillNaN(y, n);
  size_t top = 0;  // the first maximum
  for (size_t i = 1; i < n; ++i) top = x[i] > x[top] ? i : top;
  const float m = x[top];
  // x[i] - m: two multiples of 2^-149 below 2^128, so one below 2^129.
  MpfrNumber t(kValueBits + 1), r;
  // The n exponentials are kept for the divisions.  The sum is 1 + o, o
  // the sum of the terms other than the first maximum's exp(0) = 1, so
  // that log(1 + o) = log1p(o) keeps its relative accuracy when o is
  // tiny; each of the n additions of positive terms errs by at most
  // 2^-(128+64) of the sum.
  std::unique_ptr<MpfrNumber[]> e(new MpfrNumber[n]);
  MpfrNumber others(kMpfrPrecision + 64), s(kMpfrPrecision + 64);
  mpfr_set_zero(others, 1);
  for (size_t i = 0; i < n; ++i) {
    Exact(mpfr_set_flt(t, x[i], MPFR_RNDN), "x");
    Exact(mpfr_sub_d(t, t, m, MPFR_RNDN), "x - m");
    mpfr_exp(e[i], t, MPFR_RNDN);
    if (i != top) mpfr_add(others, others, e[i], MPFR_RNDN);
  }
  mpfr_add_ui(s, others, 1, MPFR_RNDN);
  MpfrNumber c;
  if (log) mpfr_log1p(c, others, MPFR_RNDN);
  for (size_t i = 0; i < n; ++i) {
    if (log) {
      Exact(mpfr_set_flt(t, x[i], MPFR_RNDN), "x");
      Exact(mpfr_sub_d(t, t, m, MPFR_RNDN), "x - m");
      // x[i] - m <= 0 <= c: no cancellation.
      mpfr_sub(r, t, c, MPFR_RNDN);
    } else {
      mpfr_div(r, e[i], s, MPFR_RNDN);
    }
    y[i] = r.ToDouble();
  }
}

void LayerNormTruth(const float* x, size_t n, const float* g, const float* b,
                    float eps, double* y) {
  if (!AllFinite(x, n) || !AllFinite(g, n) || !AllFinite(b, n) ||
      !isfinite(eps)) {
    return FillNaN(y, n);
  }
  // mu = S / n, so x[i] - mu = D[i] / n with D[i] = n x[i] - S exact, and
  // var = T / n^3 with T = sum D[i]^2 exact.
  const mpfr_prec_t bits = BitsOf(n);
  MpfrNumber sum(kValueBits + bits), d(kValueBits + 2 * bits + 1);
  MpfrNumber square(2 * (kValueBits + 2 * bits + 1));
  MpfrNumber total(2 * (kValueBits + 2 * bits + 1) + bits);
  mpfr_set_zero(sum, 1);
  for (size_t i = 0; i < n; ++i) {
    Exact(mpfr_add_d(sum, sum, x[i], MPFR_RNDN), "sum of x");
  }
  mpfr_set_zero(total, 1);
  for (size_t i = 0; i < n; ++i) {
    Exact(mpfr_set_flt(d, x[i], MPFR_RNDN), "x");
    Exact(mpfr_mul_ui(d, d, n, MPFR_RNDN), "n x");
    Exact(mpfr_sub(d, d, sum, MPFR_RNDN), "n x - S");
    Exact(mpfr_sqr(square, d, MPFR_RNDN), "D^2");
    Exact(mpfr_add(total, total, square, MPFR_RNDN), "sum of D^2");
  }
  // sigma = sqrt(T / n^3 + eps); q[i] = D[i] / (n sigma).
  MpfrNumber n3(3 * bits), sigma, q, product(kMpfrPrecision + 24), r;
  Exact(mpfr_set_ui(n3, n, MPFR_RNDN), "n");
  Exact(mpfr_mul_ui(n3, n3, n, MPFR_RNDN), "n^2");
  Exact(mpfr_mul_ui(n3, n3, n, MPFR_RNDN), "n^3");
  mpfr_div(sigma, total, n3, MPFR_RNDN);
  mpfr_add_d(sigma, sigma, eps, MPFR_RNDN);
  mpfr_sqrt(sigma, sigma, MPFR_RNDN);
  mpfr_mul_ui(sigma, sigma, n, MPFR_RNDN);
  for (size_t i = 0; i < n; ++i) {
    Exact(mpfr_set_flt(d, x[i], MPFR_RNDN), "x");
    Exact(mpfr_mul_ui(d, d, n, MPFR_RNDN), "n x");
    Exact(mpfr_sub(d, d, sum, MPFR_RNDN), "n x - S");
    mpfr_div(q, d, sigma, MPFR_RNDN);
    ScaleAndShift(r, q, g, b, i, product);
    y[i] = r.ToDouble();
  }
}

void RmsNormTruth(const float* x, size_t n, const float* g, float eps,
                  double* y) {
  if (!AllFinite(x, n) || !AllFinite(g, n) || !isfinite(eps)) {
    return FillNaN(y, n);
  }
  MpfrNumber v(kValueBits), square(kSquareBits),
      total(kSquareBits + BitsOf(n));
  mpfr_set_zero(total, 1);
  for (size_t i = 0; i < n; ++i) {
    Exact(mpfr_set_flt(v, x[i], MPFR_RNDN), "x");
    Exact(mpfr_sqr(square, v, MPFR_RNDN), "x^2");
    Exact(mpfr_add(total, total, square, MPFR_RNDN), "sum of x^2");
  }
  MpfrNumber sigma, q, product(kMpfrPrecision + 24), r;
  mpfr_div_ui(sigma, total, n, MPFR_RNDN);
  mpfr_add_d(sigma, sigma, eps, MPFR_RNDN);
  mpfr_sqrt(sigma, sigma, MPFR_RNDN);
  for (size_t i = 0; i < n; ++i) {
    mpfr_set_flt(v, x[i], MPFR_RNDN);
    mpfr_div(q, v, sigma, MPFR_RNDN);
    ScaleAndShift(r, q, g, nullptr, i, product);
    y[i] = r.ToDouble();
  }
}

void RowTruth(RowOp op, const float* x, size_t n, const float* g,
              const float* b, float eps, double* y) {
  switch (op) {
    case RowOp::kSoftmax: return SoftmaxTruth(x, n, false, y);
    case RowOp::kLogSoftmax: return SoftmaxTruth(x, n, true, y);
    case RowOp::kLayerNorm: return LayerNormTruth(x, n, g, b, eps, y);
    case RowOp::kRmsNorm: return RmsNormTruth(x, n, g, eps, y);
  }
}

}  // namespace refmath
