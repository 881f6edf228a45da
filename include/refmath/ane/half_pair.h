// Paired binary16 ("double-fp16") arithmetic of the ANE model (docs/ane.md):
// a value carried as the unevaluated sum hi + lo of two binary16 values,
// with the classic error-free transforms built from binary16 ops only.
// Every operation below is one device op: one binary16 rounding with the
// profile's elementwise rounding, in the order the model notes give.
#ifndef REFMATH_ANE_HALF_PAIR_H_
#define REFMATH_ANE_HALF_PAIR_H_

#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// Veltkamp's split factor for an 11-bit significand: 2^ceil(11/2) + 1.
constexpr double kSplitFactor = 65.0;

struct HalfPair {
  Half hi;
  Half lo;
};

// --- One value.
// split(t): c = t*65; hi = c - (c - t); lo = t - hi.  NaN for |t| >= 1008,
// where t*65 overflows binary16.
HalfPair Split(Half t, const Profile& p = SpecProfile());
// TwoSum: s = a+b; bb = s-a; e = (a-(s-bb)) + (b-bb).  s + e == a + b
// exactly when no step overflows.
HalfPair TwoSum(Half a, Half b, const Profile& p = SpecProfile());
// TwoProd: p = a*b; e = ((ah*bh - p) + ah*bl + al*bh) + al*bl, left to
// right.  Exact unless an error term falls below the binary16 normal range.
HalfPair TwoProd(Half a, Half b, const Profile& p = SpecProfile());
// Renormalise: hi = s+e; lo = e - (hi - s).
HalfPair Renorm(Half s, Half e, const Profile& p = SpecProfile());

HalfPair PairedAdd(HalfPair a, HalfPair b, const Profile& p = SpecProfile());
HalfPair PairedSub(HalfPair a, HalfPair b, const Profile& p = SpecProfile());
// lo*lo is dropped.
HalfPair PairedMul(HalfPair a, HalfPair b, const Profile& p = SpecProfile());
// paired(x): hi = x, lo = x - x (NaN when x is infinite).
HalfPair MakePaired(Half x, const Profile& p = SpecProfile());
// to_tensor(): hi + lo, rounded once.
Half PairedToHalf(HalfPair x, const Profile& p = SpecProfile());

// --- Tensors: both limbs of the same shape.
struct Paired {
  Tensor hi;
  Tensor lo;

  // paired(x).
  static Paired Of(const Tensor& x, const Profile& p = SpecProfile());
  // hi = fp16(v), lo = fp16(v - hi): a value known to higher precision
  // upstream (the "regime B" inputs of the notes).
  static Paired FromDoubles(const Shape& shape, const std::vector<double>& v,
                            const Profile& p = SpecProfile());
  // to_tensor(): hi + lo.
  Tensor ToTensor(const Profile& p = SpecProfile()) const;
  // The exact value hi + lo of every element.
  std::vector<double> ToDoubles() const;
};

Paired PairedAdd(const Paired& a, const Paired& b, const Profile& p = SpecProfile());
Paired PairedSub(const Paired& a, const Paired& b, const Profile& p = SpecProfile());
Paired PairedMul(const Paired& a, const Paired& b, const Profile& p = SpecProfile());

// Compensated dot product along the last axis (a and b of the same shape;
// the result keeps the axis with length 1): TwoProd of each element plus
// the cross terms a.hi*b.lo + a.lo*b.hi into the error; the product stream
// and the error stream are each summed by the wide matmul (@ ones, output
// rounded to binary16); then TwoSum of the two sums and renormalise.
Paired PairedDot(const Paired& a, const Paired& b, const Profile& p = SpecProfile());

// One a - b carried through the paired arithmetic, returned as plain
// binary16: (paired(a) - paired(b)).to_tensor().
Tensor PairedSubtract(const Tensor& a, const Tensor& b,
                      const Profile& p = SpecProfile());

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_HALF_PAIR_H_
