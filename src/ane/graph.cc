#include "refmath/ane/graph.h"

#include <math.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "refmath/ane/layers.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"
#include "refmath/ane/unary.h"
#include "src/base/text.h"

namespace refmath {
namespace ane {
namespace {

[[noreturn]] void Refuse(const std::string& why) {
  throw std::invalid_argument("ane::Graph: " + why);
}

std::string Quoted(const std::string& name) { return "'" + Printable(name, 80) + "'"; }

// A binary16 constant of the graph, rounded as NumPy's float16() rounds.
Half Fp16(double v) { return HalfFromDouble(v, HalfRounding{}); }

// A number as Python's repr of a float writes it: 3.0, 0.125, inf.
std::string PyFloat(double v) {
  std::string text = FormatDouble(v);
  if (text.find_first_not_of("-0123456789") == std::string::npos) text += ".0";
  return text;
}

void RefuseDType(const std::string& node, DType dtype) {
  if (dtype == DType::kFloat16) return;
  Refuse("node " + Quoted(node) + ": " + DTypeName(dtype) +
         " is not implemented on the ANE (the graph holds float16 only)");
}

// A node `op` called `name` reading `inputs`, its attributes the defaults.
Node Made(const std::string& name, const std::string& op,
          std::vector<size_t> inputs = {}) {
  Node n;
  n.name = name;
  n.op = op;
  n.inputs = std::move(inputs);
  return n;
}

Node AlongAxis(const std::string& name, const char* op, int axis) {
  Node n = Made(name, op);
  n.axis = axis;
  return n;
}

std::atomic<uint64_t> next_graph_id{1};

// The library call of each op but input, constant and the registries'
// functions: the node's attributes, its inputs' tensors, the profile.
using Args = std::vector<const Tensor*>;
using Evaluator = Tensor (*)(const Node&, const Args&, const Profile&);

// The model has no fused attention: an sdpa node is the decomposition,
// which Attention is.
Tensor EvalSdpa(const Node& n, const Args& a, const Profile& p) {
  return ane::Attention(*a[0], *a[1], *a[2], HalfToDouble(n.c), false, p);
}

Tensor EvalReshape(const Node& n, const Args& a, const Profile&) {
  if (Tensor::Count(n.shape) != a[0]->size()) {
    throw std::invalid_argument("cannot reshape " + ShapeText(a[0]->shape()) +
                                " to " + ShapeText(n.shape));
  }
  return Tensor(n.shape, a[0]->data());
}

const std::map<std::string, Evaluator>& Evaluators() {
  static const std::map<std::string, Evaluator> table = {
      {"where", [](const Node&, const Args& a,
                   const Profile& p) { return Select(*a[0], *a[1], *a[2], p); }},
      {"matmul", [](const Node&, const Args& a,
                    const Profile& p) { return ane::Matmul(*a[0], *a[1], p); }},
      {"reduce_sum",
       [](const Node& n, const Args& a, const Profile& p) {
         return n.route == Route::kMatmul ? ReduceSumAsMatmul(*a[0], n.axis, p)
                                          : ane::ReduceSum(*a[0], n.axis, p);
       }},
      {"reduce_mean",
       [](const Node& n, const Args& a, const Profile& p) {
         return ane::ReduceMean(*a[0], n.axis, n.route == Route::kMatmul, p);
       }},
      {"reduce_max", [](const Node& n, const Args& a,
                        const Profile& p) { return ane::ReduceMax(*a[0], n.axis, p); }},
      {"cumsum", [](const Node& n, const Args& a,
                    const Profile& p) { return ane::Cumsum(*a[0], n.axis, p); }},
      {"softmax", [](const Node& n, const Args& a,
                     const Profile& p) { return ane::Softmax(*a[0], n.axis, p); }},
      {"transpose",
       [](const Node& n, const Args& a, const Profile&) {
         return n.swap ? ane::Transpose(*a[0], n.axes[0], n.axes[1])
                       : Permute(*a[0], n.axes);
       }},
      {"slice_last_axis",
       [](const Node& n, const Args& a, const Profile& p) {
         return ane::SliceLastAxis(*a[0], n.offset, n.width, p);
       }},
      {"layer_norm",
       [](const Node& n, const Args& a, const Profile& p) {
         const Tensor* gamma = n.gamma ? a[1] : nullptr;
         const Tensor* beta = n.beta ? a[n.gamma ? 2 : 1] : nullptr;
         return ane::LayerNorm(*a[0], gamma, beta, n.eps, n.axis, p);
       }},
      {"rms_norm",
       [](const Node& n, const Args& a, const Profile& p) {
         return ane::RmsNorm(*a[0], n.gamma ? a[1] : nullptr, n.eps, n.axis, p);
       }},
      {"gelu",
       [](const Node&, const Args& a, const Profile& p) { return ane::Gelu(*a[0], p); }},
      {"attention",
       [](const Node& n, const Args& a, const Profile& p) {
         return ane::Attention(*a[0], *a[1], *a[2], n.scale, n.causal, p);
       }},
      {"conv2d", [](const Node& n, const Args& a,
                    const Profile& p) { return ane::Conv2d(*a[0], *a[1], n.conv, p); }},
      {"muls", [](const Node& n, const Args& a,
                  const Profile& p) { return Mul(*a[0], Tensor::Scalar(n.c), p); }},
      {"adds", [](const Node& n, const Args& a,
                  const Profile& p) { return Add(*a[0], Tensor::Scalar(n.c), p); }},
      {"sdpa", EvalSdpa},
      {"reshape", EvalReshape},
  };
  return table;
}

Tensor Fed(const Node& n, const Graph::Feeds& feeds) {
  const auto it = feeds.find(n.name);
  if (it == feeds.end()) Refuse("input " + Quoted(n.name) + " is not fed");
  if (it->second.shape() != n.shape) {
    Refuse("input " + Quoted(n.name) + ": shape " + ShapeText(it->second.shape()) +
           ", declared " + ShapeText(n.shape));
  }
  return it->second;
}

Tensor Evaluate(const Node& n, const Args& args, const Graph::Feeds& feeds,
                const Profile& p) {
  if (n.op == "input") return Fed(n, feeds);
  if (n.op == "constant") return n.value;
  const auto it = Evaluators().find(n.op);
  if (it != Evaluators().end()) return it->second(n, args, p);
  if (args.size() == 1) return Map(*args[0], FindUnary(n.op)->eval, p);
  return Map2(*args[0], *args[1], FindBinary(n.op)->eval, p);
}

struct RewriteEntry {
  const char* name;
  const char* kind;
  GraphRewrite (*apply)(const Graph&, const Profile&);
};

GraphRewrite ReduceSumToMatmul(const Graph& g, const Profile& p);
GraphRewrite DecomposeSdpa(const Graph& g, const Profile& p);
GraphRewrite FoldScalarChains(const Graph& g, const Profile& p);

const RewriteEntry kRewrites[] = {
    {"reduce_sum_to_matmul", "lossless-or-better", ReduceSumToMatmul},
    {"decompose_sdpa", "lossless", DecomposeSdpa},
    {"fold_scalar_chains", "numeric", FoldScalarChains},
};

const RewriteEntry& FindRewrite(const std::string& name) {
  for (const RewriteEntry& r : kRewrites) {
    if (name == r.name) return r;
  }
  Refuse("unknown rewrite " + Quoted(name) + " (rewrites: " + RewriteNames() + ")");
}

}  // namespace

// Rebuilds a graph node by node, following moved inputs: map[i] is where
// the old node i is in the new graph.
class GraphCopier {
 public:
  explicit GraphCopier(const Graph& old) : old_(old), map_(old.nodes_.size()) {}

