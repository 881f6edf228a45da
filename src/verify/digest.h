// SHA-256 of kernel outputs, serialized as little-endian uint32 in input
// order (docs/golden-hashes.md).
#ifndef REFMATH_SRC_VERIFY_DIGEST_H_
#define REFMATH_SRC_VERIFY_DIGEST_H_

#include <stddef.h>

#include <string>
#include <vector>

struct evp_md_ctx_st;  // <openssl/evp.h>

namespace refmath {

// Incremental SHA-256 (OpenSSL EVP); throws std::runtime_error if OpenSSL
// fails.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void Update(const void* data, size_t size);
  // The lower-case hex digest; call once.
  std::string HexFinal();

 private:
  evp_md_ctx_st* ctx_;  // OpenSSL's EVP_MD_CTX
};

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

#endif  // REFMATH_SRC_VERIFY_DIGEST_H_
