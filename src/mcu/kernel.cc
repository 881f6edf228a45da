#include "refmath/mcu/kernel.h"

namespace refmath {
namespace mcu {
namespace {

constexpr struct {
  Kernel kernel;
  const char* name;
} kKernels[] = {{Kernel::kTflite, "tflite"},
                {Kernel::kCmsisNn, "cmsis-nn"},
                {Kernel::kNsCmsisNn, "ns-cmsis-nn"}};

}  // namespace

const char* KernelName(Kernel kernel) {
  for (const auto& k : kKernels) {
    if (k.kernel == kernel) return k.name;
  }
  return "unknown";
}

bool KernelFromName(const std::string& name, Kernel* kernel) {
  for (const auto& k : kKernels) {
    if (name == k.name) {
      *kernel = k.kernel;
      return true;
    }
  }
  return false;
}

const char* KernelNames() { return "tflite, cmsis-nn, ns-cmsis-nn"; }

}  // namespace mcu
}  // namespace refmath
