// The golden rows of the ANE fp16 model (golden/ane-fp16.sha256, checked by
// `refmath conform`): for every unary function of the registry (unary.h)
// and every preset profile with its own elementwise rounding, the SHA-256 of its 65536 outputs over the
// inputs 0x0000..0xFFFF, written as little-endian uint16 in input order.
// Row names are "FUNCTION:PROFILE".
#ifndef REFMATH_SRC_CONFORM_ANE_GOLDEN_DIGESTS_H_
#define REFMATH_SRC_CONFORM_ANE_GOLDEN_DIGESTS_H_

#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/unary.h"
#include "src/verify/digest.h"

namespace refmath {
namespace ane {

// The 65536 outputs of `f` under `p`, input i at index i.
std::vector<Half> AllOutputs(const UnaryFunction& f, const Profile& p);

// AllOutputs as little-endian uint16 (the bytes `refmath ane eval` writes
// for the inputs 0x0000..0xFFFF).
std::vector<uint8_t> AllOutputBytes(const UnaryFunction& f, const Profile& p);

// Lower-case hex SHA-256 of AllOutputBytes.
std::string OutputDigest(const UnaryFunction& f, const Profile& p);

std::vector<NamedDigest> GoldenDigests();

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_ANE_GOLDEN_DIGESTS_H_
