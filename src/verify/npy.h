// Reading and writing NumPy .npy files holding float32, float16 or uint16
// arrays (uint16: how NumPy, which has no bfloat16 dtype, stores bfloat16
// bit patterns).
//
// Elements are kept as bit patterns, never as floats, so NaN payloads,
// signalling NaNs and -0 survive a read and a write unchanged.  The reader
// accepts exactly what this library needs (C-order little-endian '<f4',
// '<f2' and '<u2', format versions 1.0, 2.0 and 3.0) and rejects everything else with
// a one-line message.  It is written for untrusted input: it never reads
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
enum class DType { kFloat32, kFloat16, kUint16 };

struct NpyArray {
  DType dtype = DType::kFloat32;
  // As in the header; () means one element (0-d).
  std::vector<size_t> shape;
  // Element bit patterns in C order: float32 as its 32 bits, float16 and
  // uint16 zero-extended in the low 16 bits.
  std::vector<uint32_t> bits;

  // Product of shape (1 for 0-d).  Not overflow-checked: arrays from
  // ParseNpy/ReadNpy never overflow, WriteNpy checks its input itself.
  size_t count() const;
};

// A shape as Python's repr of the tuple, the form numpy writes in headers
// and error messages use: (), (5,), (2, 3).
std::string ShapeText(const std::vector<size_t>& shape);

// Reads a whole .npy file.  Returns true on success.  On failure returns
// false, leaves *out unchanged and, if error is not null, sets *error to one
// line that starts with the path and names the problem, e.g.
//   x.npy: bad magic (not a .npy file)
//   x.npy: unsupported dtype '<f8' (expected float32, float16 or uint16)
//   x.npy: truncated header: ...
//   x.npy: Fortran order is not supported for shape (2, 3)
//   x.npy: data truncated: expected 4000 bytes, found 3996
//   x.npy: trailing bytes after data: expected 4000 bytes, found 4001
//   x.npy: cannot open: No such file or directory
bool ReadNpy(const std::string& path, NpyArray* out, std::string* error);

// Same, parsing the `size` bytes at `data` (null only if size is 0).
// `name` is the prefix of error messages (used by tests and fuzzing).
bool ParseNpy(const uint8_t* data, size_t size, const std::string& name,
              NpyArray* out, std::string* error);

// Writes a C-order little-endian .npy version 1.0 file ('<f4', '<f2' or
// '<u2'),
// byte for byte as numpy.save writes it: the header is padded with spaces
// and a final newline so that the data starts at a multiple of 64 bytes.
// Returns false and sets *error (if not null; one line starting with the
// path) when the array is inconsistent (bits.size() != count(), more than
// 64 dimensions, 16-bit elements above 0xFFFF) or on I/O failure.
bool WriteNpy(const std::string& path, const NpyArray& array,
              std::string* error);

}  // namespace io
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_NPY_H_
