#include "src/base/bits.h"
#include "src/verify/compare_io.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <vector>

#include "refmath/binary16/binary16.h"
#include "src/verify/array_file.h"
#include "src/verify/file_io.h"
#include "src/base/text.h"

namespace refmath {
namespace {

// "float16 ('<f2')".
std::string NpyDescr(io::DType dtype) {
  return std::string(io::DTypeName(dtype)) + " ('" + io::DTypeDescr(dtype) +
         "')";
}

// The type of a parsed .npy's values: its dtype's, or the one `want`
// names where it fits (uint16 holds bfloat16 or float16 bits).
bool NpyType(const Dump& dump, DumpType want, const std::string& path,
             const char* role, DumpType* type, std::string* error) {
  const io::DType dtype = dump.array.dtype;
  const DumpType own = dtype == io::DType::kFloat32   ? DumpType::kFloat32
                       : dtype == io::DType::kFloat16 ? DumpType::kFloat16
                                                      : DumpType::kAuto;
  if (own == DumpType::kAuto && want == DumpType::kAuto) {
    *error = Printable(path) + ": holds uint16 ('<u2'): say what with --" +
             role + "-dtype bfloat16 (or float16)";
    return false;
  }
  const bool fits = want == DumpType::kAuto || want == own ||
                    (own == DumpType::kAuto && want != DumpType::kFloat32);
  if (!fits) {
    *error = Printable(path) + ": holds " + NpyDescr(dtype) + ", not " +
             DumpTypeName(want) + " as --" + role + "-dtype says";
    return false;
  }
  *type = want == DumpType::kAuto ? own : want;
  return true;
}

}  // namespace

bool LoadDump(const std::string& path, DumpType want, const char* role,
              Dump* dump, std::string* error) {
  std::vector<uint8_t> bytes;
  if (!io::ReadAll(path, &bytes, error)) return false;
  const std::string name = path == "-" ? "<stdin>" : path;
  dump->is_npy = io::IsNpyName(path);
  if (dump->is_npy) {
    const io::DTypeSet dtypes = io::kFloatDTypes | io::Only(io::DType::kUint16);
    return io::ParseNpy(bytes.data(), bytes.size(), name, &dump->array, error,
                        dtypes) &&
           NpyType(*dump, want, name, role, &dump->type, error);
  }
  // A raw file: float32 unless --ROLE-dtype names a 16-bit type.
  dump->type = want == DumpType::kAuto ? DumpType::kFloat32 : want;
  const io::DType dtype = dump->type == DumpType::kFloat32
                              ? io::DType::kFloat32
                              : io::DType::kUint16;
  return io::RefuseNpyMagic(bytes.data(), bytes.size(), name, error) &&
         io::ParseRaw(bytes.data(), bytes.size(), dtype, name, &dump->array,
                      error);
}

Format FormatOf(DumpType type) {
  switch (type) {
    case DumpType::kFloat16: return Format::kBinary16;
    case DumpType::kBfloat16: return Format::kBfloat16;
    default: return Format::kBinary32;
  }
}

uint32_t WidenedBits(uint32_t bits, Format format) {
  switch (format) {
    case Format::kBinary16:
      return HalfBitsToFloatBits(static_cast<uint16_t>(bits));
    case Format::kBfloat16: return bits << 16;
    case Format::kBinary32: break;
  }
  return bits;
}

double ValueOf(uint32_t bits, Format format) {
  return refmath::BitsToFloat(WidenedBits(bits, format));
}

uint32_t BitsIn(float v, Format format) {
  switch (format) {
    case Format::kBinary16: return HalfFromDouble(v);
    case Format::kBfloat16: {
      if (isnan(v)) return (refmath::FloatBits(v) >> 16) | 0x0040;  // quiet
      const float r = static_cast<float>(RoundTo(v, Format::kBfloat16));
      return refmath::FloatBits(r) >> 16;
    }
    case Format::kBinary32: break;
  }
  return refmath::FloatBits(v);
}

namespace {

// An ulp figure at *p ("inf" for a NaN/inf disagreement); its length.
int PutUlp(double ulp, char* p, size_t room) {
  return isinf(ulp) ? snprintf(p, room, "inf") : snprintf(p, room, "%.9g", ulp);
}

// Rows [first, first + count) of the CSV, appended to *rows.
void CsvRows(const CompareResult& r, size_t first, size_t count,
             std::string* rows) {
  const int digits = r.format == Format::kBinary32 ? 8 : 4;
  char line[192];
  for (size_t i = first; i < first + count; ++i) {
    int n = snprintf(line, sizeof(line), "%zu,%.9g,0x%08X,0x%0*X,0x%0*X,", i,
                     static_cast<double>(refmath::BitsToFloat(r.input_bits[i])),
                     r.input_bits[i], digits, r.backend_bits[i], digits,
                     r.oracle_bits[i]);
    n += PutUlp(r.backend_ulp[i], line + n, sizeof(line) - n);
    line[n++] = ',';
    n += PutUlp(r.oracle_ulp[i], line + n, sizeof(line) - n);
    line[n++] = '\n';
    rows->append(line, n);
  }
}

}  // namespace

bool WriteCompareCsv(const std::string& path, const CompareResult& r,
                     std::string* error) {
  if (r.input_bits.size() != r.count || r.oracle_ulp.size() != r.count) {
    *error = "no per-input figures to write (compare without per_input)";
    return false;
  }
  return io::WritePiecesAtomic(
      path,
      [&](const io::AppendBytes& append) {
        const std::string header =
            "index,x,x_bits,backend_bits,oracle_bits,backend_ulp,oracle_ulp\n";
        if (!append(header.data(), header.size())) return false;
        constexpr size_t kRows = 8192;  // a piece: about 600 KB
        std::string rows;
        for (size_t first = 0; first < r.count; first += kRows) {
          rows.clear();
          CsvRows(r, first, std::min(kRows, r.count - first), &rows);
          if (!append(rows.data(), rows.size())) return false;
        }
        return true;
      },
      error);
}

}  // namespace refmath
