// SHA-256 of kernel outputs, serialized as little-endian uint32 in input
// order (docs/golden-hashes.md).
#ifndef REFMATH_SRC_DIGEST_H_
#define REFMATH_SRC_DIGEST_H_

#include <stddef.h>

#include <string>
#include <vector>

namespace refmath {

// Lower-case hex SHA-256 of the values' bit patterns, little-endian.
std::string DigestFloats(const float* values, size_t n);

// One row of a module's golden file (golden/MODULE.sha256): a name and the
// lower-case hex SHA-256 of what that name denotes.
struct NamedDigest {
  std::string name;
  std::string digest;
};

// Lower-case hex SHA-256 of raw bytes.
std::string Sha256Hex(const void* data, size_t size);

}  // namespace refmath

#endif  // REFMATH_SRC_DIGEST_H_
