// What refmath_exhaustive_digest does with whole digests as they come: a
// line per row (printed, or compared with --check or --check-plain), then
// the verdict and --write's golden file.
#ifndef REFMATH_TOOLS_EXHAUSTIVE_DIGEST_REPORT_H_
#define REFMATH_TOOLS_EXHAUSTIVE_DIGEST_REPORT_H_

#include <string>
#include <vector>

#include "tools/exhaustive_digest/options.h"

namespace refmath {
namespace exhaustive_tool {

// The golden row of row's function and variant, or null.
const GoldenRow* FindPinned(const std::vector<GoldenRow>& golden,
                            const exhaustive::Row& row);

// Rows in the golden file's order: by variant, then function.
void SortRows(std::vector<exhaustive::RowDigest>* rows);

class Report {
 public:
  // `range`: the blocks the digests cover.
  Report(const Options& o, const exhaustive::BlockRange& range)
      : o_(o), range_(range) {}

  // A row's digest, and with --check-plain its plain SHA-256.
  void Add(const exhaustive::RowDigest& d, const std::string& plain);
  // The verdict line and --write; the exit status.
  int Finish();

 private:
  const Options& o_;
  exhaustive::BlockRange range_;
  std::vector<exhaustive::RowDigest> rows_;
  int checked_ = 0, mismatches_ = 0, unpinned_ = 0;
};

}  // namespace exhaustive_tool
}  // namespace refmath

#endif  // REFMATH_TOOLS_EXHAUSTIVE_DIGEST_REPORT_H_
