// The draws of the MCU golden cases (src/conform/mcu_layer_cases.cc,
// mcu_kernel_rows.cc) and the bytes their rows hash: SplitMix64 (Steele,
// Lea, Flood 2014) and the values taken from it, which
// conformance/mcu/layer_cases.py repeats for the NumPy port.
#ifndef REFMATH_SRC_CONFORM_MCU_CASE_DRAW_H_
#define REFMATH_SRC_CONFORM_MCU_CASE_DRAW_H_

#include <stdint.h>

#include <vector>

namespace refmath {
namespace mcu {

class Draw {
 public:
  explicit Draw(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
  }
  int8_t Activation() { return static_cast<int8_t>(static_cast<int>(Next() >> 56) - 128); }
  int16_t Activation16() {
    return static_cast<int16_t>(static_cast<int>(Next() >> 48) - 32768);
  }
  int8_t Weight() { return static_cast<int8_t>(static_cast<int>((Next() >> 32) % 255) - 127); }
  int32_t Bias() { return static_cast<int32_t>((Next() >> 32) % 2001) - 1000; }
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1p-53; }

 private:
  uint64_t state_;
};

// int8 bytes as they are; int16 values little-endian.
inline std::vector<uint8_t> Bytes(const std::vector<int8_t>& v) {
  return std::vector<uint8_t>(v.begin(), v.end());
}

inline std::vector<uint8_t> Bytes(const std::vector<int16_t>& v) {
  std::vector<uint8_t> out;
  for (int16_t x : v) {
    const uint16_t u = static_cast<uint16_t>(x);
    out.push_back(static_cast<uint8_t>(u & 0xFF));
    out.push_back(static_cast<uint8_t>(u >> 8));
  }
  return out;
}

inline std::vector<int8_t> Activations(Draw& d, int n) {
  std::vector<int8_t> v;
  for (int i = 0; i < n; ++i) v.push_back(d.Activation());
  return v;
}

inline std::vector<int16_t> Activations16(Draw& d, int n) {
  std::vector<int16_t> v;
  for (int i = 0; i < n; ++i) v.push_back(d.Activation16());
  return v;
}

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_MCU_CASE_DRAW_H_
