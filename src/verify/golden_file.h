// Golden digest files (docs/golden-hashes.md): one per variant, named
// VARIANT.sha256, lines "HEX64  NAME" where NAME is a function name or
// "inputs" (the digest of the input set itself); '#' starts a comment.
#ifndef REFMATH_SRC_VERIFY_GOLDEN_FILE_H_
#define REFMATH_SRC_VERIFY_GOLDEN_FILE_H_

#include <map>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/verify/digest.h"

namespace refmath {

constexpr const char* kInputsRowName = "inputs";

struct GoldenFile {
  std::map<std::string, std::string> digests;  // name -> lower-case hex
};

std::string GoldenPath(const std::string& dir, refmath_variant v);

// True for a lower-case hex SHA-256 digest (64 characters), the form every
// golden file uses.
bool IsHexDigest(const std::string& s);

// Parses a golden file, a variant's (golden/VARIANT.sha256) or a module's
// (golden/MODULE.sha256): "DIGEST  NAME" lines and '#' comments, each ended
// by a newline, at least one row, row names made of [A-Za-z0-9_.:=-], none
// twice.  False, with a one-line error naming the file and line, for
// anything else; whether the build computes each row is the runner's
// check (docs/golden-hashes.md).
bool ReadGoldenFile(const std::string& path, GoldenFile* out,
                    std::string* error);

// Writes a module's golden file (atomically), rows in the given order,
// after a header naming the module and its description.
bool WriteModuleGoldenFile(const std::string& path, const std::string& module,
                           const std::string& description,
                           const std::vector<NamedDigest>& rows,
                           std::string* error);

// Writes a golden file (atomically) with a header comment.
bool WriteGoldenFile(const std::string& path, refmath_variant v,
                     const GoldenFile& file, std::string* error);

// The golden directory used when none is given: $REFMATH_GOLDEN_DIR if set;
// else, for an executable of this build tree (its bin/), the source tree's
// golden/; else share/refmath/golden beside the executable's bin/ if it
// exists (an installed one, whatever prefix it was installed under); else
// the configured install prefix's copy; else the source tree's.
std::string DefaultGoldenDir();

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_GOLDEN_FILE_H_
