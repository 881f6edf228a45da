// Reading and writing NumPy .npy files holding float or integer arrays
// (uint16 is how NumPy, which has no bfloat16 dtype, stores bfloat16 bit
// patterns), and the same elements as raw little-endian bytes.
//
// Elements are kept as bit patterns, never as floats, so NaN payloads,
// signalling NaNs and -0 survive a read and a write unchanged.  The reader
// accepts exactly what this library needs (C-order little-endian '<f4',
// '<f2', '|i1', '<i2', '<u2', '<i4', '<i8' and '<f8', format versions 1.0,
// 2.0 and 3.0), of the dtypes the caller asks for, and rejects everything
// else with a one-line message.  It is written for untrusted input: it never reads
// outside the given buffer and never allocates more than the input size
// justifies.
#ifndef REFMATH_SRC_VERIFY_NPY_H_
#define REFMATH_SRC_VERIFY_NPY_H_

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <vector>

namespace refmath {
namespace io {

// kUint16 is raw 16-bit data: what it holds (bfloat16 or binary16 bit
// patterns) is for the reader to say.
enum class DType {
  kFloat32, kFloat16, kInt8, kInt16, kUint16, kInt32, kInt64, kFloat64
};

// numpy's name of a dtype ("float32", "int8"), the descr this library
// writes ('<f4', '|i1'), and the bytes of one element.
const char* DTypeName(DType dtype);
const char* DTypeDescr(DType dtype);
size_t ItemSize(DType dtype);

// A set of dtypes a reader accepts.
using DTypeSet = unsigned;
constexpr DTypeSet Only(DType dtype) {
  return 1u << static_cast<unsigned>(dtype);
}
constexpr DTypeSet kFloatDTypes = Only(DType::kFloat32) | Only(DType::kFloat16);

struct NpyArray {
  DType dtype = DType::kFloat32;
  // As in the header; () means one element (0-d).
  std::vector<size_t> shape;
  // Element bit patterns in C order, for the dtypes of at most 4 bytes:
  // float32 and int32 as their 32 bits; float16, uint16, int16 and int8
  // (two's complement) zero-extended in the low 16 or 8 bits.
  std::vector<uint32_t> bits;
  // The same for the 8-byte dtypes (float64, int64); bits is then empty.
  std::vector<uint64_t> bits64;

  // Integer element i, sign-extended (integer dtypes only).
  int64_t IntegerAt(size_t i) const;

  // Product of shape (1 for 0-d).  Not overflow-checked: arrays from
  // ParseNpy/ReadNpy never overflow, WriteNpy checks its input itself.
  size_t count() const;
};

// Arrays from values: integers (each stored modulo 2^bits of the dtype, so
// a value must fit it to come back unchanged), binary32 values, binary16
// bit patterns.  values.size() must be the shape's count.
NpyArray IntegerArray(DType dtype, std::vector<size_t> shape,
                      const std::vector<int64_t>& values);
NpyArray Float32Array(std::vector<size_t> shape,
                      const std::vector<float>& values);
NpyArray Float16Array(std::vector<size_t> shape,
                      const std::vector<uint16_t>& bits);
// Every element of an integer array, sign-extended; of a float32 array.
std::vector<int64_t> IntegerValues(const NpyArray& array);
std::vector<float> Float32Values(const NpyArray& array);
// IntegerValues as T, for an array whose dtype is T's or narrower.
template <typename T>
std::vector<T> Narrowed(const NpyArray& array) {
  const std::vector<int64_t> v = IntegerValues(array);
  return std::vector<T>(v.begin(), v.end());
}

// True if the `size` bytes at `data` start with the .npy magic "\x93NUMPY".
bool HasNpyMagic(const uint8_t* data, size_t size);

// Reads a whole .npy file whose dtype is in `accepted`.  Returns true on
// success.  On failure returns false, leaves *out unchanged and, if error
// is not null, sets *error to one line that starts with the path and names
// the problem, e.g.
//   x.npy: bad magic (not a .npy file)
//   x.npy: unsupported dtype '<f8' (expected float32 or float16)
//   x.npy: wrong dtype '<f4' (float32), expected float16 '<f2'
//   x.npy: truncated header: ...
//   x.npy: Fortran order is not supported for shape (2, 3)
//   x.npy: data truncated: expected 4000 bytes, found 3996
//   x.npy: trailing bytes after data: expected 4000 bytes, found 4001
//   x.npy: cannot open: No such file or directory
bool ReadNpy(const std::string& path, NpyArray* out, std::string* error,
             DTypeSet accepted = kFloatDTypes);

// Same, parsing the `size` bytes at `data` (null only if size is 0).
// `name` is the prefix of error messages (used by tests and fuzzing).
bool ParseNpy(const uint8_t* data, size_t size, const std::string& name,
              NpyArray* out, std::string* error,
              DTypeSet accepted = kFloatDTypes);

// A 1-d array of the raw little-endian `dtype` elements at `data` (null
// only if size is 0).  False, with one line starting with `name`, if size
// is not a whole number of elements.
bool ParseRaw(const uint8_t* data, size_t size, DType dtype,
              const std::string& name, NpyArray* out, std::string* error);

// Serializes `array` as a C-order little-endian .npy version 1.0 file,
// byte for byte as numpy.save writes it: the header is padded with spaces
// and a final newline so that the data starts at a multiple of 64 bytes.
// Returns false and sets *error (if not null; one line starting with
// `name`) when the array is inconsistent: bits or bits64 (whichever the
// dtype uses) not count() elements long, the other not empty, more than 64
// dimensions, bits beyond the dtype's width (a float16 above 0xFFFF).
bool EncodeNpy(const NpyArray& array, const std::string& name,
               std::vector<uint8_t>* out, std::string* error);

// Same, as the bare elements, little-endian, in C order (what ParseRaw
// reads back, whatever the shape).
bool EncodeRaw(const NpyArray& array, const std::string& name,
               std::vector<uint8_t>* out, std::string* error);

// Writes EncodeNpy's bytes to `path`, all or nothing (io::WriteAllAtomic).
bool WriteNpy(const std::string& path, const NpyArray& array,
              std::string* error);

}  // namespace io
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_NPY_H_
