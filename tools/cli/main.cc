// refmath: command-line front end of the library and its conformance suite.
// The commands and their help are in help.cc; this file dispatches.
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <exception>
#include <new>
#include <string>
#include <vector>

#include "src/cmdline/args.h"
#include "tools/cli/commands.h"

namespace {

using refmath::cli::Argv;
using refmath::cli::Command;

bool IsHelp(const std::string& arg) { return arg == "--help" || arg == "-h"; }

int Run(const Command& c, const Argv& args) {
  // --help or -h anywhere asks for the usage, as with argparse: a value
  // spelled like that is given as --opt=--help.
  for (const std::string& arg : args) {
    if (IsHelp(arg)) {
      // A group's subcommand has an entry of its own (ane eval --help).
      const Command* sub = args.empty() || IsHelp(args[0])
                               ? nullptr
                               : refmath::cli::FindSubcommand(c.name, args[0]);
      PrintCommandUsage(sub != nullptr ? *sub : c);
      return refmath::cli::kExitOk;
    }
  }
  try {
    return c.run(args);
  } catch (const std::bad_alloc&) {
    fprintf(stderr, "refmath %s: out of memory\n", c.name);
  } catch (const std::exception& e) {
    refmath::cli::Fail(c.name, e.what());
  }
  return refmath::cli::kExitUsage;
}

// What a command printed must have reached stdout: a full disk or a closed
// pipe is an error, not a success.  A run that already failed with a usage
// error has said why.
int CheckStdout(int status) {
  errno = 0;
  const bool flushed = fflush(stdout) == 0;
  if ((flushed && !ferror(stdout)) || status == refmath::cli::kExitUsage) {
    return status;
  }
  // errno is known when the last flush failed; an earlier failed write
  // left only the stream's error flag.
  fprintf(stderr, "refmath: error writing standard output%s%s\n",
          errno != 0 ? ": " : "", errno != 0 ? strerror(errno) : "");
  return refmath::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    refmath::cli::PrintUsage(stderr);
    return refmath::cli::kExitUsage;
  }
  const std::string name = argv[1];
  const Argv args(argv + 2, argv + argc);
  if (name == "help" || IsHelp(name)) {
    // The whole help in one buffer, written by the final flush: a failed
    // write then still has its errno to report.
    static char help_buffer[1 << 16];
    setvbuf(stdout, help_buffer, _IOFBF, sizeof help_buffer);
    return CheckStdout(refmath::cli::RunHelp(args));
  }
  const Command* c =
      refmath::cli::FindCommand(name == "--version" ? "version" : name);
  if (c == nullptr) return refmath::cli::UnknownCommand(name);
  return CheckStdout(Run(*c, args));
}
