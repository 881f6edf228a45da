// The emulator subcommands over .npy files, dispatched by `refmath ane` and
// `refmath mcu` (tools/cli/cmd_ane.cc, cmd_mcu.cc).  Each takes the
// arguments after its name and returns the exit status.
#ifndef REFMATH_TOOLS_CLI_SUBCOMMANDS_H_
#define REFMATH_TOOLS_CLI_SUBCOMMANDS_H_

#include "tools/cli/commands.h"

// Their forms, for the help of `ane` and `mcu` (tools/cli/help.cc) and of
// each subcommand (help_emulators.cc).
#define REFMATH_ANE_EVAL_FORM \
  "ane eval --function F [--profile P] --in FILE --out FILE"
#define REFMATH_ANE_BINARY_FORM \
  "ane binary --op OP --a FILE --b FILE --out FILE [--profile P]"
#define REFMATH_ANE_SELECT_FORM \
  "ane select --cond FILE --a FILE --b FILE --out FILE [--profile P]"
#define REFMATH_ANE_MATMUL_FORM "ane matmul --a FILE --b FILE --out FILE [MODEL]"
#define REFMATH_ANE_REDUCE_SUM_FORM                                  \
  "ane reduce-sum --in FILE --out FILE [--axis A] [--route narrow|matmul]" \
  " [MODEL]"
#define REFMATH_ANE_REDUCE_MAX_FORM \
  "ane reduce-max --in FILE --out FILE [--axis A] [--profile P]"
#define REFMATH_ANE_CUMSUM_FORM \
  "ane cumsum --in FILE --out FILE [--axis A] [MODEL]"
#define REFMATH_ANE_SOFTMAX_FORM \
  "ane softmax --in FILE --out FILE [--axis A] [MODEL]"
#define REFMATH_ANE_REDUCE_MEAN_FORM                                  \
  "ane reduce-mean --in FILE --out FILE [--axis A] [--route narrow|matmul]" \
  " [MODEL]"
#define REFMATH_ANE_TRANSPOSE_FORM \
  "ane transpose --in FILE --out FILE [--axes A,B,...] [--profile P]"
#define REFMATH_ANE_RESHAPE_FORM \
  "ane reshape --in FILE --out FILE --shape N,M,... [--profile P]"
#define REFMATH_ANE_FFT2_FORM                                                  \
  "ane fft2 --re FILE [--im FILE] --out-re FILE --out-im FILE\n"             \
  "        [--method dense|staged] [--no-fold] [MODEL]"
#define REFMATH_ANE_POWER_FORM \
  "ane power --a FILE [--iterations N] [--v0 FILE] [--out FILE] [MODEL]"
#define REFMATH_ANE_LAYER_NORM_FORM                                          \
  "ane layer-norm --in FILE --out FILE [--gamma FILE] [--beta FILE]\n"      \
  "        [--eps E] [--axis A] [MODEL]"
#define REFMATH_ANE_RMS_NORM_FORM                                            \
  "ane rms-norm --in FILE --out FILE [--gamma FILE] [--eps E] [--axis A]\n" \
  "        [MODEL]"
#define REFMATH_ANE_GELU_FORM "ane gelu --in FILE --out FILE [--profile P]"
#define REFMATH_ANE_ATTENTION_FORM                                          \
  "ane attention --q FILE --k FILE --v FILE --out FILE\n"                   \
  "        [--scale S] [--causal] [MODEL]"
#define REFMATH_ANE_CONV2D_FORM                                             \
  "ane conv2d --in FILE --weight FILE --out FILE [--stride N|H,W]\n"        \
  "        [--padding N|H,W] [MODEL]"
#define REFMATH_ANE_SOLVE_FORM                                                   \
  "ane solve --method cg|normal|lsqr|gmres|refine --a FILE --b FILE --out FILE\n" \
  "        [--iterations N] [--refine N] [--no-jacobi] [--x0 FILE]\n"            \
  "        [--rounds N] [--inner N] [MODEL]"
#define REFMATH_ANE_COMPRESS_FORM                                              \
  "ane compress --in FILE --out FILE --encoding fp16|int8|int4|sparse|auto\n"  \
  "        [--gate-input FILE] [--tolerance T] [MODEL]"
#define REFMATH_ANE_MODEL_FORM \
  "        MODEL: [--profile P] [--accumulator fp32|exact] [--tile N]"
