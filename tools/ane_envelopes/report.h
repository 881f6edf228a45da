// Shared pieces of refmath_ane_envelopes: Markdown tables, number
// formatting and progress lines on stderr.
#ifndef REFMATH_TOOLS_ANE_ENVELOPES_REPORT_H_
#define REFMATH_TOOLS_ANE_ENVELOPES_REPORT_H_

#include <string>
#include <vector>

#include "src/ane/profile.h"

namespace refmath {
namespace envelopes {

class Table {
 public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void Row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  std::string Markdown() const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

// "2.51e-04"; "overflow" for NaN and inf.
std::string Sci(double x);
// "%.3g"
std::string Num(double x);
std::string Int(long long x);

// "[section] message" on stderr, flushed: the progress of a long run.
void Progress(const char* section, const std::string& message);

// One section of the generated document.
struct Section {
  const char* name;
  std::string (*run)(const ane::Profile&);
};

std::string FftTables(const ane::Profile& p);
std::string LinalgTables(const ane::Profile& p);
std::string CompressTables(const ane::Profile& p);
std::string ProfileTables(const ane::Profile& p);  // every preset

}  // namespace envelopes
}  // namespace refmath

#endif  // REFMATH_TOOLS_ANE_ENVELOPES_REPORT_H_
