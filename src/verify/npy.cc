#include "src/verify/npy.h"

#include "src/base/bits.h"
#include "src/base/text.h"
#include "src/verify/file_io.h"

#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace refmath {
namespace io {
namespace {

// File layout: magic, major and minor version bytes, little-endian header
// length (2 bytes in version 1.0, 4 in 2.0 and 3.0), the header (a Python
// dict literal), then the raw element bytes.
constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;
constexpr size_t kVersionSize = 2;
// numpy's NPY_MAXDIMS (numpy 2).  Also keeps every header the writer makes
// far below the 64 KiB a version 1.0 file can describe.
constexpr size_t kMaxDims = 64;
constexpr size_t kAlign = 64;             // numpy's ARRAY_ALIGN
constexpr size_t kGrowthAxisDigits = 21;  // numpy's GROWTH_AXIS_MAX_DIGITS
// Longest piece of file content quoted in an error message.
constexpr size_t kMaxQuoted = 40;

struct DTypeInfo {
  DType dtype;
  const char* name;
  const char* descr;  // as numpy writes it: kind and size after the order
};

constexpr DTypeInfo kDTypes[] = {
    {DType::kFloat32, "float32", "<f4"},
    {DType::kFloat16, "float16", "<f2"},
    {DType::kInt8, "int8", "|i1"},
    {DType::kInt16, "int16", "<i2"},
    {DType::kUint16, "uint16", "<u2"},
    {DType::kInt32, "int32", "<i4"},
    {DType::kInt64, "int64", "<i8"},
    {DType::kFloat64, "float64", "<f8"},
};

const DTypeInfo& Info(DType dtype) {
  for (const DTypeInfo& info : kDTypes) {
    if (info.dtype == dtype) return info;
  }
  return kDTypes[0];  // unreachable: every enumerator has a row
}

// The widest bit pattern an element of `dtype` holds.
uint32_t MaxBits(DType dtype) {
  const size_t bits = 8 * ItemSize(dtype);
  return bits >= 32 ? UINT32_MAX : (uint32_t{1} << bits) - 1;
}

// "float32 or float16", "int8, int16 or int32": the names of the accepted
// dtypes for messages; with descrs: "float32 '<f4' or float16 '<f2'".
std::string AcceptedText(DTypeSet accepted, bool with_descr) {
  std::vector<std::string> names;
  for (const DTypeInfo& info : kDTypes) {
    if (!(accepted & Only(info.dtype))) continue;
    names.push_back(with_descr ? std::string(info.name) + " '" + info.descr + "'"
                               : std::string(info.name));
  }
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

// Byte order is spelled out so the result does not depend on the host.
uint64_t LoadLittleEndian(const uint8_t* p, size_t n) {
  uint64_t value = 0;
  for (size_t i = n; i-- > 0;) value = (value << 8) | p[i];
  return value;
}

void StoreLittleEndian(uint64_t value, size_t n, uint8_t* p) {
  for (size_t i = 0; i < n; ++i) p[i] = static_cast<uint8_t>(value >> (8 * i));
}

std::string Quoted(const std::string& text) {
  return "'" + Printable(text, kMaxQuoted) + "'";
}

bool Fail(const std::string& name, const std::string& problem,
          std::string* error) {
  if (error != nullptr) *error = Printable(name) + ": " + problem;
  return false;
}

// Byte count of the data; false if it exceeds PTRDIFF_MAX (no buffer can be
// that large).  Like numpy, zero dimensions are left out of the overflow
// check, so (0, 2^40, 2^40) is refused although it has no elements.
bool CheckedByteCount(const std::vector<size_t>& shape, size_t item_size,
                      size_t* bytes) {
  constexpr size_t kLimit = PTRDIFF_MAX;
  size_t product = item_size;
  bool has_zero = false;
  for (size_t dim : shape) {
    if (dim == 0) {
      has_zero = true;
    } else if (product > kLimit / dim) {
      return false;
    } else {
      product *= dim;
    }
  }
  *bytes = has_zero ? 0 : product;
  return true;
}

// C and Fortran order store the same bytes when at most one dimension
// exceeds 1, or when there are no elements at all.
bool OrdersCoincide(const std::vector<size_t>& shape) {
  size_t long_dims = 0;
  for (size_t dim : shape) {
    if (dim == 0) return true;
    if (dim > 1) ++long_dims;
  }
  return long_dims <= 1;
}

// ---------------------------------------------------------------- Reading

// Finds the header: checks magic and version, reads the header length and
// checks that the header lies inside the buffer.
bool ReadPreamble(const uint8_t* data, size_t size, size_t* header_offset,
                  size_t* header_length, std::string* problem) {
  if (size < kMagicSize) {
    *problem = "bad magic (not a .npy file): only " + std::to_string(size) +
               " bytes, shorter than the magic";
    return false;
  }
  if (memcmp(data, kMagic, kMagicSize) != 0) {
    *problem = "bad magic (not a .npy file)";
    return false;
  }
  if (size < kMagicSize + kVersionSize) {
    *problem = "truncated header: file ends inside the version";
    return false;
  }
  const unsigned major = data[kMagicSize];
  const unsigned minor = data[kMagicSize + 1];
  if (major < 1 || major > 3 || minor != 0) {
    *problem = "unsupported .npy version " + std::to_string(major) + "." +
               std::to_string(minor) + " (expected 1.0, 2.0 or 3.0)";
    return false;
  }
  const size_t length_size = major == 1 ? 2 : 4;
  const size_t length_offset = kMagicSize + kVersionSize;
  if (size - length_offset < length_size) {
    *problem = "truncated header: file ends inside the header length";
    return false;
  }
  *header_offset = length_offset + length_size;
  *header_length =
      static_cast<size_t>(LoadLittleEndian(data + length_offset, length_size));
  if (*header_length > size - *header_offset) {
    *problem = "truncated header: header length " +
               std::to_string(*header_length) + " exceeds the " +
               std::to_string(size - *header_offset) +
               " bytes left in the file";
    return false;
  }
  return true;
}

// The header's values, still unchecked.
struct Header {
  std::string descr;
  bool fortran_order = false;
  std::vector<size_t> shape;
};

// Parses the subset of Python literal syntax that .npy headers use: a dict
// with the string keys 'descr' (a string), 'fortran_order' (True or False)
// and 'shape' (a tuple of non-negative integers), any whitespace between
// tokens, an optional trailing comma, either quote character.  Linear time,
// no recursion, never reads outside [begin, end).
class HeaderParser {
 public:
  HeaderParser(const uint8_t* begin, const uint8_t* end)
      : begin_(begin), p_(begin), end_(end) {}

  // On failure, problem() says why.
  bool Parse(Header* header);
  const std::string& problem() const { return problem_; }

 private:
  enum Key : unsigned { kDescr = 1, kFortranOrder = 2, kShape = 4 };

  static bool IsSpace(uint8_t c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  }
  static bool IsDigit(uint8_t c) { return c >= '0' && c <= '9'; }
  static bool IsPunctuation(uint8_t c) {
    return c == ',' || c == ':' || c == '(' || c == ')' || c == '[' ||
           c == ']' || c == '{' || c == '}';
  }
  static bool IsWordChar(uint8_t c) {
    return IsDigit(c) || c == '_' || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z');
  }

  bool AtEnd() const { return p_ == end_; }
  void SkipSpace() {
    while (!AtEnd() && IsSpace(*p_)) ++p_;
  }
  // Skips whitespace, then consumes `c` if it comes next.
  bool Accept(char c) {
    SkipSpace();
    if (AtEnd() || *p_ != static_cast<uint8_t>(c)) return false;
    ++p_;
    return true;
  }
  bool Fail(std::string problem) {
    problem_ = std::move(problem);
    return false;
  }
  // What the parser is looking at, for messages.
  std::string Found() const;
  bool Expected(const std::string& what) {
    return Fail("malformed header: expected " + what + ", found " + Found());
  }
  // The next shape entry as written, for messages.
  std::string Token() const;

  bool ParseEntry(Header* header, unsigned* seen);
  bool ParseString(const std::string& what, std::string* out);
  bool ParseDescr(std::string* descr);
  bool ParseBool(bool* out);
  bool ParseShape(std::vector<size_t>* shape);
  bool ParseDim(size_t* dim);

  const uint8_t* const begin_;
  const uint8_t* p_;
  const uint8_t* const end_;
  std::string problem_;
};

std::string HeaderParser::Found() const {
  if (AtEnd()) return "end of header";
  return Quoted(std::string(1, static_cast<char>(*p_))) + " at header offset " +
         std::to_string(p_ - begin_);
}

std::string HeaderParser::Token() const {
  const uint8_t* q = p_;
  while (q != end_ && !IsSpace(*q) && !IsPunctuation(*q)) ++q;
  return std::string(p_, q);
}

bool HeaderParser::Parse(Header* header) {
  if (!Accept('{')) {
    return Fail("header is not a dict (expected '{', found " + Found() + ")");
  }
  unsigned seen = 0;
  while (!Accept('}')) {
    if (!ParseEntry(header, &seen)) return false;
    if (!Accept(',')) {
      if (!Accept('}')) return Expected("',' or '}' after a dict entry");
      break;
    }
  }
  SkipSpace();  // numpy pads with spaces and a newline
  if (!AtEnd()) return Expected("only whitespace after the header dict");
  if (!(seen & kDescr)) return Fail("header is missing 'descr'");
  if (!(seen & kFortranOrder)) return Fail("header is missing 'fortran_order'");
  if (!(seen & kShape)) return Fail("header is missing 'shape'");
  return true;
}

bool HeaderParser::ParseEntry(Header* header, unsigned* seen) {
  std::string name;
  if (!ParseString("a quoted key or '}'", &name)) return false;
  if (!Accept(':')) return Expected("':' after key " + Quoted(name));
  Key key;
  if (name == "descr") {
    key = kDescr;
  } else if (name == "fortran_order") {
    key = kFortranOrder;
  } else if (name == "shape") {
    key = kShape;
  } else {
    return Fail("unexpected key " + Quoted(name) +
                " in header (expected 'descr', 'fortran_order', 'shape')");
  }
  if (*seen & key) return Fail("duplicate key " + Quoted(name) + " in header");
  *seen |= key;
  switch (key) {
    case kDescr:
      return ParseDescr(&header->descr);
    case kFortranOrder:
      return ParseBool(&header->fortran_order);
    case kShape:
      return ParseShape(&header->shape);
  }
  return false;
}

// A string literal without escapes, which no dtype or key needs.
bool HeaderParser::ParseString(const std::string& what, std::string* out) {
  SkipSpace();
  if (AtEnd() || (*p_ != '\'' && *p_ != '"')) return Expected(what);
  const uint8_t quote = *p_++;
  const uint8_t* const start = p_;
  while (!AtEnd() && *p_ != quote) {
    if (*p_ == '\\' || *p_ == '\n' || *p_ == '\r') {
      return Fail("malformed header: escape or line break in a string at " +
                  Found());
    }
    ++p_;
  }
  if (AtEnd()) return Fail("malformed header: unterminated string");
  out->assign(start, p_);
  ++p_;
  return true;
}

bool HeaderParser::ParseDescr(std::string* descr) {
  SkipSpace();
  // numpy writes record and sub-array dtypes as a list or a tuple.
  if (!AtEnd() && (*p_ == '[' || *p_ == '(')) {
    return Fail(
        "unsupported dtype: a structured or sub-array descr");
  }
  return ParseString("a quoted dtype for 'descr'", descr);
}

bool HeaderParser::ParseBool(bool* out) {
  SkipSpace();
  static const struct {
    const char* word;
    bool value;
  } kWords[] = {{"True", true}, {"False", false}};
  for (const auto& w : kWords) {
    const size_t n = strlen(w.word);
    if (static_cast<size_t>(end_ - p_) < n || memcmp(p_, w.word, n) != 0) {
      continue;
    }
    const uint8_t* after = p_ + n;
    // Stop "Truex" from matching.
    if (after != end_ && IsWordChar(*after)) continue;
    p_ = after;
    *out = w.value;
    return true;
  }
  return Fail("'fortran_order' is not True or False: found " + Found());
}

bool HeaderParser::ParseShape(std::vector<size_t>* shape) {
  if (!Accept('(')) return Fail("'shape' is not a tuple: found " + Found());
  if (Accept(')')) return true;  // () : 0-d
  for (;;) {
    size_t dim;
    if (!ParseDim(&dim)) return false;
    if (shape->size() == kMaxDims) {
      return Fail("too many dimensions (more than " + std::to_string(kMaxDims) +
                  ")");
    }
    shape->push_back(dim);
    if (Accept(')')) break;
    if (!Accept(',')) return Expected("',' or ')' in 'shape'");
    if (Accept(')')) return true;  // trailing comma
  }
  // In Python (5) is the integer 5; only (5,) is a tuple.
  if (shape->size() == 1) {
    return Fail("'shape' is not a tuple: a 1-d shape needs a trailing comma");
  }
  return true;
}

bool HeaderParser::ParseDim(size_t* dim) {
  SkipSpace();
  const std::string token = Token();
  if (token.empty()) return Expected("a shape entry");
  if (*p_ == '-') return Fail("negative shape entry " + Quoted(token));
  const std::string not_integer =
      "shape entry " + Quoted(token) + " is not a non-negative integer";
  if (!IsDigit(*p_)) return Fail(not_integer);
  size_t value = 0;
  for (; !AtEnd() && IsDigit(*p_); ++p_) {
    const size_t digit = *p_ - '0';
    if (value > (SIZE_MAX - digit) / 10) {
      return Fail("shape entry " + Quoted(token) + " is too large");
    }
    value = value * 10 + digit;
  }
  // Python 2 wrote long integers as 5L, and numpy still reads such files.
  if (!AtEnd() && *p_ == 'L') ++p_;
  if (!AtEnd() && (IsWordChar(*p_) || *p_ == '.')) {
    return Fail(not_integer);  // 5.0, 0x10, 1e3, ...
  }
  *dim = value;
  return true;
}

// The dtype a descr names, whatever its byte order: a kind and a size
// after one of '<', '>', '=', '|'.  False if it names none of kDTypes.
bool FindDType(const std::string& descr, const DTypeInfo** found) {
  if (descr.size() != 3 || strchr("<>=|", descr[0]) == nullptr) return false;
  for (const DTypeInfo& info : kDTypes) {
    if (descr.compare(1, 2, info.descr + 1) == 0) {
      *found = &info;
      return true;
    }
  }
  return false;
}

// Checks a descr against the accepted dtypes: a known dtype, little-endian
// spelled out (a single byte has no order), one the caller accepts.
bool CheckDescr(const std::string& descr, DTypeSet accepted, DType* dtype,
                std::string* problem) {
  const DTypeInfo* info = nullptr;
  if (!FindDType(descr, &info)) {
    *problem = "unsupported dtype " + Quoted(descr) + " (expected " +
               AcceptedText(accepted, false) + ")";
    return false;
  }
  if (ItemSize(info->dtype) > 1 && descr[0] == '>') {
    *problem = "big-endian dtype " + Quoted(descr) +
               " is not supported (expected " + AcceptedText(accepted, true) +
               ")";
    return false;
  }
  if (ItemSize(info->dtype) > 1 && descr[0] != '<') {
    // '=' (native) and '|' (not applicable) do not say little-endian.
    *problem = "dtype " + Quoted(descr) +
               " is not explicitly little-endian (expected " +
               AcceptedText(accepted, true) + ")";
    return false;
  }
  if (!(accepted & Only(info->dtype))) {
    *problem = "wrong dtype " + Quoted(descr) + " (" + info->name +
               "), expected " + AcceptedText(accepted, true);
    return false;
  }
  *dtype = info->dtype;
  return true;
}

// Checks the header's values and derives dtype and data size from them.
bool CheckHeader(const Header& header, DTypeSet accepted, DType* dtype,
                 size_t* byte_count, std::string* problem) {
  if (!CheckDescr(header.descr, accepted, dtype, problem)) return false;
  if (!CheckedByteCount(header.shape, ItemSize(*dtype), byte_count)) {
    *problem = "shape " + ShapeText(header.shape) +
               " is too large: the byte count overflows";
    return false;
  }
  if (header.fortran_order && !OrdersCoincide(header.shape)) {
    *problem =
        "Fortran order is not supported for shape " + ShapeText(header.shape);
    return false;
  }
  return true;
}

bool CheckDataSize(size_t expected, size_t found, std::string* problem) {
  if (found == expected) return true;
  *problem = std::string(found < expected ? "data truncated"
                                          : "trailing bytes after data") +
             ": expected " + std::to_string(expected) + " bytes, found " +
             std::to_string(found);
  return false;
}

// ---------------------------------------------------------------- Writing

bool CheckArray(const NpyArray& array, std::string* problem) {
  if (array.shape.size() > kMaxDims) {
    *problem = "too many dimensions (" + std::to_string(array.shape.size()) +
               ", at most " + std::to_string(kMaxDims) + ")";
    return false;
  }
  size_t bytes;
  if (!CheckedByteCount(array.shape, ItemSize(array.dtype), &bytes)) {
    *problem = "shape " + ShapeText(array.shape) +
               " is too large: the byte count overflows";
    return false;
  }
  const size_t count = bytes / ItemSize(array.dtype);
  const bool wide = ItemSize(array.dtype) == 8;
  const size_t stored = wide ? array.bits64.size() : array.bits.size();
  const size_t other = wide ? array.bits.size() : array.bits64.size();
  if (stored != count || other != 0) {
    *problem = "shape " + ShapeText(array.shape) + " needs " +
               std::to_string(count) + " elements but " +
               (wide ? "bits64" : "bits") + " has " + std::to_string(stored) +
               (other != 0 ? std::string(" and ") + (wide ? "bits" : "bits64") +
                                 " is not empty"
                           : "");
    return false;
  }
  if (wide) return true;
  const uint32_t max_bits = MaxBits(array.dtype);
  for (size_t i = 0; i < count; ++i) {
    if (array.bits[i] > max_bits) {
      char hex[16];
      snprintf(hex, sizeof(hex), "0x%X", max_bits);
      *problem = std::string(DTypeName(array.dtype)) + " element " +
                 std::to_string(i) + " has bits above " + hex;
      return false;
    }
  }
  return true;
}

// Magic, version 1.0, header length and header, byte for byte as numpy.save
// writes them: keys sorted, spare spaces for the first dimension to grow
// in place, then 1 to 64 spaces and a newline so that the data starts at a
// multiple of 64.
std::string MakePreambleAndHeader(const NpyArray& array) {
  std::string dict =
      std::string("{'descr': '") + DTypeDescr(array.dtype) +
      "', 'fortran_order': False, 'shape': " + ShapeText(array.shape) + ", }";
  if (!array.shape.empty()) {
    const size_t digits = std::to_string(array.shape[0]).size();
    dict.append(kGrowthAxisDigits - std::min(digits, kGrowthAxisDigits), ' ');
  }
  const size_t preamble_size = kMagicSize + kVersionSize + 2;
  const size_t unpadded = dict.size() + 1;  // + newline
  const size_t padding = kAlign - (preamble_size + unpadded) % kAlign;
  // At most kMaxDims dimensions keep this far below 0xFFFF.
  const size_t header_length = unpadded + padding;

  std::string out(kMagic, kMagicSize);
  out += '\x01';
  out += '\x00';
  uint8_t length[2];
  StoreLittleEndian(static_cast<uint32_t>(header_length), 2, length);
  out.append(reinterpret_cast<const char*>(length), 2);
  out += dict;
  out.append(padding, ' ');
  out += '\n';
  return out;
}

// Appends the elements little-endian, in C order.
void AppendElements(const NpyArray& array, std::vector<uint8_t>* out) {
  const size_t item_size = ItemSize(array.dtype);
  size_t at = out->size();
  if (item_size == 8) {
    out->resize(at + array.bits64.size() * item_size);
    for (uint64_t bits : array.bits64) {
      StoreLittleEndian(bits, item_size, out->data() + at);
      at += item_size;
    }
    return;
  }
  out->resize(at + array.bits.size() * item_size);
  for (uint32_t bits : array.bits) {
    StoreLittleEndian(bits, item_size, out->data() + at);
    at += item_size;
  }
}

// The `count` little-endian elements of `dtype` at `data`, into out's bits
// or bits64 (by the item size); the other is emptied.
void LoadElements(const uint8_t* data, size_t count, DType dtype,
                  NpyArray* out) {
  const size_t item_size = ItemSize(dtype);
  std::vector<uint32_t> bits;
  std::vector<uint64_t> bits64;
  if (item_size == 8) {
    bits64.resize(count);
    for (size_t i = 0; i < count; ++i) {
      bits64[i] = LoadLittleEndian(data + i * item_size, item_size);
    }
  } else {
    bits.resize(count);
    for (size_t i = 0; i < count; ++i) {
      bits[i] = static_cast<uint32_t>(
          LoadLittleEndian(data + i * item_size, item_size));
    }
  }
  out->dtype = dtype;
  out->bits = std::move(bits);
  out->bits64 = std::move(bits64);
}

// The array's bytes, after numpy.save's preamble and header if `npy`.
bool Encode(const NpyArray& array, const std::string& name, bool npy,
            std::vector<uint8_t>* out, std::string* error) {
  std::string problem;
  if (!CheckArray(array, &problem)) {
    return Fail(name, "cannot write: " + problem, error);
  }
  out->clear();
  if (npy) {
    const std::string head = MakePreambleAndHeader(array);
    out->assign(head.begin(), head.end());
  }
  AppendElements(array, out);
  return true;
}

}  // namespace

const char* DTypeName(DType dtype) { return Info(dtype).name; }

const char* DTypeDescr(DType dtype) { return Info(dtype).descr; }

size_t ItemSize(DType dtype) {
  return static_cast<size_t>(Info(dtype).descr[2] - '0');
}


bool HasNpyMagic(const uint8_t* data, size_t size) {
  return data != nullptr && size >= kMagicSize &&
         memcmp(data, kMagic, kMagicSize) == 0;
}

size_t NpyArray::count() const {
  size_t n = 1;
  for (size_t dim : shape) n *= dim;
  return n;
}

int64_t NpyArray::IntegerAt(size_t i) const {
  const size_t item_bits = 8 * ItemSize(dtype);
  if (item_bits == 64) return static_cast<int64_t>(bits64[i]);
  // Sign-extend the pattern's top bit.
  const int64_t pattern = bits[i];
  const int64_t sign = int64_t{1} << (item_bits - 1);
  return (pattern ^ sign) - sign;
}

NpyArray IntegerArray(DType dtype, std::vector<size_t> shape,
                      const std::vector<int64_t>& values) {
  NpyArray a;
  a.dtype = dtype;
  a.shape = std::move(shape);
  const size_t item_bits = 8 * ItemSize(dtype);
  for (int64_t v : values) {
    const uint64_t pattern = static_cast<uint64_t>(v);
    if (item_bits == 64) {
      a.bits64.push_back(pattern);
    } else {
      a.bits.push_back(static_cast<uint32_t>(
          pattern & ((uint64_t{1} << item_bits) - 1)));
    }
  }
  return a;
}

NpyArray Float32Array(std::vector<size_t> shape,
                      const std::vector<float>& values) {
  NpyArray a;
  a.shape = std::move(shape);
  a.bits.reserve(values.size());
  for (float v : values) a.bits.push_back(FloatBits(v));
  return a;
}

NpyArray Float16Array(std::vector<size_t> shape,
                      const std::vector<uint16_t>& bits) {
  NpyArray a;
  a.dtype = DType::kFloat16;
  a.shape = std::move(shape);
  a.bits.assign(bits.begin(), bits.end());
  return a;
}

std::vector<int64_t> IntegerValues(const NpyArray& array) {
  std::vector<int64_t> values(array.count());
  for (size_t i = 0; i < values.size(); ++i) values[i] = array.IntegerAt(i);
  return values;
}

std::vector<float> Float32Values(const NpyArray& array) {
  std::vector<float> values(array.bits.size());
  for (size_t i = 0; i < values.size(); ++i) {
    values[i] = BitsToFloat(array.bits[i]);
  }
  return values;
}

bool ParseNpy(const uint8_t* data, size_t size, const std::string& name,
              NpyArray* out, std::string* error, DTypeSet accepted) {
  if (data == nullptr) size = 0;
  std::string problem;
  size_t header_offset, header_length;
  if (!ReadPreamble(data, size, &header_offset, &header_length, &problem)) {
    return Fail(name, problem, error);
  }
  const uint8_t* const header_begin = data + header_offset;
  Header header;
  HeaderParser parser(header_begin, header_begin + header_length);
  if (!parser.Parse(&header)) return Fail(name, parser.problem(), error);
  DType dtype;
  size_t byte_count;
  if (!CheckHeader(header, accepted, &dtype, &byte_count, &problem)) {
    return Fail(name, problem, error);
  }
  const size_t data_offset = header_offset + header_length;
  if (!CheckDataSize(byte_count, size - data_offset, &problem)) {
    return Fail(name, problem, error);
  }

  // Only now, with the size checked against the input, allocate.
  LoadElements(data + data_offset, byte_count / ItemSize(dtype), dtype, out);
  out->shape = std::move(header.shape);
  return true;
}

bool ReadNpy(const std::string& path, NpyArray* out, std::string* error,
             DTypeSet accepted) {
  std::vector<uint8_t> bytes;
  std::string problem;
  if (!ReadAll(path, &bytes, &problem)) {
    if (error != nullptr) *error = problem;
    return false;
  }
  return ParseNpy(bytes.data(), bytes.size(), path == "-" ? "<stdin>" : path,
                  out, error, accepted);
}

bool ParseRaw(const uint8_t* data, size_t size, DType dtype,
              const std::string& name, NpyArray* out, std::string* error) {
  if (data == nullptr) size = 0;
  const size_t item_size = ItemSize(dtype);
  if (size % item_size != 0) {
    return Fail(name,
                "size " + std::to_string(size) + " bytes is not a multiple of " +
                    std::to_string(item_size) + " (raw little-endian " +
                    DTypeName(dtype) + " expected)",
                error);
  }
  LoadElements(data, size / item_size, dtype, out);
  out->shape = {size / item_size};
  return true;
}

bool EncodeNpy(const NpyArray& array, const std::string& name,
               std::vector<uint8_t>* out, std::string* error) {
  return Encode(array, name, true, out, error);
}

bool EncodeRaw(const NpyArray& array, const std::string& name,
               std::vector<uint8_t>* out, std::string* error) {
  return Encode(array, name, false, out, error);
}

bool WriteNpy(const std::string& path, const NpyArray& array,
              std::string* error) {
  std::vector<uint8_t> bytes;
  std::string problem;
  if (!EncodeNpy(array, path, &bytes, error)) return false;
  if (!WriteAllAtomic(path, bytes.data(), bytes.size(), &problem)) {
    if (error != nullptr) *error = problem;
    return false;
  }
  return true;
}

}  // namespace io
}  // namespace refmath
