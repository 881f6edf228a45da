// refmath.tensor's extension half: the tensor operations of
// refmath/tensor.h over NumPy float32 arrays, one C call per binding, as
// `refmath tensor ...` makes them (tools/cli/cmd_tensor.cc).  An array
// goes to the C API as a strided view of its own memory (negative and zero
// strides too); only an input whose strides are not whole float32
// elements, or whose data is misaligned, is copied first.  The output is
// the caller's `out` or a new array of the shape tensor.h gives; a failed
// call raises with the status named and writes nothing.
#include "python/src/numpy_api.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <limits.h>
#include <stdint.h>

#include <functional>
#include <string>
#include <vector>

#include "python/src/bindings.h"
#include "python/src/ufuncs.h"
#include "refmath/tensor.h"
#include "src/base/text.h"

namespace py = pybind11;
using std::string;
using std::vector;

namespace refmath {
namespace python {
namespace {

// One array argument and the view of it the C API gets.
struct Operand {
  string name;
  bool present = false;
  py::array array;  // the caller's array, or the copy the view points into
  vector<size_t> shape;
  refmath_tensor view = {};
};

PyArrayObject* Raw(const py::array& a) {
  return reinterpret_cast<PyArrayObject*>(a.ptr());
}

// `h` as a native-order array of NumPy type `type`; TypeError naming its
// type or dtype and what was `expected` else.
py::array TypedArray(py::handle h, int type, const string& name,
                     const string& expected) {
  if (!py::isinstance<py::array>(h)) {
    throw py::type_error(name + ": expected a numpy.ndarray, got " +
                         string(py::str(h.get_type().attr("__name__"))));
  }
  py::array a = py::reinterpret_borrow<py::array>(h);
  if (PyArray_TYPE(Raw(a)) != type || !PyArray_ISNOTSWAPPED(Raw(a))) {
    throw py::type_error(name + ": dtype " + string(py::str(a.dtype())) +
                         ", expected " + expected);
  }
  return a;
}

// ValueError naming a's axes when a tensor call cannot take them.
void CheckDims(const py::array& a, const string& name) {
  if (a.ndim() > REFMATH_TENSOR_MAX_DIMS) {
    Refuse(name + ": " + std::to_string(a.ndim()) +
           " dimensions, at most " + std::to_string(REFMATH_TENSOR_MAX_DIMS) +
           " are supported");
  }
}

// `h` as a native-order float32 array of at most REFMATH_TENSOR_MAX_DIMS
// axes; TypeError naming its dtype, or ValueError its axes, else.
py::array Float32Array(py::handle h, const string& name) {
  py::array a = TypedArray(
      h, NPY_FLOAT, name,
      "float32, float16, or uint16 bfloat16 bit patterns with "
      "dtype='bfloat16' (refmath.tensor rounds no input; " + name +
          ".astype(numpy.float32) does it on purpose)");
  CheckDims(a, name);
  return a;
}

// Whether every stride (of an axis longer than 1) is a whole number of
// float32 elements and the data is aligned for float (always, without
// elements).
bool ElementStrides(const py::array& a) {
  if (a.size() == 0) return true;  // no element is ever addressed
  if (reinterpret_cast<uintptr_t>(a.data()) % alignof(float) != 0) {
    return false;
  }
  for (py::ssize_t i = 0; i < a.ndim(); ++i) {
    if (a.shape(i) > 1 && a.strides(i) % static_cast<py::ssize_t>(
                                              sizeof(float)) != 0) {
      return false;
    }
  }
  return true;
}

void SetView(Operand* o) {
  const py::array& a = o->array;
  o->present = true;
  o->view.data = static_cast<float*>(const_cast<void*>(a.data()));
  o->view.ndim = static_cast<size_t>(a.ndim());
  for (py::ssize_t i = 0; i < a.ndim(); ++i) {
    o->view.shape[i] = static_cast<size_t>(a.shape(i));
    o->view.stride[i] =
        a.shape(i) > 1 ? static_cast<ptrdiff_t>(a.strides(i) /
                                                static_cast<py::ssize_t>(
                                                    sizeof(float)))
                       : 0;
  }
}

// An input: None gives an absent operand when `optional`.
Operand Input(py::handle h, const string& name, bool optional = false) {
  Operand o;
  o.name = name;
  if (optional && h.is_none()) return o;
  py::array a = Float32Array(h, name);
  o.shape.assign(a.shape(), a.shape() + a.ndim());
  if (!ElementStrides(a)) {
    // Byte strides the C API's element strides cannot express: a copy of
    // the same float32 values.
    a = py::reinterpret_steal<py::array>(PyArray_NewCopy(Raw(a), NPY_CORDER));
    if (!a) throw py::error_already_set();
  }
  o.array = a;
  SetView(&o);
  return o;
}

// The output: the caller's writable float32 `out`, or a new array of
// `shape`.
Operand Output(py::handle h, const vector<size_t>& shape, bool* given) {
  Operand o;
  o.name = "out";
  *given = !h.is_none();
  if (!*given) {
    o.array = py::array(py::dtype::of<float>(),
                        vector<py::ssize_t>(shape.begin(), shape.end()));
    o.shape = shape;
    SetView(&o);
    return o;
  }
  py::array a = Float32Array(h, "out");
  if (!PyArray_ISWRITEABLE(Raw(a))) Refuse("out: the array is read-only");
  if (!ElementStrides(a)) {
    Refuse("out: its strides are not whole float32 elements (or its data "
           "is misaligned); pass a float32 array or view with element "
           "strides");
  }
  for (py::ssize_t i = 0; i < a.ndim() && a.size() > 0; ++i) {
    if (a.shape(i) > 1 && a.strides(i) == 0) {
      Refuse("out: axis " + std::to_string(i) +
             " has stride 0, so its elements would share memory");
    }
  }
  o.array = a;
  o.shape.assign(a.shape(), a.shape() + a.ndim());
  SetView(&o);
  return o;
}

// One call: its options and operands, for the error message.
struct Call {
  string op;
  refmath_tensor_options options = refmath_tensor_default_options();
  vector<const Operand*> operands;  // inputs, then out when the caller gave it
  const Operand* first = nullptr;   // the input the axis belongs to
  bool has_axis = false;
  long long axis = 0;
  bool has_eps = false;
  float eps = 0;
  string shape_rule;  // what fits, added to a shape error
};

string ListOperands(const Call& c) {
  string out;
  for (const Operand* o : c.operands) {
    if (!o->present) continue;
    out += (out.empty() ? "" : ", ") + o->name + " " + ShapeText(o->shape);
  }
  return out;
}

string Detail(int status, const Call& c) {
  switch (status) {
    case REFMATH_E_AXIS:
      if (!c.has_axis) {
        return c.first->name + " is 0-d; the operation runs over a last axis";
      }
      return "axis " + std::to_string(c.axis) + " for " + c.first->name +
             " of shape " + ShapeText(c.first->shape);
    case REFMATH_E_SHAPE:
      return ListOperands(c) + c.shape_rule;
    case REFMATH_E_EMPTY_AXIS:
      return ListOperands(c);
    case REFMATH_E_BAD_ARGUMENT:
      if (c.options.threads < 0) {
        return "threads " + std::to_string(c.options.threads) +
               " (None or 0 for the default, else a positive count)";
      }
      if (c.has_eps) {
        return "eps " +
               string(py::str(py::float_(static_cast<double>(c.eps)))) +
               " as a float32 (must be finite and >= 0)";
      }
      return ListOperands(c);
    case REFMATH_E_OVERLAP:
      return "out shares memory with an input (only softmax, log_softmax, "
             "the norms and the elementwise ops may write over their input, "
             "as the very same view)";
    case REFMATH_E_UNKNOWN_VARIANT:
    case REFMATH_E_VARIANT_NOT_BUILT:
    case REFMATH_E_UNKNOWN_TARGET:
    case REFMATH_E_TARGET_NOT_BUILT:
    case REFMATH_E_TARGET_NOT_SUPPORTED:
      return string("variant ") + refmath_variant_name(c.options.variant) +
             ", target " + refmath_target_name(c.options.target) +
             " (the tensor operations have the variants exact and fast; "
             "refmath.targets(variant) lists the usable targets)";
    default:
      return "";
  }
}

[[noreturn]] void Raise(int status, const Call& c) {
  string text = refmath_status_string(status);
  const string detail = Detail(status, c);
  if (!detail.empty()) text += ": " + detail;
  if (status == REFMATH_E_NO_MEMORY) {
    text = "refmath.tensor." + c.op + ": " + text;
    PyErr_SetString(PyExc_MemoryError, text.c_str());
    throw py::error_already_set();
  }
  Refuse(text);
}

// Runs one binding; its TypeError or ValueError begins with the
// function's name.
template <class Body>
auto Named(const string& op, const Body& body) -> decltype(body()) {
  try {
    return body();
  } catch (const py::type_error& e) {
    throw py::type_error("refmath.tensor." + op + ": " + e.what());
  } catch (const py::value_error& e) {
    throw py::value_error("refmath.tensor." + op + ": " + e.what());
  }
}

// The options of a call from the Python keywords (names checked here; the
// values' validity is the C API's to judge).
refmath_tensor_options Options(const string& variant, const py::object& target,
                               const string& mode, int threads) {
  refmath_tensor_options o = refmath_tensor_default_options();
  o.variant = FromName<refmath_variant>(refmath_variant_from_name, variant,
                                        "variant", " (valid: exact, fast)");
  o.target =
      target.is_none()
          ? CurrentTarget()
          : FromName<refmath_target>(
                refmath_target_from_name, py::str(target), "target",
                " (refmath.targets(variant) lists the usable ones)");
  if (mode == "canonical") {
    o.mode = REFMATH_SUM_CANONICAL;
  } else if (mode == "correctly_rounded") {
    o.mode = REFMATH_SUM_CORRECTLY_ROUNDED;
  } else {
    Refuse("unknown mode '" + mode + "' (valid: canonical, correctly_rounded)");
  }
  o.threads = threads;
  return o;
}

// Runs `body` (one C call) without the GIL; returns out or raises.
py::array Run(Call* c, const Operand& out, bool out_given,
              const std::function<int(const refmath_tensor_options*)>& body) {
  if (out_given) c->operands.push_back(&out);
  int status;
  {
    py::gil_scoped_release release;
    status = body(&c->options);
  }
  if (status != REFMATH_OK) Raise(status, *c);
  return out.array;
}

// The axis as the C API's int: one outside int's range is out of range
// for every view, and stays so.
int CAxis(long long axis) {
  return axis < INT_MIN || axis > INT_MAX ? INT_MAX : static_cast<int>(axis);
}

// in's shape without `axis`, or in's shape for an axis out of range (the
// C API then reports the axis).
vector<size_t> ReducedShape(const vector<size_t>& in, long long axis) {
  const long long nd = static_cast<long long>(in.size());
  if (axis < -nd || axis >= nd) return in;
  vector<size_t> out = in;
  out.erase(out.begin() + (axis < 0 ? axis + nd : axis));
  return out;
}

size_t DimOr0(const Operand& o, size_t ndim, size_t i) {
  return o.shape.size() == ndim ? o.shape[i] : 0;
}

using Reducer = int (*)(const refmath_tensor*, int, const refmath_tensor*,
                        const refmath_tensor_options*);
using RowOp = int (*)(const refmath_tensor*, const refmath_tensor*,
                      const refmath_tensor_options*);

// refmath_tensor_reduce with one op, in the Reducer form of sum and mean.
template <refmath_reduce_op kOp>
int ReduceBy(const refmath_tensor* in, int axis, const refmath_tensor* out,
             const refmath_tensor_options* opt) {
  return refmath_tensor_reduce(in, kOp, axis, out, opt);
}

py::array Reduce(const char* op, Reducer fn, py::handle x, long long axis,
                 py::handle out, const string& variant,
                 const py::object& target, const string& mode, int threads) {
  Call c;
  c.op = op;
  c.options = Options(variant, target, mode, threads);
  const Operand in = Input(x, "x");
  bool given;
  const Operand y = Output(out, ReducedShape(in.shape, axis), &given);
  c.operands = {&in};
  c.first = &in;
  c.has_axis = true;
  c.axis = axis;
  const int ax = CAxis(axis);
  return Run(&c, y, given, [&](const refmath_tensor_options* o) {
    return fn(&in.view, ax, &y.view, o);
  });
}

py::array Rows(const char* op, RowOp fn, py::handle x, py::handle out,
               const string& variant, const py::object& target, int threads) {
  Call c;
  c.op = op;
  c.options = Options(variant, target, "canonical", threads);
  const Operand in = Input(x, "x");
  bool given;
  const Operand y = Output(out, in.shape, &given);
  c.operands = {&in};
  c.first = &in;
  return Run(&c, y, given, [&](const refmath_tensor_options* o) {
    return fn(&in.view, &y.view, o);
  });
}

py::array Dot(py::handle x, py::handle y, py::handle out,
              const string& variant, const py::object& target, int threads) {
  Call c;
  c.op = "dot";
  c.options = Options(variant, target, "canonical", threads);
  const Operand vx = Input(x, "x"), vy = Input(y, "y");
  bool given;
  const Operand r = Output(out, {}, &given);
  c.operands = {&vx, &vy};
  c.first = &vx;
  return Run(&c, r, given, [&](const refmath_tensor_options* o) {
    return refmath_tensor_dot(&vx.view, &vy.view, &r.view, o);
  });
}

py::array Matmul(py::handle a, py::handle b, py::handle out,
                 const string& variant, const py::object& target,
                 int threads) {
  Call c;
  c.op = "matmul";
  c.options = Options(variant, target, "canonical", threads);
  const Operand va = Input(a, "a"), vb = Input(b, "b");
  bool given;
  // numpy.matmul's shape as the library gives it; on a mismatch the call
  // below reports it.
  size_t ndim = 0, shape[REFMATH_TENSOR_MAX_DIMS];
  if (refmath_tensor_matmul_shape(&va.view, &vb.view, &ndim, shape) !=
      REFMATH_OK) {
    ndim = 0;
  }
  const Operand r = Output(out, vector<size_t>(shape, shape + ndim), &given);
  c.operands = {&va, &vb};
  c.first = &va;
  return Run(&c, r, given, [&](const refmath_tensor_options* o) {
    return refmath_tensor_matmul(&va.view, &vb.view, &r.view, o);
  });
}

const refmath_tensor* Optional(const Operand& o) {
  return o.present ? &o.view : nullptr;
}

py::array Norm(const char* op, py::handle x, py::handle scale,
               py::handle bias, float eps, py::handle out,
               const string& variant, const py::object& target, int threads) {
  Call c;
  c.op = op;
  c.options = Options(variant, target, "canonical", threads);
  const bool layer = string(op) == "layer_norm";
  const Operand in = Input(x, "x"), g = Input(scale, "scale", true),
                b = Input(bias, "bias", true);
  bool given;
  const Operand y = Output(out, in.shape, &given);
  c.operands = {&in, &g, &b};
  c.first = &in;
  c.has_eps = true;
  c.eps = eps;
  return Run(&c, y, given, [&](const refmath_tensor_options* o) {
    return layer ? refmath_tensor_layer_norm(&in.view, Optional(g),
                                             Optional(b), eps, &y.view, o)
                 : refmath_tensor_rms_norm(&in.view, Optional(g), eps,
                                           &y.view, o);
  });
}

// layer norm and its statistics (ONNX's Mean and InvStdDev), each new
// arrays of x's shape with the last axis 1: (y, mean, inv_std_dev).
py::tuple LayerNormStats(py::handle x, py::handle scale, py::handle bias,
                         float eps, py::handle out, const string& variant,
                         const py::object& target, int threads) {
  Call c;
  c.op = "layer_norm";
  c.options = Options(variant, target, "canonical", threads);
  const Operand in = Input(x, "x"), g = Input(scale, "scale", true),
                b = Input(bias, "bias", true);
  bool given, unused;
  const Operand y = Output(out, in.shape, &given);
  vector<size_t> per_row = in.shape;
  if (!per_row.empty()) per_row.back() = 1;
  const Operand mean = Output(py::none(), per_row, &unused),
                inv = Output(py::none(), per_row, &unused);
  c.operands = {&in, &g, &b};
  c.first = &in;
  c.has_eps = true;
  c.eps = eps;
  py::array result = Run(&c, y, given, [&](const refmath_tensor_options* o) {
    return refmath_tensor_layer_norm_stats(&in.view, Optional(g), Optional(b), eps,
                                           &y.view, &mean.view, &inv.view, o);
  });
  return py::make_tuple(result, mean.array, inv.array);
}

py::array Gemm(py::handle a, py::handle b, py::handle c_arg, float alpha,
               float beta, bool trans_a, bool trans_b, py::handle out,
               const string& variant, const py::object& target,
               int threads) {
  Call c;
  c.op = "gemm";
  c.options = Options(variant, target, "canonical", threads);
  const Operand va = Input(a, "a"), vb = Input(b, "b"),
                vc = Input(c_arg, "c", true);
  bool given;
  const Operand r = Output(out, {DimOr0(va, 2, trans_a ? 1 : 0),
                                 DimOr0(vb, 2, trans_b ? 0 : 1)},
                           &given);
  c.operands = {&va, &vb, &vc};
  c.first = &va;
  return Run(&c, r, given, [&](const refmath_tensor_options* o) {
    return refmath_tensor_gemm(&va.view, &vb.view, Optional(vc), alpha, beta,
                               trans_a, trans_b, &r.view, o);
  });
}

py::array Attention(py::handle q, py::handle k, py::handle v, py::handle mask,
                    py::handle out, const string& variant,
                    const py::object& target, int threads) {
  Call c;
  c.op = "attention";
  c.options = Options(variant, target, "canonical", threads);
  const Operand vq = Input(q, "q"), vk = Input(k, "k"), vv = Input(v, "v"),
                vm = Input(mask, "mask", true);
  bool given;
  const Operand r =
      Output(out, {DimOr0(vq, 2, 0), DimOr0(vv, 2, 1)}, &given);
  c.operands = {&vq, &vk, &vv, &vm};
  c.first = &vq;
  return Run(&c, r, given, [&](const refmath_tensor_options* o) {
    return refmath_tensor_attention(&vq.view, &vk.view, &vv.view,
                                    Optional(vm), &r.view, o);
  });
}

py::array AttentionHeads(py::handle q, py::handle k, py::handle v,
                         py::handle mask, py::handle keep, bool has_scale,
                         float scale, bool causal, py::handle out,
                         const string& variant, const py::object& target,
                         int threads) {
  Call c;
  c.op = "attention";
  c.options = Options(variant, target, "canonical", threads);
  const Operand vq = Input(q, "q"), vk = Input(k, "k"), vv = Input(v, "v"),
                vm = Input(mask, "mask", true), vkeep = Input(keep, "mask", true);
  bool given;
  const Operand r = Output(out, {DimOr0(vq, 4, 0), DimOr0(vq, 4, 1),
                                 DimOr0(vq, 4, 2), DimOr0(vv, 4, 3)},
                           &given);
  c.operands = {&vq, &vk, &vv, &vm, &vkeep};
  c.first = &vq;
  refmath_attention_options a = refmath_attention_default_options();
  a.mask = Optional(vm);
  a.keep = Optional(vkeep);
  a.has_scale = has_scale;
  a.scale = scale;
  a.causal = causal;
  return Run(&c, r, given, [&](const refmath_tensor_options* o) {
    return refmath_tensor_attention_heads(&vq.view, &vk.view, &vv.view, &a,
                                          &r.view, o);
  });
}

// An elementwise op (refmath_tensor_activation, _swiglu, _add, _rope):
// the inputs named as the Python function names them, out of the first
// one's shape; call(inputs, out view, options) is the C call.
using Inputs = vector<std::pair<py::object, string>>;
using ElementwiseCall = std::function<int(
    const vector<Operand>&, const refmath_tensor*, const refmath_tensor_options*)>;

py::array Elementwise(const string& op, const Inputs& args, py::handle out,
                      const string& variant, const py::object& target,
                      int threads, const ElementwiseCall& call) {
  static const std::pair<const char*, const char*> kRules[] = {
      {"swiglu", " (gate, up and out of one shape)"},
      {"add", " (b broadcasts to a's shape from the right; out is a's)"},
      {"rope",
       " (x's last axis even; cos and sin broadcast to x's shape with that "
       "axis halved; out is x's)"}};
  Call c;
  c.op = op;
  c.shape_rule = " (out has x's shape)";
  for (const auto& rule : kRules) {
    if (op == rule.first) c.shape_rule = rule.second;
  }
  c.options = Options(variant, target, "canonical", threads);
  vector<Operand> ins;
  ins.reserve(args.size());
  for (const auto& a : args) {
    ins.push_back(Input(a.first, a.second));
    c.operands.push_back(&ins.back());
  }
  bool given;
  const Operand y = Output(out, ins[0].shape, &given);
  c.first = &ins[0];
  return Run(&c, y, given, [&](const refmath_tensor_options* o) {
    return call(ins, &y.view, o);
  });
}

void BindElementwise(py::module_ m) {
  m.def("activation",
        [](const string& op, py::object x, int act, py::object out,
           const string& variant, py::object target, int threads) {
          return Named(op, [&] {
            return Elementwise(
                op, {{x, "x"}}, out, variant, target, threads,
                [act](const vector<Operand>& in, const refmath_tensor* y,
                      const refmath_tensor_options* o) {
                  return refmath_tensor_activation(
                      &in[0].view, static_cast<refmath_activation>(act), y, o);
                });
          });
        },
        py::arg("op"), py::arg("x"), py::arg("act"), py::arg("out"),
        py::arg("variant"), py::arg("target"), py::arg("threads"));
  m.def("swiglu",
        [](py::object gate, py::object up, py::object out,
           const string& variant, py::object target, int threads) {
          return Named("swiglu", [&] {
            return Elementwise(
                "swiglu", {{gate, "gate"}, {up, "up"}}, out, variant, target,
                threads,
                [](const vector<Operand>& in, const refmath_tensor* y,
                   const refmath_tensor_options* o) {
                  return refmath_tensor_swiglu(&in[0].view, &in[1].view, y, o);
                });
          });
        },
        py::arg("gate"), py::arg("up"), py::arg("out"), py::arg("variant"),
        py::arg("target"), py::arg("threads"));
  m.def("add",
        [](py::object a, py::object b, py::object out, const string& variant,
           py::object target, int threads) {
          return Named("add", [&] {
            return Elementwise(
                "add", {{a, "a"}, {b, "b"}}, out, variant, target, threads,
                [](const vector<Operand>& in, const refmath_tensor* y,
                   const refmath_tensor_options* o) {
                  return refmath_tensor_add(&in[0].view, &in[1].view, y, o);
                });
          });
        },
        py::arg("a"), py::arg("b"), py::arg("out"), py::arg("variant"),
        py::arg("target"), py::arg("threads"));
  m.def("rope",
        [](py::object x, py::object cos, py::object sin, bool interleaved,
           py::object out, const string& variant, py::object target,
           int threads) {
          return Named("rope", [&] {
            return Elementwise(
                "rope", {{x, "x"}, {cos, "cos"}, {sin, "sin"}}, out, variant,
                target, threads,
                [interleaved](const vector<Operand>& in,
                              const refmath_tensor* y,
                              const refmath_tensor_options* o) {
                  return refmath_tensor_rope(&in[0].view, &in[1].view,
                                             &in[2].view, interleaved ? 1 : 0,
                                             y, o);
                });
          });
        },
        py::arg("x"), py::arg("cos"), py::arg("sin"), py::arg("interleaved"),
        py::arg("out"), py::arg("variant"), py::arg("target"),
        py::arg("threads"));
}

// Half-precision storage (refmath_tensor_widen, refmath_tensor_narrow):
// "float16" is binary16 in NumPy's float16, "bfloat16" its bit patterns
// in uint16 arrays.
refmath_half_format HalfFormat(const string& format) {
  if (format == "float16") return REFMATH_HALF_BINARY16;
  if (format == "bfloat16") return REFMATH_HALF_BFLOAT16;
  Refuse("unknown dtype '" + format + "' (valid: float16, bfloat16)");
}

int StorageType(refmath_half_format f) {
  return f == REFMATH_HALF_BINARY16 ? NPY_HALF : NPY_UINT16;
}

const char* StorageName(refmath_half_format f) {
  return f == REFMATH_HALF_BINARY16 ? "float16"
                                    : "uint16 (bfloat16 bit patterns)";
}

// `h` as a C-contiguous array of `type` (a copy where it is not one);
// TypedArray's errors else.
py::array Contiguous(py::handle h, int type, const string& name,
                     const string& expected) {
  const py::array a = TypedArray(h, type, name, expected);
  PyObject* c = PyArray_FromAny(a.ptr(), nullptr, 0, 0,
                                NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED,
                                nullptr);
  if (c == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::array>(c);
}

[[noreturn]] void RaiseConversion(int status, int threads) {
  string text = refmath_status_string(status);
  if (status == REFMATH_E_BAD_ARGUMENT) {
    text += ": threads " + std::to_string(threads) +
            " (None or 0 for the default, else a positive count)";
  }
  Refuse(text);
}

py::array Widen(py::handle x, const string& format, int threads) {
  const refmath_half_format f = HalfFormat(format);
  const py::array in = Contiguous(x, StorageType(f), "x", StorageName(f));
  py::array out(py::dtype::of<float>(),
                vector<py::ssize_t>(in.shape(), in.shape() + in.ndim()));
  refmath_tensor_options o = refmath_tensor_default_options();
  o.threads = threads;
  int status;
  {
    py::gil_scoped_release release;
    status = refmath_tensor_widen(
        f, static_cast<const unsigned short*>(in.data()),
        static_cast<float*>(out.mutable_data()),
        static_cast<size_t>(in.size()), &o);
  }
  if (status != REFMATH_OK) RaiseConversion(status, threads);
  return out;
}

// y rounded to the format, into `out` (of that storage dtype and y's
// shape, any strides) or a new array.
py::array Narrow(py::handle y, const string& format, py::handle out,
                 int threads) {
  const refmath_half_format f = HalfFormat(format);
  const int type = StorageType(f);
  const string storage = StorageName(f);
  const py::array in = Contiguous(y, NPY_FLOAT, "y", "float32");
  const vector<py::ssize_t> shape(in.shape(), in.shape() + in.ndim());
  py::array dest;
  if (!out.is_none()) {
    dest = py::reinterpret_borrow<py::array>(out);
    if (!py::isinstance<py::array>(out) || PyArray_TYPE(Raw(dest)) != type ||
        !PyArray_ISNOTSWAPPED(Raw(dest))) {
      throw py::type_error("out: expected a " + storage + " array, got " +
                           (py::isinstance<py::array>(out)
                                ? "dtype " + string(py::str(dest.dtype()))
                                : string(py::str(
                                      out.get_type().attr("__name__")))));
    }
    if (!PyArray_ISWRITEABLE(Raw(dest))) Refuse("out: the array is read-only");
    if (vector<py::ssize_t>(dest.shape(), dest.shape() + dest.ndim()) != shape) {
      Refuse("out: shape " + ShapeText(vector<size_t>(dest.shape(), dest.shape() + dest.ndim())) +
             ", the result's is " +
             ShapeText(vector<size_t>(shape.begin(), shape.end())));
    }
  }
  py::array bits(py::dtype(type), shape);
  refmath_tensor_options o = refmath_tensor_default_options();
  o.threads = threads;
  int status;
  {
    py::gil_scoped_release release;
    status = refmath_tensor_narrow(
        f, static_cast<const float*>(in.data()),
        static_cast<unsigned short*>(bits.mutable_data()),
        static_cast<size_t>(in.size()), &o);
  }
  if (status != REFMATH_OK) RaiseConversion(status, threads);
  if (out.is_none()) return bits;
  if (PyArray_CopyInto(Raw(dest), Raw(bits)) != 0) {
    throw py::error_already_set();
  }
  return dest;
}

// softmax, log_softmax, layer_norm and rms_norm over the last axis of a
// half-precision array in one library call (refmath_tensor_softmax16 ...):
// x of the format's storage dtype, scale and bias float32 or None; a new
// array of x's shape and dtype.
py::array Rows16(const string& op, py::handle x, py::handle scale,
                 py::handle bias, float eps, const string& format,
                 const string& variant, const py::object& target,
                 int threads) {
  const refmath_half_format f = HalfFormat(format);
  const int type = StorageType(f);
  const py::array in = Contiguous(x, type, "x", StorageName(f));
  CheckDims(in, "x");
  const vector<py::ssize_t> shape(in.shape(), in.shape() + in.ndim());
  py::array out(py::dtype(type), shape);
  vector<size_t> dims(shape.begin(), shape.end());
  const refmath_tensor16 vx = refmath_tensor16_contiguous(
      static_cast<unsigned short*>(const_cast<void*>(in.data())), dims.size(),
      dims.data());
  const refmath_tensor16 vy = refmath_tensor16_contiguous(
      static_cast<unsigned short*>(out.mutable_data()), dims.size(),
      dims.data());
  const Operand g = Input(scale, "scale", true), b = Input(bias, "bias", true);
  Call c;
  c.op = op;
  c.options = Options(variant, target, "canonical", threads);
  c.has_eps = op == "layer_norm" || op == "rms_norm";
  c.eps = eps;
  int status;
  {
    py::gil_scoped_release release;
    const refmath_tensor_options* o = &c.options;
    if (op == "softmax") {
      status = refmath_tensor_softmax16(f, &vx, &vy, o);
    } else if (op == "log_softmax") {
      status = refmath_tensor_log_softmax16(f, &vx, &vy, o);
    } else if (op == "layer_norm") {
      status = refmath_tensor_layer_norm16(f, &vx, Optional(g), Optional(b),
                                           eps, &vy, o);
    } else {
      status = refmath_tensor_rms_norm16(f, &vx, Optional(g), eps, &vy, o);
    }
  }
  if (status != REFMATH_OK) {
    Operand shown;
    shown.name = "x";
    shown.present = true;
    shown.shape = dims;
    c.operands = {&shown, &g, &b};
    c.first = &shown;
    Raise(status, c);
  }
  return out;
}

void BindStorage(py::module_ m) {
  m.def("rows16",
        [](const string& op, py::object x, py::object scale, py::object bias,
           float eps, const string& format, const string& variant,
           py::object target, int threads) {
          return Named(op, [&] {
            return Rows16(op, x, scale, bias, eps, format, variant, target,
                          threads);
          });
        },
        py::arg("op"), py::arg("x"), py::arg("scale"), py::arg("bias"),
        py::arg("eps"), py::arg("format"), py::arg("variant"),
        py::arg("target"), py::arg("threads"));
  m.def("widen",
        [](py::object x, const string& format, int threads) {
          return Named("widen", [&] { return Widen(x, format, threads); });
        },
        py::arg("x"), py::arg("format"), py::arg("threads"));
  m.def("narrow",
        [](py::object y, const string& format, py::object out, int threads) {
          return Named("narrow",
                       [&] { return Narrow(y, format, out, threads); });
        },
        py::arg("y"), py::arg("format"), py::arg("out"), py::arg("threads"));
}

}  // namespace

void BindTensor(py::module_ m) {
  for (const auto& entry :
       {std::make_pair("sum", &refmath_tensor_sum),
        std::make_pair("mean", &refmath_tensor_mean),
        std::make_pair("max", &ReduceBy<REFMATH_REDUCE_MAX>),
        std::make_pair("min", &ReduceBy<REFMATH_REDUCE_MIN>),
        std::make_pair("prod", &ReduceBy<REFMATH_REDUCE_PROD>),
        std::make_pair("sum_square", &ReduceBy<REFMATH_REDUCE_SUM_SQUARE>),
        std::make_pair("l1_norm", &ReduceBy<REFMATH_REDUCE_L1>),
        std::make_pair("l2_norm", &ReduceBy<REFMATH_REDUCE_L2>),
        std::make_pair("logsumexp", &ReduceBy<REFMATH_REDUCE_LOG_SUM_EXP>)}) {
    const char* name = entry.first;
    const Reducer fn = entry.second;
    m.def(name,
          [name, fn](py::object x, long long axis, py::object out,
                     const string& variant, py::object target,
                     const string& mode, int threads) {
            return Named(name, [&] {
              return Reduce(name, fn, x, axis, out, variant, target, mode,
                            threads);
            });
          },
          py::arg("x"), py::arg("axis"), py::arg("out"), py::arg("variant"),
          py::arg("target"), py::arg("mode"), py::arg("threads"));
  }
  for (const auto& entry :
       {std::make_pair("softmax", &refmath_tensor_softmax),
        std::make_pair("log_softmax", &refmath_tensor_log_softmax)}) {
    const char* name = entry.first;
    const RowOp fn = entry.second;
    m.def(name,
          [name, fn](py::object x, py::object out, const string& variant,
                     py::object target, int threads) {
            return Named(name, [&] {
              return Rows(name, fn, x, out, variant, target, threads);
            });
          },
          py::arg("x"), py::arg("out"), py::arg("variant"), py::arg("target"),
          py::arg("threads"));
  }
  m.def("dot",
        [](py::object x, py::object y, py::object out, const string& variant,
           py::object target, int threads) {
          return Named("dot", [&] {
            return Dot(x, y, out, variant, target, threads);
          });
        },
        py::arg("x"), py::arg("y"), py::arg("out"), py::arg("variant"),
        py::arg("target"), py::arg("threads"));
  m.def("matmul",
        [](py::object a, py::object b, py::object out, const string& variant,
           py::object target, int threads) {
          return Named("matmul", [&] {
            return Matmul(a, b, out, variant, target, threads);
          });
        },
        py::arg("a"), py::arg("b"), py::arg("out"), py::arg("variant"),
        py::arg("target"), py::arg("threads"));
  m.def("gemm",
        [](py::object a, py::object b, py::object c, float alpha, float beta,
           bool trans_a, bool trans_b, py::object out, const string& variant,
           py::object target, int threads) {
          return Named("gemm", [&] {
            return Gemm(a, b, c, alpha, beta, trans_a, trans_b, out, variant,
                        target, threads);
          });
        },
        py::arg("a"), py::arg("b"), py::arg("c"), py::arg("alpha"),
        py::arg("beta"), py::arg("trans_a"), py::arg("trans_b"),
        py::arg("out"), py::arg("variant"), py::arg("target"),
        py::arg("threads"));
  m.def("layer_norm",
        [](py::object x, py::object scale, py::object bias, float eps,
           py::object out, const string& variant, py::object target,
           int threads) {
          return Named("layer_norm", [&] {
            return Norm("layer_norm", x, scale, bias, eps, out, variant,
                        target, threads);
          });
        },
        py::arg("x"), py::arg("scale"), py::arg("bias"), py::arg("eps"),
        py::arg("out"), py::arg("variant"), py::arg("target"),
        py::arg("threads"));
  m.def("layer_norm_stats",
        [](py::object x, py::object scale, py::object bias, float eps,
           py::object out, const string& variant, py::object target,
           int threads) {
          return Named("layer_norm", [&] {
            return LayerNormStats(x, scale, bias, eps, out, variant, target,
                                  threads);
          });
        },
        py::arg("x"), py::arg("scale"), py::arg("bias"), py::arg("eps"),
        py::arg("out"), py::arg("variant"), py::arg("target"),
        py::arg("threads"));
  m.def("rms_norm",
        [](py::object x, py::object scale, float eps, py::object out,
           const string& variant, py::object target, int threads) {
          return Named("rms_norm", [&] {
            return Norm("rms_norm", x, scale, py::none(), eps, out, variant,
                        target, threads);
          });
        },
        py::arg("x"), py::arg("scale"), py::arg("eps"), py::arg("out"),
        py::arg("variant"), py::arg("target"), py::arg("threads"));
  m.def("attention_heads",
        [](py::object q, py::object k, py::object v, py::object mask,
           py::object keep, bool has_scale, float scale, bool causal,
           py::object out, const string& variant, py::object target,
           int threads) {
          return Named("attention", [&] {
            return AttentionHeads(q, k, v, mask, keep, has_scale, scale,
                                  causal, out, variant, target, threads);
          });
        },
        py::arg("q"), py::arg("k"), py::arg("v"), py::arg("mask"),
        py::arg("keep"), py::arg("has_scale"), py::arg("scale"),
        py::arg("causal"), py::arg("out"), py::arg("variant"),
        py::arg("target"), py::arg("threads"));
  m.def("attention",
        [](py::object q, py::object k, py::object v, py::object mask,
           py::object out, const string& variant, py::object target,
           int threads) {
          return Named("attention", [&] {
            return Attention(q, k, v, mask, out, variant, target, threads);
          });
        },
        py::arg("q"), py::arg("k"), py::arg("v"), py::arg("mask"),
        py::arg("out"), py::arg("variant"), py::arg("target"),
        py::arg("threads"));
  BindElementwise(m);
  BindStorage(m);
}

}  // namespace python
}  // namespace refmath
