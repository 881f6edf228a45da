// ULP error as the specification defines it: |got - reference| divided by
// the spacing of the output format at the correctly rounded reference
// (2^-149 for binary32 subnormals, 2^-24 for binary16 ones, 2^-133 for
// bfloat16 ones).
#ifndef REFMATH_SRC_VERIFY_ULP_H_
#define REFMATH_SRC_VERIFY_ULP_H_

#include <string>

namespace refmath {

// bfloat16 is binary32 with the low 16 bits dropped: 8 exponent bits (the
// same range, subnormals down to 2^-133), 7 stored fraction bits.
enum class Format { kBinary32, kBinary16, kBfloat16 };

// "binary32", "binary16", "bfloat16": the name of a format, as reports
// print it and --format options take it.
const char* FormatName(Format format);
// The format named `name`; false for any other text.
bool FormatFromName(const std::string& name, Format* format);

// A format's parameters, in IEEE 754's terms (value = 1.f * 2^e).
struct FormatParams {
  int mantissa_bits;  // stored fraction bits
  int min_exponent;   // exponent of the smallest normal
  int max_exponent;   // exponent of the largest finite binade
};
FormatParams ParamsOf(Format format);

// `v` rounded to the format (nearest, ties to even; overflow gives inf).
double RoundTo(double v, Format format);

// The spacing of the format in the binade of |v| (v finite, already a
// value of the format).
double SpacingOf(double v, Format format);

// |got - ref| / SpacingOf(RoundTo(ref)).  Both finite; a reference that
// rounds to infinity uses the spacing of the largest finite binade.
double UlpError(double got, double ref, Format format);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_ULP_H_
