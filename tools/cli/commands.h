// The subcommands of the refmath tool.  Each takes the arguments after its
// name and returns the process exit status: 0 success, 1 a check failed
// (mismatch, error beyond bound), 2 bad usage or unreadable/unwritable input
// (src/cmdline/args.h).
#ifndef REFMATH_TOOLS_CLI_COMMANDS_H_
#define REFMATH_TOOLS_CLI_COMMANDS_H_

#include <stdio.h>

#include <string>
#include <vector>

#include "src/cmdline/args.h"

namespace refmath {
namespace cli {

using Argv = std::vector<std::string>;

int RunTargets(const Argv& args);
// The registry of functions (refmath/functions.def) and their variants.
int RunFunctions(const Argv& args);
int RunEval(const Argv& args);
int RunConform(const Argv& args);
int RunInputs(const Argv& args);
int RunHash(const Argv& args);
int RunCompare(const Argv& args);
int RunSweep(const Argv& args);
int RunAne(const Argv& args);
int RunMcu(const Argv& args);
// refmath tensor OP (docs/tensor-ops.md).
int RunTensor(const Argv& args);
// Prints "refmath VERSION" (refmath_version()).
int RunVersion(const Argv& args);
// `refmath help [COMMAND]`.
int RunHelp(const Argv& args);

// Which names a command's --function takes, for its help.
enum class FunctionNames { kNone, kKernels, kAne };

// A command and its help (tools/cli/help.cc).
struct Command {
  const char* name;
  int (*run)(const Argv&);
  const char* usage;    // the forms, one a line; continuations indented
  const char* about;    // what it does
  const char* options;  // one option a line, with its default
  FunctionNames functions;
  const char* example;  // one command line
};

// The command called `name`, or null.
const Command* FindCommand(const std::string& name);
// The help entry of a group's subcommand ("ane", "eval"), or null.
const Command* FindSubcommand(const std::string& group, const std::string& sub);
// Every command's forms and what it does.
void PrintUsage(FILE* to);
// One command's forms, what it does, options, function names and example,
// on stdout.
void PrintCommandUsage(const Command& c);
// "refmath: unknown command 'NAME' ..." on stderr; returns kExitUsage.
int UnknownCommand(const std::string& name);

// Where a command prints its text report: standard error when one of the
// document paths it writes (--json, --csv, --out, ...) is "-", so that
// standard output carries that document alone; else standard output.
FILE* ReportStream(const std::vector<std::string>& document_paths);

// Prints "refmath COMMAND: MESSAGE" on stderr, control characters in
// MESSAGE escaped, and returns kExitUsage.
int Fail(const std::string& command, const std::string& message);

}  // namespace cli
}  // namespace refmath

#endif  // REFMATH_TOOLS_CLI_COMMANDS_H_
