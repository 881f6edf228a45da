// refmath: command-line front end of the library and its conformance suite.
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <exception>
#include <new>
#include <string>
#include <vector>

#include "src/cmdline/args.h"
#include "tools/cli/commands.h"
#include "tools/cli/subcommands.h"

namespace {

struct Command {
  const char* name;
  int (*run)(const refmath::cli::Argv&);
  const char* usage;  // the forms, one a line; continuations indented
  const char* about;
};

const Command kCommands[] = {
    {"conform", refmath::cli::RunConform,
     "conform [--golden DIR] [--json FILE] [--quiet]",
     "check every function, variant and usable target against the golden\n"
     "digests (the main job)"},
    {"compare", refmath::cli::RunCompare,
     "compare --function F [--variant V] --inputs X --outputs Y "
     "[--max-ulp U]\n"
     "        [--worst K] [--json FILE]",
     "measure another backend's outputs against the oracle (raw binary32 or\n"
     ".npy float32/float16)"},
    {"targets", refmath::cli::RunTargets, "targets [--variant V]",
     "targets usable on this CPU, one per line"},
    {"eval", refmath::cli::RunEval,
     "eval --function F [--variant V] [--target T] --in FILE --out FILE",
     "evaluate raw little-endian binary32 ('-' = stdin/stdout)"},
    {"sweep", refmath::cli::RunSweep,
     "sweep --function F [--variant V] [--target T] (--range LO:HI | --all)\n"
     "        [--stride N] [--label L] [--shard i/N] [--threads N] [--bins N]\n"
     "        [--out RESULT] [--csv F] [--md F] [--bins-csv F] [--max-ulp U]\n"
     "sweep --merge [--out RESULT] [--csv F] [--md F] [--bins-csv F] "
     "[--max-ulp U] SHARD...\n"
     "sweep --report [--csv F] [--md F] [--max-ulp U] RESULT...",
     "ULP error against MPFR-checked references"},
    {"ane", refmath::cli::RunAne,
     "ane eval --function F [--profile P] --in FILE --out FILE\n"
     "ane functions\n"
     REFMATH_ANE_NPY_FORMS
     "ane profiles",
     "the Apple Neural Engine fp16 model over raw little-endian binary16\n"
     "(docs/ane.md)\n" REFMATH_ANE_NPY_OPTIONS},
    {"mcu", refmath::cli::RunMcu,
     "mcu table --op logistic_s8|tanh_s8 --input-scale S --input-zero-point Z\n"
     "          [--ideal] --out FILE\n"
     "mcu table --op sigmoid_s16|tanh_s16 (--input-multiplier M\n"
     "          --input-left-shift L | --input-scale S) [--ideal] --out FILE\n"
     REFMATH_MCU_NPY_FORMS,
     "CMSIS-NN / TFLite Micro activation tables (or the oracle's with\n"
     "--ideal), raw little-endian, every input (docs/mcu.md)\n"
     REFMATH_MCU_NPY_OPTIONS},
    {"inputs", refmath::cli::RunInputs, "inputs --out FILE",
     "write the golden input set as raw binary32"},
    {"hash", refmath::cli::RunHash,
     "hash --function F [--variant V] [--target T]\n"
     "hash --function inputs",
     "print one golden-set digest"},
};

// Each line of `text` after `indent`.
void PrintIndented(FILE* to, const char* text, const char* indent) {
  for (const char* p = text; *p != '\0';) {
    const char* eol = strchr(p, '\n');
    const int len = static_cast<int>(eol ? eol - p : strlen(p));
    fprintf(to, "%s%.*s\n", indent, len, p);
    p += len + (eol ? 1 : 0);
  }
}

void PrintUsage(FILE* to) {
  fprintf(to,
          "usage: refmath COMMAND [options]\n"
          "       refmath help COMMAND | refmath COMMAND --help   "
          "(one command)\n\ncommands:\n");
  for (const Command& c : kCommands) {
    PrintIndented(to, c.usage, "  ");
    PrintIndented(to, c.about, "      ");
  }
}

// One command's usage: continuation lines start with a blank, the other
// lines are further forms.
void PrintCommandUsage(const Command& c) {
  const char* p = c.usage;
  for (const char* prefix = "usage: refmath "; *p != '\0';) {
    const char* eol = strchr(p, '\n');
    const int len = static_cast<int>(eol ? eol - p : strlen(p));
    fprintf(stdout, "%s%.*s\n", *p == ' ' ? "       " : prefix, len, p);
    prefix = "       refmath ";
    p += len + (eol ? 1 : 0);
  }
  fprintf(stdout, "\n");
  PrintIndented(stdout, c.about, "");
}

const Command* FindCommand(const std::string& name) {
  for (const Command& c : kCommands) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

bool IsHelp(const std::string& arg) { return arg == "--help" || arg == "-h"; }

int UnknownCommand(const std::string& name) {
  fprintf(stderr, "refmath: unknown command %s (try 'refmath help')\n",
          refmath::cli::Quote(name).c_str());
  return refmath::cli::kExitUsage;
}

// `refmath help [COMMAND]`.
int Help(const refmath::cli::Argv& args) {
  if (args.empty() || IsHelp(args[0])) {
    PrintUsage(stdout);
    return refmath::cli::kExitOk;
  }
  if (args.size() > 1) {
    return refmath::cli::Fail("help", "unexpected argument " +
                                          refmath::cli::Quote(args[1]));
  }
  const Command* c = FindCommand(args[0]);
  if (c == nullptr) return UnknownCommand(args[0]);
  PrintCommandUsage(*c);
  return refmath::cli::kExitOk;
}

int Run(const Command& c, const refmath::cli::Argv& args) {
  // --help or -h anywhere asks for the usage, as with argparse: a value
  // spelled like that is given as --opt=--help.
  for (const std::string& arg : args) {
    if (IsHelp(arg)) {
      PrintCommandUsage(c);
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
    PrintUsage(stderr);
    return refmath::cli::kExitUsage;
  }
  const std::string name = argv[1];
  const refmath::cli::Argv args(argv + 2, argv + argc);
  if (name == "help" || IsHelp(name)) return CheckStdout(Help(args));
  const Command* c = FindCommand(name);
  if (c == nullptr) return UnknownCommand(name);
  return CheckStdout(Run(*c, args));
}
