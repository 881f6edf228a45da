// The conformance runner: every built variant x function x target usable
// here, digested over the golden input set and compared with golden/.
#ifndef REFMATH_SRC_CONFORM_RUNNER_H_
#define REFMATH_SRC_CONFORM_RUNNER_H_

#include <stddef.h>
#include <stdint.h>

#include <functional>
#include <string>
#include <vector>

#include "refmath/refmath.h"

namespace refmath {
namespace conformance {

struct Row {
  refmath_function function;
  refmath_variant variant;
  refmath_target target;
  std::string digest;    // of this target's outputs
  std::string expected;  // from the golden file ("" if absent)
  bool match = false;
  double milliseconds = 0;
  // On a mismatch, when another target here reproduces the golden digest:
  // the first input where this target differs from it.
  bool has_difference = false;
  size_t index = 0;
  uint32_t input_bits = 0, expected_bits = 0, actual_bits = 0;
  std::string note;  // one line, why the row failed
};

// One row of a module's golden file (src/conform/modules.h).
struct ModuleRow {
  std::string module, name;
  std::string digest;    // computed here
  std::string expected;  // from golden/MODULE.sha256 ("" if absent)
  bool match = false;
};

struct Report {
  std::string golden_dir;
  std::vector<Row> rows;
  std::vector<ModuleRow> module_rows;
  std::vector<std::string> errors;  // problems not tied to one row
  bool Passed() const;
};

// The concrete targets (not BEST) the variant can run on here.
std::vector<refmath_target> UsableTargets(refmath_variant v);

// Restricts the rows a run checks to these targets (empty: every usable
// one, the default): the function rows and the tensor module's rows run
// on the listed targets only, and the modules that run on no target (the
// ANE and MCU models) are left out.
void SetCheckedTargets(const std::vector<refmath_target>& only);
// The targets a run checks for variant v: UsableTargets(v), restricted.
std::vector<refmath_target> CheckedTargets(refmath_variant v);

// The functions variant v defines (refmath_function_status), in enum order.
std::vector<refmath_function> DefinedFunctions(refmath_variant v);

// Outputs of (f, v, t) over `inputs` and their digest.  Returns the C
// status (REFMATH_OK on success).
int DigestOutputs(refmath_function f, refmath_variant v, refmath_target t,
                  const std::vector<float>& inputs, std::vector<float>* outputs,
                  std::string* digest);

// Fills the difference fields and note of `row`: the first input where
// `actual` differs from `expected` (the outputs of target `reference`, which
// reproduces the golden digest).  Leaves `row` as it was if none differs.
void NameFirstDifference(const std::vector<float>& inputs,
                         const std::vector<float>& expected,
                         const std::vector<float>& actual,
                         refmath_target reference, Row* row);

// Computes every module's rows and compares them with the golden files;
// problems not tied to one row (missing file, stale row) go to `errors`.
void RunModules(const std::string& golden_dir, std::vector<ModuleRow>* rows,
                std::vector<std::string>* errors);

// Reads every golden file a run reads (each variant built here, each
// module); false with *error on the first missing, unreadable or malformed
// one: bad input, not a failed check.
bool CheckGoldenFiles(const std::string& golden_dir, std::string* error);

// Runs everything; `progress` (may be empty) is called after each row.
Report Run(const std::string& golden_dir,
           const std::function<void(const Row&)>& progress);

std::string FormatTable(const Report& report);
std::string Verdict(const Report& report);
// The version of ToJson's layout (its "schema" field, docs/conformance.md);
// raised when a field changes meaning or goes away, not when one is added.
constexpr const char* kConformSchema = "refmath-conform/1";
// The report as one JSON document.
std::string ToJson(const Report& report);

}  // namespace conformance
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_RUNNER_H_
