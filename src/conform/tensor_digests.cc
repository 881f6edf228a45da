#include "src/conform/tensor_digests.h"

#include <string.h>

#include <utility>

#include "src/conform/runner.h"

namespace refmath {
namespace conformance {
namespace {

int g_max_threads = 8;

// Every usable target with one thread, and the first (best) with 2, 3, 4
// and 8, must give the first run's bytes.  (The thread split is the same
// code on every target; conformance/tests/tensor_identity_test.cc runs the
// whole product.)
std::string CheckedDigest(const TensorCase& c, size_t number,
                          refmath_variant v) {
  std::vector<std::pair<refmath_target, int>> runs;
  for (refmath_target t : CheckedTargets(v)) runs.push_back({t, 1});
  for (int threads : {2, 3, 4, 8}) {
    if (threads <= g_max_threads) runs.push_back({runs[0].first, threads});
  }
  std::vector<float> first;
  for (const auto& run : runs) {
    refmath_tensor_options o = refmath_tensor_default_options();
    o.variant = v;
    o.target = run.first;
    o.threads = run.second;
    std::vector<float> out;
    const int status = RunTensorCase(c, number, o, &out);
    const std::string where = std::string(refmath_target_name(run.first)) +
                              "/t" + std::to_string(run.second);
    if (status != REFMATH_OK) {
      return "status " + std::to_string(status) + " on " + where;
    }
    if (first.empty()) {
      first = out;
    } else if (out.size() != first.size() ||
               memcmp(out.data(), first.data(), out.size() * 4) != 0) {
      return "differs on " + where;
    }
  }
  return DigestFloats(first.data(), first.size());
}

}  // namespace

void SetTensorMaxThreads(int threads) { g_max_threads = threads; }

std::vector<NamedDigest> TensorGoldenDigests() {
  std::vector<NamedDigest> rows;
  const std::vector<TensorCase>& cases = TensorCases();
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
    if (CheckedTargets(v).empty()) continue;  // a restricted run
    for (size_t i = 0; i < cases.size(); ++i) {
      rows.push_back({std::string(refmath_variant_name(v)) + ":" +
                          TensorCaseName(cases[i]),
                      CheckedDigest(cases[i], i, v)});
    }
  }
  return rows;
}

}  // namespace conformance
}  // namespace refmath
