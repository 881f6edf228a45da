#include "src/base/bits.h"
#include "src/verify/narrow_check.h"

#include <math.h>

#include <chrono>

#include "refmath/binary16/binary16.h"
#include "src/verify/file_io.h"
#include "src/verify/reference.h"

namespace refmath {
namespace sweep {

float WidenNarrow(Format format, uint16_t bits) {
  return refmath::BitsToFloat(format == Format::kBinary16
                             ? HalfBitsToFloatBits(bits)
                             : uint32_t{bits} << 16);
}

bool CheckNarrow(refmath_function f, Format format, NarrowCheck* out,
                 std::string* error) {
  const auto start = std::chrono::steady_clock::now();
  *out = NarrowCheck{};
  out->f = f;
  out->format = format;
  std::vector<unsigned short> in(65536), got(65536);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<unsigned short>(i);
  const int status =
      format == Format::kBinary16
          ? refmath_eval_f16(f, REFMATH_CORRECT, in.data(), got.data(), in.size())
          : refmath_eval_bf16(f, REFMATH_CORRECT, in.data(), got.data(), in.size());
  if (status != REFMATH_OK) {
    *error = std::string(refmath_function_name(f)) + ": " +
             refmath_status_string(status);
    return false;
  }
  std::vector<float> wide(in.size()), wide_out(in.size());
  for (size_t i = 0; i < in.size(); ++i) wide[i] = WidenNarrow(format, in[i]);
  const int wide_status =
      refmath_eval_f32(f, REFMATH_CORRECT, REFMATH_TARGET_BEST, wide.data(),
                       wide_out.data(), wide.size());
  if (wide_status != REFMATH_OK) {
    *error = std::string(refmath_function_name(f)) + ": " +
             refmath_status_string(wide_status);
    return false;
  }
  for (size_t i = 0; i < in.size(); ++i) {
    const float x = wide[i];
    const float y = WidenNarrow(format, got[i]);
    const uint32_t want = CorrectlyRoundedBits(f, x, format);
    const bool want_nan = isnan(refmath::BitsToFloat(want));
    ++out->values;
    const double again = RoundTo(wide_out[i], format);
    if (!(isnan(again) && want_nan) &&
        refmath::FloatBits(static_cast<float>(again)) != want) {
      ++out->twice_rounded_wrong;
    }
    bool wrong = false;
    if (isnan(y) || want_nan || isinf(y) || isinf(refmath::BitsToFloat(want))) {
      if (isnan(y) != want_nan ||
          (!want_nan && refmath::FloatBits(y) != want)) {
        ++out->nan_inf_disagreements;
        wrong = true;
      }
    } else {
      const double ulp = ReferenceMpfrUlp(f, x, y, format);
      if (ulp > out->max_ulp) {
        out->max_ulp = ulp;
        out->max_at = in[i];
      }
      if (refmath::FloatBits(y) != want) {
        ++out->not_correctly_rounded;
        wrong = true;
      }
    }
    if (wrong && out->first_failures.size() < 5) {
      out->first_failures.push_back(in[i]);
    }
  }
  out->seconds = std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - start).count();
  return true;
}

}  // namespace sweep
}  // namespace refmath
