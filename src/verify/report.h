// Text reports of the measurement tools (ulp_tables/, docs/ane-envelopes.md):
// printf into a string, Markdown tables, and progress on stderr.
#ifndef REFMATH_SRC_VERIFY_REPORT_H_
#define REFMATH_SRC_VERIFY_REPORT_H_

#include <stdint.h>

#include <chrono>
#include <string>
#include <vector>

namespace refmath {
namespace report {

// printf into a std::string.
std::string Printf(const char* format, ...)
    __attribute__((format(printf, 1, 2)));

// A Markdown table: "| a | b |", "|---|---|", then one line per row.  A '|'
// in a cell would end it and is written "\|"; a backslash is doubled, so
// one before a '|' stays a backslash.
class MarkdownTable {
 public:
  explicit MarkdownTable(std::vector<std::string> header)
      : header_(std::move(header)) {}
  void Row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  std::string Markdown() const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

// Text as the inside of a JSON string: quotes and backslashes escaped,
// control characters as \u00XX.
std::string JsonEscape(const std::string& text);

// "[section] message" on stderr, flushed: the progress of a long run.
void Progress(const char* section, const std::string& message);

// A long run's progress on stderr: a bar redrawn in place on a terminal,
// a line every 30 s otherwise; nothing at all when quiet.
class ProgressBar {
 public:
  explicit ProgressBar(bool quiet);
  // done of total values; the rate and time left are estimated from the
  // time since construction.  Once done reaches total, later calls print
  // nothing (the last line says 100% once).
  void Update(uint64_t done, uint64_t total);
  // Ends the bar's line on a terminal.
  void Finish();

 private:
  double Seconds() const;

  bool quiet_, tty_;
  std::chrono::steady_clock::time_point start_;
  double last_ = -1e9;
  bool complete_ = false;  // the 100% line is out: nothing more to say
};

}  // namespace report
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_REPORT_H_
