#include "src/base/bits.h"
#include "src/emulator_io/npy_tensor.h"

#include <utility>

#include "refmath/binary16/binary16.h"
#include "src/base/text.h"
#include "src/verify/file_io.h"

namespace refmath {
namespace ane {
namespace {

constexpr size_t kMaxRank = 4;

// The exact value of element i of a float array.
double FloatValue(const io::NpyArray& a, size_t i) {
  switch (a.dtype) {
    case io::DType::kFloat16:
      return HalfToDouble(static_cast<Half>(a.bits[i]));
    case io::DType::kFloat32:
      return refmath::BitsToFloat(a.bits[i]);
    default:
      return refmath::BitsToDouble(a.bits64[i]);
  }
}

}  // namespace

bool TensorFromNpy(const io::NpyArray& array, const std::string& name,
                   const Profile& p, Tensor* out, std::string* error) {
  if (array.dtype != io::DType::kFloat16 && array.dtype != io::DType::kFloat32 &&
      array.dtype != io::DType::kFloat64) {
    *error = name + ": dtype " + io::DTypeName(array.dtype) +
             " (expected float32, float16 or float64)";
    return false;
  }
  if (array.shape.size() > kMaxRank) {
    *error = name + ": shape " + ShapeText(array.shape) +
             " has more than 4 axes (the model's tensors have rank 0 to 4)";
    return false;
  }
  const io::NpyArray halves = AsFloat16(array, p);
  *out = Tensor(array.shape,
                std::vector<Half>(halves.bits.begin(), halves.bits.end()));
  return true;
}

io::NpyArray AsFloat16(io::NpyArray array, const Profile& p) {
  if (array.dtype == io::DType::kFloat16) return array;
  std::vector<uint32_t> bits(array.count());
  for (size_t i = 0; i < bits.size(); ++i) {
    bits[i] = HalfFromDouble(FloatValue(array, i), p.Elementwise());
  }
  array.dtype = io::DType::kFloat16;
  array.bits = std::move(bits);
  array.bits64.clear();
  return array;
}

bool ReadTensor(const std::string& path, const Profile& p, Tensor* out,
                std::string* error) {
  io::NpyArray array;
  return io::ReadNpy(path, &array, error, kTensorDTypes) &&
         TensorFromNpy(array, path, p, out, error);
}

io::NpyArray TensorToNpy(const Tensor& t) {
  io::NpyArray a;
  a.dtype = io::DType::kFloat16;
  a.shape = t.shape();
  a.bits.assign(t.data().begin(), t.data().end());
  return a;
}

bool ReadHostValues(const std::string& path, std::vector<double>* values,
                    Shape* shape, std::string* error) {
  io::NpyArray array;
  if (!io::ReadNpy(path, &array, error, kTensorDTypes)) return false;
  values->resize(array.count());
  for (size_t i = 0; i < values->size(); ++i) (*values)[i] = FloatValue(array, i);
  *shape = array.shape;
  return true;
}

io::NpyArray HostValuesToNpy(const std::vector<double>& values,
                             const Shape& shape) {
  io::NpyArray a;
  a.dtype = io::DType::kFloat64;
  a.shape = shape;
  a.bits64.resize(values.size());
  for (size_t i = 0; i < values.size(); ++i) a.bits64[i] = refmath::DoubleBits(values[i]);
  return a;
}

}  // namespace ane
}  // namespace refmath
