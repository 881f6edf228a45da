#include "src/verify/report.h"

#include <stdarg.h>
#include <stdio.h>

namespace refmath {
namespace report {
namespace {

std::string Cell(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '|' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string Line(const std::vector<std::string>& cells) {
  std::string s = "|";
  for (const std::string& c : cells) s += " " + Cell(c) + " |";
  return s + "\n";
}

}  // namespace

std::string Printf(const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  va_list copy;
  va_copy(copy, ap);
  const int n = vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0) vsnprintf(&out[0], out.size() + 1, format, ap);
  va_end(ap);
  return out;
}

std::string MarkdownTable::Markdown() const {
  std::string out = Line(header_) + "|";
  for (size_t i = 0; i < header_.size(); ++i) out += "---|";
  out += "\n";
  for (const std::vector<std::string>& r : rows_) out += Line(r);
  return out;
}

void Progress(const char* section, const std::string& message) {
  fprintf(stderr, "[%s] %s\n", section, message.c_str());
  fflush(stderr);
}

}  // namespace report
}  // namespace refmath
