// The golden rows of the ANE fp16 model's tensor ops (golden/ane-ops.sha256,
// checked by `refmath conform`; docs/ane.md, "Golden rows"): a fixed list of
// cases (an op, a shape, inputs drawn by AneOpPattern), each run under every
// preset profile.  Row names are "CASE:PROFILE"; a row's digest is the
// SHA-256 of the output tensor's binary16 patterns as little-endian uint16,
// in row-major order.  conformance/ane/ops_port.py recomputes every row
// with NumPy from the model's definitions.
#ifndef REFMATH_SRC_CONFORM_ANE_OP_DIGESTS_H_
#define REFMATH_SRC_CONFORM_ANE_OP_DIGESTS_H_

#include <stdint.h>

#include <vector>

#include "src/verify/digest.h"

namespace refmath {
namespace ane {

// The i-th draw of stream `seed`: the top 16 bits of
// (i * 0x9E3779B1 + seed * 0x85EBCA77) mod 2^32 (two odd multipliers; the
// same formula in the NumPy port).
uint16_t AneOpPattern(uint32_t seed, uint32_t i);

std::vector<NamedDigest> OpGoldenDigests();

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_ANE_OP_DIGESTS_H_
