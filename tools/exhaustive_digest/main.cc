// refmath_exhaustive_digest: a kernel's outputs over all 2^32 binary32
// inputs pinned by one SHA-256 per function and variant, the tree digest of
// src/verify/exhaustive.h.  The golden set is strided; this is the check
// that a change to a kernel (a shortcut, a reordering) leaves every output
// bit as it was.  golden/exhaustive.sha256 pins the rows; --check FILE
// recomputes them and compares.  A run can be split: --shard i/N --out PART
// digests the i-th of N contiguous runs of the 256 blocks, and --merge
// PART... gives (and checks) the digests one run gives.  --blocks A:B
// digests part of the inputs, for tests.  --check-plain FILE compares the
// SHA-256 of the whole output stream, the form pinned before the tree
// digests, computed in the same pass (docs/golden-hashes.md).
#include <stdio.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "src/cmdline/args.h"
#include "src/verify/exhaustive.h"
#include "src/verify/file_io.h"
#include "src/verify/report.h"
#include "tools/exhaustive_digest/options.h"
#include "tools/exhaustive_digest/report.h"

namespace refmath {
namespace exhaustive_tool {
namespace {

int Fail(const std::string& error, int status) {
  fprintf(stderr, "%s: %s\n", kTool, error.c_str());
  return status;
}

// The block digests of one row over `blocks`, with a progress bar (and the
// plain digest if `plain` is not null); false after printing the error.
bool DigestRow(const exhaustive::Row& row, const exhaustive::BlockRange& blocks,
               std::vector<std::string>* digests, std::string* plain) {
  report::ProgressBar bar(false);
  const uint64_t total = blocks.Count() * exhaustive::kBlockInputs;
  std::string error;
  const bool ok = exhaustive::DigestBlocks(
      row, blocks,
      [&](uint64_t done) { bar.Update(done, total); }, digests, plain, &error);
  bar.Finish();
  if (!ok) Fail(error, cli::kExitCheckFailed);
  return ok;
}

// A run: each row's digest over the blocks, as it comes.
int RunRows(const Options& o) {
  Report report(o, o.blocks);
  for (const exhaustive::Row& row : o.rows) {
    std::vector<std::string> digests;
    std::string plain;
    if (!DigestRow(row, o.blocks, &digests,
                   o.check_plain.empty() ? nullptr : &plain)) {
      return cli::kExitCheckFailed;
    }
    report.Add({row, exhaustive::TreeDigest(digests)}, plain);
  }
  return report.Finish();
}

// --shard: the shard's blocks of every row, into the part file.
int RunShard(const Options& o) {
  const exhaustive::BlockRange mine =
      exhaustive::ShardBlocks(o.blocks, o.shard_index, o.shard_count);
  exhaustive::Part part;
  part.range = o.blocks;
  for (const exhaustive::Row& row : o.rows) {
    std::vector<std::string> digests;
    if (!DigestRow(row, mine, &digests, nullptr)) return cli::kExitCheckFailed;
    auto& blocks = part.rows[{row.function, row.variant}];
    blocks.first = row.target;
    for (int b = mine.first; b < mine.end; ++b) {
      blocks.second[b] = digests[b - mine.first];
    }
    printf("%s %s on %s: blocks %d:%d\n", refmath_function_name(row.function),
           refmath_variant_name(row.variant), exhaustive::SourceName(row).c_str(),
           mine.first, mine.end);
    fflush(stdout);
  }
  const std::string text = exhaustive::SerializePart(part);
  std::string error;
  if (!io::WriteAllAtomic(o.out, text.data(), text.size(), &error)) {
    return Fail(error, cli::kExitUsage);
  }
  printf("wrote %s: shard %d/%d, %zu rows\n", cli::ShowPath(o.out).c_str(),
         o.shard_index, o.shard_count, o.rows.size());
  return cli::kExitOk;
}

// --merge: the parts' digests, as one run over their blocks gives them.
int RunMerge(const Options& o) {
  std::vector<exhaustive::Part> parts(o.parts.size());
  std::string error;
  for (size_t i = 0; i < parts.size(); ++i) {
    std::vector<uint8_t> bytes;
    if (!io::ReadAll(o.parts[i], &bytes, &error) ||
        !exhaustive::ParsePart(std::string(bytes.begin(), bytes.end()),
                               cli::ShowPath(o.parts[i]), &parts[i], &error)) {
      return Fail(error, cli::kExitUsage);
    }
  }
  exhaustive::BlockRange range;
  std::vector<exhaustive::RowDigest> rows;
  if (!exhaustive::MergeParts(parts, &range, &rows, &error)) {
    return Fail(error, cli::kExitUsage);
  }
  if (!range.Whole() && !(o.check.empty() && o.write.empty())) {
    return Fail("the parts cover blocks " + std::to_string(range.first) + ":" +
                    std::to_string(range.end) +
                    ", not all 2^32 inputs, which --check and --write need",
                cli::kExitUsage);
  }
  SortRows(&rows);
  if (!o.check.empty() &&
      std::none_of(rows.begin(), rows.end(), [&](const exhaustive::RowDigest& d) {
        return FindPinned(o.golden, d.row) != nullptr;
      })) {
    return Fail("no row of " + cli::ShowPath(o.check) + " matches",
                cli::kExitUsage);
  }
  Report report(o, range);
  for (const exhaustive::RowDigest& d : rows) report.Add(d, "");
  return report.Finish();
}

}  // namespace
}  // namespace exhaustive_tool
}  // namespace refmath

int main(int argc, char** argv) {
  using namespace refmath::exhaustive_tool;
  static_assert(sizeof(float) == 4, "binary32");
  Options options;
  std::string error;
  if (!ParseOptions(argc, argv, &options, &error)) {
    return Fail(error + " (--help for usage)", refmath::cli::kExitUsage);
  }
  if (options.help) {
    printf("%s", kUsage);
    return refmath::cli::kExitOk;
  }
  if (options.merge) return RunMerge(options);
  return options.shard_count ? RunShard(options) : RunRows(options);
}
