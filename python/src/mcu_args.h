// Argument conversion shared by refmath.mcu's bindings (mcu_fc.cc,
// mcu_layers.cc): requantization lists, clamps, kernel names and integer
// arrays.
#ifndef REFMATH_PYTHON_SRC_MCU_ARGS_H_
#define REFMATH_PYTHON_SRC_MCU_ARGS_H_

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <vector>

#include "python/src/bindings.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/kernel.h"
#include "src/mcu/fc_shapes.h"
#include "src/verify/npy.h"

namespace refmath {
namespace python {

using io::Narrowed;

// One multiplier/shift, or one per output channel, shifts in
// [min_shift, max_shift]; ValueError otherwise.
inline mcu::Requant RequantOf(const std::vector<int64_t>& m,
                              const std::vector<int64_t>& s, int min_shift,
                              int max_shift, size_t c_out) {
  std::string error;
  if (!mcu::CheckRequantCount(m.size(), s.size(), c_out,
                              "multiplier and shift", &error)) {
    Refuse(error);
  }
  mcu::Requant r;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m[i] < INT32_MIN || m[i] > INT32_MAX || s[i] < min_shift ||
        s[i] > max_shift) {
      Refuse("multiplier takes int32 values and shift values in " +
             std::to_string(min_shift) + ".." + std::to_string(max_shift));
    }
    r.multiplier.push_back(static_cast<int32_t>(m[i]));
    r.shift.push_back(static_cast<int32_t>(s[i]));
  }
  return r;
}

// min <= lo <= hi <= max; ValueError otherwise.
inline void CheckClamp(int64_t lo, int64_t hi, int64_t min, int64_t max) {
  if (lo < min || hi > max || lo > hi) {
    Refuse("act_min and act_max must satisfy " + std::to_string(min) +
           " <= act_min <= act_max <= " + std::to_string(max));
  }
}

// The kernel of that name (refmath/mcu/kernel.h); ValueError otherwise.
inline mcu::Kernel KernelOf(const std::string& name) {
  mcu::Kernel k;
  if (!mcu::KernelFromName(name, &k)) {
    Refuse("unknown kernel '" + name + "' (valid: " + mcu::KernelNames() + ")");
  }
  return k;
}

}  // namespace python
}  // namespace refmath

#endif  // REFMATH_PYTHON_SRC_MCU_ARGS_H_
