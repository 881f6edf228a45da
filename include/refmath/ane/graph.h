// Graphs of the model's ops (docs/ane.md, "C++ graphs"): the C++ form of
// Python's refmath.ane.Graph.  A graph is a list of nodes in build order,
// so every node's inputs come before it.  It holds binary16 only, as the
// device does: an input or constant declared with another element type is
// refused when the node is built.  Run() makes one library call (ops.h,
// matmul.h, layers.h) per node under one profile, so its bits are those of
// the calls written out by hand.  Rewrite() returns a new graph and one
// line per change.  Bad arguments: std::invalid_argument naming the node.
#ifndef REFMATH_ANE_GRAPH_H_
#define REFMATH_ANE_GRAPH_H_

#include <stddef.h>
#include <stdint.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "refmath/ane/layers.h"
#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// The element types a caller may declare.  The device computes in
// binary16 only: every other one is refused.
enum class DType { kFloat16, kFloat32, kInt32, kBFloat16 };
const char* DTypeName(DType d);  // "float16", "float32", "int32", "bfloat16"

// How reduce_sum and reduce_mean sum: a binary16 running sum, or
// x @ ones through the wide accumulator (ReduceSumAsMatmul).
enum class Route { kNarrow, kMatmul };

// A node as its builder returned it: the graph it belongs to and its
// position in that graph's nodes.
struct NodeRef {
  uint64_t graph = 0;
  size_t index = 0;
};

// One op.  `op` is "input", "constant", the name of a unary or binary
// function of the registries (unary.h), or one of "where", "matmul",
// "reduce_sum", "reduce_mean", "reduce_max", "cumsum", "softmax",
// "transpose", "reshape", "slice_last_axis", "layer_norm", "rms_norm", "gelu",
// "attention", "conv2d", "muls", "adds", "sdpa".  The fields an op does
// not take keep their defaults.
struct Node {
  std::string name;
  std::string op;
  std::vector<size_t> inputs;  // positions of earlier nodes
  Shape shape;                 // input: the declared shape; reshape: the new one
  Tensor value;                // constant
  int axis = -1;               // the reductions, cumsum, softmax, the norms
  Route route = Route::kNarrow;
  std::vector<int> axes;         // transpose: NumPy's axes, or the pair swapped
  bool swap = false;             // transpose: swap axes[0] and axes[1]
  size_t offset = 0, width = 0;  // slice_last_axis
  double eps = kDefaultNormEps;  // the norms; gamma, beta: inputs 1 and 2
  bool gamma = false, beta = false;
  double scale = 0;  // attention (0: 1 / sqrt(D))
  bool causal = false;
  Conv2dOptions conv;
  Half c = 0;  // muls, adds: the constant; sdpa: the scale (binary16)
};

struct GraphRewrite;

class Graph {
 public:
  using Feeds = std::map<std::string, Tensor>;

  Graph();
  // Nodes belong to one graph: a graph moves but is not copied.
  Graph(Graph&&) = default;
  Graph& operator=(Graph&&) = default;
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  // Every builder takes the node's name last; "" names it op_N, N its
  // position.  A name used twice, or an input of another graph: refused.
  // A value fed to Run() under `name`, of `shape`.
  NodeRef Input(const std::string& name, const Shape& shape,
                DType dtype = DType::kFloat16);
  // A binary16 tensor baked into the graph (weights, ones, scales).
  NodeRef Constant(const std::string& name, const Tensor& value);
  // Values of `dtype`: float16 ones are rounded to binary16 (nearest,
  // ties to even, as Tensor::FromFloats); any other dtype is refused.
  NodeRef Constant(const std::string& name, const Shape& shape,
                   const std::vector<float>& values, DType dtype = DType::kFloat16);

