#include "src/tensor/half_rows.h"

#include "src/base/bits.h"
#include "src/base/half_bits.h"

namespace refmath {
namespace tensor {
namespace {

// [lo, hi): the bytes a view of `size`-byte elements spans; empty without
// elements.
void Bytes(const void* data, size_t size, const refmath_tensor& g,
           uintptr_t* lo, uintptr_t* hi) {
  *lo = *hi = 0;
  if (ElementCount(g) == 0) return;
  ptrdiff_t min_off, max_off;
  OffsetRange(g, &min_off, &max_off);
  const uintptr_t base = reinterpret_cast<uintptr_t>(data);
  const intptr_t s = static_cast<intptr_t>(size);
  *lo = base + static_cast<uintptr_t>(min_off * s);
  *hi = base + static_cast<uintptr_t>((max_off + 1) * s);
}

bool Meet(uintptr_t alo, uintptr_t ahi, uintptr_t blo, uintptr_t bhi) {
  return alo < ahi && blo < bhi && alo < bhi && blo < ahi;
}

}  // namespace

int CheckView16(const refmath_tensor16* t) {
  if (t == nullptr) return REFMATH_E_NULL_POINTER;
  if (t->ndim > REFMATH_TENSOR_MAX_DIMS) return REFMATH_E_BAD_ARGUMENT;
  const refmath_tensor g = Geometry(*t);
  if (t->data == nullptr && ElementCount(g) > 0) return REFMATH_E_NULL_POINTER;
  return REFMATH_OK;
}

refmath_tensor Geometry(const refmath_tensor16& t) {
  refmath_tensor g = {};
  g.ndim = t.ndim;
  for (size_t i = 0; i < t.ndim && i < REFMATH_TENSOR_MAX_DIMS; ++i) {
    g.shape[i] = t.shape[i];
    g.stride[i] = t.stride[i];
  }
  return g;
}

bool Overlap16(const refmath_tensor16& a, const refmath_tensor16& b) {
  uintptr_t alo, ahi, blo, bhi;
  Bytes(a.data, sizeof *a.data, Geometry(a), &alo, &ahi);
  Bytes(b.data, sizeof *b.data, Geometry(b), &blo, &bhi);
  return Meet(alo, ahi, blo, bhi);
}

bool Overlap16(const refmath_tensor16& a, const refmath_tensor* b) {
  if (b == nullptr) return false;
  uintptr_t alo, ahi, blo, bhi;
  Bytes(a.data, sizeof *a.data, Geometry(a), &alo, &ahi);
  Bytes(b->data, sizeof *b->data, *b, &blo, &bhi);
  return Meet(alo, ahi, blo, bhi);
}

bool SameView16(const refmath_tensor16& a, const refmath_tensor16& b) {
  if (a.data != b.data) return false;
  const refmath_tensor ga = Geometry(a), gb = Geometry(b);
  return SameView(ga, gb);
}

HalfRows::HalfRows(const refmath_tensor16& t, size_t axis, bool binary16)
    : data_(t.data), binary16_(binary16), geometry_(Geometry(t)),
      rows_(geometry_, axis) {}

namespace {

// The conversions of n elements, src[i * step] to dst[i * step]; a step
// of 1 is its own loop, which the compiler vectorizes.
template <class From, class To, class Fn>
void ConvertRow(const From* src, ptrdiff_t src_step, To* dst, ptrdiff_t dst_step,
             size_t n, const Fn& f) {
  if (src_step == 1 && dst_step == 1) {
    for (size_t i = 0; i < n; ++i) dst[i] = f(src[i]);
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    const ptrdiff_t k = static_cast<ptrdiff_t>(i);
    dst[k * dst_step] = f(src[k * src_step]);
  }
}

}  // namespace

const float* HalfRows::Read(size_t r, std::vector<float>* buf) const {
  buf->resize(length());
  const unsigned short* p = data_ + rows_.Offset(r);
  if (binary16_) {
    ConvertRow(p, rows_.step(), buf->data(), 1, length(), [](uint16_t h) {
      return BitsToFloat(Binary16ToFloatBits(h));
    });
  } else {
    ConvertRow(p, rows_.step(), buf->data(), 1, length(), [](uint16_t h) {
      return BitsToFloat(Bfloat16ToFloatBits(h));
    });
  }
  return buf->data();
}

float* HalfRows::WriteTarget(size_t, std::vector<float>* buf) const {
  buf->resize(length());
  return buf->data();
}

void HalfRows::Flush(size_t r, const std::vector<float>& buf) const {
  unsigned short* p = data_ + rows_.Offset(r);
  if (binary16_) {
    ConvertRow(buf.data(), 1, p, rows_.step(), length(), [](float v) {
      return FloatBitsToBinary16(FloatBits(v));
    });
  } else {
    ConvertRow(buf.data(), 1, p, rows_.step(), length(), [](float v) {
      return FloatBitsToBfloat16(FloatBits(v));
    });
  }
}

}  // namespace tensor
}  // namespace refmath
