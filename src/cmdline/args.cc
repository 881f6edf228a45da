#include "src/cmdline/args.h"

#include "src/base/text.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <utility>

namespace refmath {
namespace cli {

std::string Quote(const std::string& text) {
  return "'" + Printable(text, 60) + "'";
}

std::string ShowPath(const std::string& path) { return Printable(path); }

namespace {

template <class Enum>
bool ParseName(const std::string& kind, const std::string& name, int count,
               const char* (*name_of)(Enum), int (*from_name)(const char*),
               Enum* out, std::string* error) {
  const int id = from_name(name.c_str());
  if (id >= 0) {
    *out = static_cast<Enum>(id);
    return true;
  }
  std::string known;
  for (int i = 0; i < count; ++i) {
    known += (i ? ", " : "") + std::string(name_of(static_cast<Enum>(i)));
  }
  *error = "unknown " + kind + " " + Quote(name) + " (known: " + known + ")";
  return false;
}

}  // namespace

bool Args::Parse(const std::vector<std::string>& argv,
                 const std::set<std::string>& valued,
                 const std::set<std::string>& flags, std::string* error,
                 std::vector<std::string>* positional) {
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (positional != nullptr && arg.compare(0, 2, "--") != 0) {
      positional->push_back(arg);
      continue;
    }
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) {
      *error = "unexpected argument " + Quote(arg);
      return false;
    }
    std::string name = arg.substr(2), value;
    const size_t eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (values_.count(name)) {
      *error = "option --" + name + " given twice";
      return false;
    }
    if (flags.count(name)) {
      if (inline_value) {
        *error = "option --" + name + " takes no value";
        return false;
      }
      values_[name] = "";
    } else if (valued.count(name)) {
      if (!inline_value) {
        if (i + 1 >= argv.size()) {
          *error = "option --" + name + " needs a value";
          return false;
        }
        value = argv[++i];
      }
      values_[name] = value;
    } else {
      *error = "unknown option " + Quote("--" + name);
      return false;
    }
  }
  return true;
}

std::string Args::Get(const std::string& name, const std::string& def) const {
  const auto it = values_.find(name);
  return it == values_.end() ? def : it->second;
}

bool Args::Require(const std::string& name, std::string* value,
                   std::string* error) const {
  const auto it = values_.find(name);
  if (it == values_.end()) {
    *error = "missing required option --" + name;
    return false;
  }
  *value = it->second;
  return true;
}

bool ParseFunction(const std::string& name, refmath_function* f,
                   std::string* error) {
  return ParseName("function", name, REFMATH_NUM_FUNCTIONS,
                   refmath_function_name, refmath_function_from_name, f, error);
}
bool ParseVariant(const std::string& name, refmath_variant* v,
                  std::string* error) {
  return ParseName("variant", name, REFMATH_NUM_VARIANTS, refmath_variant_name,
                   refmath_variant_from_name, v, error);
}
bool ParseTarget(const std::string& name, refmath_target* t,
                 std::string* error) {
  return ParseName("target", name, REFMATH_NUM_TARGETS, refmath_target_name,
                   refmath_target_from_name, t, error);
}
bool ParseVariantFor(const Args& args, refmath_function f, refmath_variant* v,
                     std::string* error) {
  if (!args.Has("variant")) {
    *v = refmath_function_status(f, REFMATH_EXACT) == REFMATH_OK
             ? REFMATH_EXACT
             : REFMATH_CORRECT;
    return true;
  }
  if (!ParseVariant(args.Get("variant"), v, error)) return false;
  if (refmath_function_status(f, *v) == REFMATH_OK) return true;
  *error = std::string(refmath_function_name(f)) + " is not defined in the " +
           refmath_variant_name(*v) + " variant (only in: " +
           DefiningVariants(f, ", ") + ")";
  return false;
}

std::string DefiningVariants(refmath_function f, const std::string& sep) {
  std::string names;
  for (int w = 0; w < REFMATH_NUM_VARIANTS; ++w) {
    const auto variant = static_cast<refmath_variant>(w);
    if (refmath_function_status(f, variant) != REFMATH_OK) continue;
    names += (names.empty() ? "" : sep) + refmath_variant_name(variant);
  }
  return names;
}

namespace {

// strtod and strtof skip leading blanks, take a '+' and read hexadecimal
// ("0x1p-3"); a number given on the command line is decimal and starts
// with a digit, '.', or '-'.
bool LooksDecimal(const std::string& text) {
  return !text.empty() && !isspace(static_cast<unsigned char>(text[0])) &&
         text[0] != '+' && text.find_first_of("xX") == std::string::npos;
}

}  // namespace

bool ParseDouble(const std::string& text, double* value) {
  if (!LooksDecimal(text)) return false;
  char* end = nullptr;
  errno = 0;
  const double v = strtod(text.c_str(), &end);
  if (errno != 0 || *end != '\0' || !std::isfinite(v) || v < 0) return false;
  *value = v;
  return true;
}

bool ParseSignedDouble(const std::string& text, double* value) {
  const bool negative = !text.empty() && text[0] == '-';
  double magnitude;
  if (!ParseDouble(negative ? text.substr(1) : text, &magnitude) ||
      (negative && text.size() > 1 && text[1] == '-')) {
    return false;
  }
  *value = negative ? -magnitude : magnitude;
  return true;
}

bool ParseSize(const std::string& text, size_t* value) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = strtoull(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return false;
  *value = static_cast<size_t>(v);
  return true;
}

bool ParseInteger(const std::string& text, long lo, long hi, long* value) {
  const size_t first_digit = !text.empty() && text[0] == '-' ? 1 : 0;
  if (text.size() == first_digit ||
      !isdigit(static_cast<unsigned char>(text[first_digit]))) {
    return false;
  }
  char* end = nullptr;
  errno = 0;
  const long v = strtol(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0' || v < lo || v > hi) return false;
  *value = v;
  return true;
}

bool ParseIntegerList(const std::string& text, long lo, long hi,
                      std::vector<long>* values) {
  std::vector<long> out;
  for (size_t begin = 0;;) {
    const size_t comma = text.find(',', begin);
    long v;
    if (!ParseInteger(text.substr(begin, comma - begin), lo, hi, &v)) return false;
    out.push_back(v);
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  *values = std::move(out);
  return true;
}

namespace {

bool ParseBound(const std::string& text, float* v) {
  if (text == "FLT_MAX" || text == "max") {
    *v = FLT_MAX;
    return true;
  }
  if (text == "-FLT_MAX" || text == "-max") {
    *v = -FLT_MAX;
    return true;
  }
  if (!LooksDecimal(text)) return false;
  char* end;
  errno = 0;  // ERANGE: beyond FLT_MAX, or a nonzero number lost to underflow
  *v = strtof(text.c_str(), &end);
  return errno == 0 && *end == '\0' && !std::isnan(*v);
}

}  // namespace

bool ParseRange(const std::string& text, float* lo, float* hi) {
  // The separator is the first ':' not at position 0.
  const size_t colon = text.find(':', 1);
  return colon != std::string::npos && ParseBound(text.substr(0, colon), lo) &&
         ParseBound(text.substr(colon + 1), hi);
}

bool ParseShard(const std::string& text, int* index, int* count) {
  const size_t slash = text.find('/');
  size_t i, n;
  if (slash == std::string::npos || !ParseSize(text.substr(0, slash), &i) ||
      !ParseSize(text.substr(slash + 1), &n) || n == 0 || i >= n ||
      n > 1000000) {
    return false;
  }
  *index = static_cast<int>(i);
  *count = static_cast<int>(n);
  return true;
}

}  // namespace cli
}  // namespace refmath
