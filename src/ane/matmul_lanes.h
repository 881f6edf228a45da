// The matmul's fast route (internal to src/ane), with the bits of the
// one-output Dot that states the model's steps: rows of outputs computed
// side by side, in lanes, each with Dot's operations in Dot's order (or,
// for the exact accumulator, with sums that stay exact).
#ifndef REFMATH_SRC_ANE_MATMUL_LANES_H_
#define REFMATH_SRC_ANE_MATMUL_LANES_H_

#include <stddef.h>

#include "refmath/ane/profile.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// True when the profile's elementwise rounding ties to even (the rounding
// the lanes implement); every preset's does.
bool MatmulInLanesApplies(const Profile& p);

// out[r * n + j] = Dot(row r of a, column j of b) for r < m, j < n, where
// a is [m, k] and b is [k, n], both row-major; only for a profile
// MatmulInLanesApplies accepts.
void MatmulInLanes(const Half* a, const Half* b, size_t m, size_t k, size_t n,
                   const Profile& p, Half* out);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_MATMUL_LANES_H_
