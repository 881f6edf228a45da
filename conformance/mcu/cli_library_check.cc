// Every `refmath mcu` subcommand over .npy files (fc, quantize,
// dequantize, conv2d, depthwise-conv2d, avg-pool, max-pool, softmax, add,
// mul) against the library function it calls: the same operands
// through the command line and through the C++ API give the same bits.
// Usage: mcu_cli_library_check PATH/TO/refmath
#include <stdint.h>
#include <stdio.h>

#include <string>
#include <vector>

#include "conformance/cli_check_util.h"
#include "src/ane/algorithms/test_matrices.h"
#include "refmath/binary16/binary16.h"
#include "refmath/mcu/conv.h"
#include "refmath/mcu/conv_s16.h"
#include "refmath/mcu/depthwise_conv.h"
#include "refmath/mcu/elementwise.h"
#include "refmath/mcu/float_fc.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/pooling.h"
#include "refmath/mcu/quantize.h"
#include "refmath/mcu/softmax.h"

namespace refmath {
namespace mcu {
namespace {

using ane::Rng;
using cli_check::Checker;

constexpr uint64_t kSeed = 0x3C0FFEE;
constexpr size_t kRows = 3, kCIn = 11, kCOut = 6;

template <typename T>
std::vector<T> RandomInts(size_t n, int lo, int hi, Rng& rng) {
  std::vector<T> v(n);
  for (T& x : v) x = static_cast<T>(lo + static_cast<int>(rng.Next() % (hi - lo + 1)));
  return v;
}

template <typename T>
io::NpyArray Ints(io::DType dtype, std::vector<size_t> shape, const std::vector<T>& v) {
  return io::IntegerArray(dtype, std::move(shape), std::vector<int64_t>(v.begin(), v.end()));
}

void CheckS8(Checker& c, Rng& rng) {
  const auto x = RandomInts<int8_t>(kRows * kCIn, -128, 127, rng);
  const auto w = RandomInts<int8_t>(kCOut * kCIn, -127, 127, rng);
  const auto b = RandomInts<int32_t>(kCOut, -5000, 5000, rng);
  const std::string ops = " --input " + c.Save("x", Ints(io::DType::kInt8, {kRows, kCIn}, x)) +
                          " --weights " + c.Save("w", Ints(io::DType::kInt8, {kCOut, kCIn}, w)) +
                          " --out " + c.Path("y.npy");
  const std::string bias = " --bias " + c.Save("b", Ints(io::DType::kInt32, {kCOut}, b));
  FcS8Params p;
  p.requant = {{1518500250}, {-7}};
  std::vector<int8_t> y;
  FullyConnectedS8(x, w, {}, kRows, kCIn, kCOut, p, &y);
  if (c.Run("mcu fc --type s8 --multiplier 1518500250 --shift -7" + ops)) {
    c.Expect("s8 per tensor", c.Path("y.npy"), Ints(io::DType::kInt8, {kRows, kCOut}, y));
  }
  p.requant = {{1073741824, 1518500250, 2147483647, 1288490189, 1073741824, 1900000000},
               {-8, -7, -9, -6, -10, -8}};
  p.input_offset = 12;
  p.filter_offset = -3;
  p.output_offset = -20;
  p.act_min = -100;
  p.act_max = 90;
  FullyConnectedS8(x, w, b, kRows, kCIn, kCOut, p, &y);
  if (c.Run("mcu fc --type s8 --multiplier 1073741824,1518500250,2147483647,1288490189,"
            "1073741824,1900000000 --shift -8,-7,-9,-6,-10,-8 --input-zero-point -12 "
            "--weight-zero-point 3 --output-zero-point -20 --act-min -100 --act-max 90" +
            bias + ops)) {
    c.Expect("s8 per channel", c.Path("y.npy"), Ints(io::DType::kInt8, {kRows, kCOut}, y));
  }
}

void CheckS16(Checker& c, Rng& rng) {
  const auto x = RandomInts<int16_t>(kRows * kCIn, -32768, 32767, rng);
  const auto w = RandomInts<int8_t>(kCOut * kCIn, -127, 127, rng);
  std::vector<int64_t> b(kCOut);
  for (int64_t& v : b) v = static_cast<int64_t>(rng.Next() % (uint64_t{1} << 40)) - (int64_t{1} << 39);
  FcS16Params p;
  p.requant = {{1518500250}, {-12}};
  p.act_min = -30000;
  std::vector<int16_t> y;
  FullyConnectedS16(x, w, b, kRows, kCIn, kCOut, p, &y);
  if (c.Run("mcu fc --type s16 --multiplier 1518500250 --shift -12 --act-min -30000 --input " +
            c.Save("x16", Ints(io::DType::kInt16, {kRows, kCIn}, x)) + " --weights " +
            c.Save("w8", Ints(io::DType::kInt8, {kCOut, kCIn}, w)) + " --bias " +
            c.Save("b64", Ints(io::DType::kInt64, {kCOut}, b)) + " --out " + c.Path("y.npy"))) {
    c.Expect("s16", c.Path("y.npy"), Ints(io::DType::kInt16, {kRows, kCOut}, y));
  }
}

// One float layer under every kernel, through the command line.
template <typename T, typename Fc, typename ToNpy>
void CheckFloatKernels(Checker& c, const std::string& type, size_t lanes,
                       const std::vector<T>& x, const std::vector<T>& w,
                       const std::vector<T>& b, T lo, T hi, const std::string& clamp,
                       Fc fc, ToNpy to_npy) {
  const FcShape shape = {kRows * 2, kCIn, kCOut};  // input [2, 3, C_IN]: 6 rows
  const std::string common = " --type " + type + " --input " + c.Save("xf", to_npy({2, kRows, kCIn}, x)) +
                             " --bias " + c.Save("bf", to_npy({kCOut}, b)) + clamp +
                             " --out " + c.Path("y.npy");
  const std::string weights = " --weights " + c.Save("wf", to_npy({kCOut, kCIn}, w));
  const std::vector<T> packed = PackNtN(w, kCOut, kCIn, lanes);
  const size_t blocks = (kCOut + lanes - 1) / lanes;
  struct Case {
    FcKernel kernel;
    std::string args;
  };
  // The default layout is auto: on the Cortex-M55, 6 rows sharing the
  // weights pack fp32's 6 outputs (a lane group is 4) and not fp16's (8,
  // and only with fast accumulation).
  const FcKernel by_default = type == "f32" ? FcKernel::kPacked : FcKernel::kStandard;
  const Case cases[] = {
      {by_default, weights},
      {FcKernel::kStandard, " --layout standard" + weights},
      {FcKernel::kPacked, " --layout packed" + weights},
      {FcKernel::kPacked, " --layout packed --c-out 6 --weights " +
                              c.Save("wp", to_npy({blocks, kCIn, lanes}, packed))},
      {FcKernel::kStandardLegacy, " --legacy" + weights},
  };
  for (const Case& k : cases) {
    if (k.kernel == FcKernel::kStandardLegacy && type == "f32") continue;
    std::vector<T> y;
    fc(k.kernel, x, k.kernel == FcKernel::kPacked ? packed : w, b, shape, lo, hi, &y);
    if (c.Run("mcu fc" + k.args + common)) {
      c.Expect(type + k.args.substr(0, 20), c.Path("y.npy"), to_npy({2, kRows, kCOut}, y));
    }
  }
}

void CheckFloat(Checker& c, Rng& rng) {
  std::vector<float> x(2 * kRows * kCIn), w(kCOut * kCIn), b(kCOut);
  for (float& v : x) v = static_cast<float>(rng.Uniform(0, 1));
  for (float& v : w) v = static_cast<float>(rng.Uniform(-1, 1));
  for (float& v : b) v = static_cast<float>(rng.Uniform(-1, 1));
  CheckFloatKernels<float>(c, "f32", kPackLanesF32, x, w, b, -1.5f, 2.0f,
                           " --act-min -1.5 --act-max 2", FullyConnectedF32, io::Float32Array);
  auto halves = [](const std::vector<float>& v) {
    std::vector<Half> h(v.size());
    for (size_t i = 0; i < v.size(); ++i) h[i] = HalfFromDouble(v[i]);
    return h;
  };
  CheckFloatKernels<Half>(c, "f16", kPackLanesF16, halves(x), halves(w), halves(b),
                          HalfFromDouble(-1.5), HalfFromDouble(2.0),
                          " --act-min -1.5 --act-max 2", FullyConnectedF16, io::Float16Array);
}

void CheckQuantize(Checker& c, Rng& rng) {
  std::vector<float> x(200);
  for (float& v : x) v = static_cast<float>(rng.Uniform(-40, 40));
  x[0] = 2.5f;
  x[1] = -0.25f;
  const std::string in = " --in " + c.Save("qx", io::Float32Array({10, 20}, x)) +
                         " --out " + c.Path("q.npy");
  for (const char* rule : {"tflm", "mve"}) {
    const QuantizeRule r = rule[0] == 't' ? QuantizeRule::kTflmDivide : QuantizeRule::kMveReciprocal;
    const auto q8 = QuantizeAll(x, 0.1f, -3, INT8_MIN, INT8_MAX, r);
    if (c.Run(std::string("mcu quantize --scale 0.1 --zero-point -3 --rule ") + rule + in)) {
      c.Expect(std::string("quantize s8 ") + rule, c.Path("q.npy"), Ints(io::DType::kInt8, {10, 20}, q8));
    }
    const auto q16 = QuantizeAll(x, 0.001f, 7, INT16_MIN, INT16_MAX, r);
    if (c.Run(std::string("mcu quantize --type s16 --scale 0.001 --zero-point 7 --rule ") + rule + in)) {
      c.Expect(std::string("quantize s16 ") + rule, c.Path("q.npy"),
               Ints(io::DType::kInt16, {10, 20}, q16));
    }
  }
  const auto q = RandomInts<int32_t>(300, -32768, 32767, rng);
  const std::string dq = " --in " + c.Save("dq", Ints(io::DType::kInt16, {300}, q)) +
                         " --out " + c.Path("d.npy");
  for (const bool flush : {false, true}) {
    // 1e-40 is a subnormal binary32 scale: the MVE path reads it as zero.
    for (const char* scale : {"0.0123", "1e-40"}) {
      const auto want = DequantizeAll(q, static_cast<float>(std::stod(scale)), -9, flush);
      if (c.Run(std::string("mcu dequantize --zero-point -9 --scale ") + scale +
                (flush ? " --flush-subnormal" : "") + dq)) {
        c.Expect(std::string("dequantize ") + scale, c.Path("d.npy"), io::Float32Array({300}, want));
      }
    }
  }
}

// conv2d and depthwise-conv2d, int8 and int16, by multipliers and by
// scales; the windows from PaddedAxis as the command derives them.
void CheckConv(Checker& c, Rng& rng) {
  const Shape4 xs = {2, 7, 6, 4}, fs = {6, 3, 2, 2}, ds = {1, 3, 3, 8};
  const auto x = RandomInts<int8_t>(2 * 7 * 6 * 4, -128, 127, rng);
  const auto w = RandomInts<int8_t>(6 * 3 * 2 * 2, -127, 127, rng);
  const auto dw = RandomInts<int8_t>(3 * 3 * 8, -127, 127, rng);
  const auto b = RandomInts<int32_t>(8, -3000, 3000, rng);
  const std::vector<int32_t> b6(b.begin(), b.begin() + 6);
  const std::string x_path = c.Save("cx", Ints(io::DType::kInt8, {2, 7, 6, 4}, x));
  const std::string w_path = c.Save("cw", Ints(io::DType::kInt8, {6, 3, 2, 2}, w));
  const std::string d_path = c.Save("cd", Ints(io::DType::kInt8, {1, 3, 3, 8}, dw));
  // conv: SAME, stride 2x1, dilation 1x2, per channel, grouped (C_IN 4,
  // filter depth 2).
  ConvS8Params p;
  PaddedAxis(Padding::kSame, 7, 3, 2, 1, &p.height);
  PaddedAxis(Padding::kSame, 6, 2, 1, 2, &p.width);
  p.requant = {{1518500250, 1073741824, 2000000000, 1288490189, 1900000000, 1100000000},
               {-8, -7, -9, -6, -8, -7}};
  p.input_offset = 5;
  p.output_offset = -3;
  p.act_min = -100;
  p.act_max = 120;
  std::vector<int8_t> y;
  ConvS8(x, xs, w, fs, b6, p, &y);
  const std::vector<size_t> out6 = {2, 4, 6, 6};
  if (c.Run("mcu conv2d --input " + x_path + " --filter " + w_path + " --bias " +
            c.Save("cb6", Ints(io::DType::kInt32, {6}, b6)) +
            " --multiplier 1518500250,1073741824,2000000000,1288490189,1900000000,1100000000"
            " --shift -8,-7,-9,-6,-8,-7 --input-zero-point -5 --output-zero-point -3"
            " --stride 2,1 --dilation 1,2 --padding same --act-min -100 --act-max 120"
            " --out " + c.Path("y.npy"))) {
    c.Expect("conv2d s8", c.Path("y.npy"), Ints(io::DType::kInt8, out6, y));
  }
  // conv by scales, VALID.
  ConvS8Params q;
  PaddedAxis(Padding::kValid, 7, 3, 1, 1, &q.height);
  PaddedAxis(Padding::kValid, 6, 2, 1, 1, &q.width);
  ConvRequant(0.05f, {0.01f, 0.02f, 0.005f, 0.013f, 0.007f, 0.03f}, 0.25f, &q.requant);
  ConvS8(x, xs, w, fs, {}, q, &y);
  if (c.Run("mcu conv2d --input " + x_path + " --filter " + w_path +
            " --input-scale 0.05 --filter-scales 0.01,0.02,0.005,0.013,0.007,0.03"
            " --output-scale 0.25 --out " + c.Path("y.npy"))) {
    c.Expect("conv2d s8 scales", c.Path("y.npy"), Ints(io::DType::kInt8, {2, 5, 5, 6}, y));
  }
  // depthwise, depth multiplier 2.
  PaddedAxis(Padding::kSame, 6, 3, 1, 2, &p.width);  // the 3-wide filter
  p.requant.multiplier.resize(1);
  p.requant.shift.resize(1);
  DepthwiseConvS8(x, xs, dw, ds, b, 2, p, &y);
  if (c.Run("mcu depthwise-conv2d --input " + x_path + " --filter " + d_path + " --bias " +
            c.Save("cb8", Ints(io::DType::kInt32, {8}, b)) +
            " --depth-multiplier 2 --multiplier 1518500250 --shift -8"
            " --input-zero-point -5 --output-zero-point -3 --stride 2,1 --dilation 1,2"
            " --padding same --act-min -100 --act-max 120 --out " + c.Path("y.npy"))) {
    c.Expect("depthwise s8", c.Path("y.npy"), Ints(io::DType::kInt8, {2, 4, 6, 8}, y));
  }
  // int16: conv with an int64 and an int32 bias, depthwise with int64.
  const auto x16 = RandomInts<int16_t>(2 * 7 * 6 * 4, -32768, 32767, rng);
  const std::string x16_path = c.Save("cx16", Ints(io::DType::kInt16, {2, 7, 6, 4}, x16));
  ConvS16Params r;
  r.height = q.height;
  r.width = q.width;
  r.requant = {{1518500250}, {-12}};
  const std::vector<int64_t> b64(b6.begin(), b6.end());
  std::vector<int16_t> y16;
  ConvS16(x16, xs, w, fs, b64, r, &y16);
  const std::string s16 = " --multiplier 1518500250 --shift -12 --out " + c.Path("y.npy");
  if (c.Run("mcu conv2d --input " + x16_path + " --filter " + w_path + " --bias " +
            c.Save("cb64", Ints(io::DType::kInt64, {6}, b64)) + s16)) {
    c.Expect("conv2d s16 int64", c.Path("y.npy"), Ints(io::DType::kInt16, {2, 5, 5, 6}, y16));
  }
  ConvS16Acc32(x16, xs, w, fs, b6, r, &y16);
  if (c.Run("mcu conv2d --input " + x16_path + " --filter " + w_path + " --bias " +
            c.Save("cb6", Ints(io::DType::kInt32, {6}, b6)) + s16)) {
    c.Expect("conv2d s16 int32", c.Path("y.npy"), Ints(io::DType::kInt16, {2, 5, 5, 6}, y16));
  }
  PaddedAxis(Padding::kValid, 7, 3, 1, 1, &r.height);
  PaddedAxis(Padding::kValid, 6, 3, 1, 1, &r.width);
  DepthwiseConvS16(x16, xs, dw, ds, {}, 2, r, &y16);
  if (c.Run("mcu depthwise-conv2d --input " + x16_path + " --filter " + d_path +
            " --depth-multiplier 2" + s16)) {
    c.Expect("depthwise s16", c.Path("y.npy"), Ints(io::DType::kInt16, {2, 5, 4, 8}, y16));
  }
}

void CheckPoolSoftmaxElementwise(Checker& c, Rng& rng) {
  const Shape4 xs = {1, 9, 7, 3};
  const auto x = RandomInts<int8_t>(9 * 7 * 3, -128, 127, rng);
  const auto x16 = RandomInts<int16_t>(9 * 7 * 3, -32768, 32767, rng);
  const std::string x_path = c.Save("px", Ints(io::DType::kInt8, {1, 9, 7, 3}, x));
  const std::string x16_path = c.Save("px16", Ints(io::DType::kInt16, {1, 9, 7, 3}, x16));
  PoolS8Params p;
  PaddedAxis(Padding::kSame, 9, 3, 2, 1, &p.height);
  PaddedAxis(Padding::kSame, 7, 2, 3, 1, &p.width);
  p.filter_height = 3;
  p.filter_width = 2;
  p.act_min = -90;
  PoolS16Params p16;
  p16.height = p.height;
  p16.width = p.width;
  p16.filter_height = 3;
  p16.filter_width = 2;
  p16.act_max = 30000;
  const std::vector<size_t> out = {1, 5, 3, 3};
  for (const bool average : {true, false}) {
    const std::string cmd = average ? "mcu avg-pool" : "mcu max-pool";
    const std::string opts = " --filter-size 3,2 --stride 2,3 --padding same --out " + c.Path("y.npy");
    std::vector<int8_t> y;
    average ? AveragePoolS8(x, xs, p, &y) : MaxPoolS8(x, xs, p, &y);
    if (c.Run(cmd + " --input " + x_path + " --act-min -90" + opts)) {
      c.Expect(cmd + " s8", c.Path("y.npy"), Ints(io::DType::kInt8, out, y));
    }
    std::vector<int16_t> y16;
    average ? AveragePoolS16(x16, xs, p16, &y16) : MaxPoolS16(x16, xs, p16, &y16);
    if (c.Run(cmd + " --input " + x16_path + " --act-max 30000" + opts)) {
      c.Expect(cmd + " s16", c.Path("y.npy"), Ints(io::DType::kInt16, out, y16));
    }
  }
  SoftmaxS8Params sp;
  SoftmaxS8Prepare(0.5f, 0.1f, &sp);
  std::vector<int8_t> s8;
  std::vector<int16_t> s16;
  SoftmaxS8(x, 63, 3, sp, &s8);
  SoftmaxS8ToS16(x, 63, 3, sp, &s16);
  const std::string sm = "mcu softmax --input " + x_path + " --input-scale 0.1 --beta 0.5 --out " +
                         c.Path("y.npy");
  if (c.Run(sm)) c.Expect("softmax s8", c.Path("y.npy"), Ints(io::DType::kInt8, {1, 9, 7, 3}, s8));
  if (c.Run(sm + " --type s16")) {
    c.Expect("softmax s16", c.Path("y.npy"), Ints(io::DType::kInt16, {1, 9, 7, 3}, s16));
  }
  const auto a = RandomInts<int8_t>(60, -128, 127, rng), b = RandomInts<int8_t>(60, -128, 127, rng);
  const std::string ab = " --a " + c.Save("ea", Ints(io::DType::kInt8, {3, 20}, a)) + " --b " +
                         c.Save("eb", Ints(io::DType::kInt8, {3, 20}, b)) +
                         " --scales 0.02,0.05,0.07 --zero-points -3,10,4 --act-min -110 --out " +
                         c.Path("y.npy");
  AddS8Params ap;
  AddS8Prepare(0.02f, -3, 0.05f, 10, 0.07f, 4, &ap);
  ap.act_min = -110;
  std::vector<int8_t> y;
  AddS8(a, b, ap, &y);
  if (c.Run("mcu add" + ab)) c.Expect("add", c.Path("y.npy"), Ints(io::DType::kInt8, {3, 20}, y));
  MulS8Params mp;
  MulS8Prepare(0.02f, -3, 0.05f, 10, 0.07f, 4, &mp);
  mp.act_min = -110;
  MulS8(a, b, mp, &y);
  if (c.Run("mcu mul" + ab)) c.Expect("mul", c.Path("y.npy"), Ints(io::DType::kInt8, {3, 20}, y));
}

}  // namespace
}  // namespace mcu
}  // namespace refmath

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: mcu_cli_library_check PATH/TO/refmath\n");
    return 2;
  }
  using namespace refmath::mcu;
  refmath::cli_check::Checker c(argv[1]);
  Rng rng(kSeed);
  CheckS8(c, rng);
  CheckS16(c, rng);
  CheckFloat(c, rng);
  CheckQuantize(c, rng);
  CheckConv(c, rng);
  CheckPoolSoftmaxElementwise(c, rng);
  return c.Finish("mcu_cli_library_check");
}
