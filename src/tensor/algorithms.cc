#include "src/tensor/algorithms.h"

#include <math.h>

#include <algorithm>

#include "src/base/bits.h"
#include "src/tensor/exact_sum.h"
#include "src/tensor/parallel.h"
#include "src/tensor/tree.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

size_t BlockCount(size_t n) { return (n + kBlock - 1) / kBlock; }

// Partials of every block by kernel(b, begin, length), then the tree.  A
// single block is its own root: rows up to kBlock long (softmax and the
// norms of typical widths) skip the partials and the thread split.  Every
// caller already runs under the IEEE environment (Guarded, ParallelFor).
template <class BlockFn>
float OverBlocks(const Engine& e, size_t n, const BlockFn& block) {
  if (n == 0) return 0.0f;
  if (n <= kBlock) return CanonicalNaN(block(0, n));
  std::vector<float> partials(BlockCount(n));
  ParallelFor(partials.size(), ThreadsFor(e.threads, n),
              [&](size_t begin, size_t end) {
                for (size_t b = begin; b < end; ++b) {
                  const size_t at = b * kBlock;
                  partials[b] = block(at, std::min(kBlock, n - at));
                }
              });
  return CanonicalNaN(PairwiseTree(partials.data(), partials.size()));
}

}  // namespace

float CanonicalNaN(float x) {
  return x == x ? x : BitsToFloat(0x7FC00000u);
}

float CanonicalSum(const Engine& e, const float* x, size_t n) {
  return OverBlocks(e, n, [&](size_t at, size_t len) {
    return e.k->block_sum(x + at, len);
  });
}

float CanonicalDot(const Engine& e, const float* x, const float* y,
                   size_t n) {
  return OverBlocks(e, n, [&](size_t at, size_t len) {
    return e.k->block_dot(x + at, y + at, len);
  });
}

// The correctly rounded sum of a contiguous part into *sum, block by
// block: the exact binary64 sum of a block's top 17 exponents by the
// kernel, the rest (and blocks near the ends of the exponent range) into
// the integer bins.  Exact either way, so the result is the same.
void ExactBlocks(const TensorKernels& k, const float* x, size_t n,
                 ExactSum* sum) {
  std::vector<float> rest(std::min(n, kBlock));
  for (size_t at = 0; at < n; at += kBlock) {
    const size_t len = std::min(kBlock, n - at);
    const int top = k.max_exponent(x + at, len);
    if (top < 40 || top > 230) {  // NaN, infinities, huge or tiny values
      sum->Add(x + at, len, 1);
      continue;
    }
    double window;
    const size_t n_rest = k.window_sum(x + at, len, top - 16, &window,
                                       rest.data());
    sum->AddSplit(window, len, rest.data(), n_rest);
  }
}

float CanonicalSquaredDeviation(const Engine& e, const float* x, float mu,
                                size_t n) {
  return OverBlocks(e, n, [&](size_t at, size_t len) {
    return e.k->block_squared_deviation(x + at, mu, len);
  });
}

float CorrectlyRoundedSum(const Engine& e, const float* x, size_t n,
                          ptrdiff_t step) {
  const size_t parts = ThreadsFor(e.threads, n);
  std::vector<ExactSum> sums(parts);
  ParallelFor(parts, parts, [&](size_t begin, size_t end) {
    for (size_t p = begin; p < end; ++p) {
      const size_t lo = n * p / parts, hi = n * (p + 1) / parts;
      const float* start = x + static_cast<ptrdiff_t>(lo) * step;
      if (step == 1) {
        ExactBlocks(*e.k, start, hi - lo, &sums[p]);
      } else {
        sums[p].Add(start, hi - lo, step);
      }
    }
  });
  for (size_t p = 1; p < parts; ++p) sums[0].Merge(sums[p]);
  return sums[0].Result();
}

namespace {

// IEEE 754-2019 maximum (minimum): NaN if either is, -0 below +0.
float Larger(float a, float b, bool max) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == b) return max == (signbit(a) != 0) ? b : a;  // zeros by sign
  return (a > b) == max ? a : b;
}

float LogSumExp(const TensorKernels& k, const float* x, size_t n,
                std::vector<float>* scratch) {
  bool any_nan = false;
  const float m = k.row_max(x, n, &any_nan);
  if (any_nan) return NAN;
  if (isinf(m)) return m;  // +inf, or a row of -inf: -inf
  scratch->resize(n);
  k.exp_shifted(x, m, scratch->data(), n);
  return m + k.log1(CanonicalSum(Engine{&k, 1}, scratch->data(), n));
}

}  // namespace

float ReduceRow(const TensorKernels& k, refmath_reduce_op op, const float* x,
                size_t n, std::vector<float>* scratch) {
  const Engine one{&k, 1};
  switch (op) {
    case REFMATH_REDUCE_MAX:
    case REFMATH_REDUCE_MIN: {
      float r = x[0];
      for (size_t i = 1; i < n; ++i) r = Larger(r, x[i], op == REFMATH_REDUCE_MAX);
      return r;
    }
    case REFMATH_REDUCE_PROD: {
      float r = 1.0f;
      for (size_t i = 0; i < n; ++i) r = r * x[i];  // in index order
      return r;
    }
    case REFMATH_REDUCE_SUM_SQUARE:
      return CanonicalDot(one, x, x, n);
    case REFMATH_REDUCE_L2:
      return sqrtf(CanonicalDot(one, x, x, n));
    case REFMATH_REDUCE_L1:
      scratch->resize(n);
      for (size_t i = 0; i < n; ++i) (*scratch)[i] = fabsf(x[i]);
      return CanonicalSum(one, scratch->data(), n);
    case REFMATH_REDUCE_LOG_SUM_EXP:
      return LogSumExp(k, x, n, scratch);
  }
  return NAN;
}

void SoftmaxRow(const TensorKernels& k, const float* x, float* out, size_t n,
                bool log, std::vector<float>* scratch) {
  bool any_nan = false;
  float m = k.row_max(x, n, &any_nan);
  if (any_nan) {
    for (size_t i = 0; i < n; ++i) out[i] = CanonicalNaN(NAN);
    return;
  }
  if (m == 0.0f) m = 0.0f;  // +0 whichever zero the max met first
  const Engine one{&k, 1};
  if (!log) {
    k.exp_shifted(x, m, out, n);
    k.divide(out, CanonicalSum(one, out, n), out, n);
    return;
  }
  scratch->resize(n);
  k.exp_shifted(x, m, scratch->data(), n);
  const float s = CanonicalSum(one, scratch->data(), n);
  k.shift_twice(x, m, k.log1(s), out, n);
}

void LayerNormRow(const TensorKernels& k, const float* x, const float* g,
                  const float* b, float eps, float* out, size_t n,
                  NormStats* stats) {
  const Engine one{&k, 1};
  const float count = static_cast<float>(n);
  const float mean = CanonicalSum(one, x, n) / count;
  // D(d, d) with d = x - mean, each d formed as the kernels form it.
  const float var = CanonicalSquaredDeviation(one, x, mean, n) / count;
  const float sigma = sqrtf(var + eps);
  if (stats != nullptr) *stats = {mean, 1.0f / sigma};
  k.normalize(x, mean, sigma, g, b, out, n);
}

void RmsNormRow(const TensorKernels& k, const float* x, const float* g,
                float eps, float* out, size_t n) {
  const Engine one{&k, 1};
  const float ms = CanonicalDot(one, x, x, n) / static_cast<float>(n);
  k.normalize(x, 0.0f, sqrtf(ms + eps), g, nullptr, out, n);  // x - (+0) = x
}

}  // namespace tensor
}  // namespace refmath
