#include <stdarg.h>
#include <stdio.h>

#include "tools/mcu/report.h"

namespace refmath {
namespace mcu_report {

std::string Format(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  va_list copy;
  va_copy(copy, ap);
  const int n = vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0) vsnprintf(&out[0], out.size() + 1, fmt, ap);
  va_end(ap);
  return out;
}

}  // namespace mcu_report
}  // namespace refmath
