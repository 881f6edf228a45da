// The emulator subcommands over .npy files, dispatched by `refmath ane` and
// `refmath mcu` (tools/cli/cmd_ane.cc, cmd_mcu.cc).  Each takes the
// arguments after its name and returns the exit status.
#ifndef REFMATH_TOOLS_CLI_SUBCOMMANDS_H_
#define REFMATH_TOOLS_CLI_SUBCOMMANDS_H_

#include "tools/cli/commands.h"

namespace refmath {
namespace cli {

// cmd_ane_ops.cc
int RunAneMatmul(const Argv& args);
int RunAneReduceSum(const Argv& args);
int RunAneSoftmax(const Argv& args);
// cmd_ane_fft.cc: the forward transform, or the inverse.
int RunAneFft(const Argv& args, bool inverse);
// cmd_ane_linalg.cc
int RunAneSolve(const Argv& args);
// cmd_ane_compress.cc
int RunAneCompress(const Argv& args);

// cmd_mcu_fc.cc
int RunMcuFc(const Argv& args);
// cmd_mcu_quantize.cc
int RunMcuQuantize(const Argv& args);
int RunMcuDequantize(const Argv& args);
// cmd_mcu_compare.cc
int RunMcuCompare(const Argv& args);
int RunMcuOps(const Argv& args);

}  // namespace cli
}  // namespace refmath

#endif  // REFMATH_TOOLS_CLI_SUBCOMMANDS_H_
