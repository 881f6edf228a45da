#include "src/emulator_io/table_compare.h"

#include <algorithm>
#include <cstdlib>

#include "src/verify/array_file.h"
#include "src/verify/file_io.h"
#include "src/verify/npy.h"
#include "src/base/text.h"

namespace refmath {
namespace mcu {
namespace {

constexpr size_t kEntriesS8 = 256;
constexpr size_t kEntriesS16 = 65536;

int64_t Distance(const TableEntry& e) {
  return std::llabs(int64_t{e.device} - e.ideal);
}

bool ReadNpyTable(const std::vector<uint8_t>& bytes, const std::string& name,
                  std::vector<int32_t>* table, std::string* error) {
  io::NpyArray a;
  if (!io::ParseNpy(bytes.data(), bytes.size(), name, &a, error,
                    io::Only(io::DType::kInt8) | io::Only(io::DType::kInt16))) {
    return false;
  }
  const size_t want = a.dtype == io::DType::kInt8 ? kEntriesS8 : kEntriesS16;
  if (a.count() != want) {
    *error = Printable(name) + ": " + io::DTypeName(a.dtype) + " array of shape " +
             ShapeText(a.shape) + " is not a table of " +
             std::to_string(want) + " entries";
    return false;
  }
  const std::vector<int64_t> v = io::IntegerValues(a);
  table->assign(v.begin(), v.end());
  return true;
}

}  // namespace

TableComparison CompareTables(const std::vector<int32_t>& device,
                              const std::vector<int32_t>& ideal,
                              int32_t first_input, size_t worst) {
  TableComparison c;
  std::vector<TableEntry> differing;
  for (size_t i = 0; i < device.size() && i < ideal.size(); ++i) {
    const TableEntry e = {first_input + static_cast<int32_t>(i), device[i], ideal[i]};
    const int64_t d = Distance(e);
    ++c.histogram[d];
    c.max_lsb = std::max(c.max_lsb, d);
    if (d != 0) differing.push_back(e);
  }
  c.differing = static_cast<int64_t>(differing.size());
  // Stable: equal distances keep the input order.
  std::stable_sort(differing.begin(), differing.end(),
                   [](const TableEntry& a, const TableEntry& b) {
                     return Distance(a) > Distance(b);
                   });
  differing.resize(std::min(differing.size(), worst));
  c.worst = std::move(differing);
  return c;
}

bool ReadDeviceTable(const std::vector<uint8_t>& bytes, bool npy,
                     const std::string& name, std::vector<int32_t>* table,
                     std::string* error) {
  if (npy) return ReadNpyTable(bytes, name, table, error);
  if (!io::RefuseNpyMagic(bytes.data(), bytes.size(), name, error)) {
    return false;
  }
  if (bytes.size() == kEntriesS8) {
    table->resize(kEntriesS8);
    for (size_t i = 0; i < kEntriesS8; ++i) {
      (*table)[i] = static_cast<int8_t>(bytes[i]);
    }
    return true;
  }
  if (bytes.size() == 2 * kEntriesS16) {
    table->resize(kEntriesS16);
    for (size_t i = 0; i < kEntriesS16; ++i) {
      (*table)[i] = static_cast<int16_t>(io::LoadLE16(&bytes[2 * i]));
    }
    return true;
  }
  *error = Printable(name) + ": " + std::to_string(bytes.size()) +
           " bytes is not a raw table (256 bytes of int8 or 131072 bytes of "
           "int16; a .npy file must be named *.npy)";
  return false;
}

}  // namespace mcu
}  // namespace refmath
