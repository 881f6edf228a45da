// The platform arguments of refmath.mcu (mcu_check.cc), shared with the
// float fully connected layers' "auto" layout (mcu_fc.cc).
#ifndef REFMATH_PYTHON_SRC_MCU_CHECK_H_
#define REFMATH_PYTHON_SRC_MCU_CHECK_H_

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "refmath/mcu/platform.h"

namespace refmath {
namespace python {

// A target from a dict with the keys name, cpu, mve, fpu and fp16 (None:
// not declared); None gives the Cortex-M55 defaults.  ValueError on
// another key.
mcu::McuTarget TargetOf(const std::optional<pybind11::dict>& d);
// "precise", "fast" or "auto"; ValueError otherwise.
mcu::Accumulation AccumulationOf(const std::string& name);

}  // namespace python
}  // namespace refmath

#endif  // REFMATH_PYTHON_SRC_MCU_CHECK_H_
