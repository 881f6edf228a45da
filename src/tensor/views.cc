#include "src/tensor/views.h"

namespace refmath {
namespace tensor {

int CheckView(const refmath_tensor* t) {
  if (t == nullptr) return REFMATH_E_NULL_POINTER;
  if (t->ndim > REFMATH_TENSOR_MAX_DIMS) return REFMATH_E_BAD_ARGUMENT;
  if (t->data == nullptr && ElementCount(*t) > 0) return REFMATH_E_NULL_POINTER;
  return REFMATH_OK;
}

size_t ElementCount(const refmath_tensor& t) {
  size_t n = 1;
  for (size_t i = 0; i < t.ndim; ++i) n *= t.shape[i];
  return n;
}

void OffsetRange(const refmath_tensor& t, ptrdiff_t* lo, ptrdiff_t* hi) {
  *lo = *hi = 0;
  for (size_t i = 0; i < t.ndim; ++i) {
    const ptrdiff_t span = static_cast<ptrdiff_t>(t.shape[i] - 1) * t.stride[i];
    if (span < 0) *lo += span; else *hi += span;
  }
}

namespace {

// The lowest and highest element addresses of a view with elements.
void AddressRange(const refmath_tensor& t, const float** lo,
                  const float** hi) {
  ptrdiff_t min_off, max_off;
  OffsetRange(t, &min_off, &max_off);
  *lo = t.data + min_off;
  *hi = t.data + max_off;
}

}  // namespace

bool Overlap(const refmath_tensor& a, const refmath_tensor& b) {
  if (ElementCount(a) == 0 || ElementCount(b) == 0) return false;
  const float *alo, *ahi, *blo, *bhi;
  AddressRange(a, &alo, &ahi);
  AddressRange(b, &blo, &bhi);
  return alo <= bhi && blo <= ahi;
}

bool SameView(const refmath_tensor& a, const refmath_tensor& b) {
  if (a.data != b.data || a.ndim != b.ndim) return false;
  for (size_t i = 0; i < a.ndim; ++i) {
    if (a.shape[i] != b.shape[i] || a.stride[i] != b.stride[i]) return false;
  }
  return true;
}

bool ShapeWithout(const refmath_tensor& in, size_t skip,
                  const refmath_tensor& out) {
  const size_t want = skip < in.ndim ? in.ndim - 1 : in.ndim;
  if (out.ndim != want) return false;
  for (size_t i = 0, o = 0; i < in.ndim; ++i) {
    if (i == skip) continue;
    if (out.shape[o++] != in.shape[i]) return false;
  }
  return true;
}

bool BroadcastView(const refmath_tensor& m, size_t ndim, const size_t* shape,
                   refmath_tensor* out) {
  if (m.ndim > ndim || ndim > REFMATH_TENSOR_MAX_DIMS) return false;
  *out = m;
  out->ndim = ndim;
  for (size_t back = 0; back < ndim; ++back) {
    const size_t axis = ndim - 1 - back;
    out->shape[axis] = shape[axis];
    out->stride[axis] = 0;
    if (back >= m.ndim) continue;
    const size_t from = m.ndim - 1 - back;
    if (m.shape[from] != 1 && m.shape[from] != shape[axis]) return false;
    if (m.shape[from] != 1) out->stride[axis] = m.stride[from];
  }
  return true;
}

Rows::Rows(const refmath_tensor& t, size_t axis)
    : t_(t), axis_(axis), count_(1), length_(1), step_(0) {
  for (size_t i = 0; i < t.ndim; ++i) {
    if (i == axis) continue;
    count_ *= t.shape[i];
  }
  if (axis < t.ndim) {
    length_ = t.shape[axis];
    step_ = t.stride[axis];
  }
}

ptrdiff_t Rows::Offset(size_t r) const {
  ptrdiff_t off = 0;
  for (size_t i = t_.ndim; i-- > 0;) {
    if (i == axis_) continue;
    off += static_cast<ptrdiff_t>(r % t_.shape[i]) * t_.stride[i];
    r /= t_.shape[i];
  }
  return off;
}

const float* Rows::Read(size_t r, std::vector<float>* buf) const {
  const float* p = Base(r);
  if (step_ == 1) return p;
  buf->resize(length_);
  for (size_t i = 0; i < length_; ++i) {
    (*buf)[i] = p[static_cast<ptrdiff_t>(i) * step_];
  }
  return buf->data();
}

float* Rows::WriteTarget(size_t r, std::vector<float>* buf) const {
  if (step_ == 1) return Base(r);
  buf->resize(length_);
  return buf->data();
}

void Rows::Flush(size_t r, const std::vector<float>& buf) const {
  if (step_ == 1) return;
  float* p = Base(r);
  for (size_t i = 0; i < length_; ++i) {
    p[static_cast<ptrdiff_t>(i) * step_] = buf[i];
  }
}

}  // namespace tensor
}  // namespace refmath
