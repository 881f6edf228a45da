// Every `refmath ane` subcommand over .npy files against the library
// function it calls: the same operands through the command line and
// through the C++ API give the same bits, for every profile and option.
// Usage: ane_cli_library_check PATH/TO/refmath
#include <stdio.h>

#include <string>
#include <vector>

#include "conformance/cli_check_util.h"
#include "refmath/ane/compress.h"
#include "refmath/ane/fft.h"
#include "refmath/ane/krylov.h"
#include "refmath/ane/layers.h"
#include "refmath/ane/linalg.h"
#include "src/ane/algorithms/test_matrices.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"
#include "refmath/ane/unary.h"
#include "src/emulator_io/npy_tensor.h"

namespace refmath {
namespace ane {
namespace {

using cli_check::Checker;

constexpr uint64_t kSeed = 0xC11C0DE;
const char* const kProfiles[] = {"spec", "m1", "m3", "m5"};

Profile Preset(const std::string& name) {
  Profile p;
  std::string error;
  FindProfile(name, &p, &error);
  return p;
}

// Values uniform in [lo, hi) as binary16 (the spec profile's rounding).
Tensor Random(const Shape& shape, double lo, double hi, Rng& rng) {
  std::vector<double> v(Tensor::Count(shape));
  for (double& x : v) x = rng.Uniform(lo, hi);
  return Tensor::FromDoubles(shape, v);
}

void CheckBinary(Checker& c, Rng& rng) {
  // [2, 1, 4] with [3, 1]: broadcast to [2, 3, 4].
  const Tensor a = Random({2, 1, 4}, -3, 3, rng), b = Random({3, 1}, -3, 3, rng);
  const std::string pa = c.Save("ba", TensorToNpy(a)), pb = c.Save("bb", TensorToNpy(b));
  for (const BinaryFunction& f : BinaryFunctions()) {
    for (const char* name : kProfiles) {
      const std::string out = c.Path("bc.npy");
      if (c.Run(std::string("ane binary --op ") + f.name + " --a " + pa + " --b " + pb +
                " --out " + out + " --profile " + name)) {
        c.Expect(std::string("binary ") + f.name + " " + name, out,
                 TensorToNpy(Map2(a, b, f.eval, Preset(name))));
      }
    }
  }
}

void CheckReduceMaxAndCumsum(Checker& c, Rng& rng) {
  const Tensor x = Random({2, 3, 4, 5}, -4, 4, rng);
  const std::string px = c.Save("rx", TensorToNpy(x));
  for (int axis : {0, 3, -2}) {
    const std::string a = " --axis " + std::to_string(axis);
    if (c.Run("ane reduce-max --in " + px + " --out " + c.Path("rm.npy") + a)) {
      c.Expect("reduce-max" + a, c.Path("rm.npy"), TensorToNpy(ReduceMax(x, axis)));
    }
    if (c.Run("ane cumsum --in " + px + " --out " + c.Path("cs.npy") + a + " --profile m1")) {
      c.Expect("cumsum m1" + a, c.Path("cs.npy"),
               TensorToNpy(Cumsum(x, axis, Preset("m1"))));
    }
  }
}

void CheckMatmul(Checker& c, Rng& rng) {
  const Tensor a = Random({2, 5, 7}, -2, 2, rng), b = Random({7, 3}, -2, 2, rng);
  const std::string pa = c.Save("a", TensorToNpy(a)), pb = c.Save("b", TensorToNpy(b));
  for (const char* name : kProfiles) {
    Profile p = Preset(name);
    const std::string out = c.Path("c.npy");
    if (c.Run("ane matmul --a " + pa + " --b " + pb + " --out " + out + " --profile " + name)) {
      c.Expect(std::string("matmul ") + name, out, TensorToNpy(Matmul(a, b, p)));
    }
    p.accumulator = Accumulator::kExact;
    p.tile = 2;
    if (c.Run("ane matmul --a " + pa + " --b " + pb + " --out " + out + " --profile " +
              name + " --accumulator exact --tile 2")) {
      c.Expect(std::string("matmul exact tile 2 ") + name, out,
               TensorToNpy(Matmul(a, b, p)));
    }
  }
  // float32 operands: rounded by the profile's input cast (m1 flushes).
  std::vector<float> f = {1e-6f, 0.1f, -3.3f, 1e-7f, 2.5f, 7.0f};
  const std::string pf = c.Save("f", io::Float32Array({2, 3}, f));
  const std::string pv = c.Save("v", TensorToNpy(Random({3}, -1, 1, rng)));
  Tensor vt;
  std::string error;
  ReadTensor(pv, SpecProfile(), &vt, &error);
  if (c.Run("ane matmul --a " + pf + " --b " + pv + " --out " + c.Path("fv.npy") +
            " --profile m1")) {
    c.Expect("matmul float32 m1", c.Path("fv.npy"),
             TensorToNpy(Matmul(Tensor::FromFloats({2, 3}, f, Preset("m1")), vt,
                                Preset("m1"))));
  }
}

void CheckReductions(Checker& c, Rng& rng) {
  const Tensor x = Random({3, 40}, 0, 200, rng);
  const std::string px = c.Save("x", TensorToNpy(x)), out = c.Path("r.npy");
  for (const char* name : {"spec", "m5"}) {
    const Profile p = Preset(name);
    for (int axis : {0, -1}) {
      const std::string opts = std::string(" --profile ") + name + " --axis " +
                               std::to_string(axis) + " --in " + px + " --out " + out;
      if (c.Run("ane reduce-sum" + opts)) {
        c.Expect("reduce-sum narrow", out, TensorToNpy(ReduceSum(x, axis, p)));
      }
      if (c.Run("ane reduce-sum --route matmul" + opts)) {
        c.Expect("reduce-sum matmul", out, TensorToNpy(ReduceSumAsMatmul(x, axis, p)));
      }
      const Tensor s = Random({4, 6}, -4, 4, rng);
      const std::string ps = c.Save("s", TensorToNpy(s));
      if (c.Run(std::string("ane softmax --profile ") + name + " --axis " +
                std::to_string(axis) + " --in " + ps + " --out " + out)) {
        c.Expect("softmax", out, TensorToNpy(Softmax(s, axis, p)));
      }
    }
  }
}

void CheckFft(Checker& c, Rng& rng) {
  const ComplexTensor x = {Random({3, 12}, -1, 1, rng), Random({3, 12}, -1, 1, rng)};
  const std::string re = c.Save("re", TensorToNpy(x.re)), im = c.Save("im", TensorToNpy(x.im));
  const std::string outs = " --out-re " + c.Path("yr.npy") + " --out-im " + c.Path("yi.npy");
  auto expect = [&](const std::string& what, const ComplexTensor& y) {
    c.Expect(what + " re", c.Path("yr.npy"), TensorToNpy(y.re));
    c.Expect(what + " im", c.Path("yi.npy"), TensorToNpy(y.im));
  };
  for (const char* name : {"spec", "m1"}) {
    const Profile p = Preset(name);
    const std::string in = std::string(" --profile ") + name + " --re " + re + " --im " + im;
    if (c.Run("ane fft" + in + outs)) expect("fft dense", DenseDft(x, kForward, 1.0, p));
    if (c.Run("ane fft --method staged --scale 0.5" + in + outs)) {
      expect("fft staged", StagedDft(x, kForward, 0.5, p));
    }
    if (c.Run("ane ifft" + in + outs)) expect("ifft dense", InverseDft(x, false, p));
    if (c.Run("ane ifft --method staged" + in + outs)) expect("ifft staged", InverseDft(x, true, p));
  }
}

Tensor ToTensor(const Matrix& m) { return Tensor::FromDoubles({m.rows, m.cols}, m.v); }

void ExpectSolution(Checker& c, const std::string& what, const std::string& args,
                    const Solution& want) {
  if (!want.breakdown && c.Run("ane solve " + args + " --out " + c.Path("x.npy"))) {
    c.Expect(what, c.Path("x.npy"), HostValuesToNpy(want.x, {want.x.size()}));
  }
}

void CheckSolve(Checker& c, Rng& rng) {
  const Tensor a = ToTensor(SpdWithCondition(8, 20, 20, rng));
  const Tensor b = Random({8}, -1, 1, rng);
  const std::string ab = " --a " + c.Save("A", TensorToNpy(a)) + " --b " + c.Save("bv", TensorToNpy(b));
  CgOptions o;
  o.iterations = 6;
  ExpectSolution(c, "cg", "--method cg --iterations 6" + ab, ConjugateGradient(a, b, o));
  o.refine = 1;
  o.jacobi = false;
  ExpectSolution(c, "cg refined, unscaled",
                 "--method cg --iterations 6 --refine 1 --no-jacobi" + ab,
                 ConjugateGradient(a, b, o));
  ExpectSolution(c, "gmres m3", "--method gmres --profile m3" + ab, Gmres(a, b, Preset("m3")));
  const std::vector<double> x0(8, 0.25);
  ExpectSolution(c, "refine",
                 "--method refine --rounds 2 --inner 10 --x0 " +
                     c.Save("x0", HostValuesToNpy(x0, {8})) + ab,
                 RichardsonRefine(a, b, x0, 2, 10));
  const Tensor t = ToTensor(WithSingularValues(12, 5, 10, 1, rng));
  const Tensor tb = Random({12}, -1, 1, rng);
  const std::string tall = " --a " + c.Save("T", TensorToNpy(t)) + " --b " + c.Save("tb", TensorToNpy(tb));
  ExpectSolution(c, "normal", "--method normal --iterations 5" + tall,
                 NormalEquations(t, tb, CgOptions{5, 0, true}));
  ExpectSolution(c, "lsqr", "--method lsqr --iterations 30" + tall, Lsqr(t, tb, 30));
}

void CheckCompress(Checker& c, Rng& rng) {
  constexpr size_t kRows = 8, kCols = 32;
  std::vector<float> w(kRows * kCols), sparse(kRows * kCols, 0.0f);
  for (float& v : w) v = static_cast<float>(0.1 * rng.Normal());
  for (size_t i = 0; i < sparse.size(); i += 3) sparse[i] = w[i];
  const Tensor x = Random({4, kCols}, -1, 1, rng);
  const std::string pw = c.Save("w", io::Float32Array({kRows, kCols}, w));
  const std::string ps = c.Save("ws", io::Float32Array({kRows, kCols}, sparse));
  const std::string px = c.Save("gx", TensorToNpy(x)), out = c.Path("wq.npy");
  for (Encoding e : {Encoding::kFp16, Encoding::kInt8, Encoding::kInt4, Encoding::kSparse}) {
    const std::vector<float>& src = e == Encoding::kSparse ? sparse : w;
    std::vector<Half> want;
    std::string why;
    EncodedWeight(e, src, kRows, kCols, &want, &why);
    if (c.Run(std::string("ane compress --encoding ") + EncodingName(e) + " --in " +
              (e == Encoding::kSparse ? ps : pw) + " --out " + out + " >/dev/null")) {
      c.Expect(EncodingName(e), out, io::Float16Array({kRows, kCols}, want));
    }
  }
  for (const char* tol : {"0.005", "0.1"}) {
    const Choice choice = ChooseEncoding(w, kRows, kCols,
                                         LinearLayerModel(x, kRows, kCols, Preset("m1")),
                                         std::stod(tol));
    if (c.Run("ane compress --encoding auto --profile m1 --tolerance " + std::string(tol) +
              " --gate-input " + px + " --in " + pw + " --out " + out + " >/dev/null")) {
      c.Expect(std::string("auto at ") + tol, out, io::Float16Array({kRows, kCols}, choice.weight));
    }
  }
}

void CheckMeanAndTranspose(Checker& c, Rng& rng) {
  const Tensor x = Random({2, 3, 5}, -50, 50, rng);
  const std::string px = c.Save("mx", TensorToNpy(x)), out = c.Path("m.npy");
  for (const char* name : {"spec", "m1"}) {
    const Profile p = Preset(name);
    for (int axis : {0, -1}) {
      const std::string opts = std::string(" --profile ") + name + " --axis " +
                               std::to_string(axis) + " --in " + px + " --out " + out;
      if (c.Run("ane reduce-mean" + opts)) {
        c.Expect("reduce-mean narrow", out, TensorToNpy(ReduceMean(x, axis, false, p)));
      }
      if (c.Run("ane reduce-mean --route matmul" + opts)) {
        c.Expect("reduce-mean matmul", out, TensorToNpy(ReduceMean(x, axis, true, p)));
      }
    }
  }
  if (c.Run("ane transpose --in " + px + " --out " + out)) {
    c.Expect("transpose", out, TensorToNpy(Permute(x, {})));
  }
  if (c.Run("ane transpose --axes 1,-1,0 --in " + px + " --out " + out)) {
    c.Expect("transpose 1,-1,0", out, TensorToNpy(Permute(x, {1, -1, 0})));
  }
  const Shape flat = {x.size()};
  if (c.Run("ane reshape --shape " + std::to_string(x.size()) + " --in " + px +
            " --out " + out)) {
    c.Expect("reshape", out, TensorToNpy(Tensor(flat, x.data())));
  }
}

void CheckFft2(Checker& c, Rng& rng) {
  const ComplexTensor x = {Random({2, 4, 6}, -1, 1, rng), Random({2, 4, 6}, -1, 1, rng)};
  const std::string re = c.Save("re2", TensorToNpy(x.re)), im = c.Save("im2", TensorToNpy(x.im));
  const std::string outs = " --out-re " + c.Path("yr.npy") + " --out-im " + c.Path("yi.npy");
  const ComplexTensor planes = {Tensor({8, 6}, x.re.data()), Tensor({8, 6}, x.im.data())};
  for (const char* name : {"spec", "m1"}) {
    const Profile p = Preset(name);
    const std::string in = std::string(" --profile ") + name + " --re " + re + " --im " + im;
    for (const char* options : {"", " --method staged", " --no-fold"}) {
      const std::string what = std::string("fft2") + options + " " + name;
      if (!c.Run("ane fft2" + std::string(options) + in + outs)) continue;
      const ComplexTensor y = BatchedDft2d(planes, 4, std::string(options) == " --method staged",
                                           std::string(options) != " --no-fold", p);
      c.Expect(what + " re", c.Path("yr.npy"), TensorToNpy(Tensor({2, 4, 6}, y.re.data())));
      c.Expect(what + " im", c.Path("yi.npy"), TensorToNpy(Tensor({2, 4, 6}, y.im.data())));
    }
  }
}

// The estimate on stdout is sigma as %.17g; --out is v.
void CheckPower(Checker& c, Rng& rng) {
  const Tensor a = ToTensor(WithSingularValues(10, 6, 10, 300, rng));
  const std::vector<double> v0 = {1, -2, 0.5, 3, 0, 1};
  const std::string pa = c.Save("pa", TensorToNpy(a)), pv = c.Save("pv0", HostValuesToNpy(v0, {6}));
  const std::string text = c.Path("sigma.txt"), out = c.Path("v.npy");
  struct Case {
    std::string options;
    PowerResult want;
  };
  const Case cases[] = {
      {"", PowerIteration(a, 60)},
      {" --iterations 7 --v0 " + pv + " --profile m3", PowerIteration(a, 7, v0, Preset("m3"))},
  };
  for (const Case& k : cases) {
    if (!c.Run("ane power --a " + pa + " --out " + out + k.options + " > " + text)) continue;
    c.Expect("power v" + k.options, out, HostValuesToNpy(k.want.v, {6}));
    FILE* f = fopen(text.c_str(), "r");
    char line[64] = "";
    const bool read = f != nullptr && fgets(line, sizeof(line), f) != nullptr;
    if (f != nullptr) fclose(f);
    char want[64];
    snprintf(want, sizeof(want), "%.17g\n", k.want.sigma);
    if (!read || std::string(line) != want) {
      c.Fail("power sigma" + k.options + ": printed " + line + ", want " + want);
    }
  }
}

// The compositions (refmath/ane/layers.h) under every preset.
void CheckLayers(Checker& c, Rng& rng) {
  const Tensor x = Random({3, 2, 24}, -3, 3, rng);
  const Tensor gamma = Random({24}, -2, 2, rng), beta = Random({24}, -1, 1, rng);
  const Tensor g2 = Random({2}, -2, 2, rng);
  const Tensor q = Random({2, 4, 8}, -1, 1, rng), k = Random({2, 6, 8}, -1, 1, rng);
  const Tensor v = Random({6, 3}, -2, 2, rng);
  const Tensor img = Random({2, 3, 6, 5}, -2, 2, rng), w = Random({4, 3, 3, 2}, -1, 1, rng);
  const std::string px = " --in " + c.Save("lx", TensorToNpy(x));
  const std::string pg = " --gamma " + c.Save("lg", TensorToNpy(gamma));
  const std::string pb = " --beta " + c.Save("lb", TensorToNpy(beta));
  const std::string pg2 = " --gamma " + c.Save("lg2", TensorToNpy(g2));
  const std::string qkv = " --q " + c.Save("q", TensorToNpy(q)) + " --k " +
                          c.Save("k", TensorToNpy(k)) + " --v " + c.Save("v", TensorToNpy(v));
  const std::string conv = " --in " + c.Save("img", TensorToNpy(img)) + " --weight " +
                           c.Save("w", TensorToNpy(w));
  const std::string out = c.Path("ly.npy");
  for (const char* name : kProfiles) {
    const Profile p = Preset(name);
    const std::string opts = std::string(" --profile ") + name + " --out " + out;
    auto check = [&](const std::string& args, const Tensor& want) {
      if (c.Run("ane " + args + opts)) c.Expect(args + " " + name, out, TensorToNpy(want));
    };
    check("layer-norm" + px, LayerNorm(x, nullptr, nullptr, kDefaultNormEps, -1, p));
    check("layer-norm --eps 0.01" + px + pg + pb, LayerNorm(x, &gamma, &beta, 0.01, -1, p));
    check("layer-norm --axis 1" + px + pg2, LayerNorm(x, &g2, nullptr, kDefaultNormEps, 1, p));
    check("rms-norm" + px + pg, RmsNorm(x, &gamma, kDefaultNormEps, -1, p));
    check("rms-norm --eps 0.5 --axis -2" + px, RmsNorm(x, nullptr, 0.5, -2, p));
    check("gelu" + px, Gelu(x, p));
    check("attention" + qkv, Attention(q, k, v, 0, false, p));
    check("attention --causal --scale 0.3" + qkv, Attention(q, k, v, 0.3, true, p));
    check("conv2d" + conv, Conv2d(img, w, {}, p));
    check("conv2d --stride 2,1 --padding 1,2" + conv, Conv2d(img, w, {2, 1, 1, 2}, p));
  }
  Profile exact = Preset("m1");
  exact.accumulator = Accumulator::kExact;
  if (c.Run("ane conv2d --profile m1 --accumulator exact --padding 1" + conv + " --out " + out)) {
    c.Expect("conv2d m1 exact", out, TensorToNpy(Conv2d(img, w, {1, 1, 1, 1}, exact)));
  }
}

}  // namespace
}  // namespace ane
}  // namespace refmath

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: ane_cli_library_check PATH/TO/refmath\n");
    return 2;
  }
  using namespace refmath::ane;
  refmath::cli_check::Checker c(argv[1]);
  Rng rng(kSeed);
  CheckBinary(c, rng);
  CheckReduceMaxAndCumsum(c, rng);
  CheckMatmul(c, rng);
  CheckReductions(c, rng);
  CheckFft(c, rng);
  CheckSolve(c, rng);
  CheckCompress(c, rng);
  CheckMeanAndTranspose(c, rng);
  CheckFft2(c, rng);
  CheckPower(c, rng);
  CheckLayers(c, rng);
  return c.Finish("ane_cli_library_check");
}
