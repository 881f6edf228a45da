#include "refmath/ane/ops.h"

#include <math.h>

#include <stdexcept>
#include <string>

#include "refmath/refmath.h"
#include "src/base/text.h"

namespace refmath {
namespace ane {

double Read(Half x, const Profile& p) {
  const double v = HalfToDouble(x);
  if (p.flush_subnormals && fabs(v) < kHalfMinNormal) return copysign(0.0, v);
  return v;
}

Half Round(double x, const Profile& p) {
  return HalfFromDouble(x, p.Elementwise());
}

// Sums, differences and products of two binary16 values are exact in
// double; quotients and square roots rounded once in double round to the
// same binary16 as the exact value (half.h).
Half Add(Half a, Half b, const Profile& p) { return Round(Read(a, p) + Read(b, p), p); }
Half Sub(Half a, Half b, const Profile& p) { return Round(Read(a, p) - Read(b, p), p); }
Half Mul(Half a, Half b, const Profile& p) { return Round(Read(a, p) * Read(b, p), p); }
Half Div(Half a, Half b, const Profile& p) { return Round(Read(a, p) / Read(b, p), p); }

Half Min(Half a, Half b, const Profile& p) {
  const double x = Read(a, p), y = Read(b, p);
  if (isnan(x) || isnan(y)) return kHalfCanonicalNaN;
  if (x == y) return Round(signbit(x) ? x : y, p);  // -0 below +0
  return Round(x < y ? x : y, p);
}

Half Max(Half a, Half b, const Profile& p) {
  const double x = Read(a, p), y = Read(b, p);
  if (isnan(x) || isnan(y)) return kHalfCanonicalNaN;
  if (x == y) return Round(signbit(x) ? y : x, p);
  return Round(x > y ? x : y, p);
}

Half Neg(Half x, const Profile& p) { return Round(-Read(x, p), p); }
Half Abs(Half x, const Profile& p) { return Round(fabs(Read(x, p)), p); }
Half Square(Half x, const Profile& p) {
  const double v = Read(x, p);
  return Round(v * v, p);
}
Half Sqrt(Half x, const Profile& p) { return Round(sqrt(Read(x, p)), p); }
Half Reciprocal(Half x, const Profile& p) { return Round(1.0 / Read(x, p), p); }

// The transcendental ops: the exact fp32 kernel on the widened (and, under
// a flushing profile, flushed) input, rounded once to binary16.
Half Exp(Half x, const Profile& p) {
  return Round(refmath_expf(static_cast<float>(Read(x, p))), p);
}
Half Log(Half x, const Profile& p) {
  return Round(refmath_logf(static_cast<float>(Read(x, p))), p);
}
Half Tanh(Half x, const Profile& p) {
  return Round(refmath_tanhf(static_cast<float>(Read(x, p))), p);
}
Half Sigmoid(Half x, const Profile& p) {
  return Round(refmath_sigmoidf(static_cast<float>(Read(x, p))), p);
}

namespace {
constexpr Half kTrue = 0x3C00;  // 1.0
Half Truth(bool t) { return t ? kTrue : Half{0}; }
}  // namespace

Half Greater(Half a, Half b, const Profile& p) { return Truth(Read(a, p) > Read(b, p)); }
Half GreaterEqual(Half a, Half b, const Profile& p) { return Truth(Read(a, p) >= Read(b, p)); }
Half Less(Half a, Half b, const Profile& p) { return Truth(Read(a, p) < Read(b, p)); }
Half LessEqual(Half a, Half b, const Profile& p) { return Truth(Read(a, p) <= Read(b, p)); }
Half Equal(Half a, Half b, const Profile& p) { return Truth(Read(a, p) == Read(b, p)); }
Half NotEqual(Half a, Half b, const Profile& p) { return Truth(Read(a, p) != Read(b, p)); }

Tensor Map(const Tensor& x, UnaryOp op, const Profile& p) {
  Tensor out = x;
  for (size_t i = 0; i < out.size(); ++i) out[i] = op(x[i], p);
  return out;
}

namespace {

// The broadcast shape of a and b, right-aligned; throws on a mismatch.
Shape BroadcastShape(const Shape& a, const Shape& b) {
  const size_t rank = a.size() > b.size() ? a.size() : b.size();
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    const size_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const size_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1) {
      throw std::invalid_argument("ane: shapes " + ShapeText(a) + " and " +
                                  ShapeText(b) + " do not broadcast");
    }
    out[i] = da == 1 ? db : da;
  }
  return out;
}

// The flat index into a tensor of shape `s` (right-aligned in `out`) of the
// element at the multi-index `idx` of the broadcast shape.
size_t SourceIndex(const Shape& s, const Shape& out, const Shape& idx) {
  size_t flat = 0;
  const size_t offset = out.size() - s.size();
  for (size_t i = 0; i < s.size(); ++i) {
    flat = flat * s[i] + (s[i] == 1 ? 0 : idx[i + offset]);
  }
  return flat;
}

// The next multi-index of `shape` after *idx, in C order.
void Advance(const Shape& shape, Shape* idx) {
  for (size_t d = shape.size(); d-- > 0;) {
    if (++(*idx)[d] < shape[d]) return;
    (*idx)[d] = 0;
  }
}

}  // namespace

