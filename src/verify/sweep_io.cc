#include "src/base/bits.h"
#include "src/verify/sweep_io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <sstream>

#include "src/verify/file_io.h"
#include "src/verify/max_candidates.h"
#include "src/verify/report.h"

namespace refmath {
namespace sweep {
namespace {

// Version 2: shards are contiguous runs of positions, and a partial result
// carries what a merge needs (the exact sum, the candidates).  Version 1
// (interleaved shards) is read only as a whole sweep's result.
constexpr const char* kMagic = "refmath-sweep-result 2";
constexpr const char* kMagicV1 = "refmath-sweep-result 1";

std::string Hex(uint32_t b) {
  char buf[16];
  snprintf(buf, sizeof(buf), "0x%08X", b);
  return buf;
}

std::string Double(double v) {
  char buf[40];
  snprintf(buf, sizeof(buf), "%.17g", v);
  return buf;
}

bool ParseU64(const std::string& s, uint64_t* v) {
  if (s.empty()) return false;
  char* end;
  *v = strtoull(s.c_str(), &end, 0);
  return *end == '\0';
}

// CSV field: quoted, with quotes doubled.
std::string CsvField(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? "\"\"" : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string FloatText(float x) {
  char buf[48];
  // Plain decimals where they are short ("-110", "0.0625"), else %g.
  if (fabsf(x) >= 1e-4f && fabsf(x) < 1e9f) {
    for (int decimals = 0; decimals <= 12; ++decimals) {
      snprintf(buf, sizeof(buf), "%.*f", decimals, x);
      if (strtof(buf, nullptr) == x) return buf;
    }
  }
  for (int digits = 1; digits <= 9; ++digits) {
    snprintf(buf, sizeof(buf), "%.*g", digits, x);
    if (strtof(buf, nullptr) == x) break;
  }
  return buf;
}

std::string SweepDescription(const Spec& s) {
  std::ostringstream out;
  if (!s.label.empty()) out << s.label << " ";
  if (s.all) {
    out << "all binary32";
  } else {
    out << "[" << FloatText(s.lo) << ", " << FloatText(s.hi) << "]";
  }
  out << " stride " << s.stride;
  return out.str();
}

std::string SerializeResult(const Result& r) {
  const Spec& s = r.spec;
  std::ostringstream out;
  out << kMagic << "\n"
      << "function " << refmath_function_name(s.function) << "\n"
      << "variant " << refmath_variant_name(s.variant) << "\n"
      << "target " << refmath_target_name(s.target) << "\n"
      << "all " << (s.all ? 1 : 0) << "\n"
      << "lo " << Hex(refmath::FloatBits(s.lo)) << "\n"
      << "hi " << Hex(refmath::FloatBits(s.hi)) << "\n"
      << "stride " << s.stride << "\n"
      << "label " << s.label << "\n"
      << "shard_count " << s.shard_count << "\n"
      << "shards";
  for (int i : r.shards) out << " " << i;
  out << "\npositions " << r.positions << "\n"
      << "count " << r.count << "\n"
      << "sum_ulp " << Double(r.sum_ulp) << "\n"
      << "not_correctly_rounded " << r.not_correctly_rounded << "\n"
      << "nan_agreements " << r.nan_agreements << "\n"
      << "special_disagreements " << r.special_disagreements << "\n"
      << "first_disagreement " << Hex(r.first_disagreement_bits) << "\n"
      << "max_ulp " << Double(r.max_ulp) << "\n"
      << "max_x " << Hex(r.max_x_bits) << "\n"
      << "max_position " << r.max_position << "\n"
      << "histogram";
  for (uint64_t h : r.histogram) out << " " << h;
  out << "\nreference_samples " << r.reference_samples << "\n"
      << "reference_max_discrepancy " << Double(r.reference_max_discrepancy)
      << "\n"
      << "mpfr_decisions " << r.mpfr_decisions << "\n"
      << "seconds " << Double(r.seconds) << "\n"
      << "bins " << r.bins.size() << "\n";
  for (const Bin& b : r.bins) {
    out << "bin " << Double(b.max_ulp) << " " << Hex(b.x_bits) << "\n";
  }
  if (!r.Complete()) {
    out << "ulp_sum " << r.ulp_sum.Text() << "\n"
        << "candidates " << r.candidates.size() << "\n";
    for (const Candidate& c : r.candidates) {
      out << "candidate " << c.position << " " << Double(c.estimate) << " "
          << Double(c.exact) << "\n";
    }
  }
  out << "end\n";
  return out.str();
}

namespace {

// The lines of a result file after its first: "key value" pairs, and the
// values of the repeated keys (the bins and the candidates).
struct Lines {
  std::map<std::string, std::string> kv;
  std::vector<std::string> bins, candidates;
};

bool SplitLines(std::istringstream& in, const std::string& name, Lines* l,
                std::string* error) {
  std::string line;
  while (std::getline(in, line)) {
    if (line == "end") return true;
    const size_t sp = line.find(' ');
    const std::string key = line.substr(0, sp);
    const std::string value = sp == std::string::npos ? "" : line.substr(sp + 1);
    if (key == "bin") {
      l->bins.push_back(value);
    } else if (key == "candidate") {
      l->candidates.push_back(value);
    } else {
      l->kv[key] = value;
    }
  }
  *error = name + ": truncated sweep result (no 'end' line)";
  return false;
}

// The shards a result covers: at least one, increasing, each below the
// count.
bool ParseShards(const std::string& text, int count, std::vector<int>* out) {
  std::istringstream shards(text);
  int shard;
  while (shards >> shard) {
    if (shard < 0 || shard >= count || (!out->empty() && shard <= out->back())) {
      return false;
    }
    out->push_back(shard);
  }
  return shards.eof() && !out->empty();
}

// What was swept: a sweep that could have run, of the size it has.
bool ParseSpec(Lines& l, const std::string& name, Result* out,
               std::string* error) {
  Spec& s = out->spec;
  const int f = refmath_function_from_name(l.kv["function"].c_str());
  const int v = refmath_variant_from_name(l.kv["variant"].c_str());
  const int t = refmath_target_from_name(l.kv["target"].c_str());
  uint64_t shard_count = 0;
  if (f < 0 || v < 0 || t < 0 || !ParseU64(l.kv["stride"], &s.stride) ||
      !ParseU64(l.kv["shard_count"], &shard_count) || shard_count == 0 ||
      shard_count > 1000000 || !ParseU64(l.kv["positions"], &out->positions)) {
    *error = name + ": malformed field";
    return false;
  }
  s.function = static_cast<refmath_function>(f);
  s.variant = static_cast<refmath_variant>(v);
  s.target = static_cast<refmath_target>(t);
  s.all = l.kv["all"] == "1";
  s.lo = refmath::BitsToFloat(static_cast<uint32_t>(strtoul(l.kv["lo"].c_str(), nullptr, 16)));
  s.hi = refmath::BitsToFloat(static_cast<uint32_t>(strtoul(l.kv["hi"].c_str(), nullptr, 16)));
  s.label = l.kv["label"];
  s.shard_count = static_cast<int>(shard_count);
  if (!ParseShards(l.kv["shards"], s.shard_count, &out->shards)) {
    *error = name + ": shards must be increasing, each below shard_count";
    return false;
  }
  std::string why;
  if (!CheckSpec(s, &why)) {
    *error = name + ": " + why;
    return false;
  }
  if (out->positions != Positions(s)) {
    *error = name + ": positions do not match the sweep";
    return false;
  }
  return true;
}

// The counts, the maximum, the histogram, the reference check and the bins.
bool ParseFigures(Lines& l, const std::string& name, Result* out,
                  std::string* error) {
  if (!ParseU64(l.kv["count"], &out->count) ||
      !ParseU64(l.kv["not_correctly_rounded"], &out->not_correctly_rounded) ||
      !ParseU64(l.kv["nan_agreements"], &out->nan_agreements) ||
      !ParseU64(l.kv["special_disagreements"], &out->special_disagreements) ||
      !ParseU64(l.kv["max_position"], &out->max_position)) {
    *error = name + ": malformed field";
    return false;
  }
  out->sum_ulp = strtod(l.kv["sum_ulp"].c_str(), nullptr);
  out->max_ulp = strtod(l.kv["max_ulp"].c_str(), nullptr);
  out->max_x_bits = static_cast<uint32_t>(strtoul(l.kv["max_x"].c_str(), nullptr, 16));
  out->first_disagreement_bits = static_cast<uint32_t>(
      strtoul(l.kv["first_disagreement"].c_str(), nullptr, 16));
  std::istringstream hist(l.kv["histogram"]);
  for (uint64_t& h : out->histogram) {
    if (!(hist >> h)) {
      *error = name + ": malformed histogram";
      return false;
    }
  }
  ParseU64(l.kv["reference_samples"], &out->reference_samples);
  out->reference_max_discrepancy =
      strtod(l.kv["reference_max_discrepancy"].c_str(), nullptr);
  ParseU64(l.kv["mpfr_decisions"], &out->mpfr_decisions);
  out->seconds = strtod(l.kv["seconds"].c_str(), nullptr);
  uint64_t bins = 0;
  if (!ParseU64(l.kv["bins"], &bins) || bins != l.bins.size()) {
    *error = name + ": bin count does not match";
    return false;
  }
  for (const std::string& line : l.bins) {
    Bin b;
    char hex[16] = {};
    if (sscanf(line.c_str(), "%lf %15s", &b.max_ulp, hex) != 2) {
      *error = name + ": malformed bin line";
      return false;
    }
    b.x_bits = static_cast<uint32_t>(strtoul(hex, nullptr, 16));
    out->bins.push_back(b);
  }
  return true;
}

// A partial result's exact sum and candidates, which a merge needs.
bool ParseMergeState(Lines& l, const std::string& name, Result* out,
                     std::string* error) {
  uint64_t count = 0;
  if (!l.kv.count("ulp_sum") || !out->ulp_sum.Parse(l.kv["ulp_sum"]) ||
      !ParseU64(l.kv["candidates"], &count) || count != l.candidates.size() ||
      count > kMaxCandidates || (out->count > 0 && count == 0)) {
    *error = name + ": a shard's result needs its ulp_sum and candidates";
    return false;
  }
  for (const std::string& line : l.candidates) {
    std::istringstream fields(line);
    std::string position, estimate, exact, extra;
    Candidate c;
    if (!(fields >> position >> estimate >> exact) || (fields >> extra) ||
        !ParseU64(position, &c.position) || c.position >= out->positions) {
      *error = name + ": malformed candidate line";
      return false;
    }
    c.estimate = strtod(estimate.c_str(), nullptr);
    c.exact = strtod(exact.c_str(), nullptr);
    out->candidates.push_back(c);
  }
  return true;
}

}  // namespace

bool ParseResult(const std::string& text, const std::string& name, Result* r,
                 std::string* error) {
  std::istringstream in(text);
  std::string magic;
  if (!std::getline(in, magic) || (magic != kMagic && magic != kMagicV1)) {
    *error = name + ": not a refmath sweep result";
    return false;
  }
  Lines lines;
  if (!SplitLines(in, name, &lines, error)) return false;
  for (const char* k : {"function", "variant", "target", "all", "lo", "hi",
                        "stride", "shard_count", "shards", "positions",
                        "count", "sum_ulp", "not_correctly_rounded",
                        "nan_agreements", "special_disagreements", "max_ulp",
                        "max_x", "max_position", "histogram", "bins"}) {
    if (!lines.kv.count(k)) {
      *error = name + ": missing '" + k + "'";
      return false;
    }
  }
  Result out;
  if (!ParseSpec(lines, name, &out, error) ||
      !ParseFigures(lines, name, &out, error)) {
    return false;
  }
  if (magic == kMagicV1 && !out.Complete()) {
    *error = name + ": a shard of the interleaved layout of version 1 "
             "(shard the sweep again)";
    return false;
  }
  if (!out.Complete() && !ParseMergeState(lines, name, &out, error)) {
    return false;
  }
  *r = out;
  return true;
}

bool ReadResult(const std::string& path, Result* r, std::string* error) {
  std::vector<uint8_t> bytes;
  if (!io::ReadAll(path, &bytes, error)) return false;
  return ParseResult(std::string(bytes.begin(), bytes.end()), path, r, error);
}

std::string CsvTable(const std::vector<Result>& rows) {
  std::ostringstream out;
  out << "function,variant,target,sweep,values,max_ulp,at_x,at_x_bits,"
         "mean_ulp,not_correctly_rounded,nan_inf_disagreements,"
         "reference_max_discrepancy,seconds,complete";
  for (const char* label : kHistogramLabels) out << ",hist" << label;
  out << "\n";
  char buf[64];
  for (const Result& r : rows) {
    out << refmath_function_name(r.spec.function) << ","
        << refmath_variant_name(r.spec.variant) << ","
        << refmath_target_name(r.spec.target) << ","
        << CsvField(SweepDescription(r.spec)) << "," << r.Values() << ",";
    snprintf(buf, sizeof(buf), "%.6f", r.max_ulp);
    out << buf << "," << FloatText(refmath::BitsToFloat(r.max_x_bits)) << ","
        << Hex(r.max_x_bits) << ",";
    snprintf(buf, sizeof(buf), "%.6f", r.MeanUlp());
    out << buf << "," << r.not_correctly_rounded << ","
        << r.special_disagreements << ",";
    snprintf(buf, sizeof(buf), "%.3g,%.1f", r.reference_max_discrepancy, r.seconds);
    out << buf << "," << (r.Complete() ? "yes" : "no");
    for (uint64_t h : r.histogram) out << "," << h;
    out << "\n";
  }
  return out.str();
}

std::string MarkdownTable(const std::vector<Result>& rows) {
  report::MarkdownTable table({"function", "variant", "sweep", "values",
                               "max ulp", "at x", "mean ulp",
                               "not correctly rounded",
                               "NaN/inf disagreements", "time (s)"});
  for (const Result& r : rows) {
    table.Row({refmath_function_name(r.spec.function),
               refmath_variant_name(r.spec.variant),
               SweepDescription(r.spec) + (r.Complete() ? "" : " (partial)"),
               std::to_string(r.Values()), report::Printf("%.3f", r.max_ulp),
               FloatText(refmath::BitsToFloat(r.max_x_bits)),
               report::Printf("%.4f", r.MeanUlp()),
               std::to_string(r.not_correctly_rounded),
               std::to_string(r.special_disagreements),
               report::Printf("%.0f", r.seconds)});
  }
  return table.Markdown();
}

std::string BinsCsv(const Result& r) {
  std::ostringstream out;
  out << "bin,x,max_ulp\n";
  for (size_t i = 0; i < r.bins.size(); ++i) {
    if (r.bins[i].max_ulp < 0) continue;
    out << i << "," << FloatText(refmath::BitsToFloat(r.bins[i].x_bits)) << ","
        << Double(r.bins[i].max_ulp) << "\n";
  }
  return out.str();
}

}  // namespace sweep
}  // namespace refmath
