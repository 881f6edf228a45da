// Whose kernel a layer reproduces where the implementations on a
// Cortex-M55 give different bits (docs/mcu.md, "CMSIS-NN on the Cortex-M55
// against the reference").  Each layer's parameters carry one; a layer
// whose kernels agree ignores it.
//   kTflite     TFLite Micro's reference kernels (the default, except the
//               int16 fully connected, which the notes give as CMSIS-NN's);
//   kCmsisNn    ARM's CMSIS-NN as TFLite Micro's cmsis_nn port calls it
//               (MVE paths): int16 conv, depthwise conv and fully
//               connected requantize by RequantizeS64, int16 softmax wraps;
//   kNsCmsisNn  the AmbiqAI/ns-cmsis-nn fork: CMSIS-NN's bits, and its own
//               MVE loop for int8 MUL.
#ifndef REFMATH_MCU_KERNEL_H_
#define REFMATH_MCU_KERNEL_H_

#include <string>

namespace refmath {
namespace mcu {

enum class Kernel { kTflite, kCmsisNn, kNsCmsisNn };

// "tflite", "cmsis-nn", "ns-cmsis-nn".
const char* KernelName(Kernel kernel);

// The kernel of that name; false (kernel untouched) for any other name.
bool KernelFromName(const std::string& name, Kernel* kernel);

// The valid names, for messages: "tflite, cmsis-nn, ns-cmsis-nn".
const char* KernelNames();

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_KERNEL_H_
