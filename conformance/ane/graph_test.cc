// Graphs of the model's ops (refmath/ane/graph.h): a run equals the library
// calls written out by hand, bit for bit; the rewrites against values
// worked by hand; the one-line errors.
#include "refmath/ane/graph.h"

#include <math.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/ane/test_profiles.h"
#include "gtest/gtest.h"
#include "refmath/ane/layers.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {
namespace {

// Binary16 bits worked by hand: 0.1 -> 1638 / 2^14 = 0.0999755859375
// (0x2E66); 3 (0x4200); 0.25 (0x3400); -1.5 (0xBE00); 1 (0x3C00).
constexpr Half kTenth = 0x2E66, kThree = 0x4200, kQuarter = 0x3400;
constexpr Half kMinusOneAndHalf = 0xBE00, kOne = 0x3C00;

// `fn` throws std::invalid_argument whose message holds `part`.
template <typename Fn>
void ExpectRefused(Fn fn, const std::string& part) {
  try {
    fn();
    ADD_FAILURE() << "no error; wanted one with: " << part;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
        << e.what() << "\nwanted: " << part;
  }
}

void ExpectSameBits(const Tensor& got, const Tensor& want, const std::string& what) {
  EXPECT_EQ(got.shape(), want.shape()) << what;
  EXPECT_EQ(got.data(), want.data()) << what;  // uint16 patterns
}

TEST(AneGraph, RefusesOtherDtypesNamingTheNode) {
  Graph g;
  ExpectRefused(
      [&] {
        g.Input("x", {2, 3}, DType::kFloat32);
      },
      "node 'x': float32 is not implemented on the ANE (the graph holds "
      "float16 only)");
  ExpectRefused([&] { g.Input("ids", {4}, DType::kInt32); },
                "node 'ids': int32 is not implemented on the ANE");
  ExpectRefused(
      [&] {
        g.Constant("w", {2}, {1.0f, 2.0f}, DType::kBFloat16);
      },
      "node 'w': bfloat16 is not implemented on the ANE");
  EXPECT_TRUE(g.nodes().empty());
  g.Input("x", {2});
  ExpectRefused(
      [&] {
        g.Constant("x", Tensor::Vector({1, 2}));
      },
      "node name 'x' is used twice");
  ExpectRefused(
      [&] {
        g.Constant("w", {3}, {1.0f, 2.0f});
      },
      "constant 'w': 2 values do not fill shape (3,)");
  Graph other;
  const NodeRef y = other.Input("y", {2});
  ExpectRefused([&] { g.Unary("exp", y, "e"); },
                "node 'e': an input is not a node of this graph");
  ExpectRefused([&] { g.Outputs({y}); }, "an output is not a node of this graph");
}

// A graph using every kind of node, run under `p`, against the calls
// written out by hand.
void CheckRunEqualsCalls(const Profile& p) {
  std::mt19937 rng(7);
  const Tensor X = Random({2, 4, 8}, 3.0, &rng), W = Random({8, 8}, 1.0, &rng);
  const Tensor G = Random({8}, 2.0, &rng), B = Random({8}, 2.0, &rng);
  const Tensor C = Random({1, 2, 5, 5}, 2.0, &rng), K = Random({3, 2, 3, 3}, 1.0, &rng);
  Graph g;
  const NodeRef x = g.Input("x", X.shape()), c = g.Input("c", C.shape());
  const NodeRef w = g.Constant("w", W), gamma = g.Constant("gamma", G);
  const NodeRef beta = g.Constant("beta", B), k = g.Constant("k", K);
  struct Case {
    NodeRef node;
    Tensor want;
  };
  const NodeRef e = g.Unary("exp", x), m = g.Matmul(x, w);
  const NodeRef a = g.Binary("add", m, e), gt = g.Binary("greater", x, a);
  const NodeRef sel = g.Where(gt, x, a);
  const Tensor E = Exp(X, p), M = Matmul(X, W, p), A = Add(M, E, p);
  const Tensor GT = Map2(X, A, Greater, p), SEL = Select(GT, X, A, p);
  const Conv2dOptions pad{1, 1, 1, 1};
  const Tensor S = Matmul(X, Transpose(X, -1, -2), p);
  const Tensor SD = Matmul(Softmax(Mul(S, Tensor::Scalar(kQuarter), p), -1, p), X, p);
  const std::vector<Case> cases = {
      {e, E},
      {g.Unary("tanh", x), Tanh(X, p)},
      {m, M},
      {a, A},
      {g.Binary("minimum", x, e), Min(X, E, p)},
      {gt, GT},
      {sel, SEL},
      {g.ReduceSum(sel, 1), ReduceSum(SEL, 1, p)},
      {g.ReduceSum(x, -1, Route::kMatmul), ReduceSumAsMatmul(X, -1, p)},
      {g.ReduceMean(x, 0, Route::kMatmul), ReduceMean(X, 0, true, p)},
      {g.ReduceMean(x, 2), ReduceMean(X, 2, false, p)},
      {g.ReduceMax(x, 1), ReduceMax(X, 1, p)},
      {g.Cumsum(x), Cumsum(X, -1, p)},
      {g.Softmax(x, 1), Softmax(X, 1, p)},
      {g.Transpose(x, {2, 0, 1}), Permute(X, {2, 0, 1})},
      {g.SwapAxes(x, 0, 2), Transpose(X, 0, 2)},
      {g.SliceLastAxis(x, 2, 4), SliceLastAxis(X, 2, 4, p)},
      {g.LayerNorm(x, gamma, beta), LayerNorm(X, &G, &B, kDefaultNormEps, -1, p)},
      {g.LayerNorm(x, {}, beta, 1e-3), LayerNorm(X, nullptr, &B, 1e-3, -1, p)},
      {g.RmsNorm(x, gamma, 1e-3), RmsNorm(X, &G, 1e-3, -1, p)},
      {g.RmsNorm(x, {}, 1e-3, 1), RmsNorm(X, nullptr, 1e-3, 1, p)},
      {g.Gelu(x), Gelu(X, p)},
      {g.Attention(x, x, x, 0, true), Attention(X, X, X, 0, true, p)},
      {g.Conv2d(c, k, pad), Conv2d(C, K, pad, p)},
      {g.Muls(x, 0.1), Mul(X, Tensor::Scalar(kTenth), p)},
      {g.Adds(x, -1.5), Add(X, Tensor::Scalar(kMinusOneAndHalf), p)},
      {g.Sdpa(x, x, x, 0.25), SD},
  };
  const std::vector<Tensor> values = g.Values({{"x", X}, {"c", C}}, p);
  ASSERT_EQ(values.size(), g.nodes().size());
  for (const Case& t : cases) {
    ExpectSameBits(values[t.node.index], t.want,
                   std::string(p.name) + " " + g.nodes()[t.node.index].name);
  }
  g.Outputs({cases.back().node, m});
  const std::vector<Tensor> out = g.Run({{"x", X}, {"c", C}}, p);
  ASSERT_EQ(out.size(), 2u);
  ExpectSameBits(out[0], SD, "run: sdpa");
  ExpectSameBits(out[1], M, "run: matmul");
}

TEST(AneGraph, RunEqualsTheDirectCallsUnderSpecAndM1) {
  CheckRunEqualsCalls(SpecProfile());
  CheckRunEqualsCalls(Preset("m1"));
}

// The docs' example (docs/ane.md, "C++ graphs"): 16384 ones summed.
TEST(AneGraph, ReduceSumToMatmulWidensTheSum) {
  Graph g;
  const NodeRef x = g.Input("x", {1, 16384});
  g.Outputs({g.ReduceSum(x, -1, Route::kNarrow, "s")});
  const Graph::Feeds ones = {{"x", Tensor::Filled({1, 16384}, kOne)}};
  const GraphRewrite wide = g.Rewrite("reduce_sum_to_matmul");
  EXPECT_EQ(g.Run(ones)[0][0], 0x6800);           // 2048: 2048 + 1 ties to 2048
  EXPECT_EQ(wide.graph.Run(ones)[0][0], 0x7400);  // 16384, exact in binary32
  EXPECT_EQ(wide.changes, std::vector<std::string>{
                              "s: reduce_sum along axis -1, narrow -> x @ ones (the "
                              "wide accumulator)"});
  EXPECT_EQ(g.nodes()[1].route, Route::kNarrow);  // the graph itself is kept
  EXPECT_STREQ(RewriteClass("reduce_sum_to_matmul"), "lossless-or-better");
  EXPECT_TRUE(wide.graph.Rewrite("reduce_sum_to_matmul").changes.empty());
}

TEST(AneGraph, DecomposeSdpaKeepsEveryBit) {
  std::mt19937 rng(11);
  const Graph::Feeds feeds = {{"q", Random({2, 5, 8}, 2.0, &rng)},
                              {"k", Random({2, 7, 8}, 2.0, &rng)},
                              {"v", Random({2, 7, 4}, 2.0, &rng)}};
  Graph g;
  const NodeRef q = g.Input("q", {2, 5, 8}), k = g.Input("k", {2, 7, 8});
  const NodeRef v = g.Input("v", {2, 7, 4});
  g.Outputs({g.Sdpa(q, k, v, 0.35355339059327373, "att")});
  const GraphRewrite d = g.Rewrite("decompose_sdpa");
  // fp16(1/sqrt(8)) = 1448 / 4096 (0x35A8).
  EXPECT_EQ(d.changes, std::vector<std::string>{
                           "att: sdpa -> ((q @ k^T) * 0.353515625).softmax(-1) @ v"});
  ASSERT_EQ(d.graph.nodes().size(), 8u);
  EXPECT_EQ(d.graph.nodes()[7].name, "att");
  EXPECT_EQ(d.graph.nodes()[7].op, "matmul");
  for (const char* name : {"spec", "m1", "m5"}) {
    const Profile p = Preset(name);
    ExpectSameBits(d.graph.Run(feeds, p)[0], g.Run(feeds, p)[0], name);
  }
  EXPECT_STREQ(RewriteClass("decompose_sdpa"), "lossless");
}

TEST(AneGraph, FoldScalarChainsRoundsTheProductOnce) {
  // 0.0999755859375 * 3 = 0.2999267578125, halfway between 1228 and 1229
  // times 2^-12: ties to even give 1228 (0x34CC, 0.2998046875), ties away
  // from zero (a profile whose elementwise ops round so) 1229 (0x34CD).
  Profile away;
  away.elementwise_tie = Tie::kAwayFromZero;
  const Half folded = Mul(kTenth, kThree, SpecProfile());
  EXPECT_EQ(folded, 0x34CC);
  EXPECT_EQ(Mul(kTenth, kThree, away), 0x34CD);

  Graph g;
  const NodeRef x = g.Input("x", {256});
  g.Outputs({g.Muls(g.Muls(x, 0.1, "tenth"), 3, "y")});
  const GraphRewrite f = g.Rewrite("fold_scalar_chains");
  EXPECT_EQ(f.changes,
            std::vector<std::string>{"y: muls(muls(x, 0.0999755859375), 3.0) -> muls(x, "
                                     "0.2998046875)"});
  ASSERT_EQ(f.graph.nodes().size(), 2u);
  EXPECT_EQ(f.graph.nodes()[1].c, folded);
  EXPECT_EQ(g.Rewrite("fold_scalar_chains", away).graph.nodes()[1].c, 0x34CD);

  std::vector<double> v(256);
  for (size_t i = 0; i < v.size(); ++i) v[i] = 1.0 + static_cast<double>(i) / 64;
  const Tensor X = Tensor::Vector(v);
  ExpectSameBits(f.graph.Run({{"x", X}})[0], Mul(X, Tensor::Scalar(folded)), "folded");
  const Tensor unfolded = g.Run({{"x", X}})[0], refolded = f.graph.Run({{"x", X}})[0];
  size_t changed = 0;
  for (size_t i = 0; i < X.size(); ++i) changed += unfolded[i] != refolded[i];
  EXPECT_GT(changed, 0u);  // a numeric rewrite
  EXPECT_STREQ(RewriteClass("fold_scalar_chains"), "numeric");
}

TEST(AneGraph, FoldScalarChainsFoldsOnlyPrivateInnerNodes) {
  Graph g;
  const NodeRef x = g.Input("x", {4});
  const NodeRef inner = g.Adds(x, 1, "inner");
  g.Outputs({g.Adds(inner, 2, "outer"), inner});  // inner is an output
  EXPECT_TRUE(g.Rewrite("fold_scalar_chains").changes.empty());

  Graph h;  // a chain of three folds into its last node: 1 + 2 + 4 = 7
  const NodeRef a = h.Adds(h.Adds(h.Input("x", {4}), 1, "a"), 2, "b");
  h.Outputs({h.Muls(h.Adds(a, 4, "c"), 2, "d")});
  const GraphRewrite f = h.Rewrite("fold_scalar_chains");
  EXPECT_EQ(f.changes,
            (std::vector<std::string>{"b: adds(adds(x, 1.0), 2.0) -> adds(x, 3.0)",
                                      "c: adds(adds(x, 3.0), 4.0) -> adds(x, 7.0)"}));
  ASSERT_EQ(f.graph.nodes().size(), 3u);
  EXPECT_EQ(f.graph.nodes()[1].name, "c");
  EXPECT_EQ(f.graph.nodes()[1].c, 0x4700);  // 7
  EXPECT_EQ(f.graph.nodes()[2].inputs, std::vector<size_t>{1});
}

TEST(AneGraph, ReshapeKeepsTheBitsInRowMajorOrder) {
  const Tensor x({2, 3}, {kTenth, kThree, kQuarter, kMinusOneAndHalf, kOne, 0x8000});
  Graph g;
  g.Outputs({g.Reshape(g.Input("x", {2, 3}), {3, 1, 2}, "r")});
  ExpectSameBits(g.Run({{"x", x}})[0],
                 Tensor({3, 1, 2}, {kTenth, kThree, kQuarter, kMinusOneAndHalf,
                                    kOne, 0x8000}),
                 "reshape");
  Graph bad;
  bad.Outputs({bad.Reshape(bad.Input("x", {2, 3}), {4}, "r")});
  ExpectRefused([&] { bad.Run({{"x", x}}); }, "node 'r' (reshape): cannot reshape (2, 3) to (4,)");
}

TEST(AneGraph, SdpaScaleMustBePositiveAndFiniteInBinary16) {
  Graph g;
  const NodeRef q = g.Input("q", {2, 4});
  for (double scale : {0.0, -0.5, 1e-8, 1e5, static_cast<double>(NAN)}) {  // 1e-8 rounds to 0
    ExpectRefused([&] { g.Sdpa(q, q, q, scale, "s"); },
                  "node 's': sdpa's scale must be positive and finite in binary16");
  }
  EXPECT_EQ(g.nodes().size(), 1u);
}

TEST(AneGraph, ErrorsNameTheInputOrNode) {
  Graph g;
  const NodeRef x = g.Input("x", {1, 16384});
  g.Outputs({g.ReduceSum(x)});
  ExpectRefused([&] { g.Rewrite("paired_fp16"); },
                "unknown rewrite 'paired_fp16' (rewrites: reduce_sum_to_matmul, "
                "decompose_sdpa, fold_scalar_chains)");
  ExpectRefused([&] { RewriteClass("fuse"); }, "unknown rewrite 'fuse'");
  ExpectRefused([&] { g.Run({}); }, "input 'x' is not fed");
  ExpectRefused(
      [&] {
        g.Run({{"x", Tensor::Filled({2, 3}, kOne)}});
      },
      "input 'x': shape (2, 3), declared (1, 16384)");
  ExpectRefused([&] { g.Unary("expp", x, "e"); },
                "node 'e': unknown unary function 'expp' (functions: neg, abs");
  ExpectRefused([&] { g.Binary("plus", x, x); }, "node 'plus': unknown binary op 'plus'");
  ExpectRefused([&] { g.Find("y"); }, "no node 'y' in the graph");
  Graph h;
  const NodeRef a = h.Input("a", {2, 3});
  h.Outputs({h.Matmul(a, a, "mm")});
  ExpectRefused(
      [&] {
        h.Run({{"a", Tensor::Filled({2, 3}, kOne)}});
      },
      "node 'mm' (matmul): ");
}

}  // namespace
}  // namespace ane
}  // namespace refmath
