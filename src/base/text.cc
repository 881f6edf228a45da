#include "src/base/text.h"

#include <stdio.h>
#include <stdlib.h>

#include <algorithm>

namespace refmath {

std::string Printable(const std::string& text, size_t max_len) {
  const size_t n = std::min(text.size(), max_len);
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      char escaped[8];
      snprintf(escaped, sizeof(escaped), "\\x%02X", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  if (n < text.size()) out += "...";
  return out;
}

std::string ShapeText(const std::vector<size_t>& shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(shape[i]);
  }
  if (shape.size() == 1) out += ",";
  return out + ")";
}

std::string FormatDouble(double value) {
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    snprintf(text, sizeof(text), "%.*g", digits, value);
    if (strtod(text, nullptr) == value) break;
  }
  return text;
}

}  // namespace refmath
