// The row loops of softmax, log-softmax, layer norm and RMS norm, over
// any source and destination rows with Rows' interface (count, length,
// Read, WriteTarget, Flush): binary32 views (views.h) or half-precision
// ones (half_rows.h), whose rows are widened on reading and rounded on
// writing.  The arguments are checked by the caller.
#ifndef REFMATH_SRC_TENSOR_ROW_LOOPS_H_
#define REFMATH_SRC_TENSOR_ROW_LOOPS_H_

#include <stddef.h>

#include <vector>

#include "src/tensor/algorithms.h"
#include "src/tensor/checks.h"
#include "src/tensor/parallel.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {

template <class Src, class Dst>
int SoftmaxRows(const Engine& e, const Src& src, const Dst& dst, bool log) {
  const size_t n = src.length();
  return Guarded([&] {
    ParallelFor(src.count(), ThreadsFor(e.threads, src.count() * n),
                [&](size_t begin, size_t end) {
      std::vector<float> ibuf, obuf, scratch;
      for (size_t r = begin; r < end; ++r) {
        const float* x = src.Read(r, &ibuf);
        SoftmaxRow(*e.k, x, dst.WriteTarget(r, &obuf), n, log, &scratch);
        dst.Flush(r, obuf);
      }
    });
  });
}

// Layer norm (with_mean; put(r, stats) receives each row's statistics
// when want_stats) or RMS norm; scale and bias 1-D views of the row's
// length, or null.
template <class Src, class Dst, class Put>
int NormRows(const Engine& e, const Src& src, const Dst& dst,
             const refmath_tensor* scale, const refmath_tensor* bias,
             float eps, bool with_mean, bool want_stats, const Put& put) {
  const size_t n = src.length();
  return Guarded([&] {
    std::vector<float> gbuf, bbuf;
    const float* g = scale ? Rows(*scale, 0).Read(0, &gbuf) : nullptr;
    const float* b = bias ? Rows(*bias, 0).Read(0, &bbuf) : nullptr;
    ParallelFor(src.count(), ThreadsFor(e.threads, src.count() * n),
                [&](size_t begin, size_t end) {
      std::vector<float> ibuf, obuf;
      for (size_t r = begin; r < end; ++r) {
        const float* x = src.Read(r, &ibuf);
        float* y = dst.WriteTarget(r, &obuf);
        if (with_mean) {
          NormStats s;
          LayerNormRow(*e.k, x, g, b, eps, y, n, want_stats ? &s : nullptr);
          if (want_stats) put(r, s);
        } else {
          RmsNormRow(*e.k, x, g, eps, y, n);
        }
        dst.Flush(r, obuf);
      }
    });
  });
}

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_ROW_LOOPS_H_
