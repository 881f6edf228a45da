// The subcommands of the refmath tool.  Each takes the arguments after its
// name and returns the process exit status: 0 success, 1 a check failed
// (mismatch, error beyond bound), 2 bad usage or unreadable/unwritable input
// (src/cmdline/args.h).
#ifndef REFMATH_TOOLS_CLI_COMMANDS_H_
#define REFMATH_TOOLS_CLI_COMMANDS_H_

#include <string>
#include <vector>

#include "src/cmdline/args.h"

namespace refmath {
namespace cli {

using Argv = std::vector<std::string>;

int RunTargets(const Argv& args);
int RunEval(const Argv& args);
int RunConform(const Argv& args);
int RunInputs(const Argv& args);
int RunHash(const Argv& args);
int RunCompare(const Argv& args);
int RunSweep(const Argv& args);
int RunAne(const Argv& args);
int RunMcu(const Argv& args);

// Prints "refmath COMMAND: MESSAGE" on stderr, control characters in
// MESSAGE escaped, and returns kExitUsage.
int Fail(const std::string& command, const std::string& message);

}  // namespace cli
}  // namespace refmath

#endif  // REFMATH_TOOLS_CLI_COMMANDS_H_
