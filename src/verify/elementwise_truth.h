// The true values of the tensor layer's elementwise operations
// (docs/tensor-ops.md, "Elementwise") for `refmath compare --op`: each
// element's exact value rounded once to binary64.  silu, softplus and the
// GELUs from their MPFR references (reference.h, 128 bits); swiglu as
// that silu times up in MPFR; add and RoPE by one binary64 operation on
// exact operands (a binary32 sum, product or difference of two binary32
// products is the exact value rounded once).
#ifndef REFMATH_SRC_VERIFY_ELEMENTWISE_TRUTH_H_
#define REFMATH_SRC_VERIFY_ELEMENTWISE_TRUTH_H_

#include <stddef.h>

#include <string>
#include <vector>

#include "refmath/tensor.h"

namespace refmath {

enum class ElementwiseOp { kSilu, kGelu, kGeluTanh, kSoftplus, kSwiglu, kAdd, kRope };

// An operand: its values in C order and its shape.
struct ElementwiseOperand {
  const std::vector<float>* values;
  const std::vector<size_t>* shape;
};

// How many of --in, --in2, --in3 the op reads (1, 2 or 3).
size_t ElementwiseArity(ElementwiseOp op);

// Whether the operands' shapes fit (the output has a's shape): swiglu's
// two of one shape, add's b broadcast to a from the right, RoPE's x with
// an even last axis and cos and sin broadcast to it with that axis
// halved.  False with *error naming the shapes and the rule.
bool ElementwiseShapesFit(ElementwiseOp op, const ElementwiseOperand* in,
                          std::string* error);

// refmath's result through the C API (refmath_tensor_activation, _swiglu,
// _add, _rope), into y (a's count); the call's status.
int ElementwiseRefmath(ElementwiseOp op, bool interleaved,
                       const ElementwiseOperand* in,
                       const refmath_tensor_options& options,
                       std::vector<float>* y);

// The truth of every output element, into t (a's count).
void ElementwiseTruth(ElementwiseOp op, bool interleaved,
                      const ElementwiseOperand* in, std::vector<double>* t);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_ELEMENTWISE_TRUTH_H_
