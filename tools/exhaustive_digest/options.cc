#include "tools/exhaustive_digest/options.h"

#include <fstream>
#include <sstream>

#include "src/cmdline/args.h"
#include "src/conform/runner.h"
#include "src/verify/file_io.h"
#include "src/verify/golden_file.h"

namespace refmath {
namespace exhaustive_tool {

const char* const kTool = "refmath_exhaustive_digest";
const char* const kUsage =
    "usage: refmath_exhaustive_digest [--function F|all] [--variant V|all]\n"
    "           [--target T | --scalar | --sincos [--target T]] [--blocks A:B]\n"
    "           [--check FILE | --check-plain FILE] [--write FILE [--add]]\n"
    "       refmath_exhaustive_digest ... --shard i/N --out PART\n"
    "       refmath_exhaustive_digest --merge [--check FILE] [--write FILE] "
    "PART...\n"
    "(docs/golden-hashes.md, \"Exhaustive digests\")\n";

namespace {

using cli::Args;

bool Refuse(const std::string& why, std::string* error) {
  *error = why;
  return false;
}

// Which options go together: --merge reads parts, --shard writes one, a
// run prints, checks or writes whole digests.
bool CheckCombination(const Args& args, size_t files, std::string* error) {
  if (args.Has("merge")) {
    for (const char* o : {"function", "variant", "target", "scalar", "sincos", "blocks",
                          "shard", "out", "check-plain"}) {
      if (args.Has(o)) {
        return Refuse(std::string("--") + o +
                          " does not apply to --merge (the parts say what "
                          "was digested)",
                      error);
      }
    }
    return files > 0 || Refuse("--merge needs the part files", error);
  }
  if (files > 0) return Refuse("part files are read by --merge only", error);
  if (args.Has("shard") != args.Has("out")) {
    return Refuse("--shard i/N and --out PART go together", error);
  }
  if (args.Has("scalar") && args.Has("target")) {
    return Refuse("--scalar runs on the best target: it takes no --target",
                  error);
  }
  if (args.Has("scalar") && args.Has("shard")) {
    return Refuse("--scalar digests whole runs: it takes no --shard", error);
  }
  if (args.Has("sincos") && args.Has("scalar")) {
    return Refuse("--sincos and --scalar exclude each other", error);
  }
  // --sincos checks the sin and cos rows through the one-call entry point;
  // it writes no digest of its own.
  for (const char* o : {"shard", "write"}) {
    if (args.Has("sincos") && args.Has(o)) {
      return Refuse(std::string("--sincos checks the sin and cos rows: it "
                                "takes no --") + o,
                    error);
    }
  }
  if (args.Has("add") && !args.Has("write")) {
    return Refuse("--add keeps the rows of the --write file: it needs --write",
                  error);
  }
  if (args.Has("check") && args.Has("check-plain")) {
    return Refuse("--check and --check-plain exclude each other", error);
  }
  for (const char* o : {"write", "check-plain"}) {
    if (args.Has("shard") && args.Has(o)) {
      return Refuse(std::string("--") + o +
                        " does not apply to --shard (use it with --merge)",
                    error);
    }
  }
  return true;
}

// --blocks A:B, 0 <= A < B <= 256.
bool ParseBlocks(const std::string& text, exhaustive::BlockRange* r,
                 std::string* error) {
  const size_t colon = text.find(':');
  long a = 0, b = 0;
  if (colon == std::string::npos ||
      !cli::ParseInteger(text.substr(0, colon), 0, exhaustive::kBlocks - 1, &a) ||
      !cli::ParseInteger(text.substr(colon + 1), 1, exhaustive::kBlocks, &b) ||
      a >= b) {
    return Refuse("--blocks needs A:B with 0 <= A < B <= 256 (blocks of 2^24 "
                  "inputs), got " + cli::Quote(text),
                  error);
  }
  r->first = static_cast<int>(a);
  r->end = static_cast<int>(b);
  return true;
}

// --blocks and --shard; the golden digests cover all 2^32 inputs.
bool ParseRange(const Args& args, Options* o, std::string* error) {
  if (args.Has("blocks") && !ParseBlocks(args.Get("blocks"), &o->blocks, error)) {
    return false;
  }
  if (!o->blocks.Whole()) {
    for (const char* opt : {"check", "check-plain", "write"}) {
      if (args.Has(opt)) {
        return Refuse(std::string("--") + opt +
                          " needs all 2^32 inputs; --blocks selects part of them",
                      error);
      }
    }
  }
  if (!args.Has("shard")) return true;
  if (!cli::ParseShard(args.Get("shard"), &o->shard_index, &o->shard_count) ||
      o->shard_count > o->blocks.Count()) {
    return Refuse("--shard needs i/N with 0 <= i < N <= " +
                      std::to_string(o->blocks.Count()) +
                      " (the blocks to share), got " +
                      cli::Quote(args.Get("shard")),
                  error);
  }
  return true;
}

// The rows --function and --variant select: among the golden file's when
// --check or --check-plain names one, else among every defined row.
bool SelectRows(const Args& args, Options* o, std::string* error) {
  refmath_function f = REFMATH_EXP;
  refmath_variant v = REFMATH_EXACT;
  const bool any_f = args.Get("function", "all") == "all";
  const bool any_v = args.Get("variant", "all") == "all";
  if ((!any_f && !cli::ParseFunction(args.Get("function"), &f, error)) ||
      (!any_v && !cli::ParseVariant(args.Get("variant"), &v, error))) {
    return false;
  }
  refmath_target t = REFMATH_TARGET_BEST;
  if (args.Has("target") && !cli::ParseTarget(args.Get("target"), &t, error)) {
    return false;
  }
  std::vector<GoldenRow> candidates = o->golden;
  if (o->check.empty() && o->check_plain.empty()) {
    for (refmath_variant w : {REFMATH_EXACT, REFMATH_FAST, REFMATH_CORRECT}) {
      for (refmath_function g : conformance::DefinedFunctions(w)) {
        candidates.push_back({"", g, w});
      }
    }
  }
  const bool sincos = args.Has("sincos");
  if (sincos && !any_f && f != REFMATH_SIN && f != REFMATH_COS) {
    return Refuse("--sincos computes sin and cos only, not " +
                      args.Get("function"),
                  error);
  }
  for (const GoldenRow& c : candidates) {
    if ((!any_f && c.function != f) || (!any_v && c.variant != v)) continue;
    if (sincos && (c.function != REFMATH_SIN && c.function != REFMATH_COS)) {
      continue;
    }
    const int target = t == REFMATH_TARGET_BEST ? refmath_best_target(c.variant) : t;
    const int status =
        target < 0 ? target
                   : refmath_target_status(c.variant,
                                           static_cast<refmath_target>(target));
    if (status != REFMATH_OK) {
      return Refuse(std::string(refmath_variant_name(c.variant)) + " on " +
                        refmath_target_name(t) + ": " +
                        refmath_status_string(status),
                    error);
    }
    o->rows.push_back({c.function, c.variant,
                       static_cast<refmath_target>(target), args.Has("scalar"),
                       sincos});
  }
  if (o->rows.empty()) {
    const std::string file = o->check.empty() ? o->check_plain : o->check;
    return Refuse(file.empty() ? args.Get("function") + " is not in variant " +
                                     args.Get("variant")
                               : "no row of " + cli::ShowPath(file) + " matches",
                  error);
  }
  return true;
}

// What a run or a shard reads and writes, refused before the work.
bool ParseFiles(const Args& args, Options* o, std::string* error) {
  o->check = args.Get("check");
  o->check_plain = args.Get("check-plain");
  o->write = args.Get("write");
  o->out = args.Get("out");
  const std::string golden = o->check.empty() ? o->check_plain : o->check;
  if (!golden.empty() && !ReadGoldenRows(golden, &o->golden, error)) return false;
  o->add = args.Has("add");
  if (o->add && !ReadGoldenRows(o->write, &o->kept, error)) return false;
  for (const char* opt : {"out", "write"}) {
    if (args.Has(opt) && args.Get(opt).empty()) {
      return Refuse(std::string("--") + opt + " needs a file name", error);
    }
    if (args.Has(opt) && !io::CheckOutputPath(args.Get(opt), error)) return false;
  }
  return true;
}

}  // namespace

bool ReadGoldenRows(const std::string& path, std::vector<GoldenRow>* rows,
                    std::string* error) {
  std::ifstream in(path);
  if (!in) return Refuse(cli::ShowPath(path) + ": cannot open", error);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::string where =
        cli::ShowPath(path) + ":" + std::to_string(number) + ": ";
    std::istringstream fields(line);
    std::string digest, fname, vname, extra;
    GoldenRow row;
    if (!(fields >> digest >> fname >> vname) || (fields >> extra) ||
        !IsHexDigest(digest)) {
      return Refuse(where + "expected 'DIGEST  FUNCTION VARIANT'", error);
    }
    std::string why;
    if (!cli::ParseFunction(fname, &row.function, &why) ||
        !cli::ParseVariant(vname, &row.variant, &why)) {
      return Refuse(where + why, error);
    }
    row.digest = digest;
    rows->push_back(row);
  }
  if (rows->empty()) return Refuse(cli::ShowPath(path) + ": no rows", error);
  return true;
}

bool ParseOptions(int argc, char** argv, Options* o, std::string* error) {
  Args args;
  std::vector<std::string> files;
  if (!args.Parse(std::vector<std::string>(argv + 1, argv + argc),
                  {"function", "variant", "target", "blocks", "shard", "out",
                   "check", "check-plain", "write"},
                  {"merge", "scalar", "sincos", "help", "add"}, error,
                  &files)) {
    return false;
  }
  o->help = args.Has("help");
  if (o->help) return true;
  if (!CheckCombination(args, files.size(), error)) return false;
  o->merge = args.Has("merge");
  if (o->merge) {
    o->parts = files;
    return ParseFiles(args, o, error);
  }
  return ParseRange(args, o, error) && ParseFiles(args, o, error) &&
         SelectRows(args, o, error);
}

}  // namespace exhaustive_tool
}  // namespace refmath
