// The matmul's faster routes (internal to src/ane), each with the bits of
// the one-output Dot that states the model's steps.  The profiles whose
// arithmetic is binary32 throughout (every product, its rounding to
// binary16 and the running sum are binary32 operations) compute rows of
// outputs side by side, in lanes; the others compute Dot on operands read
// once, with a cheaper rounding to binary16.
#ifndef REFMATH_SRC_ANE_MATMUL_LANES_H_
#define REFMATH_SRC_ANE_MATMUL_LANES_H_

#include <stddef.h>

#include "refmath/ane/profile.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// True when the profile's matmul is that: a binary32 accumulator, no
// binary16 tile stage, products (if rounded) rounded to nearest even.
bool MatmulInBinary32(const Profile& p);

// out[r * n + j] = Dot(row r of a, column j of b) for r < m, j < n, where
// a is [m, k] and b is [k, n], both row-major; only for a profile
// MatmulInBinary32 accepts.
void MatmulBinary32(const Half* a, const Half* b, size_t m, size_t k,
                    size_t n, const Profile& p, Half* out);

// The matmul of any profile whose elementwise rounding ties to even: Dot
// for every output on operands read once, with its product, tile and
// accumulator steps in its order, and its binary16 roundings done by two
// binary64 additions instead of HalfFromDouble.
bool MatmulOfReadsApplies(const Profile& p);
void MatmulOfReads(const Half* a, const Half* b, size_t m, size_t k, size_t n,
                   const Profile& p, Half* out);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_MATMUL_LANES_H_
