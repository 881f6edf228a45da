// The refmath commands and their help: each command's forms, what it does,
// its options with their defaults, the names --function takes, and one
// example.  `refmath help` lists the forms; `refmath help COMMAND` (or
// --help among a command's arguments) prints one command's whole entry.
#include <stdio.h>
#include <string.h>

#include <string>

#include "refmath/refmath.h"
#include "refmath/ane/unary.h"
#include "tools/cli/commands.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

// The lines every command taking a function, a variant and a target has.
#define REFMATH_FUNCTION_OPTION \
  "--function F      the function (required; the names are below)\n"
#define REFMATH_VARIANT_OPTION \
  "--variant V       exact, fast or correct (default: exact)\n"
#define REFMATH_FUNCTION_VARIANT_OPTION                                   \
  "--variant V       exact, fast or correct, one that defines F (default:\n" \
  "                  exact, or correct for a function without an exact\n" \
  "                  variant)\n"
#define REFMATH_TARGET_OPTION                                         \
  "--target T        a target 'refmath targets' lists, or best (default:\n" \
  "                  best)\n"

const Command kCommands[] = {
    {"conform", RunConform,
     "conform [--golden DIR] [--json FILE] [--quiet] [--max-threads N]\n"
     "        [--target T[,T...]]",
     "check every function, variant and usable target, and the ANE, MCU\n"
     "and tensor modules, against the golden digests (the main job); exit 0\n"
     "only if every row matches",
     "--golden DIR      the golden digest directory (default:\n"
     "                  $REFMATH_GOLDEN_DIR if set, else the source tree's\n"
     "                  golden/ for the build tree's refmath, else\n"
     "                  ../share/refmath/golden beside the executable if it\n"
     "                  exists (an installed refmath), else the configured\n"
     "                  prefix's share/refmath/golden)\n"
     "--json FILE       also write the report as JSON (docs/conformance.md);\n"
     "                  '-' = stdout, which then carries the JSON alone and\n"
     "                  the table goes to stderr (default: none)\n"
     "--quiet           no progress and no 'golden digests from' line\n"
     "                  (default: off)\n"
     "--max-threads N   the most threads the tensor rows run with, 1 to 8\n"
     "                  (default: 8; they also run with 2, 3 and 4)\n"
     "--target T,...    only the rows on these targets (each one 'refmath\n"
     "                  targets' lists); the ANE and MCU rows, which run on\n"
     "                  no target, are left out (default: every usable\n"
     "                  target, and those rows)\n",
     FunctionNames::kNone, "refmath conform --json conform.json"},
    {"compare", RunCompare,
     "compare --function F [--variant V] --inputs X --outputs Y\n"
     "        [--inputs-dtype T] [--outputs-dtype T] [--max-ulp U]\n"
     "        [--max-ulp-vs-oracle U] [--worst K] [--label NAME]\n"
     "        [--json FILE] [--csv FILE]\n"
     "compare --op OP --in X [--in2 B] [--in3 V] [--mask M] [--axis A]\n"
     "        [--scale G] [--bias B] [--eps E] [--alpha X] [--beta X]\n"
     "        [--trans-a] [--trans-b] [--keep K] [--scale-by S] [--causal]\n"
     "        [--interleaved] --outputs Y [--format F] [--max-ulp U]\n"
     "        [--label NAME] [--json FILE]",
     "measure another backend's outputs against the true value of F (MPFR),\n"
     "beside the oracle (refmath's variant V), and against the oracle bit\n"
     "for bit (docs/compare.md); raw or .npy files.  With --op, the outputs\n"
     "of a tensor operation against its exact value rounded once, beside\n"
     "refmath exact and fast (docs/compare.md, \"Tensor operations\")",
     REFMATH_FUNCTION_OPTION REFMATH_FUNCTION_VARIANT_OPTION
     "--inputs X        the inputs the backend was given (required); 16-bit\n"
     "                  inputs are widened exactly\n"
     "--outputs Y       the backend's outputs (required)\n"
     "--inputs-dtype T, --outputs-dtype T\n"
     "                  auto, float32, float16 or bfloat16 (default: auto,\n"
     "                  the .npy's dtype, float32 for raw; a raw 16-bit file\n"
     "                  or a .npy uint16 needs float16 or bfloat16)\n"
     "--max-ulp U       exit 1 if the backend is beyond U ulp of the truth,\n"
     "                  in ulps of the outputs' format (default: none for\n"
     "                  float32, 1 for float16 and bfloat16); a NaN/inf\n"
     "                  disagreement with the truth always fails; with no\n"
     "                  bound at all the verdict is NO BOUND SET (exit 0)\n"
     "--max-ulp-vs-oracle U\n"
     "                  exit 1 beyond U ulp of the oracle; 0 means the same\n"
     "                  bits, sign of zero and NaN payload included\n"
     "                  (default: unchecked)\n"
     "--worst K         list the K largest differences from the oracle\n"
     "                  (default: 10)\n"
     "--label NAME      the backend's name in the report (default: backend)\n"
     "--json FILE       also write the report as JSON (docs/compare.md)\n"
     "                  (default: none)\n"
     "--csv FILE        one row per input: index, x, bits, both ulps from\n"
     "                  the truth (default: none); for --json and --csv,\n"
     "                  '-' = stdout, which then carries that document\n"
     "                  alone and the text report goes to stderr\n"
     "--op OP           instead of --function: softmax, log-softmax,\n"
     "                  layer-norm, rms-norm, sum, matmul, attention, gemm,\n"
     "                  or a reduction: mean, max, min, prod, sum-square,\n"
     "                  l1-norm, l2-norm, logsumexp; or elementwise: silu,\n"
     "                  gelu, gelu-tanh, softplus, swiglu (--in gate, --in2\n"
     "                  up), add (--in a, --in2 b broadcast to a), rope\n"
     "                  (--in x, --in2 cos, --in3 sin; --interleaved for\n"
     "                  the (2i, 2i+1) pairs)\n"
     "                  ('_' for '-' too); then --in X (matmul, gemm: A,\n"
     "                  attention: Q) and --outputs Y are required, float32\n"
     "                  .npy or raw\n"
     "--in2 B           matmul's and gemm's B, attention's K (required for\n"
     "                  them)\n"
     "--in3 V           attention's V (required for attention); gemm's C\n"
     "                  (default: none)\n"
     "--alpha X, --beta X, --trans-a, --trans-b\n"
     "                  gemm's, as refmath tensor gemm takes them (default:\n"
     "                  alpha and beta 1, neither transposed)\n"
     "--mask M          attention's additive mask (Lq, Lk), or broadcast to\n"
     "                  (B, H, L, S) for Q (B, H, L, d), K and V (B, Hkv, S,\n"
     "                  d or dv) (default: none)\n"
     "--keep K, --scale-by S, --causal\n"
     "                  attention's with four-axis Q, K, V: a boolean mask\n"
     "                  as float32 (0 leaves the key out), the scores' scale\n"
     "                  (default: / sqrt(d)), top-left causal\n"
     "--axis A          the row ops' and the reductions' axis (default: -1)\n"
     "--scale G, --bias B\n"
     "                  the norms' per-column scale and (layer-norm) bias\n"
     "                  (default: none)\n"
     "--eps E           the norms' eps, rounded to float32 (default: 1e-5)\n"
     "--format F        with --op: the outputs' storage, binary32, binary16\n"
     "                  (float16 .npy) or bfloat16 (uint16 .npy of bit\n"
     "                  patterns); the other files float32 or F; refmath's\n"
     "                  results rounded to F once, ulps of F (default:\n"
     "                  binary32)\n",
     FunctionNames::kKernels,
     "refmath compare --function tanh --inputs x.npy --outputs y.npy "
     "--max-ulp 2"},
    {"functions", RunFunctions, "functions [--variant V]",
     "the functions, one per line: each with the variants that define it,\n"
     "or with --variant only the names that variant defines",
     "--variant V       list only the functions variant V defines (exact,\n"
     "                  fast, correct); default: every function and its\n"
     "                  variants\n",
     FunctionNames::kNone, "refmath functions --variant correct"},
    {"targets", RunTargets, "targets [--variant V]",
     "targets usable on this CPU, one per line",
     REFMATH_VARIANT_OPTION, FunctionNames::kNone,
     "refmath targets --variant fast"},
    {"eval", RunEval,
     "eval --function F [--variant V] [--target T] [--format FMT] --in FILE\n"
     "        --out FILE",
     "evaluate a function over float32 (or binary16, bfloat16) values, .npy\n"
     "or raw by the file name",
     REFMATH_FUNCTION_OPTION REFMATH_FUNCTION_VARIANT_OPTION REFMATH_TARGET_OPTION
     "--format FMT      binary32, binary16 or bfloat16 (default: binary32);\n"
     "                  binary16 and bfloat16 give the correct variant's\n"
     "                  result rounded once to that format, take no\n"
     "                  --target, and read and write float16 (binary16) or\n"
     "                  uint16 bit patterns (bfloat16) .npy, or raw 2-byte\n"
     "                  elements\n"
     "--in FILE         the inputs (required): FILE.npy a NumPy float32\n"
     "                  array, any other name raw little-endian binary32,\n"
     "                  '-' stdin (raw)\n"
     "--out FILE        the outputs, one per input, in the inputs' shape\n"
     "                  (required): .npy or raw as for --in, '-' stdout\n",
     FunctionNames::kKernels,
     "refmath eval --function gelu_erf --in x.npy --out y.npy\n"
     "refmath eval --function silu --format bfloat16 --in x_bits.npy --out y.npy"},
    {"sweep", RunSweep,
     "sweep --function F [--variant V] [--target T] (--range LO:HI | --all)\n"
     "        [--stride N] [--label L] [--shard i/N] [--threads N] [--bins N]\n"
     "        [--out RESULT] [--csv F] [--md F] [--bins-csv F] [--max-ulp U]\n"
     "        [--quiet]\n"
     "sweep --merge [--out RESULT] [--csv F] [--md F] [--bins-csv F] "
     "[--max-ulp U] SHARD...\n"
     "sweep --report [--csv F] [--md F] [--max-ulp U] RESULT...",
     "ULP error against MPFR-checked references, on all cores",
     REFMATH_FUNCTION_OPTION REFMATH_FUNCTION_VARIANT_OPTION REFMATH_TARGET_OPTION
     "--range LO:HI     the inputs from LO to HI: decimal, FLT_MAX or inf\n"
     "                  (required for a new sweep, or --all)\n"
     "--all             every binary32 input (instead of --range)\n"
     "--stride N        every Nth input (default: 1)\n"
     "--label L         the row's label in the tables (default: none)\n"
     "--shard i/N       part i of N, counted from 0: the i-th of N equal\n"
     "                  contiguous runs of the inputs (with --all at stride\n"
     "                  1, bit patterns i 2^32/N up to (i+1) 2^32/N); --merge\n"
     "                  of all N gives the one run's result (default: all)\n"
     "--threads N       worker threads, 0 for every core (default: 0)\n"
     "--bins N          an error profile of N bins (default: 0, none)\n"
     "--out RESULT      the result file --merge and --report read\n"
     "                  (default: none)\n"
     "--csv F, --md F   the table as CSV, as Markdown (default: none)\n"
     "--bins-csv F      the error profile as CSV; needs --bins (default: none);\n"
     "                  for --out, --csv, --md and --bins-csv, '-' = stdout,\n"
     "                  which then carries that file alone and the summary\n"
     "                  goes to stderr\n"
     "--max-ulp U       exit 1 if the max ulp exceeds U (default: no bound)\n"
     "--quiet           no progress on stderr (default: a bar on a terminal,\n"
     "                  a line every 30 s otherwise)\n"
     "--merge           merge shards' result files (in any order) into the\n"
     "                  result one run gives, its time aside (default: a\n"
     "                  new sweep)\n"
     "--report          the tables of result files (default: a new sweep)\n",
     FunctionNames::kKernels,
     "refmath sweep --function log --range 0.5:2 --stride 7 --md log.md"},
    {"ane", RunAne,
     REFMATH_ANE_EVAL_FORM "\n"
     "ane functions\n"
     "ane profiles\n"
     REFMATH_ANE_NPY_FORMS,
     "the Apple Neural Engine fp16 model over float16 values, .npy or raw by\n"
     "the file name (docs/ane.md); 'functions' and 'profiles' list the\n"
     "choices; 'refmath help ane SUBCOMMAND' gives one subcommand's options",
     "eval:\n"
     REFMATH_FUNCTION_OPTION
     "--profile P       a profile 'refmath ane profiles' lists (default: spec)\n"
     "--in FILE         the inputs (required): FILE.npy a NumPy float16\n"
     "                  array, any other name raw little-endian binary16,\n"
     "                  '-' stdin (raw)\n"
     "--out FILE        the outputs, one per input, in the inputs' shape\n"
     "                  (required): .npy or raw as for --in, '-' stdout\n"
     "matmul, reduce-sum, reduce-mean, transpose, reshape, softmax, layer-norm,\n"
     "rms-norm, gelu, attention, conv2d, fft, ifft, fft2, solve, power,\n"
     "compress: see 'refmath help ane SUBCOMMAND'\n",
     FunctionNames::kAne,
     "refmath ane eval --function exp --profile m3 --in x.npy --out y.npy"},
    {"mcu", RunMcu,
     REFMATH_MCU_TABLE_FORMS "\n"
     REFMATH_MCU_NPY_FORMS,
     "the Cortex-M55 paths of CMSIS-NN / TFLite Micro (docs/mcu.md): an\n"
     "activation table over every input, a device's table against the\n"
     "oracle's, fully connected, QUANTIZE and DEQUANTIZE, and TFLite Micro's\n"
     "conv, depthwise conv, pooling, softmax, add, mul, and LOGISTIC and\n"
     "TANH on tensors; 'refmath help mcu\n"
     "SUBCOMMAND' gives one subcommand's options",
     "table:\n"
     "--op OP                logistic_s8, tanh_s8, sigmoid_s16 or tanh_s16\n"
     "                       (required)\n"
     "--input-scale S        the input scale, positive (required for int8)\n"
     "--input-zero-point Z   int8 only: -128..127 (required for int8)\n"
     "--input-multiplier M   int16 only: 0..2147483647, with\n"
     "                       --input-left-shift L, 0..31 (instead of\n"
     "                       --input-scale)\n"
     "--ideal                the oracle's table (default: the kernel's)\n"
     "--out FILE             the outputs (required): .npy or raw, '-' stdout\n"
     "compare, ops, fc, quantize, dequantize, conv2d, depthwise-conv2d,\n"
     "avg-pool, max-pool, softmax, add, mul, logistic, tanh, requantize,\n"
     "mean:\n"
     "see 'refmath help mcu SUBCOMMAND'\n",
     FunctionNames::kNone,
     "refmath mcu table --op tanh_s8 --input-scale 0.0625 "
     "--input-zero-point 0 --out tanh.npy"},
    {"tensor", RunTensor,
     "tensor sum|mean --in X --out Y [--axis A] [--mode canonical|exact]\n"
     "tensor max|min|prod|sum-square|l1-norm|l2-norm|logsumexp --in X --out Y\n"
     "                  [--axis A]\n"
     "tensor dot|matmul --in A --in2 B --out Y\n"
     "tensor softmax|log-softmax --in X [--axis A] --out Y\n"
     "tensor layer-norm --in X [--axis A] [--scale G] [--bias B] [--eps E]\n"
     "                  --out Y [--out-mean M] [--out-inv-std-dev S]\n"
     "tensor rms-norm --in X [--axis A] [--scale G] [--eps E] --out Y\n"
     "tensor gemm --in A --in2 B [--in3 C] [--alpha X] [--beta X]\n"
     "            [--trans-a] [--trans-b] --out Y\n"
     "tensor attention --in Q --in2 K --in3 V [--mask M] [--keep K]\n"
     "                 [--scale-by S] [--causal] --out Y\n"
     "tensor silu|gelu|gelu-tanh|softplus --in X --out Y\n"
     "tensor swiglu|add --in A --in2 B --out Y\n"
     "tensor rope --in X --in2 COS --in3 SIN [--interleaved] --out Y\n"
     "       (each form also: [--variant V] [--target T] [--threads N]\n"
     "        [--format FMT])",
     "reproducible tensor operations over float32 (or binary16, bfloat16)\n"
     "arrays, .npy or raw by the file name: the same bits on every target\n"
     "and for every thread count (docs/tensor-ops.md); softmax and the norms\n"
     "work along --axis (the last by default), attention on the last two;\n"
     "silu and softplus are correctly rounded whatever the variant, the\n"
     "GELUs the variant's",
     "--in X            the operand (required): FILE.npy a NumPy array of\n"
     "                  --format's dtype, any other name its raw\n"
     "                  little-endian elements (1-d), '-' stdin (raw); for\n"
     "                  attention Q (Lq x d)\n"
     "--in2 B           dot: the second vector; matmul: B (K x N);\n"
     "                  attention: K (Lk x d) (required there); matmul\n"
     "                  takes numpy.matmul's shapes: batch axes that\n"
     "                  broadcast, 1-d A or B as a row or a column;\n"
     "                  swiglu: up, of the gate's shape (out = silu(A) *\n"
     "                  B); add: broadcast to A's shape; rope: the cos\n"
     "                  table, one value per pair (.., L x d/2), broadcast\n"
     "                  to A's shape with its last axis halved\n"
     "--in3 V           attention: V (Lk x dv) (required there); gemm:\n"
     "                  C, broadcast to (M x N) (default: none); rope: the\n"
     "                  sin table, as --in2\n"
     "--interleaved     rope: pairs (2i, 2i+1) instead of (i, i + d/2)\n"
     "--alpha X, --beta X\n"
     "                  gemm: alpha * A B + beta * C, each rounded to\n"
     "                  float32 (default: 1)\n"
     "--trans-a, --trans-b\n"
     "                  gemm: A (K x M) or B (N x K) taken transposed\n"
     "                  (default: neither)\n"
     "--mask M          attention: an additive mask (Lq x Lk) (default: none);\n"
     "                  with Q (B x H x L x d), K and V (B x Hkv x S x d or\n"
     "                  dv), one that broadcasts to (B x H x L x S)\n"
     "--keep K          attention: a boolean mask as numbers, 0 leaving the\n"
     "                  key out, broadcast as --mask (default: none)\n"
     "--scale-by S      attention: multiply the scores by S instead of\n"
     "                  dividing them by sqrt(d)\n"
     "--causal          attention: key j left out of query i when j > i\n"
     "                  (default: off)\n"
     "--scale G, --bias B\n"
     "                  layer-norm, rms-norm: of the normalized axes' shape\n"
     "                  (default: none; rms-norm has no --bias)\n"
     "--eps E           layer-norm, rms-norm: added to the variance, finite\n"
     "                  and >= 0 (default: 1e-05)\n"
     "--axis A          the reductions, softmax, log-softmax: the axis;\n"
     "                  layer-norm, rms-norm: the first of the axes\n"
     "                  normalized together, to the last (ONNX's axis);\n"
     "                  negative from the end (default: -1)\n"
     "--mode M          sum, mean: canonical (the canonical order) or exact\n"
     "                  (correctly rounded) (default: canonical)\n"
     "--out Y           the result, .npy or raw as for --in, '-' stdout\n"
     "                  (required); nothing is written on an error\n"
     "--out-mean M, --out-inv-std-dev S\n"
     "                  layer-norm: ONNX's Mean and InvStdDev, one per row,\n"
     "                  of --in's shape with the last axis 1 (default: not\n"
     "                  written)\n"
     REFMATH_VARIANT_OPTION REFMATH_TARGET_OPTION
     "--threads N       threads, 0 for every core; never changes a bit\n"
     "                  (default: 0)\n"
     "--format FMT      how every array file stores its elements: binary32\n"
     "                  (float32), binary16 (float16 .npy) or bfloat16\n"
     "                  (uint16 .npy of bfloat16 bit patterns), raw 2-byte\n"
     "                  elements for another name; half inputs are widened\n"
     "                  exactly, the op runs in float32 and each output is\n"
     "                  rounded once to FMT (default: binary32)\n",
     FunctionNames::kNone,
     "refmath tensor softmax --in logits.npy --out probs.npy --threads 4"},
    {"inputs", RunInputs, "inputs --out FILE",
     "write the golden input set, .npy or raw by the file name",
     "--out FILE        the input set (required): FILE.npy a NumPy float32\n"
     "                  array of shape (N,), any other name raw\n"
     "                  little-endian binary32, '-' stdout (raw)\n",
     FunctionNames::kNone,
     "refmath inputs --out inputs.npy"},
    {"hash", RunHash,
     "hash --function F [--variant V] [--target T]\n"
     "hash --function inputs",
     "print one golden-set digest (a row of golden/VARIANT.sha256)",
     "--function F      a function (names below), or inputs for the input\n"
     "                  set (required)\n" REFMATH_FUNCTION_VARIANT_OPTION
         REFMATH_TARGET_OPTION,
     FunctionNames::kKernels, "refmath hash --function tanh --variant fast"},
    {"version", RunVersion, "version | refmath --version",
     "print 'refmath VERSION'", "", FunctionNames::kNone, "refmath --version"},
    {"help", RunHelp, "help [COMMAND [SUBCOMMAND]]",
     "list the commands, or print one command's usage, options and example",
     "", FunctionNames::kNone, "refmath help eval"},
};

