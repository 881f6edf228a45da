// Sweep results on disk (a small key-value text format that shards can be
// merged from) and as tables (CSV and Markdown, in the spec's layout).
#ifndef REFMATH_SRC_VERIFY_SWEEP_IO_H_
#define REFMATH_SRC_VERIFY_SWEEP_IO_H_

#include <string>
#include <vector>

#include "src/verify/sweep.h"

namespace refmath {
namespace sweep {

std::string SerializeResult(const Result& r);
bool ParseResult(const std::string& text, const std::string& name, Result* r,
                 std::string* error);
bool ReadResult(const std::string& path, Result* r, std::string* error);

// "hot [-16, 16] stride 1", "all binary32 stride 1".
std::string SweepDescription(const Spec& spec);

// One row per result, in the order given.
std::string CsvTable(const std::vector<Result>& rows);
std::string MarkdownTable(const std::vector<Result>& rows);
// Per-bin error profile (bin, x, max_ulp) of one result, for plots.
std::string BinsCsv(const Result& r);

// Shortest decimal that reads back as the same float ("-5.8606462").
std::string FloatText(float x);

}  // namespace sweep
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_SWEEP_IO_H_
