#include "src/verify/elementwise_truth.h"

#include <math.h>

#include "src/base/text.h"
#include "src/verify/mpfr.h"
#include "src/verify/reference.h"

namespace refmath {
namespace {

size_t Count(const std::vector<size_t>& shape) {
  size_t n = 1;
  for (size_t d : shape) n *= d;
  return n;
}

// Whether `small` broadcasts to `big` from the right (each of its axes 1
// or equal; it has no more axes).
bool Broadcasts(const std::vector<size_t>& small, const std::vector<size_t>& big) {
  if (small.size() > big.size()) return false;
  for (size_t k = 1; k <= small.size(); ++k) {
    const size_t s = small[small.size() - k], b = big[big.size() - k];
    if (s != 1 && s != b) return false;
  }
  return true;
}

// The element of `small` (broadcast from the right) that element i of an
// array of shape `big` (C order) reads.
size_t BroadcastIndex(size_t i, const std::vector<size_t>& big,
                      const std::vector<size_t>& small) {
  size_t index = 0, stride = 1;
  for (size_t k = 1; k <= big.size(); ++k) {
    const size_t coord = i % big[big.size() - k];
    i /= big[big.size() - k];
    if (k > small.size()) continue;
    const size_t extent = small[small.size() - k];
    if (extent != 1) index += coord * stride;
    stride *= extent;
  }
  return index;
}

refmath_function FunctionOf(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kGelu: return REFMATH_GELU_ERF;
    case ElementwiseOp::kGeluTanh: return REFMATH_GELU_TANH;
    case ElementwiseOp::kSoftplus: return REFMATH_SOFTPLUS;
    default: return REFMATH_SILU;
  }
}

// A view of an input (the C API reads it, never writes it).
refmath_tensor View(const ElementwiseOperand& o) {
  return refmath_tensor_contiguous(const_cast<float*>(o.values->data()),
                                   o.shape->size(), o.shape->data());
}

// f(x) exactly rounded once to double (its 128-bit MPFR value, rounded).
double FunctionTruth(refmath_function f, float x) {
  MpfrNumber r;
  if (!sweep::ReferenceMpfrValue(f, x, r.get())) return NAN;
  return r.ToDouble();
}

}  // namespace

size_t ElementwiseArity(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kSwiglu:
    case ElementwiseOp::kAdd: return 2;
    case ElementwiseOp::kRope: return 3;
    default: return 1;
  }
}

bool ElementwiseShapesFit(ElementwiseOp op, const ElementwiseOperand* in,
                          std::string* error) {
  const std::vector<size_t>& a = *in[0].shape;
  std::string rule;
  bool fit = true;
  if (op == ElementwiseOp::kSwiglu) {
    fit = *in[1].shape == a;
    rule = "swiglu needs gate (--in) and up (--in2) of one shape";
  } else if (op == ElementwiseOp::kAdd) {
    fit = Broadcasts(*in[1].shape, a);
    rule = "add needs b (--in2) that broadcasts to a's (--in) shape from the right";
  } else if (op == ElementwiseOp::kRope) {
    std::vector<size_t> half = a;
    fit = !a.empty() && a.back() % 2 == 0;
    if (fit) half.back() /= 2;
    fit = fit && Broadcasts(*in[1].shape, half) && Broadcasts(*in[2].shape, half);
    rule = "rope needs x (--in) with an even last axis, and cos (--in2) and sin "
           "(--in3) that broadcast to x's shape with that axis halved";
  }
  if (fit) return true;
  *error = rule + ": --in " + ShapeText(a);
  for (size_t k = 1; k < ElementwiseArity(op); ++k) {
    *error += ", --in" + std::to_string(k + 1) + " " + ShapeText(*in[k].shape);
  }
  return false;
}

int ElementwiseRefmath(ElementwiseOp op, bool interleaved,
                       const ElementwiseOperand* in,
                       const refmath_tensor_options& options,
                       std::vector<float>* y) {
  const std::vector<size_t>& shape = *in[0].shape;
  y->assign(Count(shape), 0.0f);
  const refmath_tensor out =
      refmath_tensor_contiguous(y->data(), shape.size(), shape.data());
  const refmath_tensor a = View(in[0]);
  switch (op) {
    case ElementwiseOp::kSwiglu: {
      const refmath_tensor b = View(in[1]);
      return refmath_tensor_swiglu(&a, &b, &out, &options);
    }
    case ElementwiseOp::kAdd: {
      const refmath_tensor b = View(in[1]);
      return refmath_tensor_add(&a, &b, &out, &options);
    }
    case ElementwiseOp::kRope: {
      const refmath_tensor c = View(in[1]), s = View(in[2]);
      return refmath_tensor_rope(&a, &c, &s, interleaved ? 1 : 0, &out,
                                 &options);
    }
    default: {
      const refmath_activation act =
          op == ElementwiseOp::kGelu       ? REFMATH_ACTIVATION_GELU_ERF
          : op == ElementwiseOp::kGeluTanh ? REFMATH_ACTIVATION_GELU_TANH
          : op == ElementwiseOp::kSoftplus ? REFMATH_ACTIVATION_SOFTPLUS
                                           : REFMATH_ACTIVATION_SILU;
      return refmath_tensor_activation(&a, act, &out, &options);
    }
  }
}

void ElementwiseTruth(ElementwiseOp op, bool interleaved,
                      const ElementwiseOperand* in, std::vector<double>* t) {
  const std::vector<size_t>& shape = *in[0].shape;
  const std::vector<float>& a = *in[0].values;
  t->assign(a.size(), 0.0);
  if (op == ElementwiseOp::kRope) {
    const size_t d = shape.back(), h = d / 2;
    std::vector<size_t> half = shape;
    half.back() = h;
    for (size_t p = 0; p < a.size() / 2; ++p) {  // pair p: row p / h, i = p % h
      const size_t row = p / h, i = p % h;
      const size_t j1 = row * d + (interleaved ? 2 * i : i);
      const size_t j2 = row * d + (interleaved ? 2 * i + 1 : i + h);
      const double c = (*in[1].values)[BroadcastIndex(p, half, *in[1].shape)];
      const double s = (*in[2].values)[BroadcastIndex(p, half, *in[2].shape)];
      const double x1 = a[j1], x2 = a[j2];
      (*t)[j1] = x1 * c - x2 * s;  // exact products, one rounding
      (*t)[j2] = x2 * c + x1 * s;
    }
    return;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (op == ElementwiseOp::kAdd) {
      (*t)[i] = static_cast<double>(a[i]) +
                (*in[1].values)[BroadcastIndex(i, shape, *in[1].shape)];
    } else if (op == ElementwiseOp::kSwiglu) {
      MpfrNumber r;
      if (!sweep::ReferenceMpfrValue(REFMATH_SILU, a[i], r.get())) {
        (*t)[i] = NAN;
        continue;
      }
      mpfr_mul_d(r.get(), r.get(), (*in[1].values)[i], MPFR_RNDN);
      (*t)[i] = r.ToDouble();
    } else {
      (*t)[i] = FunctionTruth(FunctionOf(op), a[i]);
    }
  }
}

}  // namespace refmath
