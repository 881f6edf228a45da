// The partial results of exhaustive digests: their file form and their
// merge (src/verify/exhaustive.h).
#include <sstream>

#include "src/verify/exhaustive.h"
#include "src/verify/golden_file.h"

namespace refmath {
namespace exhaustive {
namespace {

constexpr const char* kMagic = "refmath-exhaustive-part 1";

std::string RowName(const std::pair<int, int>& key) {
  return std::string(refmath_function_name(static_cast<refmath_function>(key.first))) +
         " " + refmath_variant_name(static_cast<refmath_variant>(key.second));
}

std::string RangeText(const BlockRange& r) {
  return std::to_string(r.first) + ":" + std::to_string(r.end);
}

// "digest FUNCTION VARIANT TARGET BLOCK HEX" into *part.
bool ParseDigestLine(const std::string& line, Part* part, std::string* why) {
  std::istringstream fields(line);
  std::string word, fname, vname, tname, hex, extra;
  int block = -1;
  if (!(fields >> word >> fname >> vname >> tname >> block >> hex) ||
      (fields >> extra) || word != "digest" || !IsHexDigest(hex)) {
    *why = "expected 'digest FUNCTION VARIANT TARGET BLOCK HEX' or 'end'";
    return false;
  }
  const int f = refmath_function_from_name(fname.c_str());
  const int v = refmath_variant_from_name(vname.c_str());
  const int t = refmath_target_from_name(tname.c_str());
  if (f < 0 || v < 0 || t < 0 || t == REFMATH_TARGET_BEST) {
    *why = "unknown function, variant or target";
    return false;
  }
  if (block < part->range.first || block >= part->range.end) {
    *why = "block " + std::to_string(block) + " outside " + RangeText(part->range);
    return false;
  }
  auto inserted = part->rows.emplace(std::make_pair(f, v),
                                     std::make_pair(static_cast<refmath_target>(t),
                                                    std::map<int, std::string>()));
  auto& row = inserted.first->second;
  if (row.first != t) {
    *why = fname + " " + vname + " on two targets";
    return false;
  }
  if (!row.second.emplace(block, hex).second) {
    *why = fname + " " + vname + " block " + std::to_string(block) + " twice";
    return false;
  }
  return true;
}

// Folds one part's blocks into the merged rows; false on a clash.
bool AddPart(const Part& part, Part* merged, std::string* error) {
  for (const auto& [key, row] : part.rows) {
    auto inserted = merged->rows.emplace(key, std::make_pair(row.first,
                                                             std::map<int, std::string>()));
    auto& into = inserted.first->second;
    if (into.first != row.first) {
      *error = RowName(key) + ": shards ran on different targets (" +
               refmath_target_name(into.first) + ", " +
               refmath_target_name(row.first) +
               "); give every shard the same --target";
      return false;
    }
    for (const auto& [block, hex] : row.second) {
      if (!into.second.emplace(block, hex).second) {
        *error = RowName(key) + ": block " + std::to_string(block) +
                 " given twice (the same shard twice?)";
        return false;
      }
    }
  }
  return true;
}

}  // namespace

std::string SerializePart(const Part& part) {
  std::ostringstream out;
  out << kMagic << "\n"
      << "blocks " << part.range.first << " " << part.range.end << "\n";
  for (const auto& [key, row] : part.rows) {
    for (const auto& [block, hex] : row.second) {
      out << "digest " << RowName(key) << " " << refmath_target_name(row.first)
          << " " << block << " " << hex << "\n";
    }
  }
  out << "end\n";
  return out.str();
}

bool ParsePart(const std::string& text, const std::string& name, Part* part,
               std::string* error) {
  std::istringstream in(text);
  std::string line, word, extra;
  Part out;
  if (!std::getline(in, line) || line != kMagic) {
    *error = name + ": not a refmath exhaustive digest part";
    return false;
  }
  std::getline(in, line);
  std::istringstream range(line);
  if (!(range >> word >> out.range.first >> out.range.end) || (range >> extra) ||
      word != "blocks" || out.range.first < 0 ||
      out.range.first >= out.range.end || out.range.end > kBlocks) {
    *error = name + ":2: expected 'blocks FIRST END' with 0 <= FIRST < END <= 256";
    return false;
  }
  for (int number = 3; std::getline(in, line); ++number) {
    if (line == "end") {
      *part = out;
      return true;
    }
    std::string why;
    if (!ParseDigestLine(line, &out, &why)) {
      *error = name + ":" + std::to_string(number) + ": " + why;
      return false;
    }
  }
  *error = name + ": truncated (no 'end' line)";
  return false;
}

bool MergeParts(const std::vector<Part>& parts, BlockRange* range,
                std::vector<RowDigest>* rows, std::string* error) {
  if (parts.empty()) {
    *error = "nothing to merge";
    return false;
  }
  Part merged;
  merged.range = parts[0].range;
  for (const Part& p : parts) {
    if (p.range.first != merged.range.first || p.range.end != merged.range.end) {
      *error = "parts of different runs: blocks " + RangeText(merged.range) +
               " and " + RangeText(p.range);
      return false;
    }
    if (!AddPart(p, &merged, error)) return false;
  }
  rows->clear();
  for (const auto& [key, row] : merged.rows) {
    std::vector<std::string> digests;
    for (int b = merged.range.first; b < merged.range.end; ++b) {
      const auto it = row.second.find(b);
      if (it == row.second.end()) {
        *error = RowName(key) + ": no part has block " + std::to_string(b) +
                 " (a shard missing?)";
        return false;
      }
      digests.push_back(it->second);
    }
    RowDigest d;
    d.row = {static_cast<refmath_function>(key.first),
             static_cast<refmath_variant>(key.second), row.first};
    d.digest = TreeDigest(digests);
    rows->push_back(d);
  }
  if (rows->empty()) {
    *error = "the parts hold no digests";
    return false;
  }
  *range = merged.range;
  return true;
}

}  // namespace exhaustive
}  // namespace refmath
