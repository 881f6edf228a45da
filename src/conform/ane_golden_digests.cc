#include "src/conform/ane_golden_digests.h"

#include <stdint.h>

#include "src/verify/file_io.h"

namespace refmath {
namespace ane {

// Every binary16 bit pattern.
constexpr uint32_t kHalfPatterns = 1u << 16;

std::vector<Half> AllOutputs(const UnaryFunction& f, const Profile& p) {
  std::vector<Half> out(kHalfPatterns);
  for (uint32_t i = 0; i < kHalfPatterns; ++i) {
    out[i] = f.eval(static_cast<Half>(i), p);
  }
  return out;
}

std::vector<uint8_t> AllOutputBytes(const UnaryFunction& f, const Profile& p) {
  const std::vector<Half> out = AllOutputs(f, p);
  std::vector<uint8_t> bytes(2 * out.size());
  for (size_t i = 0; i < out.size(); ++i) io::StoreLE16(out[i], &bytes[2 * i]);
  return bytes;
}

std::string OutputDigest(const UnaryFunction& f, const Profile& p) {
  const std::vector<uint8_t> bytes = AllOutputBytes(f, p);
  return Sha256Hex(bytes.data(), bytes.size());
}

// The unary functions read only a profile's elementwise rounding (tie rule
// and flushing), so presets that share it share every row: one set of rows
// per distinct elementwise rounding, named after the first preset with it
// (today "spec" and "m1"; m3 and m5 round elementwise as m1 does).
std::vector<NamedDigest> GoldenDigests() {
  std::vector<NamedDigest> rows;
  std::vector<HalfRounding> seen;
  for (const Profile& p : Presets()) {
    const HalfRounding r = p.Elementwise();
    bool repeated = false;
    for (const HalfRounding& s : seen) {
      repeated = repeated || (s.tie == r.tie && s.flush_subnormals == r.flush_subnormals);
    }
    if (repeated) continue;
    seen.push_back(r);
    for (const UnaryFunction& f : UnaryFunctions()) {
      rows.push_back({std::string(f.name) + ":" + p.name, OutputDigest(f, p)});
    }
  }
  return rows;
}

}  // namespace ane
}  // namespace refmath
