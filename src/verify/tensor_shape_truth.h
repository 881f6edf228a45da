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

// ONNX Gemm on C-ordered a, b and c: A' is a [m, k] or, transposed, a
// [k, m]; B' is b [k, n] or b [n, k]; c is absent or broadcast to [m, n]
// from (), [n], [1 or m, 1 or n].
struct GemmLayout {
  size_t m = 0, k = 0, n = 0;
  bool trans_a = false, trans_b = false, has_c = false;
  std::vector<size_t> c_shape;
};

// False when the shapes do not fit; c_shape null when there is no c.
bool GemmLayoutOf(const std::vector<size_t>& a, const std::vector<size_t>& b,
                  const std::vector<size_t>* c_shape, bool trans_a,
                  bool trans_b, GemmLayout* out);

// t[i, j] = alpha * (A' B')[i, j] + beta * c[i, j], the product exact and
// the whole rounded once to binary64; a non-finite term, alpha, beta or c
// element gives the binary64 evaluation instead (NaN or an infinity).
void GemmTruth(const float* a, const float* b, const float* c, float alpha,
               float beta, const GemmLayout& l, double* t);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_TENSOR_SHAPE_TRUTH_H_