  // Appends `n` (an old node, or one made from it) reading the old nodes
  // `inputs`; `as` is the old node it stands for from now on.
  size_t Copy(Node n, const std::vector<size_t>& inputs, size_t as) {
    n.inputs.clear();
    for (size_t i : inputs) n.inputs.push_back(map_[i]);
    map_[as] = Append(std::move(n));
    return map_[as];
  }
  size_t Copy(size_t old) { return Copy(old_.nodes_[old], old_.nodes_[old].inputs, old); }
  // Appends `n` reading nodes of the new graph.
  size_t Append(Node n) {
    new_.nodes_.push_back(std::move(n));
    return new_.nodes_.size() - 1;
  }
  size_t& operator[](size_t old) { return map_[old]; }

  Graph Done() {
    for (size_t o : old_.outputs_) new_.outputs_.push_back(map_[o]);
    return std::move(new_);
  }

 private:
  const Graph& old_;
  Graph new_;
  std::vector<size_t> map_;
};

namespace {

GraphRewrite ReduceSumToMatmul(const Graph& g, const Profile&) {
  GraphCopier c(g);
  std::vector<std::string> changes;
  for (size_t i = 0; i < g.nodes().size(); ++i) {
    Node n = g.nodes()[i];
    if (n.op == "reduce_sum" && n.route == Route::kNarrow) {
      n.route = Route::kMatmul;
      changes.push_back(n.name + ": reduce_sum along axis " + std::to_string(n.axis) +
                        ", narrow -> x @ ones (the wide accumulator)");
    }
    c.Copy(n, n.inputs, i);
  }
  return {c.Done(), changes};
}

GraphRewrite DecomposeSdpa(const Graph& g, const Profile&) {
  GraphCopier c(g);
  std::vector<std::string> changes;
  for (size_t i = 0; i < g.nodes().size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op != "sdpa") {
      c.Copy(i);
      continue;
    }
    const size_t q = c[n.inputs[0]], k = c[n.inputs[1]], v = c[n.inputs[2]];
    Node kt = Made(n.name + "/k_t", "transpose", {k});
    kt.swap = true;
    kt.axes = {-1, -2};
    const size_t s = c.Append(Made(n.name + "/scores", "matmul", {q, c.Append(kt)}));
    Node scaled = Made(n.name + "/scaled", "muls", {s});
    scaled.c = n.c;
    Node softmax = Made(n.name + "/softmax", "softmax", {c.Append(scaled)});
    softmax.axis = -1;
    c[i] = c.Append(Made(n.name, "matmul", {c.Append(softmax), v}));
    changes.push_back(n.name + ": sdpa -> ((q @ k^T) * " + PyFloat(HalfToDouble(n.c)) +
                      ").softmax(-1) @ v");
  }
  return {c.Done(), changes};
}

// muls(muls(x, a), b) -> muls(x, a * b), the product rounded by the
// model's Mul under `p` (adds alike), when the inner node has no other
// reader and is not an output.  A longer chain folds into its last node.
GraphRewrite FoldScalarChains(const Graph& g, const Profile& p) {
  const std::vector<Node>& nodes = g.nodes();
  const auto scalar = [](const Node& n) { return n.op == "muls" || n.op == "adds"; };
  std::vector<bool> foldable(nodes.size()), folded_away(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    if (!scalar(n)) continue;
    const size_t inner = n.inputs[0];
    foldable[i] = nodes[inner].op == n.op && g.Readers(inner) == 1;
    if (foldable[i]) folded_away[inner] = true;
  }
  GraphCopier c(g);
  std::vector<std::string> changes;
  std::map<size_t, std::pair<size_t, Half>> pending;  // folded: (x, constant)
  for (size_t i = 0; i < nodes.size(); ++i) {
    Node n = nodes[i];
    if (!scalar(n)) {
      c.Copy(i);
      continue;
    }
    size_t x = c[n.inputs[0]];
    if (foldable[i]) {
      const auto [from, inner] = pending.at(n.inputs[0]);
      x = from;
      const Half folded = n.op == "muls" ? Mul(inner, n.c, p) : Add(inner, n.c, p);
      changes.push_back(n.name + ": " + n.op + "(" + n.op + "(x, " +
                        PyFloat(HalfToDouble(inner)) + "), " +
                        PyFloat(HalfToDouble(n.c)) + ") -> " + n.op + "(x, " +
                        PyFloat(HalfToDouble(folded)) + ")");
      n.c = folded;
    }
    if (folded_away[i]) {
      pending[i] = {x, n.c};
    } else {
      n.inputs = {x};
      c[i] = c.Append(n);
    }
  }
  return {c.Done(), changes};
}

}  // namespace

const char* DTypeName(DType d) {
  switch (d) {
    case DType::kFloat16:
      return "float16";
    case DType::kFloat32:
      return "float32";
    case DType::kInt32:
      return "int32";
    case DType::kBFloat16:
      return "bfloat16";
  }
  return "unknown";
}

const char* RewriteClass(const std::string& rewrite) { return FindRewrite(rewrite).kind; }

std::string RewriteNames() {
  std::string out;
  for (const RewriteEntry& r : kRewrites)
    out += (out.empty() ? "" : ", ") + std::string(r.name);
  return out;
}

Graph::Graph() : id_(next_graph_id++) {}

NodeRef Graph::Add(Node node, const std::vector<NodeRef>& inputs) {
  if (node.name.empty()) node.name = node.op + "_" + std::to_string(nodes_.size());
  for (const Node& n : nodes_) {
    if (n.name == node.name) Refuse("node name " + Quoted(node.name) + " is used twice");
  }
  for (const NodeRef& x : inputs) {
    if (x.graph != id_ || x.index >= nodes_.size()) {
      Refuse("node " + Quoted(node.name) + ": an input is not a node of this graph");
    }
    node.inputs.push_back(x.index);
  }
  nodes_.push_back(std::move(node));
  return {id_, nodes_.size() - 1};
}

NodeRef Graph::Input(const std::string& name, const Shape& shape, DType dtype) {
  RefuseDType(name, dtype);
  Node n = Made(name, "input");
  n.shape = shape;
  if (shape.size() > 4) Refuse("input " + Quoted(name) + ": rank above 4");
  return Add(std::move(n), {});
}

NodeRef Graph::Constant(const std::string& name, const Tensor& value) {
  Node n = Made(name, "constant");
  n.value = value;
  return Add(std::move(n), {});
}

NodeRef Graph::Constant(const std::string& name, const Shape& shape,
                        const std::vector<float>& values, DType dtype) {
  RefuseDType(name, dtype);
  if (Tensor::Count(shape) != values.size() || shape.size() > 4) {
    Refuse("constant " + Quoted(name) + ": " + std::to_string(values.size()) +
           " values do not fill shape " + ShapeText(shape));
  }
  return Constant(name, Tensor::FromFloats(shape, values));
}

NodeRef Graph::Unary(const std::string& function, NodeRef x, const std::string& name) {
  if (FindUnary(function) == nullptr) {
    Refuse("node " + Quoted(name.empty() ? function : name) +
           ": unknown unary function " + Quoted(function) +
           " (functions: " + UnaryNames() + ")");
  }
  return Add(Made(name, function), {x});
}

NodeRef Graph::Binary(const std::string& op, NodeRef a, NodeRef b,
                      const std::string& name) {
  if (FindBinary(op) == nullptr) {
    Refuse("node " + Quoted(name.empty() ? op : name) + ": unknown binary op " +
           Quoted(op) + " (ops: " + BinaryNames() + ")");
  }
  return Add(Made(name, op), {a, b});
}

NodeRef Graph::Where(NodeRef cond, NodeRef a, NodeRef b, const std::string& name) {
  return Add(Made(name, "where"), {cond, a, b});
}

NodeRef Graph::Matmul(NodeRef a, NodeRef b, const std::string& name) {
  return Add(Made(name, "matmul"), {a, b});
}

NodeRef Graph::ReduceSum(NodeRef x, int axis, Route route, const std::string& name) {
  Node n = AlongAxis(name, "reduce_sum", axis);
  n.route = route;
  return Add(std::move(n), {x});
}

NodeRef Graph::ReduceMean(NodeRef x, int axis, Route route, const std::string& name) {
  Node n = AlongAxis(name, "reduce_mean", axis);
  n.route = route;
  return Add(std::move(n), {x});
}

NodeRef Graph::ReduceMax(NodeRef x, int axis, const std::string& name) {
  return Add(AlongAxis(name, "reduce_max", axis), {x});
}

NodeRef Graph::Cumsum(NodeRef x, int axis, const std::string& name) {
  return Add(AlongAxis(name, "cumsum", axis), {x});
}

NodeRef Graph::Softmax(NodeRef x, int axis, const std::string& name) {
  return Add(AlongAxis(name, "softmax", axis), {x});
}

NodeRef Graph::Transpose(NodeRef x, const std::vector<int>& axes,
                         const std::string& name) {
  Node n = Made(name, "transpose");
  n.axes = axes;
  return Add(std::move(n), {x});
}

NodeRef Graph::SwapAxes(NodeRef x, int i, int j, const std::string& name) {
  Node n = Made(name, "transpose");
  n.axes = {i, j};
  n.swap = true;
  return Add(std::move(n), {x});
}

NodeRef Graph::SliceLastAxis(NodeRef x, size_t offset, size_t width,
                             const std::string& name) {
  Node n = Made(name, "slice_last_axis");
  n.offset = offset;
  n.width = width;
  return Add(std::move(n), {x});
}

NodeRef Graph::LayerNorm(NodeRef x, std::optional<NodeRef> gamma,
                         std::optional<NodeRef> beta, double eps, int axis,
                         const std::string& name) {
  Node n = AlongAxis(name, "layer_norm", axis);
  n.eps = eps;
  n.gamma = gamma.has_value();
  n.beta = beta.has_value();
  std::vector<NodeRef> inputs = {x};
  if (gamma) inputs.push_back(*gamma);
  if (beta) inputs.push_back(*beta);
  return Add(std::move(n), inputs);
}

NodeRef Graph::RmsNorm(NodeRef x, std::optional<NodeRef> gamma, double eps, int axis,
                       const std::string& name) {
  Node n = AlongAxis(name, "rms_norm", axis);
  n.eps = eps;
  n.gamma = gamma.has_value();
  if (gamma) return Add(std::move(n), {x, *gamma});
  return Add(std::move(n), {x});
}

NodeRef Graph::Gelu(NodeRef x, const std::string& name) {
  return Add(Made(name, "gelu"), {x});
}

NodeRef Graph::Attention(NodeRef q, NodeRef k, NodeRef v, double scale, bool causal,
                         const std::string& name) {
  Node n = Made(name, "attention");
  n.scale = scale;
  n.causal = causal;
  return Add(std::move(n), {q, k, v});
}

NodeRef Graph::Conv2d(NodeRef x, NodeRef w, const Conv2dOptions& o,
                      const std::string& name) {
  Node n = Made(name, "conv2d");
  n.conv = o;
  return Add(std::move(n), {x, w});
}

NodeRef Graph::Muls(NodeRef x, double c, const std::string& name) {
  Node n = Made(name, "muls");
  n.c = Fp16(c);
  return Add(std::move(n), {x});
}

NodeRef Graph::Adds(NodeRef x, double c, const std::string& name) {
  Node n = Made(name, "adds");
  n.c = Fp16(c);
  return Add(std::move(n), {x});
}

NodeRef Graph::Sdpa(NodeRef q, NodeRef k, NodeRef v, double scale,
                    const std::string& name) {
  Node n = Made(name, "sdpa");
  n.c = Fp16(scale);
  if (!(HalfToDouble(n.c) > 0) || HalfToDouble(n.c) == HUGE_VAL) {
    Refuse("node " + Quoted(name.empty() ? "sdpa_" + std::to_string(nodes_.size())
                                         : name) +
           ": sdpa's scale must be positive and finite in binary16");
  }
  return Add(std::move(n), {q, k, v});
}

NodeRef Graph::Reshape(NodeRef x, const Shape& shape, const std::string& name) {
  Node n = Made(name, "reshape");
  n.shape = shape;
  return Add(std::move(n), {x});
}

Graph& Graph::Outputs(const std::vector<NodeRef>& nodes) {
  for (const NodeRef& x : nodes) {
    if (x.graph != id_ || x.index >= nodes_.size()) {
      Refuse("an output is not a node of this graph");
    }
    outputs_.push_back(x.index);
  }
  return *this;
}

std::vector<Tensor> Graph::Values(const Feeds& feeds, const Profile& p) const {
  std::vector<Tensor> values;
  values.reserve(nodes_.size());
  for (const Node& n : nodes_) {
    Args args;
    for (size_t i : n.inputs) args.push_back(&values[i]);
    try {
      values.push_back(Evaluate(n, args, feeds, p));
    } catch (const std::invalid_argument& e) {
      if (n.op == "input") throw;
      Refuse("node " + Quoted(n.name) + " (" + n.op + "): " + e.what());
    }
  }
  return values;
}

std::vector<Tensor> Graph::Run(const Feeds& feeds, const Profile& p) const {
  std::vector<Tensor> values = Values(feeds, p);
  std::vector<Tensor> out;
  for (size_t o : outputs_) out.push_back(values[o]);
  return out;
}

GraphRewrite Graph::Rewrite(const std::string& rewrite, const Profile& p) const {
  return FindRewrite(rewrite).apply(*this, p);
}

NodeRef Graph::Find(const std::string& name) const {
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].name == name) return {id_, i};
  }
  Refuse("no node " + Quoted(name) + " in the graph");
}

size_t Graph::Readers(size_t index) const {
  size_t readers = 0;
  for (const Node& n : nodes_) {
    readers += std::find(n.inputs.begin(), n.inputs.end(), index) != n.inputs.end();
  }
  for (size_t o : outputs_) readers += o == index;
  return readers;
}

}  // namespace ane
}  // namespace refmath
