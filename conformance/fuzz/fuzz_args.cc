// Fuzz target: the command-line parsing layer (options, names, numbers,
// ranges, shards) on arbitrary argument vectors.  Errors must be one line.
#include <stdint.h>
#include <stdlib.h>

#include <cmath>
#include <string>
#include <vector>

#include "src/cmdline/args.h"

namespace {

void CheckError(const std::string& error) {
  if (error.empty() || error.find('\n') != std::string::npos) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // NUL-separated arguments.
  std::vector<std::string> argv(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      argv.emplace_back();
    } else {
      argv.back() += static_cast<char>(data[i]);
    }
  }
  refmath::cli::Args args;
  std::string error;
  std::vector<std::string> positional;
  if (!args.Parse(argv, {"function", "variant", "target", "range", "out"},
                  {"all", "quiet"}, &error, size % 2 ? &positional : nullptr)) {
    CheckError(error);
    return 0;
  }
  refmath_function f;
  refmath_variant v;
  refmath_target t;
  error.clear();
  if (args.Has("function") && !refmath::cli::ParseFunction(args.Get("function"), &f, &error)) CheckError(error);
  error.clear();
  if (args.Has("variant") && !refmath::cli::ParseVariant(args.Get("variant"), &v, &error)) CheckError(error);
  error.clear();
  if (args.Has("target") && !refmath::cli::ParseTarget(args.Get("target"), &t, &error)) CheckError(error);
  double d;
  size_t n;
  float lo, hi;
  int index, count;
  refmath::cli::ParseDouble(args.Get("range"), &d);
  refmath::cli::ParseSize(args.Get("out"), &n);
  if (refmath::cli::ParseRange(args.Get("range"), &lo, &hi) &&
      (std::isnan(lo) || std::isnan(hi))) {
    abort();
  }
  if (refmath::cli::ParseShard(args.Get("out"), &index, &count) &&
      !(0 <= index && index < count)) {
    abort();
  }
  return 0;
}
