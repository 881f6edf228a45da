#include "refmath/binary16/arith.h"

#include <cmath>

namespace refmath {

Half HalfFma(Half a, Half b, Half c) {
  const double da = HalfToDouble(a), db = HalfToDouble(b),
               dc = HalfToDouble(c);
  const double product = da * db;  // 11 x 11 bits: exact
  if (!std::isfinite(product) || !std::isfinite(dc)) {
    return HalfFromDouble(product + dc);  // inf/NaN rules are exact
  }
  // TwoSum: sum + error == product + dc exactly.
  const double sum = product + dc;
  const double b_virtual = sum - product;
  const double a_virtual = sum - b_virtual;
  const double error = (product - a_virtual) + (dc - b_virtual);
  double nudged = sum;
  if (error != 0) {
    // The exact value lies strictly between sum and its neighbour towards
    // the error.  Moving one double ulp that way cannot cross a binary16
    // value or half-way point (they have at most 12 significant bits) but
    // breaks a false tie in the right direction.
    nudged = std::nextafter(sum, error > 0 ? INFINITY : -INFINITY);
  }
  return HalfFromDouble(nudged);
}

Half HalfAdd(Half a, Half b) {
  return HalfFromDouble(HalfToDouble(a) + HalfToDouble(b));
}

Half HalfMaxNum(Half a, Half b) {
  if (HalfIsNaN(a)) return HalfIsNaN(b) ? kHalfCanonicalNaN : b;
  if (HalfIsNaN(b)) return a;
  const double da = HalfToDouble(a), db = HalfToDouble(b);
  if (da == db) return a & b;  // only +0 and -0 differ: +0 is larger
  return da > db ? a : b;
}

Half HalfMinNum(Half a, Half b) {
  if (HalfIsNaN(a)) return HalfIsNaN(b) ? kHalfCanonicalNaN : b;
  if (HalfIsNaN(b)) return a;
  const double da = HalfToDouble(a), db = HalfToDouble(b);
  if (da == db) return a | b;  // only +0 and -0 differ: -0 is smaller
  return da < db ? a : b;
}

}  // namespace refmath
