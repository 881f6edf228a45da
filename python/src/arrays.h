// NumPy arrays to and from the library's io::NpyArray (src/verify/npy.h):
// the argument conversion of the emulator bindings.  Elements are moved as
// bit patterns, so float16 NaN payloads, -0 and subnormals survive.
#ifndef REFMATH_PYTHON_SRC_ARRAYS_H_
#define REFMATH_PYTHON_SRC_ARRAYS_H_

#include <pybind11/numpy.h>

#include <string>

#include "src/verify/npy.h"

namespace refmath {
namespace python {

// `a` as an NpyArray of its dtype, which must be in `accepted`
// (TypeError naming `name` otherwise); any strides and byte order.
io::NpyArray ToNpy(const pybind11::array& a, io::DTypeSet accepted,
                   const std::string& name);
// A new NumPy array of the NpyArray's dtype, shape and bits.
pybind11::array FromNpy(const io::NpyArray& a);

// "float16 or float32"
std::string DTypeList(io::DTypeSet set);

}  // namespace python
}  // namespace refmath

#endif  // REFMATH_PYTHON_SRC_ARRAYS_H_
