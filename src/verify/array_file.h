// Array files named on a command line, read and written by their name: a
// name ending in ".npy" is a NumPy .npy file (its shape kept), any other
// name holds the raw little-endian elements, and "-" is standard input or
// output, raw.  Every command that reads or writes arrays goes through
// here, so they all treat a name the same way.
//
// A raw file that starts with the .npy magic is refused rather than read
// as numbers (its header would become garbage values), and a .npy file of
// another dtype is refused rather than converted.  Errors are one line that
// starts with the file name; nothing is written on failure.
#ifndef REFMATH_SRC_VERIFY_ARRAY_FILE_H_
#define REFMATH_SRC_VERIFY_ARRAY_FILE_H_

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <vector>

#include "refmath/tensor.h"
#include "src/verify/npy.h"

namespace refmath {
namespace io {

// True if `path` names a .npy file: it ends in ".npy" (and is not "-").
bool IsNpyName(const std::string& path);

// False, with a one-line hint in *error, if the `size` bytes at `data`
// start with the .npy magic: a raw file must not (its header would be read
// as values).  `name` prefixes the message; error may be null.
bool RefuseNpyMagic(const uint8_t* data, size_t size, const std::string& name,
                    std::string* error);

// Parses the `size` bytes at `data` (null only if size is 0) as an array
// of `dtype`: a .npy file if `npy`, else raw elements, which must not
// start with the .npy magic.  `name` prefixes error messages; error may be
// null.
bool ParseArray(const uint8_t* data, size_t size, bool npy, DType dtype,
                const std::string& name, NpyArray* out, std::string* error);

// Reads the array file `path` ("-": standard input), whose elements must
// be `dtype`: a raw file gives a 1-d array.
bool ReadArrayFile(const std::string& path, DType dtype, NpyArray* out,
                   std::string* error);

// Writes `array` to `path` ("-": standard output), .npy or raw by the
// name, all or nothing (WriteAllAtomic).
bool WriteArrayFile(const std::string& path, const NpyArray& array,
                    std::string* error);

// float32 arrays as the C API takes them: the values in C order and the
// shape they had.
bool ReadFloatArray(const std::string& path, std::vector<float>* values,
                    std::vector<size_t>* shape, std::string* error);
bool WriteFloatArray(const std::string& path, const std::vector<float>& values,
                     const std::vector<size_t>& shape, std::string* error);

// A file of binary16 (float16 .npy) or bfloat16 (uint16 .npy of bit
// patterns) elements, raw ones of 2 bytes, as the float32 values they
// widen to (refmath_tensor_widen, exact, on `threads`); with float32_too a
// float32 .npy is taken as it is as well.
bool ReadHalfArray(const std::string& path, refmath_half_format format,
                   bool float32_too, int threads, std::vector<float>* values,
                   std::vector<size_t>* shape, std::string* error);

}  // namespace io
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_ARRAY_FILE_H_
