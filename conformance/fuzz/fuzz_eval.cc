// Fuzz target: random bytes as floats, random lengths and offsets, every
// variant: every usable target must give the portable target's bits (the
// best target's where the portable one is not built), the
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
  // The reference: the portable target, or the best one in a build that
  // compiles Highway's static target alone (the suite's smoke run, where
  // that is AVX2 on a CPU that has it).
  const refmath_target portable = refmath_portable_target();
  const refmath_target reference =
      refmath_target_status(v, portable) == REFMATH_OK ? portable
                                                       : REFMATH_TARGET_BEST;
  // A variant not built here refuses every call, and one that does not
  // define f refuses f (REFMATH_E_NOT_IN_VARIANT); either writes nothing
  // (ref starts as zeros).
  const int built = refmath_target_status(v, reference);
  const int defined = refmath_function_status(f, v);
  if (built != REFMATH_OK || defined != REFMATH_OK) {
    const std::vector<float> zeros(offset + n + 1);
    const int status = refmath_eval_f32(f, v, reference, in.data() + offset,
                                        ref.data() + offset, n);
    if (status == REFMATH_OK || (built == REFMATH_OK && status != defined) ||
        !Same(ref.data(), zeros.data(), zeros.size())) {
      abort();
    }
    return 0;
  }
  if (refmath_eval_f32(f, v, reference, in.data() + offset,
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
