#include "src/emulator_io/json_value.h"

#include <errno.h>
#include <stdlib.h>

#include <cmath>

#include "src/base/text.h"

namespace refmath {
namespace io {
namespace {

constexpr int kMaxDepth = 64;

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  bool Document(JsonValue* v, std::string* error) {
    SkipSpace();
    if (!Value(v, 0)) return Fail(error);
    SkipSpace();
    if (i_ != s_.size()) {
      why_ = "text after the value";
      return Fail(error);
    }
    return true;
  }

 private:
  bool Fail(std::string* error) const {
    size_t line = 1, column = 1;
    for (size_t k = 0; k < i_ && k < s_.size(); ++k) {
      if (s_[k] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    *error = "line " + std::to_string(line) + ", column " + std::to_string(column) +
             ": " + why_;
    return false;
  }

  bool Expect(const std::string& what) {
    why_ = "expected " + what;
    return false;
  }

  void SkipSpace() {
    while (i_ < s_.size() &&
           (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) {
      ++i_;
    }
  }

  bool Value(JsonValue* v, int depth) {
    if (depth >= kMaxDepth) {
      why_ = "nested more than 64 levels";
      return false;
    }
    if (i_ >= s_.size()) return Expect("a value");
    const char c = s_[i_];
    if (c == '{') return Object(v, depth);
    if (c == '[') return Array(v, depth);
    if (c == '"') {
      v->kind = JsonValue::Kind::kString;
      return String(&v->text);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return Number(v);
    return Literal(v);
  }

  bool Literal(JsonValue* v) {
    static const struct {
      const char* word;
      JsonValue::Kind kind;
      bool boolean;
    } kWords[] = {{"true", JsonValue::Kind::kBool, true},
                  {"false", JsonValue::Kind::kBool, false},
                  {"null", JsonValue::Kind::kNull, false}};
    for (const auto& w : kWords) {
      const std::string word = w.word;
      if (s_.compare(i_, word.size(), word) == 0) {
        i_ += word.size();
        v->kind = w.kind;
        v->boolean = w.boolean;
        return true;
      }
    }
    return Expect("a value");
  }

  bool Digits() {
    const size_t start = i_;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    return i_ > start;
  }

  bool Number(JsonValue* v) {
    const size_t start = i_;
    if (s_[i_] == '-') ++i_;
    if (i_ < s_.size() && s_[i_] == '0') {
      ++i_;
    } else if (!Digits()) {
      return Expect("a digit");
    }
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (!Digits()) return Expect("a digit after '.'");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!Digits()) return Expect("a digit in the exponent");
    }
    v->kind = JsonValue::Kind::kNumber;
    v->text = s_.substr(start, i_ - start);
    return true;
  }

  bool Hex4(uint32_t* u) {
    *u = 0;
    for (int k = 0; k < 4; ++k, ++i_) {
      if (i_ >= s_.size()) return Expect("four hex digits");
      const char c = s_[i_];
      const int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
      if (d < 0) return Expect("four hex digits");
      *u = *u * 16 + static_cast<uint32_t>(d);
    }
    return true;
  }

  static void Utf8(uint32_t u, std::string* out) {
    if (u < 0x80) {
      *out += static_cast<char>(u);
    } else if (u < 0x800) {
      *out += static_cast<char>(0xC0 | (u >> 6));
      *out += static_cast<char>(0x80 | (u & 0x3F));
    } else if (u < 0x10000) {
      *out += static_cast<char>(0xE0 | (u >> 12));
      *out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
      *out += static_cast<char>(0x80 | (u & 0x3F));
    } else {
      *out += static_cast<char>(0xF0 | (u >> 18));
      *out += static_cast<char>(0x80 | ((u >> 12) & 0x3F));
      *out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
      *out += static_cast<char>(0x80 | (u & 0x3F));
    }
  }

  // \uXXXX, a surrogate pair joined; a lone surrogate is refused.
  bool Escape(std::string* out) {
    const char c = s_[i_++];
    static const char kFrom[] = "\"\\/bfnrt", kTo[] = "\"\\/\b\f\n\r\t";
    for (int k = 0; k < 8; ++k) {
      if (c == kFrom[k]) {
        *out += kTo[k];
        return true;
      }
    }
    if (c != 'u') {
      --i_;
      return Expect("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    }
    uint32_t u;
    if (!Hex4(&u)) return false;
    if (u >= 0xDC00 && u <= 0xDFFF) return Expect("a high surrogate first");
    if (u >= 0xD800 && u <= 0xDBFF) {
      uint32_t low;
      if (s_.compare(i_, 2, "\\u") != 0) return Expect("a low surrogate");
      i_ += 2;
      if (!Hex4(&low)) return false;
      if (low < 0xDC00 || low > 0xDFFF) return Expect("a low surrogate");
      u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
    }
    Utf8(u, out);
    return true;
  }

  bool String(std::string* out) {
    ++i_;  // the opening quote
    out->clear();
    while (i_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return Expect("no control character in a string");
      ++i_;
      if (c != '\\') {
        *out += static_cast<char>(c);
      } else if (i_ >= s_.size()) {
        break;
      } else if (!Escape(out)) {
        return false;
      }
    }
    return Expect("'\"' closing the string");
  }

  // `open` consumed, then items separated by ',' until `close`.
  template <typename Item>
  bool Sequence(char close, const char* what, Item item) {
    ++i_;
    SkipSpace();
    if (i_ < s_.size() && s_[i_] == close) {
      ++i_;
      return true;
    }
    for (;;) {
      if (!item()) return false;
      SkipSpace();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        SkipSpace();
        continue;
      }
      if (i_ < s_.size() && s_[i_] == close) {
        ++i_;
        return true;
      }
      return Expect(what);
    }
  }

  bool Array(JsonValue* v, int depth) {
    v->kind = JsonValue::Kind::kArray;
    return Sequence(']', "',' or ']'", [&] {
      v->items.emplace_back();
      return Value(&v->items.back(), depth + 1);
    });
  }

  bool Object(JsonValue* v, int depth) {
    v->kind = JsonValue::Kind::kObject;
    return Sequence('}', "',' or '}'", [&] {
      if (i_ >= s_.size() || s_[i_] != '"') return Expect("a key in quotes");
      const size_t key_at = i_;
      std::string key;
      if (!String(&key)) return false;
      if (v->Find(key) != nullptr) {
        i_ = key_at;
        why_ = "the key \"" + Printable(key, 40) + "\" appears twice";
        return false;
      }
      SkipSpace();
      if (i_ >= s_.size() || s_[i_] != ':') return Expect("':'");
      ++i_;
      SkipSpace();
      v->members.emplace_back(key, JsonValue());
      return Value(&v->members.back().second, depth + 1);
    });
  }

  const std::string& s_;
  size_t i_ = 0;
  std::string why_;
};

}  // namespace

const JsonValue* JsonValue::Find(const std::string& key) const {
  for (const auto& m : members) {
    if (m.first == key) return &m.second;
  }
  return nullptr;
}

bool ParseJson(const std::string& text, JsonValue* value, std::string* error) {
  JsonValue v;
  Parser parser(text);
  if (!parser.Document(&v, error)) return false;
  *value = std::move(v);
  return true;
}

bool JsonDouble(const JsonValue& v, double* out) {
  if (v.kind != JsonValue::Kind::kNumber) return false;
  const double d = strtod(v.text.c_str(), nullptr);
  if (!std::isfinite(d)) return false;  // beyond binary64
  *out = d;
  return true;
}

bool JsonInt64(const JsonValue& v, int64_t* out) {
  if (v.kind != JsonValue::Kind::kNumber ||
      v.text.find_first_of(".eE") != std::string::npos) {
    return false;
  }
  errno = 0;
  char* end = nullptr;
  const long long n = strtoll(v.text.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') return false;
  *out = static_cast<int64_t>(n);
  return true;
}

const char* JsonKindName(JsonValue::Kind kind) {
  switch (kind) {
    case JsonValue::Kind::kNull: return "null";
    case JsonValue::Kind::kBool: return "a boolean";
    case JsonValue::Kind::kNumber: return "a number";
    case JsonValue::Kind::kString: return "a string";
    case JsonValue::Kind::kArray: return "an array";
    case JsonValue::Kind::kObject: return "an object";
  }
  return "a value";
}

}  // namespace io
}  // namespace refmath
