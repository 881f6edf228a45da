// Every `refmath mcu` subcommand over .npy files (fc, quantize,
// dequantize) against the library function it calls: the same operands
// through the command line and through the C++ API give the same bits.
// Usage: mcu_cli_library_check PATH/TO/refmath
#include <stdint.h>
#include <stdio.h>

#include <string>
#include <vector>

#include "conformance/cli_check_util.h"
#include "src/ane/algorithms/test_matrices.h"
#include "refmath/binary16/binary16.h"
#include "refmath/mcu/float_fc.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/quantize.h"

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
  const Case cases[] = {
      {FcKernel::kStandard, weights},
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
  return c.Finish("mcu_cli_library_check");
}
