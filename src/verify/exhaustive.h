// Exhaustive digests (docs/golden-hashes.md, "Exhaustive digests"): a
// kernel's outputs over all 2^32 binary32 inputs, pinned by one SHA-256
// that shards can compute piecewise.  The inputs, in bit-pattern order, are
// cut into 256 blocks of 2^24; each block's outputs (little-endian uint32)
// have a SHA-256, and the digest of a row is the SHA-256 of the text made
// of those 256 digests in block order, each as 64 lower-case hex digits and
// a newline.  One run, or shards of any contiguous blocks merged in any
// order, give the same digest.
#ifndef REFMATH_SRC_VERIFY_EXHAUSTIVE_H_
#define REFMATH_SRC_VERIFY_EXHAUSTIVE_H_

#include <stdint.h>

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "refmath/refmath.h"

namespace refmath {
namespace exhaustive {

constexpr int kBlocks = 256;
constexpr uint64_t kBlockInputs = uint64_t{1} << 24;

// Blocks [first, end) of the 256: all 2^32 inputs by default.
struct BlockRange {
  int first = 0, end = kBlocks;
  bool Whole() const { return first == 0 && end == kBlocks; }
  int Count() const { return end - first; }
};

// Shard `index` of `count` (0 <= index < count <= r.Count()): blocks
// [first + floor(n index / count), first + floor(n (index + 1) / count))
// of r's n.
BlockRange ShardBlocks(const BlockRange& r, int index, int count);

// A function and variant, and what computes its outputs: the array call on
// a concrete target, (scalar) the scalar calls refmath_NAMEf,
// refmath_fast_NAMEf, refmath_correct_NAMEf, one value per call, or
// (sincos, for sin and cos) refmath_sincos_f32 on the target, all of which
// must give the same digests.
struct Row {
  refmath_function function = REFMATH_EXP;
  refmath_variant variant = REFMATH_EXACT;
  refmath_target target = REFMATH_TARGET_SCALAR;
  bool scalar = false;
  bool sincos = false;
};

// "scalar-calls", the target's name, or "sincos-call TARGET".
std::string SourceName(const Row& row);

// The outputs of a row over the inputs of `blocks`: each block's hex
// SHA-256 in *block_digests, and, if `plain` is not null, the SHA-256 of
// all those outputs as one stream (the form golden/exhaustive.sha256
// pinned before the tree digests).  `progress`, if set, is called after
// every 2^22 inputs with the count done.  False, with a one-line *error, if
// the kernel fails or memory or a thread is refused.
bool DigestBlocks(const Row& row, const BlockRange& blocks,
                  const std::function<void(uint64_t)>& progress,
                  std::vector<std::string>* block_digests, std::string* plain,
                  std::string* error);

// The digest of a row from its blocks' digests, in block order.
std::string TreeDigest(const std::vector<std::string>& block_digests);

// What one shard computed: for each row, the digests of its blocks, within
// the whole run's block range.
struct Part {
  BlockRange range;
  // (function, variant) -> the target and {block -> hex digest}.
  std::map<std::pair<int, int>, std::pair<refmath_target, std::map<int, std::string>>>
      rows;
};

// A partial file: "refmath-exhaustive-part 1", "blocks FIRST END", one
// "digest FUNCTION VARIANT TARGET BLOCK HEX" line per row and block, "end".
std::string SerializePart(const Part& part);
bool ParsePart(const std::string& text, const std::string& name, Part* part,
               std::string* error);

// A row's digest over the parts' range.
struct RowDigest {
  Row row;
  std::string digest;
};

// The digests of the rows of `parts`: all of one block range, each row on
// one target and with every block of the range exactly once among the
// parts.  False, with a one-line *error, otherwise.
bool MergeParts(const std::vector<Part>& parts, BlockRange* range,
                std::vector<RowDigest>* rows, std::string* error);

}  // namespace exhaustive
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_EXHAUSTIVE_H_