#define REFMATH_ANE_NPY_FORMS                                                  \
  REFMATH_ANE_BINARY_FORM "\n" REFMATH_ANE_SELECT_FORM "\n"                     \
  REFMATH_ANE_MATMUL_FORM "\n" REFMATH_ANE_REDUCE_SUM_FORM "\n"                \
  REFMATH_ANE_REDUCE_MAX_FORM "\n" REFMATH_ANE_CUMSUM_FORM "\n"                 \
  REFMATH_ANE_SOFTMAX_FORM "\n"                                                \
  REFMATH_ANE_REDUCE_MEAN_FORM "\n" REFMATH_ANE_TRANSPOSE_FORM "\n"            \
  REFMATH_ANE_RESHAPE_FORM "\n"                                                \
  REFMATH_ANE_LAYER_NORM_FORM "\n" REFMATH_ANE_RMS_NORM_FORM "\n"             \
  REFMATH_ANE_GELU_FORM "\n" REFMATH_ANE_ATTENTION_FORM "\n"                  \
  REFMATH_ANE_CONV2D_FORM "\n"                                                 \
  "ane fft|ifft --re FILE [--im FILE] --out-re FILE --out-im FILE\n"           \
  "        [--method dense|staged] [--scale S (fft only)] [MODEL]\n"           \
  REFMATH_ANE_FFT2_FORM "\n"                                                   \
  REFMATH_ANE_SOLVE_FORM "\n" REFMATH_ANE_POWER_FORM "\n"                      \
  REFMATH_ANE_COMPRESS_FORM "\n"                                               \
  REFMATH_ANE_MODEL_FORM

#define REFMATH_MCU_TABLE_FORMS                                                \
  "mcu table --op logistic_s8|tanh_s8 --input-scale S --input-zero-point Z\n"  \
  "          [--ideal] --out FILE\n"                                           \
  "mcu table --op sigmoid_s16|tanh_s16 (--input-multiplier M\n"                \
  "          --input-left-shift L | --input-scale S) [--ideal] --out FILE"
#define REFMATH_MCU_COMPARE_FORM                                               \
  "mcu compare --op OP (the op options of table) --table FILE [--max-lsb N]\n" \
  "        [--worst K]"
#define REFMATH_MCU_FC_FORMS                                                   \
  "mcu fc --type s8 --input FILE --weights FILE [--bias FILE] --out FILE\n"    \
  "        --multiplier M[,M...] --shift S[,S...] [--input-zero-point Z]\n"    \
  "        [--weight-zero-point Z] [--output-zero-point Z] [--act-min N]"       \
  " [--act-max N]\n"                                                           \
  "mcu fc --type s16 --input FILE --weights FILE [--bias FILE] --out FILE\n"   \
  "        --multiplier M[,M...] --shift S[,S...] [--act-min N] [--act-max N]\n" \
  "        [--kernel cmsis-nn|ns-cmsis-nn|tflite]\n"                             \
  "mcu fc --type f32|f16 --input FILE --weights FILE [--bias FILE] --out FILE\n" \
  "        [--layout auto|standard|packed] [--accumulation precise|fast|auto]" \
  "\n        [--allow-approximate] [--legacy] [--c-out N] [--act-min X]"        \
  " [--act-max X]"
#define REFMATH_MCU_QUANTIZE_FORM                                              \
  "mcu quantize --in FILE --scale S [--zero-point Z] [--type s8|s16]"          \
  " [--rule tflm|mve]\n"                                                       \
  "        --out FILE"
#define REFMATH_MCU_DEQUANTIZE_FORM                                            \
  "mcu dequantize --in FILE --scale S [--zero-point Z] [--flush-subnormal]"    \
  " --out FILE\n"                                                              \
  "mcu dequantize --in FLOAT16_FILE --out FILE"
#define REFMATH_MCU_CONV_FORM(NAME, EXTRA)                                     \
  "mcu " NAME " --input FILE --filter FILE [--bias FILE] --out FILE\n"        \
  "        (--multiplier M[,M...] --shift S[,S...] | --input-scale S\n"       \
  "        --filter-scales S[,S...] --output-scale S) [--input-zero-point Z]\n" \
  "        [--output-zero-point Z] [--stride N|H,W] [--dilation N|H,W]\n"     \
  "        [--padding same|valid]" EXTRA " [--act-min N] [--act-max N]\n"   \
  "        [--kernel tflite|cmsis-nn|ns-cmsis-nn]"
#define REFMATH_MCU_CONV2D_FORM REFMATH_MCU_CONV_FORM("conv2d", "")
#define REFMATH_MCU_DEPTHWISE_FORM \
  REFMATH_MCU_CONV_FORM("depthwise-conv2d", " [--depth-multiplier N]")
#define REFMATH_MCU_POOL_FORM(NAME)                                            \
  "mcu " NAME " --input FILE --filter-size N|H,W --out FILE\n"                \
  "        [--stride N|H,W] [--padding same|valid] [--act-min N] [--act-max N]"
#define REFMATH_MCU_SOFTMAX_FORM                                               \
  "mcu softmax --input FILE --input-scale S [--beta B] [--type s8|s16]"       \
  "\n        [--kernel tflite|cmsis-nn|ns-cmsis-nn] --out FILE"
#define REFMATH_MCU_ACTIVATION_FORM(NAME)                                      \
  "mcu " NAME " --input FILE --input-scale S [--input-zero-point Z]"         \
  " --out FILE"
