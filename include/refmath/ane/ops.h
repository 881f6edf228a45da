// Elementwise operations of the ANE fp16 model (docs/ane.md).  Each reads
// its binary16 operands (subnormals as zero when the profile flushes),
// computes the exact result (or one close enough that a single rounding
// gives the same binary16, see half.h) and rounds it once to binary16 with
// the profile's elementwise rounding.
//
// The native transcendental ops (exp, log, tanh, sigmoid) are modelled as
// the correctly rounded binary16 of refmath's exact fp32 kernel applied to
// the widened input: HalfFromDouble(refmath_expf(HalfToFloat(x))).  The
// device's own unit is not documented; this is the best binary16 answer
// refmath can vouch for, and the emulation is exact with respect to it.
#ifndef REFMATH_ANE_OPS_H_
#define REFMATH_ANE_OPS_H_

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// --- One value.  NaN results are the canonical NaN 0x7E00.
Half Add(Half a, Half b, const Profile& p = SpecProfile());
Half Sub(Half a, Half b, const Profile& p = SpecProfile());
Half Mul(Half a, Half b, const Profile& p = SpecProfile());
Half Div(Half a, Half b, const Profile& p = SpecProfile());
// NaN if either operand is NaN; -0 is below +0.
Half Min(Half a, Half b, const Profile& p = SpecProfile());
Half Max(Half a, Half b, const Profile& p = SpecProfile());

// Comparisons of the values read: 1 (0x3C00) if true, else +0; NaN compares
// unequal to everything, itself included, and -0 equals +0.
Half Greater(Half a, Half b, const Profile& p = SpecProfile());
Half GreaterEqual(Half a, Half b, const Profile& p = SpecProfile());
Half Less(Half a, Half b, const Profile& p = SpecProfile());
Half LessEqual(Half a, Half b, const Profile& p = SpecProfile());
Half Equal(Half a, Half b, const Profile& p = SpecProfile());
Half NotEqual(Half a, Half b, const Profile& p = SpecProfile());

Half Neg(Half x, const Profile& p = SpecProfile());
Half Abs(Half x, const Profile& p = SpecProfile());
Half Square(Half x, const Profile& p = SpecProfile());
Half Sqrt(Half x, const Profile& p = SpecProfile());
Half Reciprocal(Half x, const Profile& p = SpecProfile());
Half Exp(Half x, const Profile& p = SpecProfile());
Half Log(Half x, const Profile& p = SpecProfile());
Half Tanh(Half x, const Profile& p = SpecProfile());
Half Sigmoid(Half x, const Profile& p = SpecProfile());

// The value an op reads from a binary16 operand: the exact value, or +-0
// for a subnormal when the profile flushes.
double Read(Half x, const Profile& p);
// Rounds an exact (or once-rounded-in-double, see half.h) result with the
// profile's elementwise rounding.
Half Round(double x, const Profile& p);

// --- Tensors.  Binary ops broadcast NumPy-style: shapes are aligned on the
// right and each axis must be equal or 1 in one operand (so a scalar, a row
// or a [rows, 1] column broadcasts); otherwise std::invalid_argument.
Tensor Add(const Tensor& a, const Tensor& b, const Profile& p = SpecProfile());
Tensor Sub(const Tensor& a, const Tensor& b, const Profile& p = SpecProfile());
Tensor Mul(const Tensor& a, const Tensor& b, const Profile& p = SpecProfile());
Tensor Div(const Tensor& a, const Tensor& b, const Profile& p = SpecProfile());
Tensor Min(const Tensor& a, const Tensor& b, const Profile& p = SpecProfile());
Tensor Max(const Tensor& a, const Tensor& b, const Profile& p = SpecProfile());

Tensor Neg(const Tensor& x, const Profile& p = SpecProfile());
Tensor Abs(const Tensor& x, const Profile& p = SpecProfile());
Tensor Square(const Tensor& x, const Profile& p = SpecProfile());
Tensor Sqrt(const Tensor& x, const Profile& p = SpecProfile());
Tensor Reciprocal(const Tensor& x, const Profile& p = SpecProfile());
Tensor Exp(const Tensor& x, const Profile& p = SpecProfile());
Tensor Log(const Tensor& x, const Profile& p = SpecProfile());
Tensor Tanh(const Tensor& x, const Profile& p = SpecProfile());
Tensor Sigmoid(const Tensor& x, const Profile& p = SpecProfile());

// select(cond, a, b): a's element where cond reads nonzero (NaN included),
// else b's, the chosen element's bits copied; the three broadcast together
// as above.
Tensor Select(const Tensor& cond, const Tensor& a, const Tensor& b,
              const Profile& p = SpecProfile());

// Any unary or binary scalar op applied to every element (binary ops with
// the broadcasting above).
using UnaryOp = Half (*)(Half, const Profile&);
using BinaryOp = Half (*)(Half, Half, const Profile&);
Tensor Map(const Tensor& x, UnaryOp op, const Profile& p = SpecProfile());
Tensor Map2(const Tensor& a, const Tensor& b, BinaryOp op,
            const Profile& p = SpecProfile());

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_OPS_H_
