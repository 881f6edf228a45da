// Shared by the ANE bindings (ane.cc, ane_algorithms.cc, ane_paired.cc,
// ane_transforms.cc): the profile keywords and the tensor conversions.
#ifndef REFMATH_PYTHON_SRC_ANE_ARGS_H_
#define REFMATH_PYTHON_SRC_ANE_ARGS_H_

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace python {

// The preset `name` ("spec", "m1", ...) with the accumulator ("fp32",
// "exact") and tile overridden where given, as --profile, --accumulator
// and --tile do; ValueError on a bad one.
ane::Profile AneProfile(const std::string& name,
                        const std::optional<std::string>& accumulator,
                        std::optional<int> tile);
// The tensor of a float16 (bits kept) or float32/float64 array (rounded by
// the profile's input cast); `name` names it in errors.
ane::Tensor AneTensor(const pybind11::array& a, const std::string& name,
                      const ane::Profile& p);
// A tensor as a float16 array of its shape.
pybind11::array AneOut(const ane::Tensor& t);

// The operands of a transform (fft, fft2): re, and im where given, as
// tensors, after checking `method` ("dense" or "staged"; ValueError else).
struct AneComplexArgs {
  ane::Tensor re, im;
  bool has_im = false;
  const ane::Tensor* im_or_null() const { return has_im ? &im : nullptr; }
};
AneComplexArgs AneComplex(const pybind11::array& re,
                          const std::optional<pybind11::array>& im,
                          const std::string& method, const ane::Profile& p);

void BindAneAlgorithms(pybind11::module_& m);
void BindAnePaired(pybind11::module_& m);
void BindAneTransforms(pybind11::module_& m);
void BindAneLayers(pybind11::module_& m);  // ane_layers.cc

}  // namespace python
}  // namespace refmath

#endif  // REFMATH_PYTHON_SRC_ANE_ARGS_H_
