// refmath.ane: the ANE fp16 model (src/ane, src/ane/algorithms) over NumPy
// arrays, through the calls `refmath ane ...` makes (tools/cli/cmd_ane*.cc).
// Operands are float16 (bits kept) or float32/float64 (rounded by the
// profile's input cast, ane/npy_tensor.h); results are float16, a solver's
// x float64.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python/src/ane_args.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "refmath/ane/fft.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"
#include "src/emulator_io/npy_tensor.h"
#include "refmath/ane/unary.h"

namespace py = pybind11;
using std::optional;
using std::string;

namespace refmath {
namespace python {

ane::Profile AneProfile(const string& name, const optional<string>& accumulator,
                        optional<int> tile) {
  ane::Profile p;
  string error;
  if (!ane::FindProfile(name, &p, &error) ||
      (accumulator && !ane::FindAccumulator(*accumulator, &p.accumulator,
                                            &error))) {
    Refuse(error);
  }
  if (tile) {
    if (*tile < 1 || *tile > ane::kMaxTile) {
      Refuse("tile must be in 1.." + std::to_string(ane::kMaxTile));
    }
    p.tile = *tile;
  }
  return p;
}

ane::Tensor AneTensor(const py::array& a, const string& name,
                      const ane::Profile& p) {
  ane::Tensor t;
  string error;
  if (!ane::TensorFromNpy(ToNpy(a, ane::kTensorDTypes, name), name, p, &t,
                          &error)) {
    Refuse(error);
  }
  return t;
}

py::array AneOut(const ane::Tensor& t) { return FromNpy(ane::TensorToNpy(t)); }

AneComplexArgs AneComplex(const py::array& re, const optional<py::array>& im,
                          const string& method, const ane::Profile& p) {
  if (method != "dense" && method != "staged") {
    Refuse("unknown method '" + method + "' (valid: dense, staged)");
  }
  AneComplexArgs args;
  args.re = AneTensor(re, "re", p);
  args.has_im = im.has_value();
  if (im) args.im = AneTensor(*im, "im", p);
  return args;
}

namespace {

py::array Eval(const string& name, const py::array& x, const string& profile) {
  const ane::UnaryFunction* f = ane::FindUnary(name);
  if (f == nullptr) {
    Refuse("unknown function '" + name + "' (valid: " + ane::UnaryNames() +
           ")");
  }
  const ane::Profile p = AneProfile(profile, {}, {});
  io::NpyArray values = ane::AsFloat16(ToNpy(x, ane::kTensorDTypes, "x"), p);
  for (uint32_t& bits : values.bits) {
    bits = f->eval(static_cast<uint16_t>(bits), p);
  }
  return FromNpy(values);
}

py::tuple Fft(const py::array& re_in, const optional<py::array>& im_in,
              bool inverse, double scale, const string& method,
              const ane::Profile& p) {
  const AneComplexArgs in = AneComplex(re_in, im_in, method, p);
  const ane::Tensor& re = in.re;
  ane::ComplexTensor x;
  string error;
  if (!ane::DftRows(re, in.im_or_null(), "re", "im", &x, &error)) {
    Refuse(error);
  }
  const bool staged = method == "staged";
  ane::ComplexTensor y;
  {
    py::gil_scoped_release release;
    y = inverse  ? ane::InverseDft(x, staged, p)
        : staged ? ane::StagedDft(x, ane::kForward, scale, p)
                 : ane::DenseDft(x, ane::kForward, scale, p);
  }
  return py::make_tuple(AneOut(ane::Tensor(re.shape(), y.re.data())),
                        AneOut(ane::Tensor(re.shape(), y.im.data())));
}

py::array Binary(const string& name, const py::array& a, const py::array& b,
                 const string& profile) {
  const ane::BinaryFunction* f = ane::FindBinary(name);
  if (f == nullptr) {
    Refuse("unknown op '" + name + "' (valid: " + ane::BinaryNames() + ")");
  }
  const ane::Profile p = AneProfile(profile, {}, {});
  return AneOut(ane::Map2(AneTensor(a, "a", p), AneTensor(b, "b", p), f->eval, p));
}

void BindTensorOps(py::module_& m) {
  m.def("eval", &Eval, py::arg("function"), py::arg("x"), py::arg("profile"));
  m.def("binary", &Binary, py::arg("op"), py::arg("a"), py::arg("b"),
        py::arg("profile"));
  m.def("select", [](const py::array& cond, const py::array& a,
                     const py::array& b, const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    return AneOut(ane::Select(AneTensor(cond, "cond", p), AneTensor(a, "a", p),
                              AneTensor(b, "b", p), p));
  });
  m.def("binary_functions", [] {
    std::vector<std::pair<string, string>> out;
    for (const ane::BinaryFunction& f : ane::BinaryFunctions()) {
      out.emplace_back(f.name, f.description);
    }
    return out;
  });
  m.def("functions", [] {
    std::vector<std::pair<string, string>> out;
    for (const ane::UnaryFunction& f : ane::UnaryFunctions()) {
      out.emplace_back(f.name, f.description);
    }
    return out;
  });
  m.def("profiles", [] {
    std::vector<std::pair<string, string>> out;
    for (const ane::Profile& p : ane::Presets()) {
      out.emplace_back(p.name, p.source);
    }
    return out;
  });
  m.def("matmul", [](const py::array& a, const py::array& b,
                     const string& profile, optional<string> acc,
                     optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    return AneOut(ane::Matmul(AneTensor(a, "a", p), AneTensor(b, "b", p), p));
  });
  m.def("reduce_sum", [](const py::array& x, int axis, const string& route,
                         const string& profile, optional<string> acc,
                         optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    if (route != "narrow" && route != "matmul") {
      Refuse("unknown route '" + route + "' (valid: narrow, matmul)");
    }
    const ane::Tensor t = AneTensor(x, "x", p);
    return AneOut(route == "narrow" ? ane::ReduceSum(t, axis, p)
                                 : ane::ReduceSumAsMatmul(t, axis, p));
  });
  m.def("slice_last_axis", [](const py::array& x, size_t offset, size_t width,
                              const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    return AneOut(ane::SliceLastAxis(AneTensor(x, "x", p), offset, width, p));
  });
  m.def("reduce_max", [](const py::array& x, int axis, const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    return AneOut(ane::ReduceMax(AneTensor(x, "x", p), axis, p));
  });
  m.def("cumsum", [](const py::array& x, int axis, const string& profile,
                     optional<string> acc, optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    return AneOut(ane::Cumsum(AneTensor(x, "x", p), axis, p));
  });
  m.def("softmax", [](const py::array& x, int axis, const string& profile,
                      optional<string> acc, optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    return AneOut(ane::Softmax(AneTensor(x, "x", p), axis, p));
  });
  m.def("fft", [](const py::array& re, optional<py::array> im, bool inverse,
                  double scale, const string& method, const string& profile,
                  optional<string> acc, optional<int> tile) {
    return Fft(re, im, inverse, scale, method, AneProfile(profile, acc, tile));
  });
}

}  // namespace

void BindAne(py::module_ m) {
  BindTensorOps(m);
  BindAneAlgorithms(m);
  BindAnePaired(m);
  BindAneTransforms(m);
  BindAneLayers(m);
}

}  // namespace python
}  // namespace refmath
