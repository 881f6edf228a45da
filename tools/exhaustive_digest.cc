// refmath_exhaustive_digest: SHA-256 of a kernel's outputs over all 2^32
// binary32 inputs, in bit-pattern order (outputs serialized as little-endian
// uint32, as for the golden digests).  The golden set is strided; this is
// the check that a change to a kernel (a shortcut, a reordering) leaves
// every output bit as it was.  golden/exhaustive.sha256 pins every
// function and variant; --check FILE recomputes the rows of FILE and
// compares (docs/golden-hashes.md).  About 10 to 30 s per function and
// variant on one core, depending on the target.  --scalar digests the
// scalar calls instead (refmath_expf, refmath_fast_expf, ..., one value
// per call), which must give the same rows.
#include <stdio.h>
#include <unistd.h>

#include <exception>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/cmdline/args.h"
#include "src/conform/runner.h"
#include "src/verify/digest.h"
#include "src/verify/file_io.h"
#include "src/verify/golden_file.h"
#include "src/verify/scalar_calls.h"

namespace {

constexpr size_t kChunk = size_t{1} << 22;  // inputs per evaluation chunk
constexpr uint64_t kAllInputs = uint64_t{1} << 32;

// What computes the outputs: the array call on a target, or the scalar
// call (one value per call, on the best target).
struct Source {
  refmath_target target = REFMATH_TARGET_BEST;
  bool scalar = false;
};

const char* SourceName(const Source& s) {
  return s.scalar ? "scalar calls" : refmath_target_name(s.target);
}

// Evaluates inputs [first, first + kChunk) into *out; returns the status.
int EvalChunk(refmath_function f, refmath_variant v, Source s, uint64_t first,
              std::vector<float>* in, std::vector<float>* out) {
  for (size_t i = 0; i < kChunk; ++i) {
    (*in)[i] = refmath::io::BitsToFloat(static_cast<uint32_t>(first + i));
  }
  if (!s.scalar) {
    return refmath_eval_f32(f, v, s.target, in->data(), out->data(), kChunk);
  }
  const int status = refmath_target_status(v, REFMATH_TARGET_BEST);
  if (status != REFMATH_OK) return status;
  const refmath::ScalarCall call = refmath::ScalarCallOf(f, v);
  if (call == nullptr) return REFMATH_E_NOT_IN_VARIANT;
  for (size_t i = 0; i < kChunk; ++i) (*out)[i] = call((*in)[i]);
  return REFMATH_OK;
}

// The hex digest, or "" after printing an error; throws on allocation or
// thread failure.
std::string DigestOrThrow(refmath_function f, refmath_variant v, Source t,
                          bool progress) {
  refmath::Sha256 sha;
  // Two buffer pairs: the next chunk is evaluated while this one is hashed.
  std::vector<float> in[2], out[2];
  for (int k = 0; k < 2; ++k) {
    in[k].resize(kChunk);
    out[k].resize(kChunk);
  }
  std::future<int> next = std::async(std::launch::async, EvalChunk, f, v, t,
                                     0, &in[0], &out[0]);
  for (uint64_t first = 0, k = 0; first < kAllInputs; first += kChunk, k ^= 1) {
    const int status = next.get();
    if (status != REFMATH_OK) {
      fprintf(stderr, "refmath_exhaustive_digest: %s %s on %s: %s\n",
              refmath_function_name(f), refmath_variant_name(v),
              SourceName(t), refmath_status_string(status));
      return "";
    }
    if (first + kChunk < kAllInputs) {
      next = std::async(std::launch::async, EvalChunk, f, v, t,
                        first + kChunk, &in[k ^ 1], &out[k ^ 1]);
    }
    // Little-endian hosts only (x86, arm64): the floats' bytes are already
    // the serialization.
    sha.Update(out[k].data(), kChunk * sizeof(float));
    if (progress && (first / kChunk) % 64 == 63) {
      fprintf(stderr, "\r  %s %s: %3.0f%%", refmath_function_name(f),
              refmath_variant_name(v), 100.0 * (first + kChunk) / kAllInputs);
      fflush(stderr);
    }
  }
  if (progress) fprintf(stderr, "\r%40s\r", "");
  return sha.HexFinal();
}

// DigestOrThrow with every failure printed: the hex digest or "".
std::string Digest(refmath_function f, refmath_variant v, Source t,
                   bool progress) {
  try {
    return DigestOrThrow(f, v, t, progress);
  } catch (const std::exception& e) {  // std::bad_alloc, std::system_error
    fprintf(stderr, "refmath_exhaustive_digest: %s\n", e.what());
    return "";
  }
}

// One row of a --check file: "DIGEST  FUNCTION VARIANT".
struct Row {
  std::string digest;
  refmath_function f;
  refmath_variant v;
};

bool ReadRows(const std::string& path, std::vector<Row>* rows,
              std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = refmath::cli::ShowPath(path) + ": cannot open";
    return false;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::string where =
        refmath::cli::ShowPath(path) + ":" + std::to_string(number) + ": ";
    std::istringstream fields(line);
    std::string digest, fname, vname, extra;
    Row row;
    if (!(fields >> digest >> fname >> vname) || (fields >> extra) ||
        !refmath::IsHexDigest(digest)) {
      *error = where + "expected 'DIGEST  FUNCTION VARIANT'";
      return false;
    }
    std::string why;
    if (!refmath::cli::ParseFunction(fname, &row.f, &why) ||
        !refmath::cli::ParseVariant(vname, &row.v, &why)) {
      *error = where + why;
      return false;
    }
    row.digest = digest;
    rows->push_back(row);
  }
  if (rows->empty()) {
    *error = refmath::cli::ShowPath(path) + ": no rows";
    return false;
  }
  return true;
}

