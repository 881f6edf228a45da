#include "tools/ane_envelopes/report.h"

#include <math.h>
#include <stdio.h>

namespace refmath {
namespace envelopes {

std::string Table::Markdown() const {
  auto line = [](const std::vector<std::string>& cells) {
    std::string s = "|";
    for (const auto& c : cells) s += " " + c + " |";
    return s + "\n";
  };
  std::string out = line(header_);
  out += "|";
  for (size_t i = 0; i < header_.size(); ++i) out += "---|";
  out += "\n";
  for (const auto& r : rows_) out += line(r);
  return out;
}

std::string Sci(double x) {
  if (!isfinite(x)) return "overflow";
  char buf[32];
  snprintf(buf, sizeof buf, "%.2e", x);
  return buf;
}

std::string Num(double x) {
  if (!isfinite(x)) return "overflow";
  char buf[32];
  snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

std::string Int(long long x) { return std::to_string(x); }

void Progress(const char* section, const std::string& message) {
  fprintf(stderr, "[%s] %s\n", section, message.c_str());
  fflush(stderr);
}

}  // namespace envelopes
}  // namespace refmath
