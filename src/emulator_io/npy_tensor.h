// Tensors of the ANE model as .npy arrays (src/verify/npy.h), for the
// command line and any caller holding NumPy data.
//
// A float16 array is taken bit for bit (every NaN payload, -0 and
// subnormal kept).  A float32 or float64 array is rounded once to binary16
// with the profile's elementwise rounding, as the device's input cast does
// (Tensor::FromDoubles).  Tensors are written as float16 arrays of the same
// shape; host results (a solver's x) as float64.
#ifndef REFMATH_SRC_EMULATOR_IO_NPY_TENSOR_H_
#define REFMATH_SRC_EMULATOR_IO_NPY_TENSOR_H_

#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"
#include "src/verify/npy.h"

namespace refmath {
namespace ane {

// float16, float32, float64: the dtypes a tensor is read from.
constexpr io::DTypeSet kTensorDTypes = io::Only(io::DType::kFloat16) |
                                       io::Only(io::DType::kFloat32) |
                                       io::Only(io::DType::kFloat64);

// The tensor an array holds.  Returns false and sets *error ("NAME: ...",
// one line) for a dtype outside kTensorDTypes or more than 4 axes.
bool TensorFromNpy(const io::NpyArray& array, const std::string& name,
                   const Profile& p, Tensor* out, std::string* error);
// An array of kTensorDTypes as float16 of the same shape, of any rank: a
// float16 one as it is, the others rounded by the input cast as above.
io::NpyArray AsFloat16(io::NpyArray array, const Profile& p);
bool ReadTensor(const std::string& path, const Profile& p, Tensor* out,
                std::string* error);

// The float16 array of a tensor (its shape, its bits).
io::NpyArray TensorToNpy(const Tensor& t);

// Exact host values of any float array (float16 and float32 widened), and
// the float64 array of host values with the given shape (whose element
// count must be values.size()).
bool ReadHostValues(const std::string& path, std::vector<double>* values,
                    Shape* shape, std::string* error);
io::NpyArray HostValuesToNpy(const std::vector<double>& values,
                             const Shape& shape);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_EMULATOR_IO_NPY_TENSOR_H_
