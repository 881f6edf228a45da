// refmath_exhaustive_digest: SHA-256 of a kernel's outputs over all 2^32
// binary32 inputs, in bit-pattern order (outputs serialized as little-endian
// uint32, as for the golden digests).  The golden set is strided; this is
// the check that a change to a kernel (a shortcut, a reordering) leaves
// every output bit as it was: run it before and after the change and
// compare the lines.  About 15 s per function and variant on one core.
#include <stdio.h>
#include <unistd.h>

#include <exception>
#include <future>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/digest.h"
#include "src/file_io.h"
#include "tools/cli/args.h"

namespace {

constexpr size_t kChunk = size_t{1} << 22;  // inputs per evaluation chunk
constexpr uint64_t kAllInputs = uint64_t{1} << 32;

// Evaluates inputs [first, first + kChunk) into *out; returns the status.
int EvalChunk(refmath_function f, refmath_variant v, refmath_target t,
              uint64_t first, std::vector<float>* in, std::vector<float>* out) {
  for (size_t i = 0; i < kChunk; ++i) {
    (*in)[i] = refmath::io::BitsToFloat(static_cast<uint32_t>(first + i));
  }
  return refmath_eval_f32(f, v, t, in->data(), out->data(), kChunk);
}

// Returns the hex digest, or "" after printing an error.
std::string Digest(refmath_function f, refmath_variant v, refmath_target t,
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
              refmath_target_name(t), refmath_status_string(status));
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

}  // namespace

int main(int argc, char** argv) {
  using namespace refmath;
  static_assert(sizeof(float) == 4, "binary32");
  cli::Args args;
  std::string error;
  const char* usage =
      "usage: refmath_exhaustive_digest [--function F|all] "
      "[--variant exact|fast|all] [--target T]\n";
  if (!args.Parse(std::vector<std::string>(argv + 1, argv + argc),
                  {"function", "variant", "target"}, {}, &error)) {
    fprintf(stderr, "refmath_exhaustive_digest: %s\n%s", error.c_str(), usage);
    return 2;
  }
  std::vector<refmath_function> functions;
  const std::string fname = args.Get("function", "all");
  if (fname == "all") {
    for (int i = 0; i < REFMATH_NUM_FUNCTIONS; ++i) {
      functions.push_back(static_cast<refmath_function>(i));
    }
  } else {
    refmath_function f;
    if (!cli::ParseFunction(fname, &f, &error)) {
      fprintf(stderr, "refmath_exhaustive_digest: %s\n", error.c_str());
      return 2;
    }
    functions.push_back(f);
  }
  std::vector<refmath_variant> variants;
  const std::string vname = args.Get("variant", "all");
  if (vname == "all") {
    variants = {REFMATH_EXACT, REFMATH_FAST};
  } else {
    refmath_variant v;
    if (!cli::ParseVariant(vname, &v, &error)) {
      fprintf(stderr, "refmath_exhaustive_digest: %s\n", error.c_str());
      return 2;
    }
    variants.push_back(v);
  }
  refmath_target t = REFMATH_TARGET_BEST;
  if (args.Has("target") && !cli::ParseTarget(args.Get("target"), &t, &error)) {
    fprintf(stderr, "refmath_exhaustive_digest: %s\n", error.c_str());
    return 2;
  }
  const bool progress = isatty(STDERR_FILENO);
  for (refmath_variant v : variants) {
    for (refmath_function f : functions) {
      std::string hex;
      try {
        hex = Digest(f, v, t, progress);
      } catch (const std::exception& e) {
        fprintf(stderr, "refmath_exhaustive_digest: %s\n", e.what());
        return 1;
      }
      if (hex.empty()) return 1;
      printf("%s  %s %s %s\n", hex.c_str(), refmath_function_name(f),
             refmath_variant_name(v), refmath_target_name(t));
      fflush(stdout);
    }
  }
  return 0;
}
