// The truths of the tensor operations with batch shapes (compare --op):
// numpy.matmul's shape rule on C-ordered arrays, worked out here apart
// from the library's, and the exact products of every batch element.
#ifndef REFMATH_SRC_VERIFY_TENSOR_SHAPE_TRUTH_H_
#define REFMATH_SRC_VERIFY_TENSOR_SHAPE_TRUTH_H_

#include <stddef.h>

#include <vector>

namespace refmath {

// a @ b for C-ordered a and b of the given shapes: the result's shape, the
// matrix sizes (a 1-D a is one row, a 1-D b one column), and for each
// batch element (C order) the offset of its matrix in a and in b.
struct MatmulLayout {
  std::vector<size_t> out_shape;
  size_t m = 0, k = 0, n = 0;
  std::vector<size_t> a_offset, b_offset;
};

// False when the shapes do not fit numpy.matmul's rule (a 0-d operand,
// unequal K, batch axes that do not broadcast).
bool MatmulLayoutOf(const std::vector<size_t>& a,
                    const std::vector<size_t>& b, MatmulLayout* out);

// t = the exact value of every element of a @ b rounded once to binary64
// (a non-finite product gives the binary64 sum of the products).
void MatmulTruth(const float* a, const float* b, const MatmulLayout& l,
                 double* t);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_TENSOR_SHAPE_TRUTH_H_