#undef REFMATH_FUNCTION_OPTION
#undef REFMATH_VARIANT_OPTION
#undef REFMATH_FUNCTION_VARIANT_OPTION
#undef REFMATH_TARGET_OPTION

// Each line of `text` after `indent`.
void PrintIndented(FILE* to, const char* text, const char* indent) {
  for (const char* p = text; *p != '\0';) {
    const char* eol = strchr(p, '\n');
    const int len = static_cast<int>(eol ? eol - p : strlen(p));
    fprintf(to, "%s%.*s\n", indent, len, p);
    p += len + (eol ? 1 : 0);
  }
}

// "a, b, c" folded into lines of at most 78 columns after `indent`.
void PrintWrapped(const std::string& list, const char* indent) {
  std::string line;
  size_t start = 0;
  while (start < list.size()) {
    size_t end = list.find(", ", start);
    end = end == std::string::npos ? list.size() : end + 2;
    const std::string word = list.substr(start, end - start);
    if (!line.empty() && strlen(indent) + line.size() + word.size() > 79) {
      printf("%s%s\n", indent, line.substr(0, line.size() - 1).c_str());
      line.clear();
    }
    line += word;
    start = end;
  }
  if (!line.empty()) printf("%s%s\n", indent, line.c_str());
}

std::string KernelFunctionNames() {
  std::string names;
  for (int f = 0; f < REFMATH_NUM_FUNCTIONS; ++f) {
    if (!names.empty()) names += ", ";
    names += refmath_function_name(static_cast<refmath_function>(f));
  }
  return names;
}

