#include "src/verify/ulp.h"

#include <cmath>
#include <limits>

namespace refmath {

const char* FormatName(Format format) {
  return format == Format::kBinary32   ? "binary32"
         : format == Format::kBinary16 ? "binary16"
                                       : "bfloat16";
}

bool FormatFromName(const std::string& name, Format* format) {
  for (Format f : {Format::kBinary32, Format::kBinary16, Format::kBfloat16}) {
    if (name == FormatName(f)) {
      *format = f;
      return true;
    }
  }
  return false;
}
FormatParams ParamsOf(Format format) {
  switch (format) {
    case Format::kBinary16: return FormatParams{10, -14, 15};
    case Format::kBfloat16: return FormatParams{7, -126, 127};
    case Format::kBinary32: break;
  }
  return FormatParams{23, -126, 127};
}

double SpacingOf(double v, Format format) {
  const FormatParams p = ParamsOf(format);
  const double a = std::fabs(v);
  int e = a == 0 ? p.min_exponent : std::ilogb(a);
  if (e < p.min_exponent) e = p.min_exponent;
  if (e > p.max_exponent) e = p.max_exponent;
  return std::ldexp(1.0, e - p.mantissa_bits);
}

double RoundTo(double v, Format format) {
  if (!std::isfinite(v) || v == 0) return v;
  const FormatParams p = ParamsOf(format);
  const double q = SpacingOf(v, format);
  // v/q is exact (power of two); nearbyint rounds ties to even in the
  // default rounding mode, and the product is exact again.
  const double r = std::nearbyint(v / q) * q;
  const double max_finite =
      std::ldexp(2.0 - std::ldexp(1.0, -p.mantissa_bits), p.max_exponent);
  if (std::fabs(r) > max_finite) {
    return std::copysign(std::numeric_limits<double>::infinity(), v);
  }
  return r;
}

double UlpError(double got, double ref, Format format) {
  const double rounded = RoundTo(ref, format);
  const double at = std::isinf(rounded) ? ref : rounded;
  return std::fabs(got - ref) / SpacingOf(at, format);
}

}  // namespace refmath
