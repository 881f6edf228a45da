// refmath.mcu.run_model: a whole int8 model of TFLite Micro run layer by
// layer (refmath/mcu/model.h), its layers given as a list of dicts.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdint.h>

#include <string>
#include <utility>
#include <vector>

#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/mcu_args.h"
#include "refmath/mcu/model.h"
#include "src/mcu/layer_shapes.h"

namespace py = pybind11;
using std::pair;
using std::string;
using std::vector;

namespace refmath {
namespace python {
namespace {

// A model's layers (refmath/mcu/model.h) from a list of dicts, run on an
// int8 NHWC input; every layer's output, as arrays of its shape.
template <typename T>
T Key(const py::dict& d, const char* key, T def) {
  return d.contains(key) ? d[key].cast<T>() : def;
}

mcu::Shape4 Shape4Of(const vector<size_t>& s, const string& what) {
  if (s.size() != 4) Refuse(what + " must be 4-D");
  for (size_t v : s) {
    if (v < 1 || v > INT32_MAX) Refuse(what + " has a dimension outside 1..2^31-1");
  }
  return {static_cast<int>(s[0]), static_cast<int>(s[1]),
          static_cast<int>(s[2]), static_cast<int>(s[3])};
}

mcu::ModelLayer LayerOf(const py::dict& d, size_t index) {
  const string where = "layer " + std::to_string(index) + ": ";
  mcu::ModelLayer l;
  const string op = Key<string>(d, "op", "");
  const struct {
    const char* name;
    mcu::LayerOp op;
  } ops[] = {{"conv2d", mcu::LayerOp::kConv},
             {"depthwise_conv2d", mcu::LayerOp::kDepthwiseConv},
             {"avg_pool", mcu::LayerOp::kAveragePool},
             {"max_pool", mcu::LayerOp::kMaxPool},
             {"fully_connected", mcu::LayerOp::kFullyConnected},
             {"softmax", mcu::LayerOp::kSoftmax},
             {"mean", mcu::LayerOp::kMean}};
  bool found = false;
  for (const auto& o : ops) {
    if (op == o.name) {
      l.op = o.op;
      found = true;
    }
  }
  if (!found) {
    Refuse(where + "unknown op '" + op + "' (valid: conv2d, depthwise_conv2d, "
           "avg_pool, max_pool, fully_connected, softmax, mean)");
  }
  if (d.contains("filter")) {
    const io::NpyArray f =
        ToNpy(d["filter"].cast<py::array>(), io::Only(io::DType::kInt8), "filter");
    vector<size_t> shape = f.shape;
    if (l.op == mcu::LayerOp::kFullyConnected && shape.size() == 2) {
      shape = {shape[0], 1, 1, shape[1]};
    }
    l.filter_shape = Shape4Of(shape, where + "filter");
    l.filter = Narrowed<int8_t>(f);
  }
  if (d.contains("bias") && !d["bias"].is_none()) {
    l.bias = Narrowed<int32_t>(
        ToNpy(d["bias"].cast<py::array>(), io::Only(io::DType::kInt32), "bias"));
  }
  const pair<int, int> stride = Key(d, "stride", pair<int, int>(1, 1));
  const pair<int, int> dilation = Key(d, "dilation", pair<int, int>(1, 1));
  const pair<int, int> size = Key(d, "filter_size", pair<int, int>(1, 1));
  mcu::ConvLayerSpec& spec = l.spec;
  string error;
  if (!mcu::ParsePadding(Key<string>(d, "padding", "valid"), &spec.padding,
                         &error)) {
    Refuse(where + error);
  }
  spec.stride_h = stride.first;
  spec.stride_w = stride.second;
  spec.dilation_h = dilation.first;
  spec.dilation_w = dilation.second;
  l.pool_height = size.first;
  l.pool_width = size.second;
  l.depth_multiplier = Key(d, "depth_multiplier", 1);
  l.beta = static_cast<float>(Key(d, "beta", 1.0));
  spec.input_scale = static_cast<float>(Key(d, "input_scale", 1.0));
  spec.input_zero_point = Key(d, "input_zero_point", 0);
  spec.output_scale = static_cast<float>(Key(d, "output_scale", 1.0));
  spec.output_zero_point = Key(d, "output_zero_point", 0);
  for (double v : Key(d, "filter_scales", vector<double>())) {
    spec.filter_scales.push_back(static_cast<float>(v));
  }
  const string act = Key<string>(d, "activation", "none");
  if (act == "none") {
    spec.activation = mcu::FusedActivation::kNone;
  } else if (act == "relu") {
    spec.activation = mcu::FusedActivation::kRelu;
  } else if (act == "relu6") {
    spec.activation = mcu::FusedActivation::kRelu6;
  } else if (act == "relu_n1_to_1") {
    spec.activation = mcu::FusedActivation::kReluN1To1;
  } else {
    Refuse(where + "unknown activation '" + act +
           "' (valid: none, relu, relu6, relu_n1_to_1)");
  }
  return l;
}

py::list RunModel(const py::array& input, const py::list& layers) {
  const io::NpyArray in = ToNpy(input, io::Only(io::DType::kInt8), "input");
  const mcu::Shape4 s = Shape4Of(in.shape, "input");
  vector<mcu::ModelLayer> model;
  for (size_t i = 0; i < layers.size(); ++i) {
    model.push_back(LayerOf(layers[i].cast<py::dict>(), i));
  }
  vector<vector<int8_t>> outs;
  vector<mcu::Shape4> shapes;
  string error;
  if (!mcu::RunModelS8(model, Narrowed<int8_t>(in), s, &outs, &shapes,
                       &error)) {
    Refuse(error);
  }
  py::list result;
  for (size_t i = 0; i < outs.size(); ++i) {
    const mcu::Shape4& o = shapes[i];
    result.append(FromNpy(io::IntegerArray(
        io::DType::kInt8,
        {static_cast<size_t>(o.n), static_cast<size_t>(o.h),
         static_cast<size_t>(o.w), static_cast<size_t>(o.c)},
        vector<int64_t>(outs[i].begin(), outs[i].end()))));
  }
  return result;
}

}  // namespace

void BindMcuModel(py::module_& m) { m.def("run_model", &RunModel); }

}  // namespace python
}  // namespace refmath
