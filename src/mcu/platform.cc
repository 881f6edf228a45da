#include "refmath/mcu/platform.h"

#include <ctype.h>

namespace refmath {
namespace mcu {

std::string NormalizeCpu(const std::string& cpu) {
  size_t begin = 0, end = cpu.size();
  while (begin < end && isspace(static_cast<unsigned char>(cpu[begin]))) ++begin;
  while (end > begin && isspace(static_cast<unsigned char>(cpu[end - 1]))) --end;
  std::string out;
  for (size_t i = begin; i < end; ++i) {
    const char c = cpu[i];
    out += (c == '_' || c == ' ') ? '-'
                                  : static_cast<char>(tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool SupportsFp16(const McuTarget& target) {
  switch (target.fp16) {
    case McuTarget::Fp16::kDeclared: return true;
    case McuTarget::Fp16::kDeclaredAbsent: return false;
    case McuTarget::Fp16::kUndeclared: break;
  }
  return NormalizeCpu(target.cpu) == "cortex-m55";
}

Accumulation ResolveAccumulation(Accumulation setting, bool allow_approximate) {
  if (setting != Accumulation::kAuto) return setting;
  return allow_approximate ? Accumulation::kFast : Accumulation::kPrecise;
}

bool AccumulationFromName(const std::string& name, Accumulation* out) {
  if (name == "precise") {
    *out = Accumulation::kPrecise;
  } else if (name == "fast") {
    *out = Accumulation::kFast;
  } else if (name == "auto") {
    *out = Accumulation::kAuto;
  } else {
    return false;
  }
  return true;
}

bool PacksFloatWeights(const McuTarget& target, bool half,
                       Accumulation accumulation, bool allow_approximate,
                       const FcShape& shape) {
  const size_t lanes = half ? kPackLanesF16 : kPackLanesF32;
  if (!target.mve || shape.rows < kPackMinRows || shape.c_out < lanes) {
    return false;
  }
  return !half || ResolveAccumulation(accumulation, allow_approximate) ==
                      Accumulation::kFast;
}

FcKernel DefaultFloatKernel(const McuTarget& target, bool half,
                            Accumulation accumulation, bool allow_approximate,
                            const FcShape& shape) {
  return PacksFloatWeights(target, half, accumulation, allow_approximate, shape)
             ? FcKernel::kPacked
             : FcKernel::kStandard;
}

}  // namespace mcu
}  // namespace refmath