Tensor Map2(const Tensor& a, const Tensor& b, BinaryOp op, const Profile& p) {
  if (a.shape() == b.shape()) {
    Tensor out = a;
    for (size_t i = 0; i < out.size(); ++i) out[i] = op(a[i], b[i], p);
    return out;
  }
  const Shape shape = BroadcastShape(a.shape(), b.shape());
  Tensor out = Tensor::Filled(shape, 0);
  Shape idx(shape.size(), 0);
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = op(a[SourceIndex(a.shape(), shape, idx)],
                b[SourceIndex(b.shape(), shape, idx)], p);
    Advance(shape, &idx);
  }
  return out;
}

Tensor Select(const Tensor& cond, const Tensor& a, const Tensor& b,
              const Profile& p) {
  const Shape shape =
      BroadcastShape(BroadcastShape(cond.shape(), a.shape()), b.shape());
  Tensor out = Tensor::Filled(shape, 0);
  Shape idx(shape.size(), 0);
  for (size_t i = 0; i < out.size(); ++i) {
    const bool pick_a = Read(cond[SourceIndex(cond.shape(), shape, idx)], p) != 0;
    out[i] = pick_a ? a[SourceIndex(a.shape(), shape, idx)]
                    : b[SourceIndex(b.shape(), shape, idx)];
    Advance(shape, &idx);
  }
  return out;
}

Tensor Add(const Tensor& a, const Tensor& b, const Profile& p) { return Map2(a, b, Add, p); }
Tensor Sub(const Tensor& a, const Tensor& b, const Profile& p) { return Map2(a, b, Sub, p); }
Tensor Mul(const Tensor& a, const Tensor& b, const Profile& p) { return Map2(a, b, Mul, p); }
Tensor Div(const Tensor& a, const Tensor& b, const Profile& p) { return Map2(a, b, Div, p); }
Tensor Min(const Tensor& a, const Tensor& b, const Profile& p) { return Map2(a, b, Min, p); }
Tensor Max(const Tensor& a, const Tensor& b, const Profile& p) { return Map2(a, b, Max, p); }

Tensor Neg(const Tensor& x, const Profile& p) { return Map(x, Neg, p); }
Tensor Abs(const Tensor& x, const Profile& p) { return Map(x, Abs, p); }
Tensor Square(const Tensor& x, const Profile& p) { return Map(x, Square, p); }
Tensor Sqrt(const Tensor& x, const Profile& p) { return Map(x, Sqrt, p); }
Tensor Reciprocal(const Tensor& x, const Profile& p) { return Map(x, Reciprocal, p); }
Tensor Exp(const Tensor& x, const Profile& p) { return Map(x, Exp, p); }
Tensor Log(const Tensor& x, const Profile& p) { return Map(x, Log, p); }
Tensor Tanh(const Tensor& x, const Profile& p) { return Map(x, Tanh, p); }
Tensor Sigmoid(const Tensor& x, const Profile& p) { return Map(x, Sigmoid, p); }

}  // namespace ane
}  // namespace refmath
