// The help of each emulator subcommand (`refmath help ane eval`, `refmath
// mcu fc --help`): its forms, what it does, its options with their
// defaults, and an example.  `refmath help ane` and `refmath help mcu`
// (tools/cli/help.cc) list the forms of them all.
#include "tools/cli/subcommands.h"

// The ANE model's options, taken by every subcommand over .npy files.
#define REFMATH_ANE_MODEL_OPTIONS                                              \
  "--profile P            spec, m1, m3, m5, a13 .. a17 (default: spec)\n"                \
  "--accumulator A        fp32 or exact (default: the profile's, fp32)\n"      \
  "--tile N               products summed in binary16 in groups of N first,\n" \
  "                       1..65536 (default: the profile's, m1 4, others 1)\n"

// The options conv2d and depthwise-conv2d share.
#define REFMATH_MCU_CONV_OPTIONS                                               \
  "--input FILE           NHWC, int8 (A8W8) or int16 (A16W8) (required)\n"     \
  "--bias FILE            [C_OUT]: int32; int16 input: int64 (the int64\n"    \
  "                       accumulator) or int32 (default: none)\n"           \
  "--out FILE             the result, .npy, the input's type (required)\n"   \
  "--multiplier M[,M...]  int32, one or C_OUT, with --shift S[,S...]\n"      \
  "                       (-31..31) (required, or the scales)\n"             \
  "--input-scale S, --filter-scales S[,S...], --output-scale S\n"            \
  "                       instead of --multiplier and --shift: the\n"        \
  "                       multipliers TFLite's Prepare derives (one\n"       \
  "                       filter scale or C_OUT)\n"                          \
  "--input-zero-point Z, --output-zero-point Z\n"                            \
  "                       int8: -128..127 (default: 0); int16 has none\n"    \
  "--stride N|H,W         at least 1 (default: 1)\n"                         \
  "--dilation N|H,W       at least 1 (default: 1)\n"                         \
  "--padding P            same or valid (default: valid)\n"                  \
  "--act-min, --act-max   the clamp (default: the type's range)\n"           \
  "--kernel K             int16 input: tflite, or cmsis-nn and ns-cmsis-nn\n"\
  "                       (CMSIS-NN's int64 forms: RequantizeS64, shifts up\n"\
  "                       to 14; conv: int64 bias, no groups) (default:\n"  \
  "                       tflite; docs/mcu.md, Choosing the kernel)\n"

#define REFMATH_ANE_NPY_IN_OUT                                                 \
  "--in FILE              the operand, .npy: float16 bits kept, float32 or\n"  \
  "                       float64 rounded by the profile's input cast, at\n"   \
  "                       most 4 axes (required)\n"                            \
  "--out FILE             the result, float16 .npy (required)\n"

#define REFMATH_ANE_AXIS_OPTION                                                \
  "--axis A               the axis, negative from the end (default: -1)\n"

#define REFMATH_ANE_FFT(name, sign)                                            \
  {"ane " name, nullptr,                                                       \
   "ane " name " --re FILE [--im FILE] --out-re FILE --out-im FILE\n"          \
   "        [--method dense|staged]" sign " [MODEL]",                          \
   "the " name " along the last axis as matmuls on the model (docs/ane.md)",   \
   "--re FILE, --im FILE   the parts, .npy, one shape (--re required; --im\n"  \
   "                       default: zeros)\n"                                  \
   "--out-re F, --out-im F the result's parts, float16 .npy (required)\n"      \
   "--method M             dense or staged (default: dense)\n"                 \
   REFMATH_ANE_MODEL_OPTIONS,                                                  \
   FunctionNames::kNone,                                                       \
   "refmath ane " name " --re x.npy --out-re re.npy --out-im im.npy"}