// The usage lines: continuation lines start with a blank, the other lines
// are further forms.
void PrintForms(const Command& c) {
  const char* p = c.usage;
  for (const char* prefix = "usage: refmath "; *p != '\0';) {
    const char* eol = strchr(p, '\n');
    const int len = static_cast<int>(eol ? eol - p : strlen(p));
    printf("%s%.*s\n", *p == ' ' ? "       " : prefix, len, p);
    prefix = "       refmath ";
    p += len + (eol ? 1 : 0);
  }
}

}  // namespace

const Command* FindCommand(const std::string& name) {
  for (const Command& c : kCommands) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

const Command* FindSubcommand(const std::string& group,
                              const std::string& sub) {
  const std::string name = group + " " + sub;
  for (size_t i = 0; i < kNumSubcommands; ++i) {
    if (name == kSubcommands[i].name) return &kSubcommands[i];
  }
  return nullptr;
}

void PrintUsage(FILE* to) {
  fprintf(to,
          "usage: refmath COMMAND [options]\n"
          "       refmath help COMMAND | refmath COMMAND --help   "
          "(one command: options, defaults, an example)\n\ncommands:\n");
  for (const Command& c : kCommands) {
    PrintIndented(to, c.usage, "  ");
    PrintIndented(to, c.about, "      ");
  }
}

void PrintCommandUsage(const Command& c) {
  PrintForms(c);
  printf("\n");
  PrintIndented(stdout, c.about, "");
  printf("\noptions:\n");
  PrintIndented(stdout, *c.options != '\0' ? c.options : "none\n", "  ");
  if (c.functions != FunctionNames::kNone) {
    printf("\nfunctions:\n");
    PrintWrapped(c.functions == FunctionNames::kAne ? ane::UnaryNames()
                                                    : KernelFunctionNames(),
                 "  ");
  }
  printf("\nexample:\n  %s\n", c.example);
}

int RunHelp(const Argv& args) {
  if (args.empty()) {
    PrintUsage(stdout);
    return kExitOk;
  }
  // `help --help`: help's own entry, as for every command.
  const bool about_help = args[0] == "--help" || args[0] == "-h";
  if (args.size() == 2 && FindSubcommand(args[0], args[1]) != nullptr) {
    PrintCommandUsage(*FindSubcommand(args[0], args[1]));
    return kExitOk;
  }
  if (args.size() > 1) {
    return Fail("help", "unexpected argument " + Quote(args[1]));
  }
  const Command* c = FindCommand(about_help ? "help" : args[0]);
  if (c == nullptr) return UnknownCommand(args[0]);
  PrintCommandUsage(*c);
  return kExitOk;
}

int UnknownCommand(const std::string& name) {
  fprintf(stderr, "refmath: unknown command %s (try 'refmath help')\n",
          Quote(name).c_str());
  return kExitUsage;
}

}  // namespace cli
}  // namespace refmath
