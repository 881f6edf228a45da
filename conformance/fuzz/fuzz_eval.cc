// Fuzz target: random bytes as floats, random lengths and offsets, both
// variants: every usable target must give the scalar target's bits, the
// call must never touch memory outside [out, out + n), and in-place calls
// must agree with out-of-place ones.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

#include "refmath/refmath.h"

// memcmp with n == 0 may still not be given a null pointer.
static bool Same(const float* a, const float* b, size_t n) {
  return n == 0 || memcmp(a, b, n * 4) == 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const auto f = static_cast<refmath_function>(data[0] % REFMATH_NUM_FUNCTIONS);
  const auto v = static_cast<refmath_variant>(data[1] % REFMATH_NUM_VARIANTS);
  const size_t offset = data[2] % 16;  // misalignment in floats
  data += 3;
  size -= 3;
  const size_t n = size / 4;
  std::vector<float> in(offset + n), ref(offset + n + 1), out(offset + n + 1);
  if (n) memcpy(in.data() + offset, data, n * 4);
  // A variant that does not define f refuses it and writes nothing (ref
  // starts as zeros).
  if (refmath_function_status(f, v) == REFMATH_E_NOT_IN_VARIANT) {
    const std::vector<float> zeros(offset + n + 1);
    if (refmath_eval_f32(f, v, refmath_portable_target(), in.data() + offset,
                         ref.data() + offset, n) != REFMATH_E_NOT_IN_VARIANT ||
        !Same(ref.data(), zeros.data(), zeros.size())) {
      abort();
    }
    return 0;
  }
  if (refmath_eval_f32(f, v, refmath_portable_target(), in.data() + offset,
                       ref.data() + offset, n) != REFMATH_OK) {
    abort();
  }
  for (int t = 1; t < REFMATH_NUM_TARGETS; ++t) {
    const auto target = static_cast<refmath_target>(t);
    if (refmath_target_status(v, target) != REFMATH_OK) continue;
    const uint32_t guard = 0x7F812345u;
    memcpy(&out[offset + n], &guard, 4);
    if (refmath_eval_f32(f, v, target, in.data() + offset, out.data() + offset,
                         n) != REFMATH_OK ||
        !Same(out.data() + offset, ref.data() + offset, n) ||
        memcmp(&out[offset + n], &guard, 4) != 0) {
      abort();
    }
    std::vector<float> io(in);
    if (refmath_eval_f32(f, v, target, io.data() + offset, io.data() + offset,
                         n) != REFMATH_OK ||
        !Same(io.data() + offset, ref.data() + offset, n)) {
      abort();
    }
  }
  return 0;
}
