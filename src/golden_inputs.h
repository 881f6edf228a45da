// The golden input set (docs/golden-hashes.md): every 4099th binary32 bit
// pattern, 0, 4099, ..., below 2^32, followed by the special-value list.
// Changing either changes every digest: the list is append-never, frozen.
#ifndef REFMATH_SRC_GOLDEN_INPUTS_H_
#define REFMATH_SRC_GOLDEN_INPUTS_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "src/golden_set.h"

namespace refmath {

// The special values, in their fixed order (bit patterns).
const std::vector<uint32_t>& SpecialValueBits();

// The whole golden input set as floats, in order.
std::vector<float> GoldenInputs();

}  // namespace refmath

#endif  // REFMATH_SRC_GOLDEN_INPUTS_H_
