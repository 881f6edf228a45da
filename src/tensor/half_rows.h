// Views of binary16 and bfloat16 elements (refmath_tensor16): their
// checks, and their rows for the row loops of row_loops.h, widened to
// binary32 when read and rounded once to the format when written
// (src/base/half_bits.h).  No other arithmetic.
#ifndef REFMATH_SRC_TENSOR_HALF_ROWS_H_
#define REFMATH_SRC_TENSOR_HALF_ROWS_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "refmath/tensor.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {

// As CheckView.
int CheckView16(const refmath_tensor16* t);

// The shape and strides of t with no data: for the shape checks of
// views.h and the row offsets of Rows.
refmath_tensor Geometry(const refmath_tensor16& t);

// Whether the bytes of two views' elements meet (either kind of view).
bool Overlap16(const refmath_tensor16& a, const refmath_tensor16& b);
bool Overlap16(const refmath_tensor16& a, const refmath_tensor* b);
bool SameView16(const refmath_tensor16& a, const refmath_tensor16& b);

// The rows of a half-precision view along `axis`, with Rows' interface:
// Read widens row r into *buf, WriteTarget is always *buf, and Flush
// rounds it into the row.
class HalfRows {
 public:
  HalfRows(const refmath_tensor16& t, size_t axis, bool binary16);
  HalfRows(const HalfRows&) = delete;
  HalfRows& operator=(const HalfRows&) = delete;
  size_t count() const { return rows_.count(); }
  size_t length() const { return rows_.length(); }
  const float* Read(size_t r, std::vector<float>* buf) const;
  float* WriteTarget(size_t r, std::vector<float>* buf) const;
  void Flush(size_t r, const std::vector<float>& buf) const;

 private:
  unsigned short* data_;
  bool binary16_;
  refmath_tensor geometry_;  // before rows_, which refers to it
  Rows rows_;
};

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_HALF_ROWS_H_
