// Shared by the emulator subcommands over .npy files (ane matmul ...,
// mcu fc ...): operands read from the paths options name, results written
// all or nothing, and the ANE profile options.
#ifndef REFMATH_TOOLS_CLI_EMULATOR_ARGS_H_
#define REFMATH_TOOLS_CLI_EMULATOR_ARGS_H_

#include <stdint.h>

#include <set>
#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/kernel.h"
#include "refmath/mcu/requantize_op.h"
#include "src/cmdline/args.h"
#include "src/verify/npy.h"

namespace refmath {
namespace cli {

// The array at the path of --OPTION (required), of one of the dtypes.
bool ReadOperand(const Args& args, const std::string& option,
                 io::DTypeSet accepted, io::NpyArray* out,
                 std::string* error);

struct Output {
  std::string option;  // the option naming the path, e.g. "out"
  io::NpyArray array;
};

// Checks the paths of the output options (required, writable, no two the
// same) before any work is done.
bool CheckOutputs(const Args& args, const std::vector<std::string>& options,
                  std::string* error);
// Writes every array to the path of its option: all arrays encoded before
// the first file is written, each written all or nothing, and the files
// already written removed again if a later one fails.
bool WriteOutputs(const Args& args, const std::vector<Output>& outputs,
                  std::string* error);

// The option's value as an integer in [lo, hi], or `def` when absent.
bool IntegerOption(const Args& args, const std::string& option, long lo,
                   long hi, long def, long* value, std::string* error);
// A decimal number (negative allowed), or `def` when absent.
bool NumberOption(const Args& args, const std::string& option, double def,
                  double* value, std::string* error);
// A positive number that is a finite nonzero binary32 once rounded.
bool PositiveFloatOption(const Args& args, const std::string& option,
                         float* value, std::string* error);

// `valued` plus --profile, --accumulator, --tile.
std::set<std::string> WithProfileOptions(std::set<std::string> valued);
// --profile P (default spec), then --accumulator fp32|exact and --tile N
// override the preset's fields.
bool ProfileFromArgs(const Args& args, ane::Profile* p, std::string* error);
// The tensor at the path of --OPTION, rounded by the profile's input cast
// unless it is float16.
bool ReadTensorOperand(const Args& args, const std::string& option,
                       const ane::Profile& p, ane::Tensor* out,
                       std::string* error);

// --act-min / --act-max, integers in [lo, hi] (defaults lo and hi), the
// first not above the second.
bool IntegerClamp(const Args& args, long lo, long hi, int32_t* act_min,
                  int32_t* act_max, std::string* error);

using io::Narrowed;  // an .npy array's integer values as T

// --multiplier and --shift (required): int32 multipliers and shifts in
// [min_shift, max_shift], comma-separated, one or one per output channel.
bool ParseRequant(const Args& args, long min_shift, long max_shift,
                  size_t c_out, mcu::Requant* r, std::string* error);

// QUANTIZE's parameters (refmath/mcu/requantize_op.h) from the scales and
// --input-zero-point, --output-zero-point (each within its tensor's
// in_bits / out_bits, default 0): false with a one-line *error for a zero
// point out of range or a scale ratio whose shift leaves -31..31.
bool RequantizeOptions(const Args& args, float in_scale, float out_scale,
                       int in_bits, int out_bits, mcu::RequantizeOpParams* params,
                       std::string* error);

// --kernel tflite|cmsis-nn|ns-cmsis-nn (refmath/mcu/kernel.h), `def` when
// absent.
bool KernelOption(const Args& args, mcu::Kernel def, mcu::Kernel* kernel,
                  std::string* error);

}  // namespace cli
}  // namespace refmath

#endif  // REFMATH_TOOLS_CLI_EMULATOR_ARGS_H_
