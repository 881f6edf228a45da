#include "src/base/bits.h"
#include "src/verify/digest.h"

#include <openssl/evp.h>

#include <stdexcept>

#include "src/verify/file_io.h"

namespace refmath {

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (ctx_ == nullptr || EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1) {
    EVP_MD_CTX_free(ctx_);
    throw std::runtime_error("OpenSSL: cannot initialise SHA-256");
  }
}

Sha256::~Sha256() { EVP_MD_CTX_free(ctx_); }

void Sha256::Update(const void* data, size_t size) {
  if (EVP_DigestUpdate(ctx_, data, size) != 1) {
    throw std::runtime_error("OpenSSL: SHA-256 update failed");
  }
}

std::string Sha256::HexFinal() {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(ctx_, md, &len) != 1) {
    throw std::runtime_error("OpenSSL: SHA-256 final failed");
  }
  static const char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < len; ++i) {
    hex += kHex[md[i] >> 4];
    hex += kHex[md[i] & 15];
  }
  return hex;
}

std::string Sha256Hex(const void* data, size_t size) {
  Sha256 sha;
  sha.Update(data, size);
  return sha.HexFinal();
}

std::string DigestFloats(const float* values, size_t n) {
  Sha256 sha;
  uint8_t block[4096];
  size_t used = 0;
  for (size_t i = 0; i < n; ++i) {
    io::StoreLE32(refmath::FloatBits(values[i]), block + used);
    used += 4;
    if (used == sizeof(block)) {
      sha.Update(block, used);
      used = 0;
    }
  }
  sha.Update(block, used);
  return sha.HexFinal();
}

}  // namespace refmath
