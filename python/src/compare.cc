// refmath compare's measurement (src/verify/compare.h) and its report
// (compare_report.h) over two array files, as the command runs them; with
// an op, compare --op's (src/verify/tensor_compare.h).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python/src/bindings.h"
#include "src/verify/compare.h"
#include "src/verify/compare_report.h"
#include "src/verify/tensor_compare.h"

namespace py = pybind11;

namespace refmath {
namespace python {
namespace {

template <typename T>
py::array_t<T> ToArray(const std::vector<T>& v) {
  py::array_t<T> out(static_cast<py::ssize_t>(v.size()));
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

DumpType TypeNamed(const std::string& name) {
  DumpType type;
  if (!DumpTypeFromName(name, &type)) {
    Refuse("dtype must be auto, float32, float16 or bfloat16, got '" + name +
           "'");
  }
  return type;
}

struct Request {
  CompareSpec spec;
  CompareBounds bounds;
  std::string inputs_name, outputs_name;  // what the report calls them
};

// (the JSON --json writes, the text the command prints, then per input:
// x bits, backend bits, oracle bits, backend ulp, oracle ulp).
py::tuple Run(Request q) {
  CompareResult r;
  std::string error;
  bool ok;
  {
    py::gil_scoped_release release;
    ok = Compare(q.spec, &r, &error);
  }
  if (!ok) Refuse(error);
  q.spec.inputs_path = q.inputs_name;
  q.spec.outputs_path = q.outputs_name;
  return py::make_tuple(JsonReport(q.spec, q.bounds, r),
                        TextReport(q.spec, q.bounds, r),
                        ToArray(r.input_bits), ToArray(r.backend_bits),
                        ToArray(r.oracle_bits), ToArray(r.backend_ulp),
                        ToArray(r.oracle_ulp));
}

py::tuple CompareFiles(const std::string& function, const std::string& variant,
                       const std::string& inputs, const std::string& outputs,
                       const std::string& inputs_dtype,
                       const std::string& outputs_dtype,
                       std::optional<double> max_ulp,
                       std::optional<double> max_ulp_vs_oracle, size_t worst,
                       int threads, const std::string& label,
                       const std::string& inputs_name,
                       const std::string& outputs_name) {
  Request q;
  const auto f = FromName<refmath_function>(refmath_function_from_name,
                                            function, "function");
  const auto v = FromName<refmath_variant>(refmath_variant_from_name,
                                           variant, "variant");
  for (const std::optional<double>& b : {max_ulp, max_ulp_vs_oracle}) {
    if (b && !(*b >= 0)) Refuse("a bound must be a non-negative number");
  }
  if (threads < 0) Refuse("threads must be 0 (every core) or more");
  if (label.empty()) Refuse("label must name the backend");
  q.spec.function = f;
  q.spec.variant = v;
  q.spec.inputs_path = inputs;
  q.spec.outputs_path = outputs;
  q.spec.inputs_type = TypeNamed(inputs_dtype);
  q.spec.outputs_type = TypeNamed(outputs_dtype);
  q.spec.worst = worst;
  q.spec.threads = threads;
  q.spec.label = label;
  q.spec.per_input = true;
  q.bounds.has_max_ulp = max_ulp.has_value();
  q.bounds.max_ulp = max_ulp.value_or(0);
  q.bounds.has_vs_oracle = max_ulp_vs_oracle.has_value();
  q.bounds.max_ulp_vs_oracle = max_ulp_vs_oracle.value_or(0);
  q.inputs_name = inputs_name;
  q.outputs_name = outputs_name;
  return Run(std::move(q));
}

// compare --op over files: (the JSON --json writes, the text report).
// `paths` are in, in2, in3, scale, bias, mask, keep, outputs ("" when not
// given); `names` what the report calls them; alpha to trans_b gemm's.
py::tuple CompareOp(const std::string& op,
                    const std::vector<std::string>& paths, long axis,
                    float eps, std::optional<double> max_ulp,
                    const std::string& label,
                    const std::vector<std::string>& names, float alpha,
                    float beta, bool trans_a, bool trans_b,
                    std::optional<float> scale, bool causal,
                    const std::string& format, bool interleaved) {
  TensorCompareSpec s;
  if (!FormatFromName(format, &s.format)) {
    Refuse("unknown format '" + format +
           "' (valid: binary32, binary16, bfloat16)");
  }
  if (!ParseTensorOp(op, &s.op)) {
    Refuse("unknown op '" + op + "' (valid: " + kTensorOpNames + ")");
  }
  if (max_ulp && !(*max_ulp >= 0)) {
    Refuse("a bound must be a non-negative number");
  }
  if (paths.size() != 8 || names.size() != 8) Refuse("eight files are named");
  std::string* fields[8] = {&s.in_path,    &s.in2_path,  &s.in3_path,
                            &s.scale_path, &s.bias_path, &s.mask_path,
                            &s.keep_path,  &s.outputs_path};
  for (int i = 0; i < 8; ++i) *fields[i] = paths[i];
  s.axis = axis;
  s.eps = eps;
  s.alpha = alpha;
  s.beta = beta;
  s.trans_a = trans_a;
  s.trans_b = trans_b;
  s.has_scale = scale.has_value();
  s.scale = scale.value_or(1.0f);
  s.causal = causal;
  s.interleaved = interleaved;
  s.has_max_ulp = max_ulp.has_value();
  s.max_ulp = max_ulp.value_or(0);
  s.label = label;
  TensorCompareResult r;
  std::string error;
  bool ok;
  {
    py::gil_scoped_release release;
    ok = CompareTensor(s, &r, &error);
  }
  if (!ok) Refuse(error);
  for (int i = 0; i < 8; ++i) *fields[i] = paths[i].empty() ? "" : names[i];
  return py::make_tuple(TensorJsonReport(s, r), TensorTextReport(s, r));
}

}  // namespace

void BindCompare(py::module_& m) {
  m.def("compare_op", &CompareOp, py::arg("op"), py::arg("paths"),
        py::arg("axis"), py::arg("eps"), py::arg("max_ulp"), py::arg("label"),
        py::arg("names"), py::arg("alpha") = 1.0f, py::arg("beta") = 1.0f,
        py::arg("trans_a") = false, py::arg("trans_b") = false,
        py::arg("scale") = std::nullopt, py::arg("causal") = false,
        py::arg("format") = "binary32", py::arg("interleaved") = false);
  m.def("compare", &CompareFiles, py::arg("function"), py::arg("variant"),
        py::arg("inputs"), py::arg("outputs"), py::arg("inputs_dtype"),
        py::arg("outputs_dtype"), py::arg("max_ulp"),
        py::arg("max_ulp_vs_oracle"), py::arg("worst"), py::arg("threads"),
        py::arg("label"), py::arg("inputs_name"), py::arg("outputs_name"));
}

}  // namespace python
}  // namespace refmath
