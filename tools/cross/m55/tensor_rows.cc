// The tensor cases of golden/tensor.sha256 (src/conform/tensor_cases.h)
// that fit the firmware's memory, through the C API of refmath/tensor.h on
// Highway's SCALAR target with one thread, each printed over semihosting as
//
//   TROW <variant> <case name> <64 hex digits> <centiseconds>
//
// and each case too large for the 512 KiB of DTCM as "TSKIP <case name>".
// tools/cross/m55/run.sh compares the rows with golden/tensor.sha256.
#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "refmath/tensor.h"
#include "semihost.h"
#include "sha256.h"
#include "src/conform/tensor_cases.h"

namespace m55 {
void PrintDigestRow(const char* tag, const char* variant, const char* name,
                    const uint8_t digest[32], uint32_t cs);
}  // namespace m55

namespace {

using refmath::conformance::TensorCase;

// Floats a case holds at once (operands, result, the library's packed
// copies and scratch), roughly.
size_t Footprint(const TensorCase& c) {
  const std::vector<size_t>& d = c.dims;
  const std::string op = c.op;
  if (c.special) return 1024;
  if (op == "dot") return 2 * d[0];
  if (op == "matmul") {
    return 2 * (d[0] * d[1] + d[1] * (d[2] + 32)) + 3 * d[0] * (d[2] + 32);
  }
  if (op == "decoder") return 16384;  // weights and one sequence's cache
  if (op == "attention") {
    return 2 * (d[0] * d[2] + d[1] * d[2] + d[1] * d[3]) +
           4 * d[0] * (d[1] + 32) + 2 * d[0] * d[3];
  }
  return 3 * d[0] * d[1] + 2 * d[1];
}

}  // namespace

// Runs every case under `budget` floats in both variants.
void RunTensorRows(size_t budget) {
  const std::vector<TensorCase>& cases = refmath::conformance::TensorCases();
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string name = refmath::conformance::TensorCaseName(cases[i]);
    if (Footprint(cases[i]) > budget) {
      m55::SemihostWrite0(("TSKIP " + name + "\n").c_str());
      continue;
    }
    for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
      refmath_tensor_options o = refmath_tensor_default_options();
      o.variant = v;
      o.threads = 1;
      const uint32_t t0 = m55::SemihostClock();
      std::vector<float> out;
      const int status = refmath::conformance::RunTensorCase(cases[i], i, o,
                                                             &out);
      if (status != REFMATH_OK) {
        m55::SemihostWrite0(("ERROR tensor " + name + ": " +
                             refmath_status_string(status) + "\n").c_str());
        continue;
      }
      m55::Sha256 sha;
      sha.UpdateWords(out.data(), out.size());
      uint8_t digest[32];
      sha.Final(digest);
      m55::PrintDigestRow("TROW", refmath_variant_name(v),
                          name.c_str(), digest, m55::SemihostClock() - t0);
    }
  }
}
