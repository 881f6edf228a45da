// A small portable SHA-256 (FIPS 180-4) for the Cortex-M55 firmware, where
// there is no OpenSSL, and the static arm64 thread check.  Streaming: Init, any number of Update, Final.
#ifndef REFMATH_TOOLS_CROSS_M55_SHA256_H_
#define REFMATH_TOOLS_CROSS_M55_SHA256_H_

#include <stddef.h>
#include <stdint.h>

namespace m55 {

class Sha256 {
 public:
  Sha256() { Init(); }
  void Init();
  void Update(const uint8_t* data, size_t n);
  // The n 32-bit words at `words` as little-endian bytes: the golden
  // files' serialization of binary32 values (docs/golden-hashes.md).
  void UpdateWords(const void* words, size_t n);
  void Final(uint8_t digest[32]);

 private:
  void Block(const uint8_t* p);
  uint32_t h_[8];
  uint8_t buf_[64];
  size_t buf_len_;
  uint64_t total_len_;
};

// out = the n bytes at d in lowercase hex, NUL-terminated (2n + 1 chars).
void Hex(const uint8_t* d, size_t n, char* out);

}  // namespace m55

#endif  // REFMATH_TOOLS_CROSS_M55_SHA256_H_
