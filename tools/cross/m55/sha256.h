// A small portable SHA-256 (FIPS 180-4) for the Cortex-M55 firmware, where
// there is no OpenSSL.  Streaming: Init, any number of Update, Final.
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
  void Final(uint8_t digest[32]);

 private:
  void Block(const uint8_t* p);
  uint32_t h_[8];
  uint8_t buf_[64];
  size_t buf_len_;
  uint64_t total_len_;
};

}  // namespace m55

#endif  // REFMATH_TOOLS_CROSS_M55_SHA256_H_
