// The sweep results as the Markdown table ulp_tables/ane-fp16.md and its
// CSV twin.
#ifndef REFMATH_TOOLS_ANE_SWEEP_REPORT_H_
#define REFMATH_TOOLS_ANE_SWEEP_REPORT_H_

#include <string>
#include <vector>

#include "tools/ane_sweep/sweep.h"

namespace refmath {
namespace ane_sweep {

// `command` is the command line that regenerates the file.
std::string Markdown(const std::vector<SweepResult>& results,
                     const std::string& profile, const std::string& command);
std::string Csv(const std::vector<SweepResult>& results,
                const std::string& profile);

// One line per function for the terminal.
std::string Summary(const SweepResult& r);

}  // namespace ane_sweep
}  // namespace refmath

#endif  // REFMATH_TOOLS_ANE_SWEEP_REPORT_H_