// mcu add and mcu mul: the same options, and mul's kernel.
#define REFMATH_MCU_ELEMENTWISE(name, op, form_extra, options_extra)           \
  {"mcu " name, nullptr, REFMATH_MCU_ELEMENTWISE_FORM(name, form_extra),       \
   "TFLite Micro " op " of two int8 .npy arrays of one shape (docs/mcu.md, Add\n" \
   "and mul)",                                                                 \
   "--a FILE, --b FILE     int8, the same shape (required)\n"                  \
   "--scales S1,S2,S_OUT   the inputs' and the output's scales (required)\n"   \
   "--zero-points Z1,Z2,Z_OUT\n"                                               \
   "                       -128..127 (default: 0,0,0)\n"                       \
   "--act-min, --act-max   the clamp (default: -128, 127)\n"                   \
   options_extra                                                               \
   "--out FILE             the result, .npy (required)\n",                     \
   FunctionNames::kNone,                                                       \
   "refmath mcu " name " --a a.npy --b b.npy --scales 0.05,0.05,0.1 --out y.npy"}

#define REFMATH_MCU_ACTIVATION(name, op)                                       \
  {"mcu " name, nullptr, REFMATH_MCU_ACTIVATION_FORM(name),                    \
   "TFLite Micro " op " of an int8 or int16 .npy, every element (docs/mcu.md,\n" \
   "Activations on tensors)",                                                  \
   "--input FILE           int8 or int16, any shape (required)\n"             \
   "--input-scale S        positive, rounded to binary32 (required)\n"        \
   "--input-zero-point Z   int8: -128..127; int16: 0 only (default: 0)\n"     \
   "--out FILE             the result, .npy, the input's type (required)\n",  \
   FunctionNames::kNone,                                                       \
   "refmath mcu " name " --input x.npy --input-scale 0.0625 --out y.npy"}

#define REFMATH_MCU_TABLE_OP_OPTIONS                                           \
  "--op OP                logistic_s8, tanh_s8, sigmoid_s16 or tanh_s16\n"     \
  "                       (required)\n"                                        \
  "--input-scale S        the input scale, positive (required for int8)\n"     \
  "--input-zero-point Z   int8 only: -128..127 (required for int8)\n"          \
  "--input-multiplier M   int16 only: 0..2147483647, with\n"                   \
  "                       --input-left-shift L, 0..31 (instead of\n"           \
  "                       --input-scale)\n"

