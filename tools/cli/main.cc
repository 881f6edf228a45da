// refmath: command-line front end of the library and its conformance suite.
#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include "tools/cli/commands.h"

namespace {

struct Command {
  const char* name;
  int (*run)(const refmath::cli::Argv&);
  const char* usage;
};

const Command kCommands[] = {
    {"targets", refmath::cli::RunTargets,
     "targets                      targets usable on this CPU, one per line"},
    {"eval", refmath::cli::RunEval,
     "eval --function F [--variant V] [--target T] --in FILE --out FILE\n"
     "                             evaluate raw little-endian binary32 "
     "('-' = stdin/stdout)"},
};

void PrintUsage(FILE* to) {
  fprintf(to, "usage: refmath COMMAND [options]\n\ncommands:\n");
  for (const Command& c : kCommands) fprintf(to, "  %s\n", c.usage);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    PrintUsage(stderr);
    return refmath::cli::kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    PrintUsage(stdout);
    return refmath::cli::kExitOk;
  }
  const refmath::cli::Argv args(argv + 2, argv + argc);
  for (const Command& c : kCommands) {
    if (name == c.name) return c.run(args);
  }
  fprintf(stderr, "refmath: unknown command '%s' (try 'refmath help')\n",
          name.c_str());
  return refmath::cli::kExitUsage;
}
