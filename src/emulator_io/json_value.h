// JSON text (RFC 8259) read into a tree, for the files that describe a
// model to the emulators (`refmath mcu check --layers FILE`).  Numbers keep
// their text, so an integer is read exactly and a decimal rounds once to
// binary64; objects keep their members in order (a repeated key is an
// error).  Nesting is limited to 64 levels.
#ifndef REFMATH_SRC_EMULATOR_IO_JSON_VALUE_H_
#define REFMATH_SRC_EMULATOR_IO_JSON_VALUE_H_

#include <stdint.h>

#include <string>
#include <utility>
#include <vector>

namespace refmath {
namespace io {

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  std::string text;  // a string's value, or a number as written
  std::vector<JsonValue> items;                             // array
  std::vector<std::pair<std::string, JsonValue>> members;  // object

  // The member named `key`, or null when there is none (or this is not an
  // object).
  const JsonValue* Find(const std::string& key) const;
};

// The value `text` holds.  False with a one-line *error ("line 3, column
// 7: expected ':'") on anything that is not one JSON value.
bool ParseJson(const std::string& text, JsonValue* value, std::string* error);

// A number's value: binary64 (strtod's rounding), or an integer that must
// be exact (no fraction or exponent, within int64).  False otherwise.
bool JsonDouble(const JsonValue& v, double* out);
bool JsonInt64(const JsonValue& v, int64_t* out);

// The JSON kind's name for messages: "a string", "an array", ...
const char* JsonKindName(JsonValue::Kind kind);

}  // namespace io
}  // namespace refmath

#endif  // REFMATH_SRC_EMULATOR_IO_JSON_VALUE_H_
