// Every case of golden/tensor.sha256 at several thread counts, on the one
// Highway target this program is built for (HWY_COMPILE_ONLY_STATIC): a
// statically linked arm64 program, because a dynamically linked one that
// starts a thread hangs in qemu-user 7.2 (tools/cross/arm64.sh).
//
//   refmath_tensor_threads GOLDEN_TENSOR_SHA256 [THREADS...]  (default 2 3 4 8)
//
// Prints one line per thread count and variant ("threads 3 exact: 35/35")
// and each mismatch; exit 0 if every digest matches golden, 1 otherwise,
// 2 on bad usage.
#include <stdio.h>
#include <stdlib.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "refmath/tensor.h"
#include "src/conform/tensor_cases.h"
#include "tools/cross/m55/sha256.h"

namespace {

using refmath::conformance::TensorCase;

// "variant:case" -> hex digest, from the golden file's "digest  name" rows.
std::map<std::string, std::string> ReadGolden(const char* path) {
  std::map<std::string, std::string> rows;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string digest, name;
    if (fields >> digest >> name) rows[name] = digest;
  }
  return rows;
}

// SHA-256 of the outputs as little-endian uint32 (docs/golden-hashes.md).
std::string Digest(const std::vector<float>& out) {
  m55::Sha256 sha;
  sha.UpdateWords(out.data(), out.size());
  uint8_t d[32];
  sha.Final(d);
  char hex[65];
  m55::Hex(d, 32, hex);
  return hex;
}

// Runs every case in `variant` with `threads`; returns the mismatches.
int RunAll(const std::map<std::string, std::string>& golden,
           refmath_variant variant, int threads) {
  const char* vname = refmath_variant_name(variant);
  const std::vector<TensorCase>& cases = refmath::conformance::TensorCases();
  int bad = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string name =
        vname + (":" + refmath::conformance::TensorCaseName(cases[i]));
    refmath_tensor_options o = refmath_tensor_default_options();
    o.variant = variant;
    o.threads = threads;
    std::vector<float> out;
    const int status = refmath::conformance::RunTensorCase(cases[i], i, o, &out);
    const auto want = golden.find(name);
    const std::string got =
        status == REFMATH_OK ? Digest(out) : refmath_status_string(status);
    if (want == golden.end() || got != want->second) {
      printf("  MISMATCH %s threads %d: got %s want %s\n", name.c_str(),
             threads, got.c_str(),
             want == golden.end() ? "(no golden row)" : want->second.c_str());
      ++bad;
    }
  }
  printf("threads %d %s: %zu/%zu\n", threads, vname, cases.size() - bad,
         cases.size());
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s GOLDEN_TENSOR_SHA256 [THREADS...]\n", argv[0]);
    return 2;
  }
  const auto golden = ReadGolden(argv[1]);
  if (golden.empty()) {
    fprintf(stderr, "%s: no digest rows read\n", argv[1]);
    return 2;
  }
  const int target = refmath_best_target(REFMATH_EXACT);
  if (target < 0) {
    fprintf(stderr, "no usable target: %s\n", refmath_status_string(target));
    return 1;
  }
  printf("target %s\n",
         refmath_target_name(static_cast<refmath_target>(target)));
  std::vector<int> counts;
  for (int a = 2; a < argc; ++a) counts.push_back(atoi(argv[a]));
  if (counts.empty()) counts = {2, 3, 4, 8};
  int bad = 0;
  for (int t : counts) {
    if (t < 1) {
      fprintf(stderr, "thread count %d: must be >= 1\n", t);
      return 2;
    }
    bad += RunAll(golden, REFMATH_EXACT, t) + RunAll(golden, REFMATH_FAST, t);
  }
  return bad == 0 ? 0 : 1;
}