// The command line: the rows to digest and the target to run them on.
struct Options {
  std::vector<refmath_function> functions;  // --function; empty for all
  std::vector<refmath_variant> variants;    // --variant, all by default
  bool all_functions = true, all_variants = true;
  Source source;  // --target, or --scalar
  std::string check;  // --check FILE, or empty
};

bool ParseOptions(int argc, char** argv, Options* o, std::string* error) {
  using namespace refmath;
  cli::Args args;
  if (!args.Parse(std::vector<std::string>(argv + 1, argv + argc),
                  {"function", "variant", "target", "check"}, {"scalar"},
                  error)) {
    return false;
  }
  const std::string fname = args.Get("function", "all");
  o->all_functions = fname == "all";
  refmath_function f;
  if (!o->all_functions) {
    if (!cli::ParseFunction(fname, &f, error)) return false;
    o->functions.push_back(f);
  }
  const std::string vname = args.Get("variant", "all");
  o->all_variants = vname == "all";
  refmath_variant v;
  if (o->all_variants) {
    o->variants = {REFMATH_EXACT, REFMATH_FAST, REFMATH_CORRECT};
  } else {
    if (!cli::ParseVariant(vname, &v, error)) return false;
    o->variants.push_back(v);
  }
  if (args.Has("target") &&
      !cli::ParseTarget(args.Get("target"), &o->source.target, error)) {
    return false;
  }
  o->source.scalar = args.Has("scalar");
  if (o->source.scalar && args.Has("target")) {
    *error = "--scalar runs on the best target: it takes no --target";
    return false;
  }
  o->check = args.Get("check");
  return true;
}

// --check: recomputes the rows of the file that --function/--variant
// select and compares them.
int CheckRows(const Options& o, bool progress) {
  std::vector<Row> rows;
  std::string error;
  if (!ReadRows(o.check, &rows, &error)) {
    fprintf(stderr, "refmath_exhaustive_digest: %s\n", error.c_str());
    return 2;
  }
  int checked = 0, mismatches = 0;
  for (const Row& row : rows) {
    if ((!o.all_functions && row.f != o.functions[0]) ||
        (!o.all_variants && row.v != o.variants[0])) {
      continue;
    }
    const std::string hex = Digest(row.f, row.v, o.source, progress);
    if (hex.empty()) return 1;
    ++checked;
    const bool same = hex == row.digest;
    if (!same) ++mismatches;
    printf("%-8s %s %s on %s%s%s\n", same ? "ok" : "MISMATCH",
           refmath_function_name(row.f), refmath_variant_name(row.v),
           SourceName(o.source), same ? "" : ": got ",
           same ? "" : hex.c_str());
    fflush(stdout);
  }
  if (checked == 0) {
    fprintf(stderr, "refmath_exhaustive_digest: no row of %s matches\n",
            refmath::cli::ShowPath(o.check).c_str());
    return 2;
  }
  printf("%s: %d of %d rows match all 2^32 inputs\n",
         mismatches ? "FAIL" : "PASS", checked - mismatches, checked);
  return mismatches ? 1 : 0;
}

// Without --check: one "DIGEST  FUNCTION VARIANT TARGET" line per row
// (TARGET "scalar-calls" with --scalar).
int PrintDigests(const Options& o, bool progress) {
  for (refmath_variant v : o.variants) {
    // "all" is every function the variant defines.
    const std::vector<refmath_function> functions =
        o.all_functions ? refmath::conformance::DefinedFunctions(v)
                        : o.functions;
    for (refmath_function f : functions) {
      const std::string hex = Digest(f, v, o.source, progress);
      if (hex.empty()) return 1;
      printf("%s  %s %s %s\n", hex.c_str(), refmath_function_name(f),
             refmath_variant_name(v),
             o.source.scalar ? "scalar-calls"
                             : refmath_target_name(o.source.target));
      fflush(stdout);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  static_assert(sizeof(float) == 4, "binary32");
  Options options;
  std::string error;
  if (!ParseOptions(argc, argv, &options, &error)) {
    fprintf(stderr,
            "refmath_exhaustive_digest: %s\n"
            "usage: refmath_exhaustive_digest [--function F|all] "
            "[--variant exact|fast|correct|all] [--target T | --scalar] "
            "[--check FILE]\n",
            error.c_str());
    return 2;
  }
  const bool progress = isatty(STDERR_FILENO);
  return options.check.empty() ? PrintDigests(options, progress)
                               : CheckRows(options, progress);
}
