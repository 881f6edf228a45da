#include "src/verify/golden_file.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sstream>
#include <vector>

#include "src/verify/file_io.h"
#include "src/base/text.h"

namespace refmath {

bool IsHexDigest(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

namespace {

bool IsDirectory(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// `path` without symbolic links, "." and "..", or `path` itself if that
// fails.
std::string Canonical(const std::string& path) {
  char* resolved = realpath(path.c_str(), nullptr);
  if (resolved == nullptr) return path;
  const std::string out = resolved;
  free(resolved);
  return out;
}

// The directory of the running executable, "" where the system does not
// say (no /proc).
std::string ExecutableDir() {
  const std::string exe = Canonical("/proc/self/exe");
  const size_t slash = exe.rfind('/');
  if (exe == "/proc/self/exe" || slash == std::string::npos) return "";
  return exe.substr(0, slash);
}

// A row name as golden files spell them; whether this build computes the
// row is the runner's question (a row it does not compute fails the check).
bool IsRowName(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || strchr("_.:=-", c) != nullptr;
    if (!ok) return false;
  }
  return true;
}

// A golden file is lines of "DIGEST  NAME" and comments, each ended by a
// newline, with at least one row; anything else is not a golden file.
bool ParseGoldenFile(const std::string& path, GoldenFile* out,
                     std::string* error) {
  std::vector<uint8_t> bytes;
  if (!io::ReadAll(path, &bytes, error)) return false;
  if (!bytes.empty() && bytes.back() != '\n') {
    *error = Printable(path) + ": cut short (the last line has no newline)";
    return false;
  }
  std::istringstream in(std::string(bytes.begin(), bytes.end()));
  std::string line;
  out->digests.clear();
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where =
        Printable(path) + ":" + std::to_string(number) + ": ";
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string digest, name, extra;
    if (!(fields >> digest >> name) || (fields >> extra)) {
      *error = where + "expected 'DIGEST  NAME'";
      return false;
    }
    if (!IsHexDigest(digest)) {
      *error = where + "not a lower-case hex SHA-256 digest";
      return false;
    }
    if (!IsRowName(name)) {
      *error = where + "not a row name '" + Printable(name, 60) + "'";
      return false;
    }
    if (!out->digests.emplace(name, digest).second) {
      *error = where + "'" + name + "' listed twice";
      return false;
    }
  }
  if (out->digests.empty()) {
    *error = Printable(path) + ": no digest rows";
    return false;
  }
  return true;
}

}  // namespace

std::string GoldenPath(const std::string& dir, refmath_variant v) {
  return dir + "/" + refmath_variant_name(v) + ".sha256";
}

bool ReadGoldenFile(const std::string& path, GoldenFile* out,
                    std::string* error) {
  return ParseGoldenFile(path, out, error);
}

bool WriteModuleGoldenFile(const std::string& path, const std::string& module,
                           const std::string& description,
                           const std::vector<NamedDigest>& rows,
                           std::string* error) {
  std::ostringstream out;
  out << "# refmath golden digests, module " << module << ": " << description
      << ".\n"
      << "# Written by refmath_make_golden --module " << module
      << "; never edit to make a test pass.\n";
  for (const NamedDigest& row : rows) {
    if (!IsRowName(row.name) || !IsHexDigest(row.digest)) {
      *error = "module " + module + ": bad row '" + row.name + "'";
      return false;
    }
    out << row.digest << "  " << row.name << "\n";
  }
  const std::string text = out.str();
  return io::WriteAllAtomic(path, text.data(), text.size(), error);
}

bool WriteGoldenFile(const std::string& path, refmath_variant v,
                     const GoldenFile& file, std::string* error) {
  std::ostringstream out;
  out << "# refmath golden digests, variant " << refmath_variant_name(v)
      << ".\n"
      << "# SHA-256 of the outputs over the golden input set, serialized as\n"
      << "# little-endian uint32 in input order (docs/golden-hashes.md).\n"
      << "# Written by refmath_make_golden; never edit to make a test pass.\n";
  auto emit = [&](const std::string& name) {
    const auto it = file.digests.find(name);
    if (it != file.digests.end()) out << it->second << "  " << name << "\n";
  };
  emit(kInputsRowName);
  for (int f = 0; f < REFMATH_NUM_FUNCTIONS; ++f) {
    emit(refmath_function_name(static_cast<refmath_function>(f)));
  }
  const std::string text = out.str();
  return io::WriteAllAtomic(path, text.data(), text.size(), error);
}

std::string DefaultGoldenDir() {
  if (const char* env = getenv("REFMATH_GOLDEN_DIR")) {
    if (*env) return env;
  }
  const std::string exe_dir = ExecutableDir();
  if (!exe_dir.empty()) {
    // The build tree's executables check the sources they were built from.
    if (io::SameFile(exe_dir, REFMATH_BUILD_BIN_DIR) &&
        IsDirectory(REFMATH_SOURCE_GOLDEN_DIR)) {
      return REFMATH_SOURCE_GOLDEN_DIR;
    }
    // An installed one the files installed with it, wherever the prefix.
    const std::string beside = exe_dir + "/" + REFMATH_BIN_TO_GOLDEN_DIR;
    if (IsDirectory(beside)) return Canonical(beside);
  }
  if (IsDirectory(REFMATH_INSTALLED_GOLDEN_DIR)) {
    return REFMATH_INSTALLED_GOLDEN_DIR;
  }
  return REFMATH_SOURCE_GOLDEN_DIR;
}

}  // namespace refmath
