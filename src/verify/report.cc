#include "src/verify/report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

std::string JsonEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

void Progress(const char* section, const std::string& message) {
  fprintf(stderr, "[%s] %s\n", section, message.c_str());
  fflush(stderr);
}

ProgressBar::ProgressBar(bool quiet)
    : quiet_(quiet), tty_(isatty(STDERR_FILENO)),
      start_(std::chrono::steady_clock::now()) {}

void ProgressBar::Update(uint64_t done, uint64_t total) {
  if (quiet_ || complete_) return;
  const double s = Seconds();
  if (!tty_ && s - last_ < 30 && done < total) return;
  last_ = s;
  complete_ = done >= total;
  const double frac = total ? static_cast<double>(done) / total : 1;
  const double rate = s > 0 ? done / s : 0;
  const double eta = rate > 0 ? (total - done) / rate : 0;
  char bar[31];
  const int filled = static_cast<int>(frac * 30);
  for (int i = 0; i < 30; ++i) bar[i] = i < filled ? '#' : '.';
  bar[30] = '\0';
  fprintf(stderr,
          "%s[%s] %5.1f%%  %.1f M values/s  elapsed %.0f s  ETA %.0f s%s",
          tty_ ? "\r" : "", bar, 100 * frac, rate / 1e6, s, eta,
          tty_ ? "   " : "\n");
  fflush(stderr);
}

void ProgressBar::Finish() {
  if (!quiet_ && tty_) fprintf(stderr, "\n");
}

double ProgressBar::Seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start_)
      .count();
}

}  // namespace report
}  // namespace refmath
