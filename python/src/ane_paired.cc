// refmath.ane's paired binary16 arithmetic (refmath/ane/half_pair.h): a value
// carried as hi + lo, both float16 arrays of one shape.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string.h>

#include <string>
#include <vector>

#include "python/src/ane_args.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "refmath/ane/half_pair.h"
#include "src/base/text.h"

namespace py = pybind11;
using std::string;

namespace refmath {
namespace python {
namespace {

ane::Paired PairOf(const py::array& hi, const py::array& lo,
                   const string& name, const ane::Profile& p) {
  ane::Paired x{AneTensor(hi, name + ".hi", p), AneTensor(lo, name + ".lo", p)};
  if (x.hi.shape() != x.lo.shape()) {
    Refuse(name + ": hi " + ShapeText(x.hi.shape()) + " and lo " +
           ShapeText(x.lo.shape()) + " differ in shape");
  }
  return x;
}

py::tuple Out(const ane::Paired& x) {
  return py::make_tuple(AneOut(x.hi), AneOut(x.lo));
}

void SameShape(const ane::Tensor& a, const ane::Tensor& b) {
  if (a.shape() != b.shape()) {
    Refuse("a " + ShapeText(a.shape()) + " and b " +
           ShapeText(b.shape()) + " differ in shape");
  }
}

using PairedOp = ane::Paired (*)(const ane::Paired&, const ane::Paired&,
                                 const ane::Profile&);

void BindBinary(py::module_& m, const char* name, PairedOp op) {
  m.def(name, [op](const py::array& a_hi, const py::array& a_lo,
                   const py::array& b_hi, const py::array& b_lo,
                   const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    const ane::Paired a = PairOf(a_hi, a_lo, "a", p);
    const ane::Paired b = PairOf(b_hi, b_lo, "b", p);
    SameShape(a.hi, b.hi);
    return Out(op(a, b, p));
  });
}

}  // namespace

void BindAnePaired(py::module_& m) {
  m.def("paired_of", [](const py::array& x, const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    return Out(ane::Paired::Of(AneTensor(x, "x", p), p));
  });
  m.def("paired_from_float64", [](const py::array& v, const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    const io::NpyArray a = ToNpy(v, io::Only(io::DType::kFloat64), "x");
    if (a.shape.size() > 4) Refuse("x: rank above 4");
    std::vector<double> values(a.bits64.size());
    for (size_t i = 0; i < values.size(); ++i) {
      memcpy(&values[i], &a.bits64[i], sizeof(double));
    }
    return Out(ane::Paired::FromDoubles(a.shape, values, p));
  });
  m.def("paired_to_float16", [](const py::array& hi, const py::array& lo,
                                const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    return AneOut(PairOf(hi, lo, "x", p).ToTensor(p));
  });
  BindBinary(m, "paired_add", &ane::PairedAdd);
  BindBinary(m, "paired_sub", &ane::PairedSub);
  BindBinary(m, "paired_mul", &ane::PairedMul);
  BindBinary(m, "paired_dot", &ane::PairedDot);
  m.def("paired_subtract", [](const py::array& a, const py::array& b,
                              const string& profile) {
    const ane::Profile p = AneProfile(profile, {}, {});
    const ane::Tensor ta = AneTensor(a, "a", p), tb = AneTensor(b, "b", p);
    SameShape(ta, tb);
    return AneOut(ane::PairedSubtract(ta, tb, p));
  });
}

}  // namespace python
}  // namespace refmath
