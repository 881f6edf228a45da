// Half-precision storage for the tensor calls (refmath_tensor_widen,
// refmath_tensor_narrow): the bit conversions of src/base/half_bits.h over
// contiguous arrays, cut across the options' threads.  Integer arithmetic
// and exact binary32 products only, so the floating-point environment
// plays no part.
#include <stdint.h>

#include "refmath/tensor.h"
#include "src/base/bits.h"
#include "src/base/half_bits.h"
#include "src/tensor/checks.h"
#include "src/tensor/parallel.h"

namespace refmath {
namespace tensor {
namespace {

// The checks both directions share: REFMATH_OK or the first failure.
int CheckConversion(refmath_half_format format, const void* in,
                    size_t in_bytes, const void* out, size_t out_bytes,
                    size_t n, const refmath_tensor_options* opt,
                    size_t* threads) {
  bool binary16;
  if (!KnownHalfFormat(format, &binary16)) return REFMATH_E_BAD_ARGUMENT;
  const int requested = opt == nullptr ? 0 : opt->threads;
  if (requested < 0) return REFMATH_E_BAD_ARGUMENT;
  *threads = ThreadsFor(ThreadCount(requested), n);
  if (n == 0) return REFMATH_OK;
  if (in == nullptr || out == nullptr) return REFMATH_E_NULL_POINTER;
  const uintptr_t a = reinterpret_cast<uintptr_t>(in);
  const uintptr_t b = reinterpret_cast<uintptr_t>(out);
  if (a < b + out_bytes && b < a + in_bytes) return REFMATH_E_OVERLAP;
  return REFMATH_OK;
}

// The checks, then out[i] = convert(in[i]) across the threads.
template <class From, class To, class Convert>
int ConvertAll(refmath_half_format format, const From* in, To* out, size_t n,
               const refmath_tensor_options* opt, const Convert& convert) {
  size_t threads = 1;
  const int status = CheckConversion(format, in, n * sizeof *in, out,
                                     n * sizeof *out, n, opt, &threads);
  if (status != REFMATH_OK || n == 0) return status;
  return Guarded([&] {
    ParallelFor(n, threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) out[i] = convert(in[i]);
    });
  });
}

bool IsBinary16(refmath_half_format format) {
  bool binary16;
  return KnownHalfFormat(format, &binary16) && binary16;
}

}  // namespace
}  // namespace tensor
}  // namespace refmath

using refmath::tensor::ConvertAll;
using refmath::tensor::IsBinary16;

extern "C" {

int refmath_tensor_widen(refmath_half_format format, const unsigned short* in,
                         float* out, size_t n,
                         const refmath_tensor_options* opt) {
  const bool b16 = IsBinary16(format);
  return ConvertAll(format, in, out, n, opt, [b16](uint16_t h) {
    return refmath::BitsToFloat(b16 ? refmath::Binary16ToFloatBits(h)
                                    : refmath::Bfloat16ToFloatBits(h));
  });
}

int refmath_tensor_narrow(refmath_half_format format, const float* in,
                          unsigned short* out, size_t n,
                          const refmath_tensor_options* opt) {
  const bool b16 = IsBinary16(format);
  return ConvertAll(format, in, out, n, opt, [b16](float v) {
    const uint32_t bits = refmath::FloatBits(v);
    return b16 ? refmath::FloatBitsToBinary16(bits)
               : refmath::FloatBitsToBfloat16(bits);
  });
}

}  // extern "C"