  // The elementwise function `function` of UnaryFunctions(), or the binary
  // op `op` of BinaryFunctions() ("add", "minimum", "greater", ...).
  NodeRef Unary(const std::string& function, NodeRef x, const std::string& name = "");
  NodeRef Binary(const std::string& op, NodeRef a, NodeRef b,
                 const std::string& name = "");
  NodeRef Where(NodeRef cond, NodeRef a, NodeRef b,
                const std::string& name = "");  // Select
  NodeRef Matmul(NodeRef a, NodeRef b, const std::string& name = "");
  NodeRef ReduceSum(NodeRef x, int axis = -1, Route route = Route::kNarrow,
                    const std::string& name = "");
  NodeRef ReduceMean(NodeRef x, int axis = -1, Route route = Route::kNarrow,
                     const std::string& name = "");
  NodeRef ReduceMax(NodeRef x, int axis = -1, const std::string& name = "");
  NodeRef Cumsum(NodeRef x, int axis = -1, const std::string& name = "");
  NodeRef Softmax(NodeRef x, int axis = -1, const std::string& name = "");
  NodeRef Transpose(NodeRef x, const std::vector<int>& axes = {},
                    const std::string& name = "");  // Permute
  NodeRef SwapAxes(NodeRef x, int i, int j,
                   const std::string& name = "");  // Transpose(x, i, j)
  // The same elements in row-major order under another shape (no
  // rounding); a different element count is refused when the graph runs.
  NodeRef Reshape(NodeRef x, const Shape& shape, const std::string& name = "");
  NodeRef SliceLastAxis(NodeRef x, size_t offset, size_t width,
                        const std::string& name = "");
  NodeRef LayerNorm(NodeRef x, std::optional<NodeRef> gamma = {},
                    std::optional<NodeRef> beta = {}, double eps = kDefaultNormEps,
                    int axis = -1, const std::string& name = "");
  NodeRef RmsNorm(NodeRef x, std::optional<NodeRef> gamma = {},
                  double eps = kDefaultNormEps, int axis = -1,
                  const std::string& name = "");
  NodeRef Gelu(NodeRef x, const std::string& name = "");
  NodeRef Attention(NodeRef q, NodeRef k, NodeRef v, double scale = 0,
                    bool causal = false, const std::string& name = "");
  NodeRef Conv2d(NodeRef x, NodeRef w, const Conv2dOptions& o = {},
                 const std::string& name = "");
  // x * c and x + c, c rounded to binary16 (nearest, ties to even) here.
  NodeRef Muls(NodeRef x, double c, const std::string& name = "");
  NodeRef Adds(NodeRef x, double c, const std::string& name = "");
  // Scaled dot-product attention, run as its decomposition (the model has
  // no fused attention): softmax((q @ k^T) * fp16(scale), -1) @ v.
  NodeRef Sdpa(NodeRef q, NodeRef k, NodeRef v, double scale,
               const std::string& name = "");

  // Marks the results (Run returns them in this order).
  Graph& Outputs(const std::vector<NodeRef>& nodes);

  // The outputs' tensors for `feeds` {input name: tensor of its shape};
  // Values: every node's tensor, in node order.  An input not fed or fed
  // another shape: std::invalid_argument naming it.
  std::vector<Tensor> Run(const Feeds& feeds, const Profile& p = SpecProfile()) const;
  std::vector<Tensor> Values(const Feeds& feeds, const Profile& p = SpecProfile()) const;

  // The rewrite `rewrite` (RewriteNames()); fold_scalar_chains rounds the
  // folded constants as the model's Mul / Add under `p`.
  GraphRewrite Rewrite(const std::string& rewrite,
                       const Profile& p = SpecProfile()) const;

  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<size_t>& outputs() const { return outputs_; }
  // The node called `name` (none: std::invalid_argument).
  NodeRef Find(const std::string& name) const;
  // How many nodes read node `index`, plus 1 if it is an output.
  size_t Readers(size_t index) const;

 private:
  friend class GraphCopier;  // the rewrites' copier (graph.cc)
  NodeRef Add(Node node, const std::vector<NodeRef>& inputs);

  uint64_t id_;
  std::vector<Node> nodes_;
  std::vector<size_t> outputs_;
};

struct GraphRewrite {
  Graph graph;
  std::vector<std::string> changes;  // one line per change
};

// A rewrite's class: "lossless-or-better" (never moves a result away from
// the fp32-faithful reference), "lossless" (keeps every bit) or "numeric"
// (may change bits either way).  An unknown name: std::invalid_argument.
const char* RewriteClass(const std::string& rewrite);
// "reduce_sum_to_matmul, decompose_sdpa, fold_scalar_chains"
std::string RewriteNames();

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_GRAPH_H_
