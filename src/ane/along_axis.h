// The model's ops along any axis from their last-axis form: the axis moved
// to the end (Transpose, no rounding), the op, and the axis moved back.
#ifndef REFMATH_SRC_ANE_ALONG_AXIS_H_
#define REFMATH_SRC_ANE_ALONG_AXIS_H_

#include "refmath/ane/matmul.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

// f (a last-axis op) applied along `axis`; a bad axis is AxisIndex's
// std::invalid_argument.
template <typename F>
Tensor AlongAxis(const Tensor& x, int axis, F f) {
  const int last = static_cast<int>(x.rank()) - 1;
  const int a = static_cast<int>(AxisIndex(x, axis));
  if (a == last) return f(x);
  return Transpose(f(Transpose(x, a, last)), a, last);
}

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_ALONG_AXIS_H_