#define REFMATH_MCU_REQUANTIZE_FORM                                            \
  "mcu requantize --input FILE --input-scale S [--input-zero-point Z]\n"      \
  "        --output-scale S [--output-zero-point Z] [--type s8|s16|s32]"      \
  " --out FILE"
#define REFMATH_MCU_MEAN_FORM                                                  \
  "mcu mean --input FILE --axis A[,A...] --input-scale S [--input-zero-point Z]\n" \
  "        --output-scale S [--output-zero-point Z] [--keepdims] --out FILE"
#define REFMATH_MCU_ELEMENTWISE_FORM(NAME, EXTRA)                              \
  "mcu " NAME " --a FILE --b FILE --scales S1,S2,S_OUT\n"                     \
  "        [--zero-points Z1,Z2,Z_OUT] [--act-min N] [--act-max N]" EXTRA       \
  " --out FILE"
#define REFMATH_MCU_MUL_KERNEL "\n        [--kernel tflite|cmsis-nn|ns-cmsis-nn]"
#define REFMATH_MCU_CHECK_FORM "mcu check --layers FILE.json"
#define REFMATH_MCU_LAYER_FORMS                                                \
  REFMATH_MCU_CONV2D_FORM "\n" REFMATH_MCU_DEPTHWISE_FORM "\n"               \
  REFMATH_MCU_POOL_FORM("avg-pool|max-pool") "\n"                            \
  REFMATH_MCU_SOFTMAX_FORM "\n" REFMATH_MCU_ELEMENTWISE_FORM("add", "") "\n"  \
  REFMATH_MCU_ELEMENTWISE_FORM("mul", REFMATH_MCU_MUL_KERNEL) "\n"             \
  REFMATH_MCU_ACTIVATION_FORM("logistic|tanh") "\n" REFMATH_MCU_REQUANTIZE_FORM "\n" \
  REFMATH_MCU_MEAN_FORM "\n" REFMATH_MCU_CHECK_FORM
#define REFMATH_MCU_NPY_FORMS                                                  \
  REFMATH_MCU_COMPARE_FORM "\nmcu ops\n" REFMATH_MCU_FC_FORMS "\n"             \
  REFMATH_MCU_QUANTIZE_FORM "\n" REFMATH_MCU_DEQUANTIZE_FORM "\n"              \
  REFMATH_MCU_LAYER_FORMS

namespace refmath {
namespace cli {

// cmd_ane_ops.cc
int RunAneBinary(const Argv& args);
int RunAneSelect(const Argv& args);
int RunAneMatmul(const Argv& args);
int RunAneReduceSum(const Argv& args);
int RunAneReduceMax(const Argv& args);
int RunAneCumsum(const Argv& args);
int RunAneSoftmax(const Argv& args);
// cmd_ane_ops.cc (reduce-mean), cmd_ane_axes.cc (transpose)
int RunAneReduceMean(const Argv& args);
int RunAneTranspose(const Argv& args);
int RunAneReshape(const Argv& args);
// cmd_ane_layers.cc: layer-norm, or rms-norm with `rms`.
int RunAneLayerNorm(const Argv& args, bool rms);
int RunAneGelu(const Argv& args);
int RunAneAttention(const Argv& args);
int RunAneConv2d(const Argv& args);
// cmd_ane_fft.cc: the forward transform, or the inverse; the 2-D transform.
int RunAneFft(const Argv& args, bool inverse);
int RunAneFft2(const Argv& args);
// cmd_ane_linalg.cc
int RunAneSolve(const Argv& args);
int RunAnePower(const Argv& args);
// cmd_ane_compress.cc
int RunAneCompress(const Argv& args);

// cmd_mcu_fc.cc
int RunMcuFc(const Argv& args);
// cmd_mcu_quantize.cc
int RunMcuQuantize(const Argv& args);
int RunMcuDequantize(const Argv& args);
// cmd_mcu_check.cc
int RunMcuCheck(const Argv& args);
// cmd_mcu_compare.cc
int RunMcuCompare(const Argv& args);
int RunMcuOps(const Argv& args);
// cmd_mcu_layers.cc
int RunMcuConv2d(const Argv& args);
int RunMcuDepthwiseConv2d(const Argv& args);
int RunMcuAvgPool(const Argv& args);
int RunMcuMaxPool(const Argv& args);
int RunMcuSoftmax(const Argv& args);
int RunMcuActivation(const Argv& args, bool logistic);
int RunMcuRequantize(const Argv& args);
int RunMcuMean(const Argv& args);
int RunMcuAdd(const Argv& args);
int RunMcuMul(const Argv& args);

// help_emulators.cc: one help entry per subcommand of `ane` and `mcu`,
// named "GROUP SUB" (run is null: the group dispatches).
extern const Command kSubcommands[];
extern const size_t kNumSubcommands;

}  // namespace cli
}  // namespace refmath

#endif  // REFMATH_TOOLS_CLI_SUBCOMMANDS_H_
