#include "python/src/arrays.h"

#include <string.h>

#include <vector>

namespace py = pybind11;

namespace refmath {
namespace python {
namespace {

constexpr io::DType kAll[] = {
    io::DType::kFloat32, io::DType::kFloat16, io::DType::kInt8,
    io::DType::kInt16,   io::DType::kUint16,  io::DType::kInt32,
    io::DType::kInt64,   io::DType::kFloat64};

bool DTypeOf(const py::dtype& d, io::DType* out) {
  const std::string name = py::str(d.attr("name"));
  for (io::DType t : kAll) {
    if (name == io::DTypeName(t)) {
      *out = t;
      return true;
    }
  }
  return false;
}

}  // namespace

std::string DTypeList(io::DTypeSet set) {
  std::string out;
  for (io::DType t : kAll) {
    if (!(set & io::Only(t))) continue;
    out += (out.empty() ? "" : ", ") + std::string(io::DTypeName(t));
  }
  return out;
}

io::NpyArray ToNpy(const py::array& a, io::DTypeSet accepted,
                   const std::string& name) {
  io::NpyArray out;
  if (!DTypeOf(a.dtype(), &out.dtype) || !(accepted & io::Only(out.dtype))) {
    throw py::type_error(name + ": dtype " +
                         std::string(py::str(a.dtype())) + ", expected " +
                         DTypeList(accepted));
  }
  // Little-endian, C order: the layout the library's arrays describe.
  const py::array c = py::module_::import("numpy").attr("ascontiguousarray")(
      a, io::DTypeDescr(out.dtype));
  out.shape.assign(c.shape(), c.shape() + c.ndim());
  const size_t n = out.count(), size = io::ItemSize(out.dtype);
  const auto* p = static_cast<const uint8_t*>(c.data());
  if (size == 8) {
    out.bits64.resize(n);
    if (n) memcpy(out.bits64.data(), p, n * 8);
    return out;
  }
  out.bits.resize(n);
  for (size_t i = 0; i < n; ++i) {
    uint32_t v = 0;
    memcpy(&v, p + i * size, size);
    out.bits[i] = v;
  }
  return out;
}

py::array FromNpy(const io::NpyArray& a) {
  const std::vector<py::ssize_t> shape(a.shape.begin(), a.shape.end());
  py::array out(py::dtype(io::DTypeDescr(a.dtype)), shape);
  const size_t n = a.count(), size = io::ItemSize(a.dtype);
  auto* p = static_cast<uint8_t*>(out.mutable_data());
  if (size == 8) {
    if (n) memcpy(p, a.bits64.data(), n * 8);
    return out;
  }
  for (size_t i = 0; i < n; ++i) memcpy(p + i * size, &a.bits[i], size);
  return out;
}

}  // namespace python
}  // namespace refmath
