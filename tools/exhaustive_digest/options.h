// The command line of refmath_exhaustive_digest, checked whole before any
// work, and the rows of an exhaustive golden file.
#ifndef REFMATH_TOOLS_EXHAUSTIVE_DIGEST_OPTIONS_H_
#define REFMATH_TOOLS_EXHAUSTIVE_DIGEST_OPTIONS_H_

#include <string>
#include <vector>

#include "src/verify/exhaustive.h"

namespace refmath {
namespace exhaustive_tool {

extern const char* const kTool;
extern const char* const kUsage;

// One row of golden/exhaustive.sha256: "DIGEST  FUNCTION VARIANT".
struct GoldenRow {
  std::string digest;
  refmath_function function;
  refmath_variant variant;
};

struct Options {
  bool help = false;
  bool merge = false;                   // --merge PART...
  std::vector<std::string> parts;       // its files
  std::vector<exhaustive::Row> rows;    // what a run or shard digests
  exhaustive::BlockRange blocks;        // --blocks A:B, all by default
  int shard_index = 0, shard_count = 0; // --shard i/N (0: no shard)
  std::string out;                      // --out PART, with --shard
  std::string check, check_plain, write;  // --check, --check-plain, --write
  std::vector<GoldenRow> golden;        // the rows of --check/--check-plain
  // --add, with --write FILE: FILE's rows, which the written file keeps
  // beside the rows this run computed (new functions get their rows
  // without recomputing the others).
  bool add = false;
  std::vector<GoldenRow> kept;
};

// False, with a one-line *error, on anything a run would fail on before
// its end: options, the golden file's rows, output paths.
bool ParseOptions(int argc, char** argv, Options* o, std::string* error);

// The rows of an exhaustive golden file, or false with a one-line *error.
bool ReadGoldenRows(const std::string& path, std::vector<GoldenRow>* rows,
                    std::string* error);

}  // namespace exhaustive_tool
}  // namespace refmath

#endif  // REFMATH_TOOLS_EXHAUSTIVE_DIGEST_OPTIONS_H_
