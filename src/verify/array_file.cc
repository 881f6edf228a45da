#include "src/verify/array_file.h"

#include "src/verify/file_io.h"
#include "src/base/text.h"

#include <utility>

namespace refmath {
namespace io {
namespace {

constexpr char kNpySuffix[] = ".npy";
constexpr size_t kNpySuffixSize = sizeof(kNpySuffix) - 1;

// The name messages use for a path: standard input and output by role.
std::string NameOf(const std::string& path, const char* std_name) {
  return path == "-" ? std_name : path;
}

}  // namespace

bool IsNpyName(const std::string& path) {
  return path.size() >= kNpySuffixSize &&
         path.compare(path.size() - kNpySuffixSize, kNpySuffixSize,
                      kNpySuffix) == 0;
}

bool RefuseNpyMagic(const uint8_t* data, size_t size, const std::string& name,
                    std::string* error) {
  if (!HasNpyMagic(data, size)) return true;
  if (error != nullptr) {
    *error = Printable(name) +
             ": looks like a .npy file; read it from a file named *.npy";
  }
  return false;
}

bool ParseArray(const uint8_t* data, size_t size, bool npy, DType dtype,
                const std::string& name, NpyArray* out, std::string* error) {
  if (npy) return ParseNpy(data, size, name, out, error, Only(dtype));
  return RefuseNpyMagic(data, size, name, error) &&
         ParseRaw(data, size, dtype, name, out, error);
}

bool ReadArrayFile(const std::string& path, DType dtype, NpyArray* out,
                   std::string* error) {
  std::vector<uint8_t> bytes;
  if (!ReadAll(path, &bytes, error)) return false;
  return ParseArray(bytes.data(), bytes.size(), IsNpyName(path), dtype,
                    NameOf(path, "<stdin>"), out, error);
}

bool WriteArrayFile(const std::string& path, const NpyArray& array,
                    std::string* error) {
  if (IsNpyName(path)) return WriteNpy(path, array, error);
  std::vector<uint8_t> bytes;
  if (!EncodeRaw(array, NameOf(path, "<stdout>"), &bytes, error)) return false;
  return WriteAllAtomic(path, bytes.data(), bytes.size(), error);
}

bool ReadFloatArray(const std::string& path, std::vector<float>* values,
                    std::vector<size_t>* shape, std::string* error) {
  NpyArray array;
  if (!ReadArrayFile(path, DType::kFloat32, &array, error)) return false;
  *values = Float32Values(array);
  *shape = std::move(array.shape);
  return true;
}

bool ReadHalfArray(const std::string& path, refmath_half_format format,
                   bool float32_too, int threads, std::vector<float>* values,
                   std::vector<size_t>* shape, std::string* error) {
  const DType storage =
      format == REFMATH_HALF_BINARY16 ? DType::kFloat16 : DType::kUint16;
  NpyArray array;
  const bool read =
      float32_too && IsNpyName(path)
          ? ReadNpy(path, &array, error, Only(DType::kFloat32) | Only(storage))
          : ReadArrayFile(path, storage, &array, error);
  if (!read) return false;
  if (array.dtype == DType::kFloat32) {
    *values = Float32Values(array);
  } else {
    const std::vector<unsigned short> bits(array.bits.begin(),
                                           array.bits.end());
    refmath_tensor_options o = refmath_tensor_default_options();
    o.threads = threads;
    values->assign(bits.size(), 0.0f);
    const int status = refmath_tensor_widen(format, bits.data(),
                                            values->data(), bits.size(), &o);
    if (status != REFMATH_OK) {
      *error = Printable(path) + ": " + refmath_status_string(status);
      return false;
    }
  }
  *shape = std::move(array.shape);
  return true;
}

bool WriteFloatArray(const std::string& path, const std::vector<float>& values,
                     const std::vector<size_t>& shape, std::string* error) {
  return WriteArrayFile(path, Float32Array(shape, values), error);
}

}  // namespace io
}  // namespace refmath
