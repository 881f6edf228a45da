#include "tools/exhaustive_digest/report.h"

#include <stdio.h>

#include <algorithm>

#include "src/cmdline/args.h"
#include "src/verify/file_io.h"

namespace refmath {
namespace exhaustive_tool {
namespace {

const char* const kHeader =
    "# Every kernel's outputs over all 2^32 binary32 inputs, one digest per\n"
    "# function and variant (docs/golden-hashes.md, \"Exhaustive digests\"):\n"
    "# the inputs in bit-pattern order are cut into 256 blocks of 2^24, each\n"
    "# block's outputs (little-endian uint32) have a SHA-256, and the row's\n"
    "# digest is the SHA-256 of the text of those 256 digests in block order,\n"
    "# each as 64 lower-case hex digits and a newline.  Rows are\n"
    "# \"DIGEST  FUNCTION VARIANT\", written by refmath_exhaustive_digest\n"
    "# --write.  Check: refmath_exhaustive_digest --check THIS_FILE, or after\n"
    "# a sharded run refmath_exhaustive_digest --merge PART... --check THIS_FILE\n";

std::string RowText(const exhaustive::Row& r) {
  return std::string(refmath_function_name(r.function)) + " " +
         refmath_variant_name(r.variant) + " on " + exhaustive::SourceName(r);
}

}  // namespace

void SortRows(std::vector<exhaustive::RowDigest>* rows) {
  std::stable_sort(rows->begin(), rows->end(), [](const auto& a, const auto& b) {
    return a.row.variant != b.row.variant ? a.row.variant < b.row.variant
                                          : a.row.function < b.row.function;
  });
}

const GoldenRow* FindPinned(const std::vector<GoldenRow>& golden,
                            const exhaustive::Row& row) {
  for (const GoldenRow& g : golden) {
    if (g.function == row.function && g.variant == row.variant) return &g;
  }
  return nullptr;
}

void Report::Add(const exhaustive::RowDigest& d, const std::string& plain) {
  rows_.push_back(d);
  const GoldenRow* pinned = FindPinned(o_.golden, d.row);
  if (o_.check.empty() && o_.check_plain.empty()) {
    printf("%s  %s %s %s", d.digest.c_str(), refmath_function_name(d.row.function),
           refmath_variant_name(d.row.variant),
           exhaustive::SourceName(d.row).c_str());
    if (!range_.Whole()) printf(" blocks %d:%d", range_.first, range_.end);
    printf("\n");
  } else if (pinned == nullptr) {
    ++unpinned_;
    printf("unpinned %s: %s\n", RowText(d.row).c_str(), d.digest.c_str());
  } else {
    // --check-plain compares the plain digest and shows the tree digest.
    const std::string& got = o_.check_plain.empty() ? d.digest : plain;
    const bool same = got == pinned->digest;
    ++checked_;
    mismatches_ += !same;
    printf("%-8s %s%s%s%s", same ? "ok" : "MISMATCH", RowText(d.row).c_str(),
           o_.check_plain.empty() ? "" : " (plain SHA-256)",
           same ? "" : ": got ", same ? "" : got.c_str());
    if (!o_.check_plain.empty()) printf("; tree digest %s", d.digest.c_str());
    printf("\n");
  }
  fflush(stdout);
}

int Report::Finish() {
  if (!o_.check.empty() || !o_.check_plain.empty()) {
    if (checked_ == 0) {
      fprintf(stderr, "%s: no row of %s matches\n", kTool,
              cli::ShowPath(o_.check.empty() ? o_.check_plain : o_.check).c_str());
      return cli::kExitUsage;
    }
    printf("%s: %d of %d rows match all 2^32 inputs%s", mismatches_ ? "FAIL" : "PASS",
           checked_ - mismatches_, checked_,
           o_.check_plain.empty() ? "" : " (plain SHA-256)");
    if (unpinned_) printf("; %d rows have no row in the file", unpinned_);
    printf("\n");
  }
  if (mismatches_) {
    if (!o_.write.empty()) {
      fprintf(stderr, "%s: %s not written\n", kTool, cli::ShowPath(o_.write).c_str());
    }
    return cli::kExitCheckFailed;
  }
  if (o_.write.empty()) return cli::kExitOk;
  std::vector<exhaustive::RowDigest> rows = rows_;
  // --add: the file's other rows stay; a row computed here that the file
  // already pins must have the pinned digest, or nothing is written.
  for (const GoldenRow& g : o_.kept) {
    const exhaustive::RowDigest* same = nullptr;
    for (const exhaustive::RowDigest& d : rows_) {
      if (d.row.function == g.function && d.row.variant == g.variant) same = &d;
    }
    if (same == nullptr) {
      exhaustive::Row row;
      row.function = g.function;
      row.variant = g.variant;
      rows.push_back({row, g.digest});
    } else if (same->digest != g.digest) {
      fprintf(stderr, "%s: %s %s differs from its row in %s: not written\n",
              kTool, refmath_function_name(g.function),
              refmath_variant_name(g.variant), cli::ShowPath(o_.write).c_str());
      return cli::kExitCheckFailed;
    }
  }
  SortRows(&rows);
  std::string text = kHeader;
  for (const exhaustive::RowDigest& d : rows) {
    text += d.digest + "  " + refmath_function_name(d.row.function) + " " +
            refmath_variant_name(d.row.variant) + "\n";
  }
  std::string error;
  if (!io::WriteAllAtomic(o_.write, text.data(), text.size(), &error)) {
    fprintf(stderr, "%s: %s\n", kTool, error.c_str());
    return cli::kExitUsage;
  }
  printf("wrote %s: %zu rows\n", cli::ShowPath(o_.write).c_str(), rows.size());
  return cli::kExitOk;
}

}  // namespace exhaustive_tool
}  // namespace refmath
