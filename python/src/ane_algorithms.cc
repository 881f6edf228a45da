// refmath.ane's algorithms: the linear solvers by name (`refmath ane
// solve`, src/ane/algorithms/solve.h) and the weight encodings with their
// gate (`refmath ane compress`).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "python/src/ane_args.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "refmath/ane/compress.h"
#include "src/ane/algorithms/solve.h"
#include "src/base/text.h"
#include "src/emulator_io/npy_tensor.h"

namespace py = pybind11;
using std::optional;
using std::string;

namespace refmath {
namespace python {
namespace {

// (x as float64 [n], and None or, after a breakdown, the line that says
// what x then is: ane::BreakdownText).
py::tuple Solve(const string& method, const ane::SolveOptions& o,
                const py::array& a_in, const py::array& b_in,
                const ane::Profile& p) {
  if (!ane::IsSolveMethod(method)) {
    Refuse("unknown method '" + method + "' (valid: " +
           ane::kSolveMethodNames + ")");
  }
  for (int v : {o.cg.iterations, o.cg.refine, o.rounds, o.inner}) {
    if (v < 0 || v > 100000) Refuse("step counts must be in 0..100000");
  }
  const ane::Tensor a = AneTensor(a_in, "a", p), b = AneTensor(b_in, "b", p);
  string error;
  if (!ane::CheckSolveShapes(method, a, b, "a", "b", &error)) Refuse(error);
  if (method == "refine" && o.x0.size() != a.cols()) {
    Refuse("x0: " + std::to_string(o.x0.size()) + " values, not " +
           std::to_string(a.cols()));
  }
  ane::Solution x;
  {
    py::gil_scoped_release release;
    x = ane::SolveWith(method, a, b, o, p);
  }
  return py::make_tuple(
      FromNpy(ane::HostValuesToNpy(x.x, {x.x.size()})),
      x.breakdown ? py::object(py::str(ane::BreakdownText(method))) : py::none());
}

// W's values as binary32 and its [rows, cols] (a vector is one row).
std::vector<float> Weight(const py::array& w_in, size_t* rows, size_t* cols,
                          io::NpyArray* array) {
  *array = ToNpy(w_in, io::kFloatDTypes, "w");
  const ane::Shape& s = array->shape;
  if (s.empty() || s.size() > 2 || array->count() == 0) {
    Refuse("w: shape " + ShapeText(s) +
           " is not a non-empty [rows, cols] or [cols] weight");
  }
  *rows = s.size() == 2 ? s[0] : 1;
  *cols = s.back();
  if (array->dtype == io::DType::kFloat32) return io::Float32Values(*array);
  std::vector<float> w;
  for (uint32_t h : array->bits) w.push_back(HalfToFloat(static_cast<Half>(h)));
  return w;
}

// {"weight": the fp16 weight the device computes with, "encoding",
// "frobenius_relerr", and with a gate input "gate_relerr", "accepted";
// for "auto" the chosen encoding and its "trail"}.
py::dict Compress(const py::array& w_in, const string& encoding,
                  const optional<py::array>& gate_input, double tolerance,
                  const ane::Profile& p) {
  size_t rows, cols;
  io::NpyArray array;
  const std::vector<float> w = Weight(w_in, &rows, &cols, &array);
  ane::WeightModel model;
  if (gate_input) {
    const ane::Tensor x = AneTensor(*gate_input, "gate_input", p);
    if (x.rank() != 2 || x.cols() != cols) {
      Refuse("gate_input: shape " + ShapeText(x.shape()) +
             " is not [batch, " + std::to_string(cols) + "]");
    }
    model = ane::LinearLayerModel(x, rows, cols, p);
  } else if (encoding == "auto") {
    Refuse("encoding 'auto' needs gate_input");
  }
  py::dict out;
  std::vector<Half> weight;
  if (encoding == "auto") {
    const ane::Choice c = ane::ChooseEncoding(w, rows, cols, model, tolerance);
    weight = c.weight;
    out["encoding"] = ane::EncodingName(c.encoding);
    out["gate_relerr"] = c.relerr;
    out["trail"] = c.trail;
  } else {
    ane::Encoding e;
    string why;
    if (!ane::FindEncoding(encoding, &e)) {
      Refuse("unknown encoding '" + encoding +
             "' (valid: fp16, int8, int4, sparse, auto)");
    }
    if (!ane::EncodedWeight(e, w, rows, cols, &weight, &why)) Refuse(why);
    out["encoding"] = encoding;
    if (model) {
      const double relerr = ane::EncodedGateError(w, weight, model);
      out["gate_relerr"] = relerr;
      out["accepted"] = ane::GateAccepts(relerr, tolerance);
    }
  }
  out["frobenius_relerr"] = ane::FrobeniusRelativeError(w, weight);
  out["weight"] = FromNpy(io::Float16Array(array.shape, weight));
  return out;
}

}  // namespace

void BindAneAlgorithms(py::module_& m) {
  m.def("solve", [](const string& method, const py::array& a,
                    const py::array& b, int iterations, int refine,
                    bool jacobi, std::vector<double> x0, int rounds, int inner,
                    const string& profile, optional<string> acc,
                    optional<int> tile) {
    ane::SolveOptions o;
    o.cg.iterations = iterations;
    o.cg.refine = refine;
    o.cg.jacobi = jacobi;
    o.rounds = rounds;
    o.inner = inner;
    o.x0 = std::move(x0);
    return Solve(method, o, a, b, AneProfile(profile, acc, tile));
  });
  m.def("compress", [](const py::array& w, const string& encoding,
                       optional<py::array> gate_input, double tolerance,
                       const string& profile, optional<string> acc,
                       optional<int> tile) {
    return Compress(w, encoding, gate_input, tolerance,
                    AneProfile(profile, acc, tile));
  });
  m.attr("DEFAULT_GATE_TOLERANCE") = ane::kDefaultGateTolerance;
  m.attr("DEFAULT_CG_ITERATIONS") = ane::CgOptions{}.iterations;
  m.attr("DEFAULT_LSQR_ITERATIONS") = ane::kDefaultLsqrIterations;
  m.attr("DEFAULT_ROUNDS") = ane::SolveOptions{}.rounds;
  m.attr("DEFAULT_INNER") = ane::SolveOptions{}.inner;
}

}  // namespace python
}  // namespace refmath