namespace refmath {
namespace cli {

const Command kSubcommands[] = {
    {"ane eval", nullptr, REFMATH_ANE_EVAL_FORM,
     "an elementwise or special function of the ANE model over float16\n"
     "values, .npy or raw by the file name (docs/ane.md)",
     "--function F      the function (required; the names are below)\n"
     "--profile P       a profile 'refmath ane profiles' lists (default: spec)\n"
     "--in FILE         the inputs (required): FILE.npy a NumPy float16\n"
     "                  array, any other name raw little-endian binary16,\n"
     "                  '-' stdin (raw)\n"
     "--out FILE        the outputs, one per input, in the inputs' shape\n"
     "                  (required): .npy or raw as for --in, '-' stdout\n",
     FunctionNames::kAne,
     "refmath ane eval --function exp --profile m3 --in x.npy --out y.npy"},
    {"ane functions", nullptr, "ane functions",
     "the functions 'ane eval' takes, one a line with what it is", "",
     FunctionNames::kNone, "refmath ane functions"},
    {"ane profiles", nullptr, "ane profiles",
     "the device profiles, one a line with its source", "",
     FunctionNames::kNone, "refmath ane profiles"},
    {"ane binary", nullptr, REFMATH_ANE_BINARY_FORM,
     "an elementwise op of two tensors on the model, broadcast as NumPy's\n"
     "(each axis equal, or 1 in one operand), one rounding to binary16",
     "--op OP                add, sub, mul, div, minimum, maximum, or a\n"
     "                       comparison giving 1 or 0: greater,\n"
     "                       greater_equal, less, less_equal, equal,\n"
     "                       not_equal (required)\n"
     "--a FILE, --b FILE     the operands, .npy, at most 4 axes: float16 bits\n"
     "                       kept, float32 or float64 rounded by the\n"
     "                       profile's input cast (required)\n"
     "--out FILE             the result, float16 .npy (required)\n"
     "--profile P            spec, m1, m3, m5, a13 .. a17 (default: spec)\n",
     FunctionNames::kNone,
     "refmath ane binary --op add --a x.npy --b bias.npy --out y.npy"},
    {"ane select", nullptr, REFMATH_ANE_SELECT_FORM,
     "a's element where cond reads nonzero (NaN included), else b's, its\n"
     "bits copied; the three broadcast as NumPy's",
     "--cond FILE            the condition, .npy (required)\n"
     "--a FILE, --b FILE     the two choices, .npy (required)\n"
     "--out FILE             the result, float16 .npy (required)\n"
     "--profile P            spec, m1, m3, m5, a13 .. a17 (default: spec)\n",
     FunctionNames::kNone,
     "refmath ane select --cond m.npy --a x.npy --b y.npy --out z.npy"},
    {"ane matmul", nullptr, REFMATH_ANE_MATMUL_FORM,
     "a matrix product on the model: binary16 products into the wide\n"
     "accumulator, one rounding to binary16 (docs/ane.md)",
     "--a FILE, --b FILE     [..., M, K] or [K] and [..., K, N] or [K], batch\n"
     "                       axes broadcast as numpy.matmul's, .npy:\n"
     "                       float16 bits kept, float32 or float64 rounded by\n"
     "                       the profile's input cast (required)\n"
     "--out FILE             the result, float16 .npy (required)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane matmul --a a.npy --b b.npy --out c.npy"},
    {"ane reduce-sum", nullptr, REFMATH_ANE_REDUCE_SUM_FORM,
     "a sum along one axis on the model (docs/ane.md)",
     REFMATH_ANE_NPY_IN_OUT REFMATH_ANE_AXIS_OPTION
     "--route narrow|matmul  the binary16 running sum, or x @ ones through\n"
     "                       the wide accumulator (default: narrow)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane reduce-sum --in x.npy --out s.npy"},
    {"ane reduce-max", nullptr, REFMATH_ANE_REDUCE_MAX_FORM,
     "the largest element along one axis on the model, kept with length 1;\n"
     "NaN if any element is NaN (docs/ane.md)",
     REFMATH_ANE_NPY_IN_OUT REFMATH_ANE_AXIS_OPTION
     "--profile P            spec, m1, m3, m5, a13 .. a17 (default: spec)\n",
     FunctionNames::kNone, "refmath ane reduce-max --in x.npy --out m.npy"},
    {"ane cumsum", nullptr, REFMATH_ANE_CUMSUM_FORM,
     "the cumulative sum along one axis on the model: x @ triu(ones)\n"
     "through the wide accumulator (docs/ane.md)",
     REFMATH_ANE_NPY_IN_OUT REFMATH_ANE_AXIS_OPTION REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane cumsum --in x.npy --axis 0 --out c.npy"},
    {"ane softmax", nullptr, REFMATH_ANE_SOFTMAX_FORM,
     "softmax along one axis on the model (docs/ane.md)",
     REFMATH_ANE_NPY_IN_OUT REFMATH_ANE_AXIS_OPTION REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane softmax --in x.npy --out p.npy"},
    {"ane reduce-mean", nullptr, REFMATH_ANE_REDUCE_MEAN_FORM,
     "the mean along one axis on the model: the sum through the route,\n"
     "times binary16(1 / K) (docs/ane.md)",
     REFMATH_ANE_NPY_IN_OUT REFMATH_ANE_AXIS_OPTION
     "--route narrow|matmul  the sum: the binary16 running sum, or x @ ones\n"
     "                       through the wide accumulator (default: narrow)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane reduce-mean --in x.npy --out m.npy"},
    {"ane transpose", nullptr, REFMATH_ANE_TRANSPOSE_FORM,
     "numpy.transpose on the model: the axes permuted, the bits moved\n"
     "unchanged (docs/ane.md)",
     REFMATH_ANE_NPY_IN_OUT
     "--axes A,B,...         output axis k is input axis A_k, each axis once,\n"
     "                       negative from the end (default: reversed)\n"
     "--profile P            spec, m1, m3, m5, a13 .. a17, for the input\n"
     "                       cast (default: spec)\n",
     FunctionNames::kNone, "refmath ane transpose --in x.npy --axes 0,2,1 --out t.npy"},
    {"ane reshape", nullptr, REFMATH_ANE_RESHAPE_FORM,
     "numpy.reshape on the model: the elements in row-major order under\n"
     "another shape, the bits unchanged (docs/ane.md)",
     REFMATH_ANE_NPY_IN_OUT
     "--shape N,M,...        the new shape, 1 to 4 axes of at least 1, as\n"
     "                       many elements as the input (required)\n"
     "--profile P            spec, m1, m3, m5, a13 .. a17, for the input\n"
     "                       cast (default: spec)\n",
     FunctionNames::kNone, "refmath ane reshape --in x.npy --shape 4,6 --out r.npy"},
    {"ane layer-norm", nullptr, REFMATH_ANE_LAYER_NORM_FORM,
     "layer norm along one axis on the model: mean and variance through the\n"
     "matmul route, 1/sqrt(var + eps), * gamma + beta (docs/ane.md, Layers)",
     REFMATH_ANE_NPY_IN_OUT
     "--gamma FILE, --beta FILE\n"
     "                       [K], K the axis' length (default: none)\n"
     "--eps E                finite, not negative, rounded to binary16\n"
     "                       (default: 1e-5, a subnormal the device presets\n"
     "                       read as 0)\n"
     REFMATH_ANE_AXIS_OPTION REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane layer-norm --in x.npy --out y.npy"},
    {"ane rms-norm", nullptr, REFMATH_ANE_RMS_NORM_FORM,
     "RMS norm along one axis on the model: x / sqrt(mean(x * x) + eps)\n"
     "* gamma, the mean through the matmul route (docs/ane.md, Layers)",
     REFMATH_ANE_NPY_IN_OUT
     "--gamma FILE           [K], K the axis' length (default: none)\n"
     "--eps E                finite, not negative (default: 1e-5)\n"
     REFMATH_ANE_AXIS_OPTION REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane rms-norm --in x.npy --out y.npy"},
    {"ane gelu", nullptr, REFMATH_ANE_GELU_FORM,
     "GELU in its tanh form on every element, as binary16 ops and the\n"
     "native tanh (docs/ane.md, Layers)",
     REFMATH_ANE_NPY_IN_OUT
     "--profile P            spec, m1, m3, m5, a13 .. a17 (default: spec)\n",
     FunctionNames::kNone, "refmath ane gelu --in x.npy --out y.npy"},
    {"ane attention", nullptr, REFMATH_ANE_ATTENTION_FORM,
     "scaled dot-product attention decomposed: softmax((q @ k^T) * scale)\n"
     "@ v, batched over leading axes (docs/ane.md, Layers)",
     "--q, --k, --v FILE     [..., Lq, D], [..., Lk, D], [..., Lk, Dv], .npy\n"
     "                       (required)\n"
     "--out FILE             the result [..., Lq, Dv], float16 .npy (required)\n"
     "--scale S              positive (default: 1/sqrt(D)), rounded to binary16\n"
     "--causal               key j > query i masked with -inf (default: off)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone,
     "refmath ane attention --q q.npy --k k.npy --v v.npy --causal --out o.npy"},
    {"ane conv2d", nullptr, REFMATH_ANE_CONV2D_FORM,
     "2-D convolution as w @ im2col(x) through the wide accumulator, zero\n"
     "padding (docs/ane.md, Layers)",
     "--in FILE              x [N, C, H, W], .npy (required)\n"
     "--weight FILE          w [O, C, KH, KW], .npy (required)\n"
     "--out FILE             the result [N, O, HO, WO], float16 .npy\n"
     "                       (required)\n"
     "--stride N|H,W         1..65535 (default: 1)\n"
     "--padding N|H,W        0..65535 zeros on each side (default: 0)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone,
     "refmath ane conv2d --in x.npy --weight w.npy --padding 1 --out y.npy"},
    REFMATH_ANE_FFT("fft", " [--scale S]"),
    REFMATH_ANE_FFT("ifft", ""),
    {"ane fft2", nullptr, REFMATH_ANE_FFT2_FORM,
     "the 2-D DFT of the last two axes [..., M, N] as matmuls on the model,\n"
     "normalized by 1/(M N): 1/N folded into the row pass's twiddles, 1/M\n"
     "into the column pass's (docs/ane.md)",
     "--re FILE, --im FILE   the parts, .npy, one shape, at least 2 axes\n"
     "                       (--re required; --im default: zeros)\n"
     "--out-re F, --out-im F the result's parts, float16 .npy (required)\n"
     "--method M             dense or staged (default: dense)\n"
     "--no-fold              both passes unscaled, then one multiply by\n"
     "                       binary16(1/(M N)) (default: folded)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone,
     "refmath ane fft2 --re x.npy --out-re re.npy --out-im im.npy"},
    {"ane solve", nullptr, REFMATH_ANE_SOLVE_FORM,
     "solve A x = b with a Krylov method or iterative refinement on the\n"
     "model (docs/ane-envelopes.md); a breakdown (a value beyond binary16,\n"
     "or p.Ap <= 0) is said on stderr and exits 1, x the last finite iterate\n"
     "(cg, normal) or all zero (the others)",
     "--method M             cg, normal, lsqr, gmres or refine (required)\n"
     "--a FILE, --b FILE     A and b, .npy (required)\n"
     "--out FILE             x, float64 .npy (required)\n"
     "--iterations N         steps (default: 40 for cg and normal, 80 for\n"
     "                       lsqr)\n"
     "--refine N             cg, normal: refinement rounds (default: 0)\n"
     "--no-jacobi            cg, normal: no Jacobi scaling (default: off)\n"
     "--x0 FILE              refine: the starting x (required there)\n"
     "--rounds N, --inner N  refine: rounds and Richardson sweeps\n"
     "                       (default: 3, 80)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone,
     "refmath ane solve --method cg --a a.npy --b b.npy --out x.npy"},
    {"ane power", nullptr, REFMATH_ANE_POWER_FORM,
     "the dominant singular value of A by power iteration on the model,\n"
     "normalized between A and A^T, printed on stdout; a breakdown (a v or\n"
     "A^T u zero or not finite) is said on stderr and exits 1\n"
     "(docs/ane.md)",
     "--a FILE               A [m, n], .npy (required)\n"
     "--iterations N         power steps, 0..100000 (default: 60)\n"
     "--v0 FILE              the start vector [n] (default: all ones)\n"
     "--out FILE             the right singular vector v, float64 .npy\n"
     "                       (default: not written)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone, "refmath ane power --a a.npy"},
    {"ane compress", nullptr, REFMATH_ANE_COMPRESS_FORM,
     "a weight matrix through one of the model's weight encodings, and back\n"
     "to float16; a summary of the error on stdout (docs/ane-envelopes.md)",
     "--in FILE              the weights [rows, cols], .npy (required)\n"
     "--out FILE             the decoded weights, float16 .npy (required);\n"
     "                       '-' stdout, the summary then on stderr\n"
     "--encoding E           fp16, int8, int4, sparse or auto (required)\n"
     "--gate-input FILE      X [batch, cols] of the gate's y = X W^T\n"
     "                       (default: no gate; required for auto)\n"
     "--tolerance T          the gate's tolerance (default: 0.005)\n"
     REFMATH_ANE_MODEL_OPTIONS,
     FunctionNames::kNone,
     "refmath ane compress --in w.npy --out w8.npy --encoding int8"},
    {"mcu table", nullptr, REFMATH_MCU_TABLE_FORMS,
     "a CMSIS-NN / TFLite Micro activation table (or the oracle's with\n"
     "--ideal) over every input, .npy or raw by the file name (docs/mcu.md)",
     REFMATH_MCU_TABLE_OP_OPTIONS
     "--ideal                the oracle's table (default: the kernel's)\n"
     "--out FILE             the outputs for the inputs -128..127 or\n"
     "                       -32768..32767 (required): FILE.npy a NumPy int8\n"
     "                       or int16 array, any other name raw\n"
     "                       little-endian, '-' stdout (raw)\n",
     FunctionNames::kNone,
     "refmath mcu table --op tanh_s8 --input-scale 0.0625 "
     "--input-zero-point 0 --out tanh.npy"},
    {"mcu compare", nullptr, REFMATH_MCU_COMPARE_FORM,
     "a device's activation table against the oracle's, in output LSBs",
     REFMATH_MCU_TABLE_OP_OPTIONS
     "--table FILE           the device's table, .npy by the name, else raw\n"
     "                       (required)\n"
     "--max-lsb N            exit 1 beyond N output LSB (default: 1)\n"
     "--worst K              list K worst entries (default: 10)\n",
     FunctionNames::kNone,
     "refmath mcu compare --op tanh_s8 --input-scale 0.0625 "
     "--input-zero-point 0 --table device.npy"},
    {"mcu ops", nullptr, "mcu ops", "the activation ops, one a line", "",
     FunctionNames::kNone, "refmath mcu ops"},
    {"mcu fc", nullptr, REFMATH_MCU_FC_FORMS,
     "CMSIS-NN / TFLite Micro fully connected over .npy files (docs/mcu.md)",
     "--type T               s8, s16, f32 or f16 (required)\n"
     "--input, --weights, --bias FILE\n"
     "                       [..., C_IN], [C_OUT, C_IN], [C_OUT] (bias\n"
     "                       default: none)\n"
     "--out FILE             the result, .npy (required)\n"
     "--multiplier M[,M...]  s8, s16: int32, one or C_OUT (required)\n"
     "--shift S[,S...]       s8: -31..31, s16: -49..14 (kernel tflite: -31..7),\n"
     "                       one or C_OUT (required)\n"
     "--input-zero-point Z, --weight-zero-point Z, --output-zero-point Z\n"
     "                       s8: -128..127 (default: 0)\n"
     "--act-min, --act-max   the clamp (default: the output type's range;\n"
     "                       f32, f16: -inf, inf)\n"
     "--layout L             f32, f16: auto, standard or packed (default:\n"
     "                       auto: packed where the Cortex-M55's packing rule\n"
     "                       packs, else standard; docs/mcu.md)\n"
     "--accumulation A       auto: precise, fast or auto (default: auto,\n"
     "                       which is precise without --allow-approximate)\n"
     "--allow-approximate    auto: let auto accumulation resolve to fast\n"
     "                       (default: off)\n"
     "--legacy               f16, not packed: the lane kernel up to 7.25\n"
     "                       (default: off)\n"
     "--c-out N              packed: weights given packed [blocks, C_IN, L]\n"
     "                       (default: refmath packs [C_OUT, C_IN])\n"
     "--kernel K             s16: cmsis-nn or ns-cmsis-nn (RequantizeS64),\n"
     "                       or tflite (the 64-bit MultiplyByQuantizedMultiplier)\n"
     "                       (default: cmsis-nn)\n",
     FunctionNames::kNone,
     "refmath mcu fc --type f32 --input x.npy --weights w.npy --out y.npy"},
    {"mcu quantize", nullptr, REFMATH_MCU_QUANTIZE_FORM,
     "TFLite Micro QUANTIZE: float32 .npy to int8 or int16 (docs/mcu.md)",
     "--in FILE, --out FILE  float32 in, int8/int16 out, .npy (required)\n"
     "--scale S              positive, rounded to binary32 (required)\n"
     "--zero-point Z         the output's zero point (default: 0)\n"
     "--type T               s8 or s16 (default: s8)\n"
     "--rule R               tflm or mve (default: tflm)\n",
     FunctionNames::kNone,
     "refmath mcu quantize --in x.npy --scale 0.05 --out q.npy"},
    {"mcu dequantize", nullptr, REFMATH_MCU_DEQUANTIZE_FORM,
     "TFLite Micro DEQUANTIZE: int8, int16 or float16 .npy to float32\n"
     "(docs/mcu.md); float16 is widened exactly, with no scale",
     "--in FILE, --out FILE  int8/int16/float16 in, float32 out, .npy\n"
     "                       (required)\n"
     "--scale S              positive, rounded to binary32 (required for\n"
     "                       int8 and int16; none for float16)\n"
     "--zero-point Z         the input's zero point (default: 0)\n"
     "--flush-subnormal      the MVE f32 path (default: off)\n",
     FunctionNames::kNone,
     "refmath mcu dequantize --in q.npy --scale 0.05 --out x.npy"},
    {"mcu conv2d", nullptr, REFMATH_MCU_CONV2D_FORM,
     "TFLite Micro CONV_2D over .npy files (docs/mcu.md, Conv)",
     REFMATH_MCU_CONV_OPTIONS
     "--filter FILE          int8 OHWI [C_OUT, KH, KW, C_IN / groups] (required)\n",
     FunctionNames::kNone,
     "refmath mcu conv2d --input x.npy --filter w.npy --multiplier 1518500250 "
     "--shift -8 --padding same --out y.npy"},
    {"mcu depthwise-conv2d", nullptr, REFMATH_MCU_DEPTHWISE_FORM,
     "TFLite Micro DEPTHWISE_CONV_2D over .npy files (docs/mcu.md, Depthwise\n"
     "conv)",
     REFMATH_MCU_CONV_OPTIONS
     "--filter FILE          int8 1HWO [1, KH, KW, C_IN * depth multiplier]\n"
     "                       (required)\n"
     "--depth-multiplier N   at least 1 (default: 1); int16 takes an int64\n"
     "                       bias or none\n",
     FunctionNames::kNone,
     "refmath mcu depthwise-conv2d --input x.npy --filter w.npy "
     "--multiplier 1518500250 --shift -8 --padding same --out y.npy"},
    {"mcu avg-pool", nullptr, REFMATH_MCU_POOL_FORM("avg-pool"),
     "TFLite Micro AVERAGE_POOL_2D over .npy files (docs/mcu.md, Pooling)",
     "--input FILE           NHWC, int8 or int16 (required)\n"
     "--filter-size N|H,W    the window, at least 1 (required)\n"
     "--out FILE             the result, .npy, the input's type (required)\n"
     "--stride N|H,W         at least 1 (default: 1)\n"
     "--padding P            same or valid (default: valid)\n"
     "--act-min, --act-max   the clamp (default: the type's range)\n",
     FunctionNames::kNone,
     "refmath mcu avg-pool --input x.npy --filter-size 25,5 --out y.npy"},
    {"mcu max-pool", nullptr, REFMATH_MCU_POOL_FORM("max-pool"),
     "TFLite Micro MAX_POOL_2D over .npy files (docs/mcu.md, Pooling)",
     "--input FILE           NHWC, int8 or int16 (required)\n"
     "--filter-size N|H,W    the window, at least 1 (required)\n"
     "--out FILE             the result, .npy, the input's type (required)\n"
     "--stride N|H,W         at least 1 (default: 1)\n"
     "--padding P            same or valid (default: valid)\n"
     "--act-min, --act-max   the clamp (default: the type's range)\n",
     FunctionNames::kNone,
     "refmath mcu max-pool --input x.npy --filter-size 25,5 --out y.npy"},
    {"mcu softmax", nullptr, REFMATH_MCU_SOFTMAX_FORM,
     "TFLite Micro SOFTMAX over the last axis of an int8 or int16 .npy\n"
     "(docs/mcu.md, Softmax, int16 softmax)",
     "--input FILE           int8, or int16 with zero point 0, any shape\n"
     "                       (required)\n"
     "--input-scale S        positive, rounded to binary32 (required)\n"
     "--beta B               (default: 1)\n"
     "--type T               int8 input: s8 (scale 1/256, zero point -128) or\n"
     "                       s16 (scale 1/65536, zero point -32768) (default:\n"
     "                       s8); int16 input: s16 (scale 1/32768, zero\n"
     "                       point 0)\n"
     "--kernel K             int16 input: tflite, or cmsis-nn and ns-cmsis-nn\n"
     "                       (default: tflite)\n"
     "--out FILE             the result, .npy (required)\n",
     FunctionNames::kNone,
     "refmath mcu softmax --input x.npy --input-scale 0.1 --out y.npy"},
    REFMATH_MCU_ELEMENTWISE("add", "ADD", "", ""),
    REFMATH_MCU_ELEMENTWISE("mul", "MUL", REFMATH_MCU_MUL_KERNEL,
                            "--kernel K             tflite or cmsis-nn (the same bits), or\n"
                            "                       ns-cmsis-nn: its MVE loop wraps in 16 bits\n"
                            "                       (default: tflite)\n"),
    REFMATH_MCU_ACTIVATION("logistic", "LOGISTIC"),
    REFMATH_MCU_ACTIVATION("tanh", "TANH"),
    {"mcu requantize", nullptr, REFMATH_MCU_REQUANTIZE_FORM,
     "TFLite Micro QUANTIZE between integer tensors: int8, int16 or int32\n"
     ".npy moved to another scale and zero point (docs/mcu.md, Requantize)",
     "--input FILE           int8, int16 or int32, any shape (required)\n"
     "--input-scale S        positive, rounded to binary32 (required)\n"
     "--input-zero-point Z   within the input's type (default: 0)\n"
     "--output-scale S       positive, rounded to binary32 (required)\n"
     "--output-zero-point Z  within the output's type (default: 0)\n"
     "--type T               the output: s8, s16 or s32 (default: s8)\n"
     "--out FILE             the result, .npy (required)\n",
     FunctionNames::kNone,
     "refmath mcu requantize --input q.npy --input-scale 0.05 "
     "--output-scale 0.1 --out r.npy"},
    {"mcu mean", nullptr, REFMATH_MCU_MEAN_FORM,
     "TFLite Micro MEAN of an int8 or int16 .npy over some axes, requantized\n"
     "(docs/mcu.md, Mean)",
     "--input FILE           int8 or int16, any shape (required)\n"
     "--axis A[,A...]        the axes to reduce, negative from the end\n"
     "                       (required)\n"
     "--input-scale S        positive, rounded to binary32 (required)\n"
     "--input-zero-point Z   within the input's type (default: 0)\n"
     "--output-scale S       positive, rounded to binary32 (required)\n"
     "--output-zero-point Z  within the input's type (default: 0)\n"
     "--keepdims             keep the reduced axes as 1 (default: off)\n"
     "--out FILE             the result, .npy of the input's type (required)\n",
     FunctionNames::kNone,
     "refmath mcu mean --input q.npy --axis 1,2 --input-scale 0.05 "
     "--output-scale 0.05 --out m.npy"},
    {"mcu check", nullptr, REFMATH_MCU_CHECK_FORM,
     "A model's parameter checks: every operator restriction and platform\n"
     "rule, one line per violation, then PASS or FAIL (exit status 1)\n"
     "(docs/mcu.md, Checking a model's parameters)",
     "--layers FILE          JSON: an array of layers as refmath.mcu.check_model\n"
     "                       takes them, or {\"layers\": [...], \"target\": {...}}\n"
     "                       (required)\n",
     FunctionNames::kNone,
     "refmath mcu check --layers model.json"},
};

const size_t kNumSubcommands = sizeof(kSubcommands) / sizeof(kSubcommands[0]);

}  // namespace cli
}  // namespace refmath
