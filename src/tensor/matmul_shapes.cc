#include "src/tensor/matmul_shapes.h"

#include <algorithm>

#include "src/tensor/parallel.h"

namespace refmath {
namespace tensor {
namespace {

// The 2-D matrix of an operand: its last two axes; a 1-D a is one row
// [1, K], a 1-D b one column [K, 1].
refmath_tensor MatrixOf(const refmath_tensor& t, bool is_a) {
  refmath_tensor m = t;
  m.ndim = 2;
  if (t.ndim == 1) {
    const size_t at = is_a ? 1 : 0;
    m.shape[at] = t.shape[0];
    m.stride[at] = t.stride[0];
    m.shape[1 - at] = 1;
    m.stride[1 - at] = 0;
  } else {
    for (size_t i = 0; i < 2; ++i) {
      m.shape[i] = t.shape[t.ndim - 2 + i];
      m.stride[i] = t.stride[t.ndim - 2 + i];
    }
  }
  return m;
}

// The size of batch axis i (of `ndim` output batch axes) in t, and t's
// step along it; 1 and 0 where t has no such axis.
size_t BatchSize(const refmath_tensor& t, size_t ndim, size_t i,
                 ptrdiff_t* step) {
  const size_t own = t.ndim >= 2 ? t.ndim - 2 : 0;
  *step = 0;
  if (i + own < ndim) return 1;
  const size_t axis = i + own - ndim;
  if (t.shape[axis] != 1) *step = t.stride[axis];
  return t.shape[axis];
}

// t's data moved by `offset` elements (a view without elements may have
// no data).
float* Shifted(const refmath_tensor& t, ptrdiff_t offset) {
  return t.data == nullptr ? nullptr : t.data + offset;
}

// The output's 2-D matrix at batch index 0.
refmath_tensor OutMatrix(const MatmulPlan& p, const refmath_tensor& out) {
  refmath_tensor m = out;
  m.ndim = 2;
  m.shape[0] = p.a.matrix.shape[0];
  m.shape[1] = p.b.matrix.shape[1];
  const size_t nd = out.ndim;
  m.stride[0] = p.a_vector ? 0 : out.stride[nd - (p.b_vector ? 1 : 2)];
  m.stride[1] = p.b_vector ? 0 : out.stride[nd - 1];
  return m;
}

}  // namespace

bool PlanMatmul(const refmath_tensor& a, const refmath_tensor& b,
                MatmulPlan* p) {
  if (a.ndim == 0 || b.ndim == 0) return false;
  p->a_vector = a.ndim == 1;
  p->b_vector = b.ndim == 1;
  p->a.matrix = MatrixOf(a, true);
  p->b.matrix = MatrixOf(b, false);
  if (p->a.matrix.shape[1] != p->b.matrix.shape[0]) return false;
  p->batch_ndim = std::max(a.ndim, b.ndim) < 2 ? 0
                                                : std::max(a.ndim, b.ndim) - 2;
  for (size_t i = 0; i < p->batch_ndim; ++i) {
    const size_t sa = BatchSize(a, p->batch_ndim, i, &p->a.batch_stride[i]);
    const size_t sb = BatchSize(b, p->batch_ndim, i, &p->b.batch_stride[i]);
    if (sa != sb && sa != 1 && sb != 1) return false;
    p->batch[i] = sa == 1 ? sb : sa;
    p->shape[i] = p->batch[i];
  }
  p->ndim = p->batch_ndim;
  if (!p->a_vector) p->shape[p->ndim++] = p->a.matrix.shape[0];
  if (!p->b_vector) p->shape[p->ndim++] = p->b.matrix.shape[1];
  return true;
}

bool HasPlanShape(const MatmulPlan& p, const refmath_tensor& out) {
  if (out.ndim != p.ndim) return false;
  for (size_t i = 0; i < p.ndim; ++i) {
    if (out.shape[i] != p.shape[i]) return false;
  }
  return true;
}

void BatchedMatmul(const Engine& e, const MatmulPlan& p,
                   const refmath_tensor& out) {
  size_t count = 1;
  for (size_t i = 0; i < p.batch_ndim; ++i) count *= p.batch[i];
  if (count == 0) return;
  const refmath_tensor c = OutMatrix(p, out);
  const size_t work = c.shape[0] * c.shape[1] *
                      std::max<size_t>(p.a.matrix.shape[1], 1);
  // Whole batch elements per thread when there are enough of them, else
  // the threads inside each element; either way no bit changes.
  const bool across = count >= e.threads;
  const Engine inner{e.k, across ? 1 : e.threads};
  ParallelFor(count, across ? ThreadsFor(e.threads, count * work) : 1,
              [&](size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      refmath_tensor a = p.a.matrix, b = p.b.matrix, o = c;
      ptrdiff_t oa = 0, ob = 0, oo = 0;
      size_t rest = r;
      for (size_t i = p.batch_ndim; i-- > 0;) {
        const ptrdiff_t at = static_cast<ptrdiff_t>(rest % p.batch[i]);
        rest /= p.batch[i];
        oa += at * p.a.batch_stride[i];
        ob += at * p.b.batch_stride[i];
        oo += at * out.stride[i];
      }
      a.data = Shifted(a, oa);
      b.data = Shifted(b, ob);
      o.data = Shifted(o, oo);
      Matmul(inner, a, b, o);
    }
  });
}

}  // namespace tensor
}  // namespace refmath
