// The emulator subcommands over .npy files, dispatched by `refmath ane` and
// `refmath mcu` (tools/cli/cmd_ane.cc, cmd_mcu.cc).  Each takes the
// arguments after its name and returns the exit status.
#ifndef REFMATH_TOOLS_CLI_SUBCOMMANDS_H_
#define REFMATH_TOOLS_CLI_SUBCOMMANDS_H_

#include "tools/cli/commands.h"

// Their forms and options for the help of `ane` and `mcu` (tools/cli/
// help.cc): each option with its default.
#define REFMATH_ANE_NPY_FORMS                                                  \
  "ane matmul --a FILE --b FILE --out FILE [MODEL]\n"                          \
  "ane reduce-sum --in FILE --out FILE [--axis A] [--route narrow|matmul]"     \
  " [MODEL]\n"                                                                 \
  "ane softmax --in FILE --out FILE [--axis A] [MODEL]\n"                      \
  "ane fft|ifft --re FILE [--im FILE] --out-re FILE --out-im FILE\n"           \
  "        [--method dense|staged] [--scale S (fft only)] [MODEL]\n"           \
  "ane solve --method cg|normal|lsqr|gmres|refine --a FILE --b FILE --out FILE\n" \
  "        [--iterations N] [--refine N] [--no-jacobi] [--x0 FILE]\n"          \
  "        [--rounds N] [--inner N] [MODEL]\n"                                 \
  "ane compress --in FILE --out FILE --encoding fp16|int8|int4|sparse|auto\n"  \
  "        [--gate-input FILE] [--tolerance T] [MODEL]\n"                      \
  "        MODEL: [--profile P] [--accumulator fp32|exact] [--tile N]"

#define REFMATH_ANE_NPY_OPTIONS                                                \
  "matmul ... compress: .npy files; float16 bits are kept, float32/float64\n"  \
  "operands rounded by the profile's input cast; at most 3 axes.\n"            \
  "--a FILE, --b FILE     matmul: [K], [M, K] or [B, M, K] and [K, N] or [K]\n" \
  "                       (solve: A and b) (required)\n"                       \
  "--in FILE              the operand (required)\n"                            \
  "--out FILE             the result, float16 (solve: float64 x) (required)\n" \
  "--axis A               reduce-sum, softmax: the axis, negative from the end\n" \
  "                       (default: -1)\n"                                     \
  "--route narrow|matmul  reduce-sum: the binary16 running sum, or x @ ones\n"  \
  "                       through the wide accumulator (default: narrow)\n"    \
  "--re FILE, --im FILE   fft, ifft: the parts, one shape, along the last axis\n" \
  "                       (--re required; --im default: zeros)\n"              \
  "--out-re F, --out-im F fft, ifft: the result's parts (required)\n"          \
  "--method M             fft, ifft: dense or staged (default: dense); solve:\n" \
  "                       cg, normal, lsqr, gmres or refine (required)\n"      \
  "--scale S              fft: folded into the twiddles (default: 1)\n"        \
  "--iterations N         solve: steps (default: 40 for cg and normal, 80 for\n" \
  "                       lsqr)\n"                                             \
  "--refine N             solve cg, normal: refinement rounds (default: 0)\n"  \
  "--no-jacobi            solve cg, normal: no Jacobi scaling (default: off)\n" \
  "--x0 FILE              solve refine: the starting x (required there)\n"     \
  "--rounds N, --inner N  solve refine: rounds and Richardson sweeps\n"        \
  "                       (default: 3, 80)\n"                                  \
  "--encoding E           compress: fp16, int8, int4, sparse or auto (required)\n" \
  "--gate-input FILE      compress: X [batch, cols] of the gate's y = X W^T\n"  \
  "                       (default: no gate; required for auto)\n"             \
  "--tolerance T          compress: the gate's tolerance (default: 0.005)\n"   \
  "--profile P            spec, m1, m3 or m5 (default: spec)\n"                \
  "--accumulator A        fp32 or exact (default: the profile's, fp32)\n"      \
  "--tile N               products summed in binary16 in groups of N first,\n" \
  "                       1..65536 (default: the profile's, m1 4, others 1)\n"

