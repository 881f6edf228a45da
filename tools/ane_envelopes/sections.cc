#include "tools/ane_envelopes/sections.h"

#include <math.h>

namespace refmath {
namespace envelopes {

std::string Sci(double x) {
  return isfinite(x) ? report::Printf("%.2e", x) : "overflow";
}

std::string Num(double x) {
  return isfinite(x) ? report::Printf("%.4g", x) : "overflow";
}

std::string Int(long long x) { return std::to_string(x); }

}  // namespace envelopes
}  // namespace refmath
