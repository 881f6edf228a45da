// Sections of ulp_tables/mcu.md (docs/mcu.md), each as Markdown text.
#ifndef REFMATH_TOOLS_MCU_REPORT_H_
#define REFMATH_TOOLS_MCU_REPORT_H_

#include <stddef.h>
#include <stdint.h>

#include <string>

namespace refmath {
namespace mcu_report {

// The int8 and int16 activations against the oracle over a grid of scales
// and zero points.
std::string ActivationSection();

// The fp16 fully connected error of each accumulation order.
std::string FcErrorSection(size_t layers, uint64_t seed);

}  // namespace mcu_report
}  // namespace refmath

#endif  // REFMATH_TOOLS_MCU_REPORT_H_
