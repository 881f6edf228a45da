// refmath.ane's compositions (refmath/ane/layers.h): layer_norm, rms_norm,
// gelu, attention and conv2d, through the calls `refmath ane layer-norm
// ...` makes (tools/cli/cmd_ane_layers.cc).  Shape errors of the library
// (std::invalid_argument) reach Python as ValueError.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "python/src/ane_args.h"
#include "python/src/bindings.h"
#include "refmath/ane/layers.h"

namespace py = pybind11;
using std::optional;
using std::string;

namespace refmath {
namespace python {
namespace {

// The optional per-feature operand `name` as a tensor in *t, or null.
const ane::Tensor* Feature(const optional<py::array>& a, const char* name,
                           const ane::Profile& p, ane::Tensor* t) {
  if (!a) return nullptr;
  *t = AneTensor(*a, name, p);
  return t;
}

// The tensor `f` computes, without the GIL, as a float16 array.
template <typename F>
py::array Released(F f) {
  ane::Tensor y;
  {
    py::gil_scoped_release release;
    y = f();
  }
  return AneOut(y);
}

}  // namespace

void BindAneLayers(py::module_& m) {
  m.def("layer_norm", [](const py::array& x_in, optional<py::array> gamma_in,
                         optional<py::array> beta_in, double eps, int axis,
                         const string& profile, optional<string> acc,
                         optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    const ane::Tensor x = AneTensor(x_in, "x", p);
    ane::Tensor g, b;
    const ane::Tensor* gamma = Feature(gamma_in, "gamma", p, &g);
    const ane::Tensor* beta = Feature(beta_in, "beta", p, &b);
    return Released([&] { return ane::LayerNorm(x, gamma, beta, eps, axis, p); });
  });
  m.def("rms_norm", [](const py::array& x_in, optional<py::array> gamma_in,
                       double eps, int axis, const string& profile,
                       optional<string> acc, optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    const ane::Tensor x = AneTensor(x_in, "x", p);
    ane::Tensor g;
    const ane::Tensor* gamma = Feature(gamma_in, "gamma", p, &g);
    return Released([&] { return ane::RmsNorm(x, gamma, eps, axis, p); });
  });
  m.def("gelu", [](const py::array& x_in, const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    const ane::Tensor x = AneTensor(x_in, "x", p);
    return Released([&] { return ane::Gelu(x, p); });
  });
  m.def("within_fused_attention_envelope", &ane::WithinFusedAttentionEnvelope);
  m.def("attention", [](const py::array& q_in, const py::array& k_in,
                        const py::array& v_in, double scale, bool causal,
                        const string& profile, optional<string> acc,
                        optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    const ane::Tensor q = AneTensor(q_in, "q", p), k = AneTensor(k_in, "k", p);
    const ane::Tensor v = AneTensor(v_in, "v", p);
    return Released([&] { return ane::Attention(q, k, v, scale, causal, p); });
  });
  m.def("conv2d", [](const py::array& x_in, const py::array& w_in,
                     size_t stride_h, size_t stride_w, size_t pad_h,
                     size_t pad_w, const string& profile, optional<string> acc,
                     optional<int> tile) {
    const ane::Profile p = AneProfile(profile, acc, tile);
    const ane::Tensor x = AneTensor(x_in, "x", p), w = AneTensor(w_in, "w", p);
    return Released([&] {
      return ane::Conv2d(x, w, {stride_h, stride_w, pad_h, pad_w}, p);
    });
  });
}

}  // namespace python
}  // namespace refmath
