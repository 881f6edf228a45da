// The sections of docs/ane-envelopes.md that refmath_ane_envelopes writes,
// and the number formats of their tables.
#ifndef REFMATH_TOOLS_ANE_ENVELOPES_SECTIONS_H_
#define REFMATH_TOOLS_ANE_ENVELOPES_SECTIONS_H_

#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "src/verify/report.h"

namespace refmath {
namespace envelopes {

// "2.51e-04"; "overflow" for NaN and inf.
std::string Sci(double x);
// "%.3g"
std::string Num(double x);
std::string Int(long long x);

// One section of the generated document.
struct Section {
  const char* name;
  std::string (*run)(const ane::Profile&);
};

std::string FftTables(const ane::Profile& p);
std::string LinalgTables(const ane::Profile& p);
std::string CompressTables(const ane::Profile& p);
std::string LayersTables(const ane::Profile& p);
std::string ProfileTables(const ane::Profile& p);  // every preset

}  // namespace envelopes
}  // namespace refmath

#endif  // REFMATH_TOOLS_ANE_ENVELOPES_SECTIONS_H_
