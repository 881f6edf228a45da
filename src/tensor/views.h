// Strided views (refmath_tensor): validity, element counts, the rows along
// one axis, overlap, and moving a row to and from contiguous memory.  No
// arithmetic.
#ifndef REFMATH_SRC_TENSOR_VIEWS_H_
#define REFMATH_SRC_TENSOR_VIEWS_H_

#include <stddef.h>

#include <vector>

#include "refmath/tensor.h"

namespace refmath {
namespace tensor {

// A C-contiguous view (refmath_tensor or refmath_tensor16) of `data` with
// `shape`; more than REFMATH_TENSOR_MAX_DIMS axes, or no shape for some,
// gives ndim past the limit, which the checks refuse.
template <class View, class T>
View ContiguousView(T* data, size_t ndim, const size_t* shape) {
  View t = {};
  t.data = data;
  t.ndim = ndim;
  if (ndim > REFMATH_TENSOR_MAX_DIMS || (ndim > 0 && shape == nullptr)) {
    t.ndim = REFMATH_TENSOR_MAX_DIMS + 1;
    return t;
  }
  ptrdiff_t stride = 1;
  for (size_t i = ndim; i-- > 0;) {
    t.shape[i] = shape[i];
    t.stride[i] = stride;
    stride *= static_cast<ptrdiff_t>(shape[i]);
  }
  return t;
}

// REFMATH_OK, REFMATH_E_NULL_POINTER (t or, with elements, its data) or
// REFMATH_E_BAD_ARGUMENT (ndim above REFMATH_TENSOR_MAX_DIMS).
int CheckView(const refmath_tensor* t);

size_t ElementCount(const refmath_tensor& t);

// The lowest and highest element offsets (in elements, from data) of a
// view with elements; its data is not read.
void OffsetRange(const refmath_tensor& t, ptrdiff_t* lo, ptrdiff_t* hi);

// Whether two views' address ranges meet (views without elements never do).
bool Overlap(const refmath_tensor& a, const refmath_tensor& b);
// Same data, shape and strides.
bool SameView(const refmath_tensor& a, const refmath_tensor& b);

// Whether out's shape is in's without axis `skip` (skip == in.ndim: none).
bool ShapeWithout(const refmath_tensor& in, size_t skip,
                  const refmath_tensor& out);

// m as a view of `ndim` axes and `shape`, aligned from the right, each
// size-1 or missing axis repeated (stride 0), as NumPy broadcasts one
// operand to another's shape; false when it does not broadcast so.
bool BroadcastView(const refmath_tensor& m, size_t ndim, const size_t* shape,
                   refmath_tensor* out);

// The rows of a view along one axis: row r (C order over the other axes)
// starts at Base(r) and steps by `step`.
class Rows {
 public:
  Rows(const refmath_tensor& t, size_t axis);
  size_t count() const { return count_; }
  size_t length() const { return length_; }
  ptrdiff_t step() const { return step_; }  // along the axis
  // Row r's first element, in elements from data (data is not read).
  ptrdiff_t Offset(size_t r) const;
  float* Base(size_t r) const { return t_.data + Offset(r); }
  // The row as contiguous memory: the view itself when its step is 1,
  // else a copy in *buf.
  const float* Read(size_t r, std::vector<float>* buf) const;
  // Where to write row r: the view itself when its step is 1, else *buf
  // (then call Flush).
  float* WriteTarget(size_t r, std::vector<float>* buf) const;
  void Flush(size_t r, const std::vector<float>& buf) const;

 private:
  const refmath_tensor& t_;
  size_t axis_, count_, length_;
  ptrdiff_t step_;
};

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_VIEWS_H_
