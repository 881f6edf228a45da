// refmath_ane_sweep: every unary binary16 function of the ANE model over
// every input of its domain, against MPFR and against refmath's exact
// kernels; writes ulp_tables/ane-fp16.md and .csv.  Exit status: 0 done,
// 2 bad usage or an unwritable output.
#include <stdio.h>

#include <string>
#include <thread>
#include <vector>

#include "src/conform/ane_golden_digests.h"
#include "refmath/ane/profile.h"
#include "refmath/ane/unary.h"
#include "src/cmdline/args.h"
#include "src/verify/file_io.h"
#include "tools/ane_sweep/report.h"
#include "tools/ane_sweep/sweep.h"

namespace {

using refmath::ane::UnaryFunction;
constexpr const char* kTool = "refmath_ane_sweep";

const char kUsage[] =
    "usage: refmath_ane_sweep [--profile NAME] [--function F[,F...]]\n"
    "                         [--md FILE] [--csv FILE] [--threads N] "
    "[--quiet]\n"
    "       refmath_ane_sweep --dump-dir DIR [--profile NAME] "
    "[--function F[,F...]]\n"
    "  sweeps the ANE model's unary functions against MPFR; --dump-dir "
    "instead\n"
    "  writes DIR/F.f16, the raw little-endian binary16 results for the "
    "inputs\n"
    "  0x0000..0xFFFF in order\n";

int Usage(const std::string& message) {
  fprintf(stderr, "%s: %s (see --help)\n", kTool, message.c_str());
  return refmath::cli::kExitUsage;
}

// The functions named in a comma-separated list (all when --function is
// absent); an empty name, as in "", "gamma," or "a,,b", is an error.
bool Select(const refmath::cli::Args& parsed, std::vector<UnaryFunction>* out,
            std::string* error) {
  if (!parsed.Has("function")) {
    *out = refmath::ane::UnaryFunctions();
    return true;
  }
  const std::string list = parsed.Get("function");
  size_t start = 0;
  while (true) {
    const size_t comma = list.find(',', start);
    const std::string name = list.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name.empty()) {
      *error = "--function '" + list + "' has an empty name (known: " +
               refmath::ane::UnaryNames() + ")";
      return false;
    }
    const UnaryFunction* f = refmath::ane::FindUnary(name);
    if (f == nullptr) {
      *error = "unknown function '" + name +
               "' (known: " + refmath::ane::UnaryNames() + ")";
      return false;
    }
    out->push_back(*f);
    if (comma == std::string::npos) return true;
    start = comma + 1;
  }
}

int Dump(const std::string& dir, const std::vector<UnaryFunction>& fs,
         const refmath::ane::Profile& p) {
  for (const UnaryFunction& f : fs) {
    const std::vector<uint8_t> bytes = refmath::ane::AllOutputBytes(f, p);
    std::string error;
    const std::string path = dir + "/" + f.name + ".f16";
    if (!refmath::io::WriteAllAtomic(path, bytes.data(), bytes.size(),
                                     &error)) {
      fprintf(stderr, "%s: %s\n", kTool, error.c_str());
      return refmath::cli::kExitUsage;
    }
  }
  return refmath::cli::kExitOk;
}

bool Write(const std::string& path, const std::string& text) {
  std::string error;
  if (refmath::io::WriteAllAtomic(path, text.data(), text.size(), &error)) {
    return true;
  }
  fprintf(stderr, "%s: %s\n", kTool, error.c_str());
  return false;
}

// Sweeps each function on `threads` threads and writes the tables asked
// for; the Markdown names the command line that regenerates it.
int SweepAndWrite(const refmath::cli::Args& parsed,
                  const std::vector<UnaryFunction>& functions,
                  const refmath::ane::Profile& profile,
                  const std::string& profile_name) {
  size_t threads = std::thread::hardware_concurrency();
  if (parsed.Has("threads") &&
      (!refmath::cli::ParseSize(parsed.Get("threads"), &threads) ||
       threads == 0 || threads > 1024)) {
    return Usage("--threads needs a count from 1 to 1024");
  }
  if (threads == 0) threads = 1;
  const bool quiet = parsed.Has("quiet");

  std::vector<refmath::ane_sweep::SweepResult> results;
  for (size_t i = 0; i < functions.size(); ++i) {
    results.push_back(refmath::ane_sweep::Sweep(functions[i], profile,
                                                static_cast<int>(threads)));
    if (!quiet) {
      fprintf(stderr, "[%zu/%zu] %s\n", i + 1, functions.size(),
              refmath::ane_sweep::Summary(results.back()).c_str());
    }
  }

  std::string command = "build/bin/refmath_ane_sweep";
  if (profile_name != "spec") command += " --profile " + profile_name;
  if (parsed.Has("function")) {
    command += " --function " + parsed.Get("function");
  }
  if (parsed.Has("md")) command += " --md " + parsed.Get("md");
  if (parsed.Has("csv")) command += " --csv " + parsed.Get("csv");
  if (parsed.Has("md") &&
      !Write(parsed.Get("md"),
             refmath::ane_sweep::Markdown(results, profile_name, command))) {
    return refmath::cli::kExitUsage;
  }
  if (parsed.Has("csv") &&
      !Write(parsed.Get("csv"),
             refmath::ane_sweep::Csv(results, profile_name))) {
    return refmath::cli::kExitUsage;
  }
  return refmath::cli::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  refmath::cli::Args parsed;
  std::string error;
  if (!parsed.Parse(args,
                    {"profile", "function", "md", "csv", "threads",
                     "dump-dir"},
                    {"quiet", "help"}, &error)) {
    return Usage(error);
  }
  if (parsed.Has("help")) {
    fputs(kUsage, stdout);
    return refmath::cli::kExitOk;
  }
  const std::string profile_name = parsed.Get("profile", "spec");
  refmath::ane::Profile profile;
  if (!refmath::ane::FindProfile(profile_name, &profile, &error)) {
    return Usage(error);
  }
  std::vector<UnaryFunction> functions;
  if (!Select(parsed, &functions, &error)) {
    return Usage(error);
  }
  if (parsed.Has("dump-dir")) {
    for (const char* unused : {"md", "csv", "threads"}) {
      if (parsed.Has(unused)) {
        return Usage(std::string("--") + unused +
                     " has no effect with --dump-dir");
      }
    }
    return Dump(parsed.Get("dump-dir"), functions, profile);
  }

  return SweepAndWrite(parsed, functions, profile, profile_name);
}
