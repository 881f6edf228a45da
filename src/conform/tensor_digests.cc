#include "src/conform/tensor_digests.h"

#include <string.h>

#include "src/conform/runner.h"

namespace refmath {
namespace conformance {
namespace {

// Every usable (target, threads) must give the first one's bytes.
std::string CheckedDigest(const TensorCase& c, size_t number,
                          refmath_variant v) {
  std::vector<float> first;
  for (refmath_target t : UsableTargets(v)) {
    for (int threads : {1, 2, 3, 4, 8}) {
      refmath_tensor_options o = refmath_tensor_default_options();
      o.variant = v;
      o.target = t;
      o.threads = threads;
      std::vector<float> out;
      const int status = RunTensorCase(c, number, o, &out);
      const std::string where = std::string(refmath_target_name(t)) + "/t" +
                                std::to_string(threads);
      if (status != REFMATH_OK) return "status " + std::to_string(status) +
                                       " on " + where;
      if (first.empty()) {
        first = out;
      } else if (out.size() != first.size() ||
                 memcmp(out.data(), first.data(), out.size() * 4) != 0) {
        return "differs on " + where;
      }
    }
  }
  return DigestFloats(first.data(), first.size());
}

}  // namespace

std::vector<NamedDigest> TensorGoldenDigests() {
  std::vector<NamedDigest> rows;
  const std::vector<TensorCase>& cases = TensorCases();
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
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
