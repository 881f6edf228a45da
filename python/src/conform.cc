// The golden input set and the conformance runner (src/conform/runner.h).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>
#include <utility>
#include <vector>

#include "python/src/bindings.h"
#include "src/conform/runner.h"
#include "src/verify/golden_inputs.h"

namespace py = pybind11;

namespace refmath {
namespace python {
namespace {

py::array_t<float> GoldenInputArray() {
  std::vector<float> inputs = GoldenInputs();
  py::array_t<float> out(static_cast<py::ssize_t>(inputs.size()));
  std::copy(inputs.begin(), inputs.end(), out.mutable_data());
  return out;
}

// The runner's report as `refmath conform --json` writes it, and its
// table and verdict as the command prints them.
py::tuple Conform(const std::string& golden_dir) {
  std::string error;
  conformance::Report report;
  {
    py::gil_scoped_release release;
    if (conformance::CheckGoldenFiles(golden_dir, &error)) {
      report = conformance::Run(golden_dir, nullptr);
    }
  }
  if (!error.empty()) Refuse(error);
  return py::make_tuple(conformance::ToJson(report),
                        conformance::FormatTable(report) +
                            conformance::Verdict(report));
}

}  // namespace

void BindConform(py::module_& m) {
  m.def("golden_inputs", &GoldenInputArray);
  m.def("conform", &Conform, py::arg("golden_dir"));
}

}  // namespace python
}  // namespace refmath
