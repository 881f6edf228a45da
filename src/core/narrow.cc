// The C API in the narrow formats, binary16 and bfloat16
// (refmath_eval_f16, refmath_eval_bf16): the correctly rounded variant's
// results for all 65536 bit patterns of a format, computed once per
// function and format by the kernels (simd/correct/correct_half-inl.h,
// through refmath::detail::CorrectNarrow) and then looked up.  No
// arithmetic here beyond exact conversions between the formats' bit
// patterns and binary32 (src/base/half_bits.h).
#include <memory>
#include <mutex>
#include <new>
#include <vector>

#include "refmath/refmath.h"
#include "src/base/bits.h"
#include "src/base/half_bits.h"
#include "simd/dispatch/kernel_table.h"
#include "simd/lanes/fp_env.h"

namespace {

using refmath::detail::NarrowFormat;

static_assert(sizeof(unsigned short) == 2, "the formats' bits are 16 wide");
constexpr size_t kPatterns = 65536;

using refmath::BitsToFloat;
using refmath::FloatBits;

// The value of a format's bit pattern (exact), and a result that is a
// value of the format (or +-inf, or NaN) back to its bits.
float Widen(bool b16, uint16_t h) {
  return BitsToFloat(b16 ? refmath::Binary16ToFloatBits(h)
                         : refmath::Bfloat16ToFloatBits(h));
}
uint16_t Narrow(bool b16, float v) {
  return b16 ? refmath::FloatBitsToBinary16(FloatBits(v))
             : refmath::FloatBitsToBfloat16(FloatBits(v));
}

// One table per function and format, made on first use.
struct Table {
  std::once_flag once;
  std::unique_ptr<uint16_t[]> results;
};
Table g_tables[REFMATH_NUM_FUNCTIONS][2];

// Throws std::bad_alloc, which leaves the table to be made by a later
// call (std::call_once runs again after an exception).
void Fill(refmath_function f, NarrowFormat format, Table* t) {
  const bool b16 = format == NarrowFormat::kBinary16;
  std::unique_ptr<uint16_t[]> results(new uint16_t[kPatterns]);
  std::vector<float> in(kPatterns), out(kPatterns);
  for (size_t i = 0; i < kPatterns; ++i) {
    const auto h = static_cast<uint16_t>(i);
    in[i] = Widen(b16, h);
  }
  {
    const refmath::detail::ScopedIeeeEnvironment ieee;
    refmath::detail::CorrectNarrow(f, format, in.data(), out.data(),
                                   kPatterns);
  }
  for (size_t i = 0; i < kPatterns; ++i) {
    results[i] = Narrow(b16, out[i]);
  }
  t->results = std::move(results);
}

// The table of (f, format), or null if it could not be allocated.
const uint16_t* TableOf(refmath_function f, NarrowFormat format) {
  Table& t = g_tables[f][format == NarrowFormat::kBinary16 ? 0 : 1];
  try {
    std::call_once(t.once, [&] { Fill(f, format, &t); });
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
  return t.results.get();
}

int EvalNarrow(refmath_function f, refmath_variant v, NarrowFormat format,
               const unsigned short* in, unsigned short* out, size_t n) {
  const int defined = refmath_function_status(f, v);
  if (defined != REFMATH_OK) return defined;
  if (v != REFMATH_CORRECT) return REFMATH_E_NOT_IN_VARIANT;
  if (refmath_target_status(v, REFMATH_TARGET_BEST) ==
      REFMATH_E_VARIANT_NOT_BUILT) {
    return REFMATH_E_VARIANT_NOT_BUILT;
  }
  if (n == 0) return REFMATH_OK;
  if (in == nullptr || out == nullptr) return REFMATH_E_NULL_POINTER;
  const uintptr_t a = reinterpret_cast<uintptr_t>(in);
  const uintptr_t b = reinterpret_cast<uintptr_t>(out);
  const uintptr_t bytes = n * sizeof *in;
  if (in != out && a < b + bytes && b < a + bytes) return REFMATH_E_OVERLAP;
  const uint16_t* table = TableOf(f, format);
  if (table == nullptr) return REFMATH_E_NO_MEMORY;
  for (size_t i = 0; i < n; ++i) out[i] = table[in[i]];
  return REFMATH_OK;
}

}  // namespace

extern "C" {

int refmath_eval_f16(refmath_function f, refmath_variant v,
                     const unsigned short* in, unsigned short* out,
                     size_t n) {
  return EvalNarrow(f, v, NarrowFormat::kBinary16, in, out, n);
}

int refmath_eval_bf16(refmath_function f, refmath_variant v,
                      const unsigned short* in, unsigned short* out,
                      size_t n) {
  return EvalNarrow(f, v, NarrowFormat::kBfloat16, in, out, n);
}

}  // extern "C"
