#include "src/base/bits.h"
#include "src/verify/exact_double_sum.h"

#include <math.h>
#include <stdlib.h>

#include <sstream>

#include "src/verify/file_io.h"
#include "src/verify/mpfr.h"

namespace refmath {
namespace {

using U128 = unsigned __int128;

// 2^40 additions of significands below 2^53.
constexpr U128 kMaxCount = U128{1} << 93;

// The exact value spans 2^-1074 up to below 2^(971 + 53 + 40 + 1).
constexpr mpfr_prec_t kExactPrecision = 2200;

std::string Hex(U128 v) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  do {
    out.insert(out.begin(), kDigits[static_cast<int>(v & 15)]);
    v >>= 4;
  } while (v != 0);
  return out;
}

bool ParseHex(const std::string& text, U128* v) {
  if (text.empty() || text.size() > 32) return false;
  *v = 0;
  for (const char c : text) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else {
      return false;
    }
    *v = (*v << 4) | static_cast<U128>(d);
  }
  return true;
}

}  // namespace

void ExactDoubleSum::Add(double v) {
  if (!(v >= 0)) return;
  if (isinf(v)) {
    infinite_ = true;
    return;
  }
  const uint64_t bits = refmath::DoubleBits(v);
  const int e = static_cast<int>(bits >> 52);
  const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
  counts_[e] += e == 0 ? fraction : fraction | (uint64_t{1} << 52);
}

void ExactDoubleSum::Merge(const ExactDoubleSum& other) {
  for (int e = 0; e < kExponents; ++e) counts_[e] += other.counts_[e];
  infinite_ = infinite_ || other.infinite_;
}

double ExactDoubleSum::Value() const {
  if (infinite_) return INFINITY;
  MpfrNumber sum(kExactPrecision), part(64);
  mpfr_set_zero(sum, 1);
  for (int e = 0; e < kExponents; ++e) {
    const U128 c = counts_[e];
    if (c == 0) continue;
    // A significand of exponent field e weighs 2^(max(e, 1) - 1075).
    const long scale = (e == 0 ? 1 : e) - 1075;
    mpfr_set_uj_2exp(part, static_cast<uintmax_t>(c >> 64), scale + 64, MPFR_RNDN);
    mpfr_add(sum, sum, part, MPFR_RNDN);
    mpfr_set_uj_2exp(part, static_cast<uintmax_t>(c), scale, MPFR_RNDN);
    mpfr_add(sum, sum, part, MPFR_RNDN);
  }
  return sum.ToDouble();
}

std::string ExactDoubleSum::Text() const {
  std::string out;
  for (int e = 0; e < kExponents; ++e) {
    if (counts_[e] == 0) continue;
    if (!out.empty()) out += ' ';
    out += std::to_string(e) + ":" + Hex(counts_[e]);
  }
  if (infinite_) out += out.empty() ? "inf" : " inf";
  return out;
}

bool ExactDoubleSum::Parse(const std::string& text) {
  std::array<U128, kExponents> counts{};
  bool infinite = false;
  std::istringstream in(text);
  std::string item;
  while (in >> item) {
    if (item == "inf" && !infinite) {
      infinite = true;
      continue;
    }
    const size_t colon = item.find(':');
    if (colon == 0 || colon == std::string::npos || colon > 4) return false;
    const std::string exponent = item.substr(0, colon);
    char* end;
    const long e = strtol(exponent.c_str(), &end, 10);
    U128 count;
    if (*end != '\0' || exponent[0] == '-' || exponent[0] == '+' ||
        e >= kExponents || counts[e] != 0 ||
        !ParseHex(item.substr(colon + 1), &count) || count == 0 ||
        count > kMaxCount) {
      return false;
    }
    counts[e] = count;
  }
  counts_ = counts;
  infinite_ = infinite;
  return true;
}

}  // namespace refmath