#define REFMATH_MCU_NPY_FORMS                                                  \
  "mcu compare --op OP (the op options of table) --table FILE [--max-lsb N]\n" \
  "        [--worst K]\n"                                                      \
  "mcu ops\n"                                                                  \
  "mcu fc --type s8 --input FILE --weights FILE [--bias FILE] --out FILE\n"    \
  "        --multiplier M[,M...] --shift S[,S...] [--input-zero-point Z]\n"    \
  "        [--weight-zero-point Z] [--output-zero-point Z] [--act-min N]"       \
  " [--act-max N]\n"                                                           \
  "mcu fc --type s16 --input FILE --weights FILE [--bias FILE] --out FILE\n"   \
  "        --multiplier M[,M...] --shift S[,S...] [--act-min N] [--act-max N]\n" \
  "mcu fc --type f32|f16 --input FILE --weights FILE [--bias FILE] --out FILE\n" \
  "        [--layout standard|packed] [--legacy] [--c-out N] [--act-min X]"     \
  " [--act-max X]\n"                                                           \
  "mcu quantize --in FILE --scale S [--zero-point Z] [--type s8|s16]"          \
  " [--rule tflm|mve]\n"                                                       \
  "        --out FILE\n"                                                       \
  "mcu dequantize --in FILE --scale S [--zero-point Z] [--flush-subnormal]"    \
  " --out FILE"

#define REFMATH_MCU_NPY_OPTIONS                                                \
  "compare: a device's table against the oracle's; fc, quantize, dequantize:\n" \
  ".npy files.\n"                                                              \
  "--table FILE           compare: the device's table, .npy by the name, else\n" \
  "                       raw (required)\n"                                    \
  "--max-lsb N            compare: exit 1 beyond N output LSB (default: 1)\n"  \
  "--worst K              compare: list K worst entries (default: 10)\n"       \
  "--type T               fc: s8, s16, f32 or f16 (required); quantize: s8 or\n" \
  "                       s16 (default: s8)\n"                                 \
  "--input, --weights, --bias FILE\n"                                          \
  "                       fc: [..., C_IN], [C_OUT, C_IN], [C_OUT] (bias\n"     \
  "                       default: none)\n"                                    \
  "--multiplier M[,M...]  fc s8, s16: int32, one or C_OUT (required)\n"        \
  "--shift S[,S...]       fc s8: -31..31, s16: -49..14, one or C_OUT (required)\n" \
  "--input-zero-point Z, --weight-zero-point Z, --output-zero-point Z\n"       \
  "                       fc s8: -128..127 (default: 0)\n"                     \
  "--act-min, --act-max   fc: the clamp (default: the output type's range;\n"  \
  "                       f32, f16: -inf, inf)\n"                              \
  "--layout L             fc f32, f16: standard or packed (default: standard)\n" \
  "--legacy               fc f16 standard: the lane kernel up to 7.25\n"       \
  "                       (default: off)\n"                                    \
  "--c-out N              fc packed: weights given packed [blocks, C_IN, L]\n"  \
  "                       (default: refmath packs [C_OUT, C_IN])\n"            \
  "--in FILE, --out FILE  quantize: float32 to int8/int16; dequantize: int8 or\n" \
  "                       int16 to float32 (required)\n"                       \
  "--scale S              quantize, dequantize: positive, rounded to binary32\n" \
  "                       (required)\n"                                        \
  "--zero-point Z         quantize, dequantize (default: 0)\n"                 \
  "--rule R               quantize: tflm or mve (default: tflm)\n"             \
  "--flush-subnormal      dequantize: the MVE f32 path (default: off)\n"

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
