#include "refmath/ane/half_pair.h"

#include <stdexcept>

#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {

HalfPair Split(Half t, const Profile& p) {
  const Half c = Mul(t, Round(kSplitFactor, p), p);
  const Half hi = Sub(c, Sub(c, t, p), p);
  return {hi, Sub(t, hi, p)};
}

HalfPair TwoSum(Half a, Half b, const Profile& p) {
  const Half s = Add(a, b, p);
  const Half bb = Sub(s, a, p);
  const Half e = Add(Sub(a, Sub(s, bb, p), p), Sub(b, bb, p), p);
  return {s, e};
}

HalfPair TwoProd(Half a, Half b, const Profile& p) {
  const Half prod = Mul(a, b, p);
  const HalfPair as = Split(a, p), bs = Split(b, p);
  Half e = Sub(Mul(as.hi, bs.hi, p), prod, p);
  e = Add(e, Mul(as.hi, bs.lo, p), p);
  e = Add(e, Mul(as.lo, bs.hi, p), p);
  e = Add(e, Mul(as.lo, bs.lo, p), p);
  return {prod, e};
}

HalfPair Renorm(Half s, Half e, const Profile& p) {
  const Half hi = Add(s, e, p);
  return {hi, Sub(e, Sub(hi, s, p), p)};
}

HalfPair PairedAdd(HalfPair a, HalfPair b, const Profile& p) {
  const HalfPair t = TwoSum(a.hi, b.hi, p);
  return Renorm(t.hi, Add(t.lo, Add(a.lo, b.lo, p), p), p);
}

HalfPair PairedSub(HalfPair a, HalfPair b, const Profile& p) {
  const HalfPair t = TwoSum(a.hi, Neg(b.hi, p), p);
  return Renorm(t.hi, Add(t.lo, Sub(a.lo, b.lo, p), p), p);
}

namespace {

// TwoProd of the high limbs with the cross terms folded into the error,
// before renormalisation (shared by mul and dot).
HalfPair ProductTerms(HalfPair a, HalfPair b, const Profile& p) {
  const HalfPair t = TwoProd(a.hi, b.hi, p);
  const Half cross = Add(Mul(a.hi, b.lo, p), Mul(a.lo, b.hi, p), p);
  return {t.hi, Add(t.lo, cross, p)};
}

void CheckSameShape(const Paired& a, const Paired& b, const char* op) {
  if (a.hi.shape() != b.hi.shape() || a.hi.shape() != a.lo.shape() ||
      b.hi.shape() != b.lo.shape()) {
    throw std::invalid_argument(std::string("ane::") + op +
                                ": limbs and operands must share one shape");
  }
}

template <typename Op>
Paired Elementwise(const Paired& a, const Paired& b, Op op, const char* name,
                   const Profile& p) {
  CheckSameShape(a, b, name);
  Paired out = a;
  for (size_t i = 0; i < a.hi.size(); ++i) {
    const HalfPair r = op({a.hi[i], a.lo[i]}, {b.hi[i], b.lo[i]}, p);
    out.hi[i] = r.hi;
    out.lo[i] = r.lo;
  }
  return out;
}

}  // namespace

HalfPair PairedMul(HalfPair a, HalfPair b, const Profile& p) {
  const HalfPair t = ProductTerms(a, b, p);
  return Renorm(t.hi, t.lo, p);
}

HalfPair MakePaired(Half x, const Profile& p) { return {x, Sub(x, x, p)}; }

Half PairedToHalf(HalfPair x, const Profile& p) { return Add(x.hi, x.lo, p); }

Paired Paired::Of(const Tensor& x, const Profile& p) {
  return {x, Sub(x, x, p)};
}

Paired Paired::FromDoubles(const Shape& shape, const std::vector<double>& v,
                           const Profile& p) {
  const Tensor hi = Tensor::FromDoubles(shape, v, p);
  std::vector<double> rest(v.size());
  for (size_t i = 0; i < v.size(); ++i) rest[i] = v[i] - hi.Value(i);
  return {hi, Tensor::FromDoubles(shape, rest, p)};
}

Tensor Paired::ToTensor(const Profile& p) const { return Add(hi, lo, p); }

std::vector<double> Paired::ToDoubles() const {
  std::vector<double> out = hi.ToDoubles();
  for (size_t i = 0; i < out.size(); ++i) out[i] += lo.Value(i);
  return out;
}

Paired PairedAdd(const Paired& a, const Paired& b, const Profile& p) {
  return Elementwise(a, b, [](HalfPair x, HalfPair y, const Profile& q) {
    return PairedAdd(x, y, q);
  }, "PairedAdd", p);
}

Paired PairedSub(const Paired& a, const Paired& b, const Profile& p) {
  return Elementwise(a, b, [](HalfPair x, HalfPair y, const Profile& q) {
    return PairedSub(x, y, q);
  }, "PairedSub", p);
}

Paired PairedMul(const Paired& a, const Paired& b, const Profile& p) {
  return Elementwise(a, b, [](HalfPair x, HalfPair y, const Profile& q) {
    return PairedMul(x, y, q);
  }, "PairedMul", p);
}

Paired PairedDot(const Paired& a, const Paired& b, const Profile& p) {
  const Paired terms = Elementwise(a, b, ProductTerms, "PairedDot", p);
  const Tensor sp = ReduceSumAsMatmul(terms.hi, p);
  const Tensor se = ReduceSumAsMatmul(terms.lo, p);
  Paired out{sp, se};
  for (size_t i = 0; i < sp.size(); ++i) {
    const HalfPair t = TwoSum(sp[i], se[i], p);
    const HalfPair r = Renorm(t.hi, t.lo, p);
    out.hi[i] = r.hi;
    out.lo[i] = r.lo;
  }
  return out;
}

Tensor PairedSubtract(const Tensor& a, const Tensor& b, const Profile& p) {
  return PairedSub(Paired::Of(a, p), Paired::Of(b, p), p).ToTensor(p);
}

}  // namespace ane
}  // namespace refmath
