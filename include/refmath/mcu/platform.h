// The platform rules of the MCU precision paths (docs/mcu.md, "The platform
// model"): which targets run native binary16 kernels (the FP16 gate), how
// the accumulation setting resolves, and when a float fully connected layer
// or 1x1 convolution stores its weights in the NT_N_PACKED layout (the
// packing rule), which decides the kernel of float_fc.h and so its bits.
#ifndef REFMATH_MCU_PLATFORM_H_
#define REFMATH_MCU_PLATFORM_H_

#include <stddef.h>

#include <string>

#include "refmath/mcu/float_fc.h"

namespace refmath {
namespace mcu {

// What the rules read of a target.  The defaults describe a Cortex-M55
// with MVE-FP, the core this library models.
struct McuTarget {
  std::string name = "cortex-m55";  // the platform's name, for messages
  std::string cpu = "cortex-m55";   // as declared: "Cortex-M55" is the same
  bool mve = true;                  // M-profile vector extension (Helium)
  bool fpu = true;                  // hardware single-precision FPU
  // The FP16 capability: declared present, declared absent, or not
  // declared (then the cpu decides).
  enum class Fp16 { kUndeclared, kDeclared, kDeclaredAbsent };
  Fp16 fp16 = Fp16::kUndeclared;
};

// The cpu name in its normal form: lower case, '_' and ' ' as '-', outer
// spaces removed ("Cortex_M55 " -> "cortex-m55").
std::string NormalizeCpu(const std::string& cpu);

// The FP16 gate: a declared FP16 capability decides; without one, native
// binary16 kernels are inferred for a cpu whose normal form is cortex-m55.
bool SupportsFp16(const McuTarget& target);

// The accumulation setting of float layers.  kAuto resolves to kPrecise
// unless approximate values are allowed, then to kFast.
enum class Accumulation { kPrecise, kFast, kAuto };
Accumulation ResolveAccumulation(Accumulation setting, bool allow_approximate);
// "precise", "fast", "auto"; false for another name.
bool AccumulationFromName(const std::string& name, Accumulation* out);

// The packing rule: float weights are packed only on an MVE target, with
// at least kPackMinRows rows sharing them (output positions of a 1x1
// convolution, batch rows of a fully connected layer) and at least one
// full lane group of outputs (c_out >= L); binary32 packs whenever that
// holds, binary16 only when the accumulation resolves to kFast.
constexpr size_t kPackMinRows = 4;
bool PacksFloatWeights(const McuTarget& target, bool half,
                       Accumulation accumulation, bool allow_approximate,
                       const FcShape& shape);

// The kernel the layer gets: kPacked where the rule packs, else kStandard.
FcKernel DefaultFloatKernel(const McuTarget& target, bool half,
                            Accumulation accumulation, bool allow_approximate,
                            const FcShape& shape);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_PLATFORM_H_
