#include "src/base/bits.h"
#include "src/conform/runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <sstream>

#include "src/conform/modules.h"
#include "src/verify/digest.h"
#include "src/verify/file_io.h"
#include "src/verify/golden_file.h"
#include "src/verify/golden_inputs.h"
#include "src/verify/report.h"

namespace refmath {
namespace conformance {
namespace {

// SetCheckedTargets's list; empty: every usable target.
std::vector<refmath_target> g_checked_targets;

std::string Hex32(uint32_t bits) {
  char buf[16];
  snprintf(buf, sizeof(buf), "0x%08X", bits);
  return buf;
}

void RunFunction(refmath_variant v, refmath_function f,
                 const std::vector<float>& inputs, const std::string& expected,
                 const std::function<void(const Row&)>& progress,
                 Report* report) {
  std::map<refmath_target, std::vector<float>> outputs;
  const size_t first_row = report->rows.size();
  for (refmath_target t : CheckedTargets(v)) {
    Row row;
    row.function = f;
    row.variant = v;
    row.target = t;
    row.expected = expected;
    const auto start = std::chrono::steady_clock::now();
    const int status = DigestOutputs(f, v, t, inputs, &outputs[t], &row.digest);
    row.milliseconds = std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - start)
                           .count();
    if (status != REFMATH_OK) {
      row.note = refmath_status_string(status);
    } else if (expected.empty()) {
      row.note = "no golden digest for this function";
    } else {
      row.match = row.digest == expected;
    }
    report->rows.push_back(row);
    if (progress) progress(report->rows.back());
  }
  // Name the first differing input of each mismatch, against a target that
  // reproduces the golden digest.
  const Row* reference = nullptr;
  for (size_t i = first_row; i < report->rows.size(); ++i) {
    if (report->rows[i].match) reference = &report->rows[i];
  }
  for (size_t i = first_row; i < report->rows.size(); ++i) {
    Row& row = report->rows[i];
    if (row.match || !row.note.empty()) continue;
    if (reference != nullptr) {
      NameFirstDifference(inputs, outputs[reference->target],
                          outputs[row.target], reference->target, &row);
    } else {
      row.note = "digest differs from golden and no target here reproduces "
                 "it, so the expected bits are unknown";
    }
  }
}

}  // namespace

std::vector<refmath_function> DefinedFunctions(refmath_variant v) {
  std::vector<refmath_function> out;
  for (int fi = 0; fi < REFMATH_NUM_FUNCTIONS; ++fi) {
    const auto f = static_cast<refmath_function>(fi);
    if (refmath_function_status(f, v) == REFMATH_OK) out.push_back(f);
  }
  return out;
}

void SetCheckedTargets(const std::vector<refmath_target>& only) {
  g_checked_targets = only;
}

std::vector<refmath_target> CheckedTargets(refmath_variant v) {
  std::vector<refmath_target> out;
  for (refmath_target t : UsableTargets(v)) {
    if (g_checked_targets.empty() ||
        std::find(g_checked_targets.begin(), g_checked_targets.end(), t) !=
            g_checked_targets.end()) {
      out.push_back(t);
    }
  }
  return out;
}

std::vector<refmath_target> UsableTargets(refmath_variant v) {
  std::vector<refmath_target> out;
  for (int t = 0; t < REFMATH_NUM_TARGETS; ++t) {
    const auto target = static_cast<refmath_target>(t);
    if (target != REFMATH_TARGET_BEST &&
        refmath_target_status(v, target) == REFMATH_OK) {
      out.push_back(target);
    }
  }
  return out;
}

void NameFirstDifference(const std::vector<float>& inputs,
                         const std::vector<float>& expected,
                         const std::vector<float>& actual,
                         refmath_target reference, Row* row) {
  for (size_t i = 0; i < actual.size(); ++i) {
    const uint32_t want = refmath::FloatBits(expected[i]);
    const uint32_t got = refmath::FloatBits(actual[i]);
    if (want != got) {
      row->has_difference = true;
      row->index = i;
      row->input_bits = refmath::FloatBits(inputs[i]);
      row->expected_bits = want;
      row->actual_bits = got;
      row->note = "first difference at input #" + std::to_string(i) + " (" +
                  Hex32(row->input_bits) + "): expected " + Hex32(want) +
                  " (as " + refmath_target_name(reference) + "), got " +
                  Hex32(got);
      return;
    }
  }
}

bool Report::Passed() const {
  if (!errors.empty() || rows.empty()) return false;
  for (const Row& row : rows) {
    if (!row.match) return false;
  }
  for (const ModuleRow& row : module_rows) {
    if (!row.match) return false;
  }
  return true;
}

// Rows of a golden file that this build does not compute: the file is not
// this build's, a failed check like a differing digest.
void ReportStaleRows(const std::string& path,
                     const std::map<std::string, std::string>& unseen,
                     std::vector<std::string>* errors) {
  for (const auto& stale : unseen) {
    errors->push_back(path + ": row '" + stale.first +
                      "' is not computed by this build");
  }
}

void RunModules(const std::string& golden_dir, std::vector<ModuleRow>* rows,
                std::vector<std::string>* errors) {
  for (const DigestModule& m : DigestModules()) {
    if (!m.on_targets && !g_checked_targets.empty()) continue;
    const std::string path = ModuleGoldenPath(golden_dir, m);
    GoldenFile golden;
    std::string error;
    if (!ReadGoldenFile(path, &golden, &error)) {
      errors->push_back(error);
      continue;
    }
    std::map<std::string, std::string> unseen = golden.digests;
    for (const NamedDigest& d : m.compute()) {
      ModuleRow row;
      row.module = m.name;
      row.name = d.name;
      row.digest = d.digest;
      const auto it = golden.digests.find(d.name);
      if (it != golden.digests.end()) row.expected = it->second;
      row.match = row.digest == row.expected;
      unseen.erase(d.name);
      rows->push_back(row);
    }
    // A restricted run leaves out the rows of the other targets' variants.
    if (g_checked_targets.empty()) ReportStaleRows(path, unseen, errors);
  }
}

int DigestOutputs(refmath_function f, refmath_variant v, refmath_target t,
                  const std::vector<float>& inputs, std::vector<float>* outputs,
                  std::string* digest) {
  outputs->resize(inputs.size());
  const int status =
      refmath_eval_f32(f, v, t, inputs.data(), outputs->data(), inputs.size());
  if (status == REFMATH_OK) {
    *digest = DigestFloats(outputs->data(), outputs->size());
  }
  return status;
}

Report Run(const std::string& golden_dir,
           const std::function<void(const Row&)>& progress) {
  Report report;
  report.golden_dir = golden_dir;
  const std::vector<float> inputs = GoldenInputs();
  const std::string inputs_digest = DigestFloats(inputs.data(), inputs.size());
  for (int vi = 0; vi < REFMATH_NUM_VARIANTS; ++vi) {
    const auto v = static_cast<refmath_variant>(vi);
    if (refmath_best_target(v) < 0) continue;  // variant not built or usable
    GoldenFile golden;
    std::string error;
    if (!ReadGoldenFile(GoldenPath(golden_dir, v), &golden, &error)) {
      report.errors.push_back(error);
      continue;
    }
    const auto in_row = golden.digests.find(kInputsRowName);
    if (in_row == golden.digests.end() || in_row->second != inputs_digest) {
      report.errors.push_back(GoldenPath(golden_dir, v) +
                              ": the 'inputs' digest does not match this "
                              "build's golden input set " + inputs_digest);
    }
    std::map<std::string, std::string> unseen = golden.digests;
    unseen.erase(kInputsRowName);
    for (refmath_function f : DefinedFunctions(v)) {
      const auto it = golden.digests.find(refmath_function_name(f));
      RunFunction(v, f, inputs, it == golden.digests.end() ? "" : it->second,
                  progress, &report);
      unseen.erase(refmath_function_name(f));
    }
    ReportStaleRows(GoldenPath(golden_dir, v), unseen, &report.errors);
  }
  RunModules(golden_dir, &report.module_rows, &report.errors);
  return report;
}

std::string FormatTable(const Report& report) {
  std::ostringstream out;
  char line[256];
  snprintf(line, sizeof(line), "%-16s %-8s %-8s %-6s %9s  %s\n", "function",
           "variant", "target", "match", "time(ms)", "digest");
  out << line;
  for (const Row& r : report.rows) {
    snprintf(line, sizeof(line), "%-16s %-8s %-8s %-6s %9.1f  %.16s\n",
             refmath_function_name(r.function), refmath_variant_name(r.variant),
             refmath_target_name(r.target), r.match ? "yes" : "NO",
             r.milliseconds, r.digest.c_str());
    out << line;
    if (!r.match) out << "    " << r.note << "\n";
  }
  if (!report.module_rows.empty()) {
    snprintf(line, sizeof(line), "\n%-10s %-56s %-6s  %s\n", "module", "row",
             "match", "digest");
    out << line;
  }
  for (const ModuleRow& r : report.module_rows) {
    snprintf(line, sizeof(line), "%-10s %-56s %-6s  %.16s\n", r.module.c_str(),
             r.name.c_str(), r.match ? "yes" : "NO", r.digest.c_str());
    out << line;
    if (!r.match) {
      out << "    expected " << (r.expected.empty() ? "(no golden row)" : r.expected)
          << "\n";
    }
  }
  for (const std::string& e : report.errors) out << "error: " << e << "\n";
  return out.str();
}

std::string Verdict(const Report& report) {
  size_t matched = 0;
  for (const Row& r : report.rows) matched += r.match;
  for (const ModuleRow& r : report.module_rows) matched += r.match;
  std::ostringstream out;
  out << (report.Passed() ? "PASS" : "FAIL") << ": " << matched << " of "
      << report.rows.size() + report.module_rows.size()
      << " rows match golden digests in "
      << report.golden_dir;
  if (!report.errors.empty()) out << ", " << report.errors.size() << " error(s)";
  return out.str();
}

std::string ToJson(const Report& report) {
  std::ostringstream out;
  out << "{\n  \"schema\": \"" << kConformSchema
      << "\",\n  \"verdict\": \"" << (report.Passed() ? "pass" : "fail")
      << "\",\n  \"golden_dir\": \"" << report::JsonEscape(report.golden_dir)
      << "\",\n  \"errors\": [";
  for (size_t i = 0; i < report.errors.size(); ++i) {
    out << (i ? ", " : "") << "\"" << report::JsonEscape(report.errors[i]) << "\"";
  }
  out << "],\n  \"rows\": [";
  for (size_t i = 0; i < report.rows.size(); ++i) {
    const Row& r = report.rows[i];
    out << (i ? "," : "") << "\n    {\"function\": \""
        << refmath_function_name(r.function) << "\", \"variant\": \""
        << refmath_variant_name(r.variant) << "\", \"target\": \""
        << refmath_target_name(r.target) << "\", \"match\": "
        << (r.match ? "true" : "false") << ", \"time_ms\": " << r.milliseconds
        << ", \"digest\": \"" << r.digest << "\", \"expected\": \""
        << r.expected << "\"";
    if (r.has_difference) {
      out << ", \"first_difference\": {\"index\": " << r.index
          << ", \"input\": \"" << Hex32(r.input_bits) << "\", \"expected\": \""
          << Hex32(r.expected_bits) << "\", \"actual\": \""
          << Hex32(r.actual_bits) << "\"}";
    }
    if (!r.note.empty()) out << ", \"note\": \"" << report::JsonEscape(r.note) << "\"";
    out << "}";
  }
  out << "\n  ],\n  \"module_rows\": [";
  for (size_t i = 0; i < report.module_rows.size(); ++i) {
    const ModuleRow& r = report.module_rows[i];
    out << (i ? "," : "") << "\n    {\"module\": \"" << report::JsonEscape(r.module)
        << "\", \"row\": \"" << report::JsonEscape(r.name)
        << "\", \"match\": " << (r.match ? "true" : "false")
        << ", \"digest\": \"" << r.digest << "\", \"expected\": \""
        << r.expected << "\"}";
  }
  out << "\n  ]\n}\n";
  return out.str();
}

bool CheckGoldenFiles(const std::string& dir, std::string* error) {
  GoldenFile file;
  for (int vi = 0; vi < REFMATH_NUM_VARIANTS; ++vi) {
    const auto v = static_cast<refmath_variant>(vi);
    if (refmath_best_target(v) < 0) continue;  // as Run
    if (!ReadGoldenFile(GoldenPath(dir, v), &file, error)) return false;
  }
  for (const DigestModule& m : DigestModules()) {
    if (!ReadGoldenFile(ModuleGoldenPath(dir, m), &file, error)) {
      return false;
    }
  }
  return true;
}

}  // namespace conformance
}  // namespace refmath
