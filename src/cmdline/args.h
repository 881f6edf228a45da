// The command line of the refmath tool and the development tools: a small
// option parser for `COMMAND [--opt value]...` (every option takes one
// value, `--opt value` or `--opt=value`, unless declared a flag; unknown,
// repeated and value-less options are errors), the strict number and name
// parsers, and the exit statuses every tool shares.
#ifndef REFMATH_SRC_CMDLINE_ARGS_H_
#define REFMATH_SRC_CMDLINE_ARGS_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/base/text.h"

namespace refmath {
namespace cli {

// Exit statuses: 0 success, 1 a check failed (mismatch, error beyond a
// bound), 2 bad usage or unreadable/unwritable input.
constexpr int kExitOk = 0;
constexpr int kExitCheckFailed = 1;
constexpr int kExitUsage = 2;

class Args {
 public:
  // `valued` options take a value, `flags` do not.  Returns false and sets
  // *error on a malformed command line.
  // Arguments not starting with "--" are collected in *positional when it
  // is given, and are an error otherwise.
  bool Parse(const std::vector<std::string>& argv,
             const std::set<std::string>& valued,
             const std::set<std::string>& flags, std::string* error,
             std::vector<std::string>* positional = nullptr);

  bool Has(const std::string& name) const { return values_.count(name) != 0; }
  std::string Get(const std::string& name, const std::string& def = "") const;
  // A required option; sets *error if missing.
  bool Require(const std::string& name, std::string* value,
               std::string* error) const;

 private:
  std::map<std::string, std::string> values_;
};

// User text (names, values, paths) in a one-line message, control
// characters written as \xNN: Quote gives 'text' cut after 60 bytes, for
// names and values; ShowPath gives a path whole, as file errors print it.
std::string Quote(const std::string& text);
std::string ShowPath(const std::string& path);

// Name lookups with one-line errors that list the accepted names.
bool ParseFunction(const std::string& name, refmath_function* f,
                   std::string* error);
bool ParseVariant(const std::string& name, refmath_variant* v,
                  std::string* error);
bool ParseTarget(const std::string& name, refmath_target* t,
                 std::string* error);
// The names of the variants that define f, in enum order, joined by sep.
std::string DefiningVariants(refmath_function f, const std::string& sep);
// --variant for function f: the named variant, or where --variant is not
// given the exact variant if it defines f and the correctly rounded one if
// not; an error if the variant does not define f.
bool ParseVariantFor(const Args& args, refmath_function f, refmath_variant* v,
                     std::string* error);

// Parses a non-negative finite decimal number; false on junk, hexadecimal,
// and a number out of double's range.
bool ParseDouble(const std::string& text, double* value);
// The same, also negative: an optional leading '-' (so "-0" is -0.0).
bool ParseSignedDouble(const std::string& text, double* value);
// The shortest text ParseDouble / strtod read back as `value` exactly
// (src/base/text.h's).
using ::refmath::FormatDouble;
bool ParseSize(const std::string& text, size_t* value);
// A decimal integer in [lo, hi]: digits with an optional leading '-' (no
// blanks, no '+').
bool ParseInteger(const std::string& text, long lo, long hi, long* value);
// Comma-separated ParseInteger values ("5" or "3,-1,7"), at least one.
bool ParseIntegerList(const std::string& text, long lo, long hi,
                      std::vector<long>* values);

// "LO:HI" with decimal numbers, inf, FLT_MAX/max (and their negatives).
// A number binary32 cannot hold (beyond FLT_MAX, or nonzero but rounding
// to zero or to a subnormal) is refused, not rounded to inf or 0.
bool ParseRange(const std::string& text, float* lo, float* hi);
// "i/N" with 0 <= i < N <= 1000000.
bool ParseShard(const std::string& text, int* index, int* count);

}  // namespace cli
}  // namespace refmath

#endif  // REFMATH_SRC_CMDLINE_ARGS_H_
