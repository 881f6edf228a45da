// refmath.ane's 2-D DFT, power iteration, mean and transpose: the calls of
// `refmath ane fft2`, `power`, `reduce-mean` and `transpose`
// (tools/cli/cmd_ane_fft.cc, cmd_ane_linalg.cc, cmd_ane_axes.cc).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "python/src/ane_args.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "refmath/ane/fft.h"
#include "refmath/ane/krylov.h"
#include "refmath/ane/matmul.h"
#include "src/base/text.h"
#include "src/emulator_io/npy_tensor.h"

namespace py = pybind11;
using std::optional;
using std::string;

namespace refmath {
namespace python {
namespace {

constexpr int kMaxSteps = 100000;

py::tuple Fft2(const py::array& re_in, const optional<py::array>& im_in,
               const string& method, bool fold, const ane::Profile& p) {
  const AneComplexArgs in = AneComplex(re_in, im_in, method, p);
  const ane::Tensor& re = in.re;
  ane::ComplexTensor x;
  size_t m;
  string error;
  if (!ane::Dft2dPlanes(re, in.im_or_null(), "re", "im", &x, &m, &error)) {
    Refuse(error);
  }
  ane::ComplexTensor y;
  {
    py::gil_scoped_release release;
    y = ane::BatchedDft2d(x, m, method == "staged", fold, p);
  }
  return py::make_tuple(AneOut(ane::Tensor(re.shape(), y.re.data())),
                        AneOut(ane::Tensor(re.shape(), y.im.data())));
}

// (sigma, v as float64 [n], and None or, after a breakdown, the line that
// says so: ane::kPowerBreakdownText).
py::tuple Power(const py::array& a_in, int iterations,
                const optional<std::vector<double>>& v0, const ane::Profile& p) {
  if (iterations < 0 || iterations > kMaxSteps) {
    Refuse("iterations must be in 0.." + std::to_string(kMaxSteps));
  }
  const ane::Tensor a = AneTensor(a_in, "a", p);
  if (a.rank() != 2 || a.size() == 0) {
    Refuse("a: shape " + ShapeText(a.shape()) + " is not a non-empty [m, n] matrix");
  }
  if (v0 && v0->size() != a.cols()) {
    Refuse("v0: " + std::to_string(v0->size()) + " values, not " +
           std::to_string(a.cols()));
  }
  ane::PowerResult r;
  {
    py::gil_scoped_release release;
    r = ane::PowerIteration(a, iterations, v0 ? *v0 : std::vector<double>{}, p);
  }
  return py::make_tuple(
      r.sigma, FromNpy(ane::HostValuesToNpy(r.v, {r.v.size()})),
      r.breakdown ? py::object(py::str(ane::kPowerBreakdownText)) : py::none());
}

}  // namespace

void BindAneTransforms(py::module_& m) {
  m.def("fft2", [](const py::array& re, optional<py::array> im,
                   const string& method, bool fold, const string& profile,
                   optional<string> acc, optional<int> tile) {
    return Fft2(re, im, method, fold, AneProfile(profile, acc, tile));
  });
  m.def("power_iteration", [](const py::array& a, int iterations,
                              optional<std::vector<double>> v0,
                              const string& profile,
                              optional<string> acc, optional<int> tile) {
    return Power(a, iterations, v0, AneProfile(profile, acc, tile));
  });
  m.def("reduce_mean", [](const py::array& x, int axis, const string& route,
                          const string& profile, optional<string> acc,
                          optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    if (route != "narrow" && route != "matmul") {
      Refuse("unknown route '" + route + "' (valid: narrow, matmul)");
    }
    return AneOut(ane::ReduceMean(AneTensor(x, "x", p), axis, route == "matmul", p));
  });
  m.def("transpose", [](const py::array& x, optional<std::vector<int>> axes,
                        const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    const ane::Tensor t = AneTensor(x, "x", p);
    // Permute reads no axes as reversed; axes=() names none.
    if (axes && axes->empty() && t.rank() > 0) {
      Refuse("axes () are not a permutation of the axes of " + ShapeText(t.shape()));
    }
    return AneOut(ane::Permute(t, axes ? *axes : std::vector<int>{}));
  });
  m.attr("DEFAULT_POWER_ITERATIONS") = ane::PowerOptions{}.iterations;
}

}  // namespace python
}  // namespace refmath
