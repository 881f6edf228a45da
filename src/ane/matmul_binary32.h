// The matmul of the profiles whose arithmetic is binary32 throughout
// (internal to src/ane): every product, its rounding to binary16 and the
// running sum are binary32 operations, so rows of outputs can be computed
// side by side, in lanes, with the bits of the one-output Dot.
#ifndef REFMATH_SRC_ANE_MATMUL_BINARY32_H_
#define REFMATH_SRC_ANE_MATMUL_BINARY32_H_

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

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_MATMUL_BINARY32_H_
