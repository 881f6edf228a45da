// refmath: command-line front end of the library and its conformance suite.
#include <stdio.h>
#include <string.h>

#include <exception>
#include <new>
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
    {"conform", refmath::cli::RunConform,
     "conform [--golden DIR] [--json FILE] [--quiet]\n"
     "                             check every function, variant and usable "
     "target\n"
     "                             against the golden digests (the main job)"},
    {"compare", refmath::cli::RunCompare,
     "compare --function F [--variant V] --inputs X --outputs Y "
     "[--max-ulp U]\n"
     "        [--worst K] [--json FILE]\n"
     "                             measure another backend's outputs against "
     "the oracle\n"
     "                             (raw binary32 or .npy float32/float16)"},
    {"targets", refmath::cli::RunTargets,
     "targets [--variant V]        targets usable on this CPU, one per line"},
    {"eval", refmath::cli::RunEval,
     "eval --function F [--variant V] [--target T] --in FILE --out FILE\n"
     "                             evaluate raw little-endian binary32 "
     "('-' = stdin/stdout)"},
    {"sweep", refmath::cli::RunSweep,
     "sweep --function F [--variant V] [--target T] (--range LO:HI | --all)\n"
     "        [--stride N] [--label L] [--shard i/N] [--threads N] [--bins N]\n"
     "        [--out RESULT] [--csv F] [--md F] [--bins-csv F] [--max-ulp U]\n"
     "      sweep --merge --out RESULT SHARD...  |  sweep --report RESULT...\n"
     "                             ULP error against MPFR-checked references"},
    {"ane", refmath::cli::RunAne,
     "ane eval --function F [--profile P] --in FILE --out FILE\n"
     "      ane functions | ane profiles\n"
     "                             the Apple Neural Engine fp16 model over raw\n"
     "                             little-endian binary16 (docs/ane.md)"},
    {"mcu", refmath::cli::RunMcu,
     "mcu table --op logistic_s8|tanh_s8 --input-scale S --input-zero-point Z\n"
     "          [--ideal] --out FILE\n"
     "      mcu table --op sigmoid_s16|tanh_s16 (--input-multiplier M\n"
     "          --input-left-shift L | --input-scale S) [--ideal] --out FILE\n"
     "                             CMSIS-NN / TFLite Micro activation tables "
     "(or the\n"
     "                             oracle's with --ideal), raw little-endian, "
     "every\n"
     "                             input (docs/mcu.md)"},
    {"inputs", refmath::cli::RunInputs,
     "inputs --out FILE            write the golden input set as raw binary32"},
    {"hash", refmath::cli::RunHash,
     "hash --function F|inputs [--variant V] [--target T]\n"
     "                             print one golden-set digest"},
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
    if (name != c.name) continue;
    try {
      return c.run(args);
    } catch (const std::bad_alloc&) {
      fprintf(stderr, "refmath %s: out of memory\n", c.name);
    } catch (const std::exception& e) {
      fprintf(stderr, "refmath %s: %s\n", c.name, e.what());
    }
    return refmath::cli::kExitUsage;
  }
  fprintf(stderr, "refmath: unknown command '%s' (try 'refmath help')\n",
          name.c_str());
  return refmath::cli::kExitUsage;
}
