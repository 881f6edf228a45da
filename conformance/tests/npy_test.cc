// The .npy reader and writer.  Inputs for the reader are assembled byte by
// byte here, never with WriteNpy, so a bug shared by both cannot hide.
#include "src/verify/npy.h"

#include <stdint.h>
#include <stdio.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace io {
namespace {

using Bytes = std::vector<uint8_t>;

// ------------------------------------------------------------- Builders

// Magic, version, header length (2 bytes little-endian for major version
// 1, 4 bytes otherwise), header text, data.
Bytes MakeNpy(uint8_t major, uint8_t minor, const std::string& header,
              const Bytes& data) {
  Bytes out = {0x93, 'N', 'U', 'M', 'P', 'Y', major, minor};
  const size_t length_size = major == 1 ? 2 : 4;
  for (size_t i = 0; i < length_size; ++i) {
    out.push_back(static_cast<uint8_t>(header.size() >> (8 * i)));
  }
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

Bytes V1(const std::string& header, const Bytes& data = {}) {
  return MakeNpy(1, 0, header, data);
}

// `dict` followed by spaces and a newline up to a multiple of 64 bytes
// from the start of the file, as numpy pads (preamble: 10 bytes in 1.0).
std::string Padded(const std::string& dict, size_t preamble_size = 10) {
  std::string out = dict;
  while ((preamble_size + out.size() + 1) % 64 != 0) out += ' ';
  return out + '\n';
}

// Header of a C-order array, unpadded.
std::string Dict(const std::string& descr, const std::string& shape) {
  return "{'descr': '" + descr +
         "', 'fortran_order': False, 'shape': " + shape + ", }";
}

Bytes LittleEndian32(std::initializer_list<uint32_t> values) {
  Bytes out;
  for (uint32_t v : values) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> 8 * i));
  }
  return out;
}

Bytes LittleEndian16(std::initializer_list<uint16_t> values) {
  Bytes out;
  for (uint16_t v : values) {
    out.push_back(static_cast<uint8_t>(v));
    out.push_back(static_cast<uint8_t>(v >> 8));
  }
  return out;
}

// ------------------------------------------------------------- Parsing

// Parses `bytes` from an exactly-sized heap copy, so that AddressSanitizer
// sees any read past the end.
bool Parse(const Bytes& bytes, NpyArray* array, std::string* error) {
  std::unique_ptr<uint8_t[]> copy(new uint8_t[bytes.size()]);
  std::copy(bytes.begin(), bytes.end(), copy.get());
  return ParseNpy(bytes.empty() ? nullptr : copy.get(), bytes.size(), "x.npy",
                  array, error);
}

NpyArray ParseOk(const Bytes& bytes) {
  NpyArray array;
  std::string error;
  EXPECT_TRUE(Parse(bytes, &array, &error)) << error;
  return array;
}

// Expects `bytes` to be rejected with a one-line message that starts with
// the name and leaves the output array untouched; returns the message.
std::string ParseError(const Bytes& bytes) {
  NpyArray array;
  array.dtype = DType::kFloat16;
  array.shape = {12345};
  array.bits = {0xABCD};
  std::string error;
  EXPECT_FALSE(Parse(bytes, &array, &error));
  EXPECT_EQ(error.rfind("x.npy: ", 0), 0u) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_EQ(error.find('\r'), std::string::npos) << error;
  EXPECT_EQ(array.dtype, DType::kFloat16);
  EXPECT_EQ(array.shape, std::vector<size_t>{12345});
  EXPECT_EQ(array.bits, std::vector<uint32_t>{0xABCD});
  return error;
}

constexpr size_t npos = std::string::npos;

// ------------------------------------------------------- Valid headers

TEST(ParseNpyTest, Version1Float32NumpyPadding) {
  const NpyArray a =
      ParseOk(V1(Padded(Dict("<f4", "(3,)")),
                 LittleEndian32({0x3F800000, 0x01020304, 0xFFC00001})));
  EXPECT_EQ(a.dtype, DType::kFloat32);
  EXPECT_EQ(a.shape, std::vector<size_t>{3});
  EXPECT_EQ(a.count(), 3u);
  EXPECT_EQ(a.bits,
            (std::vector<uint32_t>{0x3F800000, 0x01020304, 0xFFC00001}));
}

TEST(ParseNpyTest, BytesAreLittleEndian) {
  const NpyArray a =
      ParseOk(V1(Dict("<f4", "(1,)"), Bytes{0x04, 0x03, 0x02, 0x01}));
  EXPECT_EQ(a.bits, std::vector<uint32_t>{0x01020304});
  const NpyArray h = ParseOk(V1(Dict("<f2", "(1,)"), Bytes{0x02, 0x01}));
  EXPECT_EQ(h.bits, std::vector<uint32_t>{0x0102});
}

TEST(ParseNpyTest, Version1Float16) {
  const NpyArray a =
      ParseOk(V1(Padded(Dict("<f2", "(2, 2)")),
                 LittleEndian16({0x3C00, 0x0102, 0x7D00, 0x8000})));
  EXPECT_EQ(a.dtype, DType::kFloat16);
  EXPECT_EQ(a.shape, (std::vector<size_t>{2, 2}));
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{0x3C00, 0x0102, 0x7D00, 0x8000}));
}

// uint16: what NumPy holds bfloat16 bit patterns in.
TEST(ParseNpyTest, Version1Uint16) {
  const Bytes bytes = V1(Padded(Dict("<u2", "(3,)")),
                         LittleEndian16({0x3F80, 0xFFFF, 0x0001}));
  NpyArray a;
  std::string error;
  ASSERT_TRUE(ParseNpy(bytes.data(), bytes.size(), "x.npy", &a, &error,
                       Only(DType::kUint16)))
      << error;
  EXPECT_EQ(a.dtype, DType::kUint16);
  EXPECT_EQ(a.shape, std::vector<size_t>{3});
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{0x3F80, 0xFFFF, 0x0001}));
}

TEST(ParseNpyTest, Version2FourByteHeaderLength) {
  const NpyArray a = ParseOk(MakeNpy(2, 0, Padded(Dict("<f4", "(2,)"), 12),
                                     LittleEndian32({0x7F800000, 0x80000000})));
  EXPECT_EQ(a.dtype, DType::kFloat32);
  EXPECT_EQ(a.shape, std::vector<size_t>{2});
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{0x7F800000, 0x80000000}));
}

TEST(ParseNpyTest, Version3Float16) {
  const NpyArray a = ParseOk(
      MakeNpy(3, 0, Padded(Dict("<f2", "(1,)"), 12), LittleEndian16({0xFC00})));
  EXPECT_EQ(a.dtype, DType::kFloat16);
  EXPECT_EQ(a.bits, std::vector<uint32_t>{0xFC00});
}

TEST(ParseNpyTest, KeysInAnyOrderWithExtraWhitespace) {
  const NpyArray a =
      ParseOk(V1("  {  \"shape\" :( 2 ,3 ) ,\n\t'fortran_order'  :False ,"
                 "'descr':\"<f2\"  }  \r\n",
                 LittleEndian16({1, 2, 3, 4, 5, 6})));
  EXPECT_EQ(a.dtype, DType::kFloat16);
  EXPECT_EQ(a.shape, (std::vector<size_t>{2, 3}));
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{1, 2, 3, 4, 5, 6}));
}

TEST(ParseNpyTest, NoTrailingCommaAfterLastEntry) {
  const NpyArray a =
      ParseOk(V1("{'shape': (1,), 'descr': '<f4', 'fortran_order': False}",
                 LittleEndian32({7})));
  EXPECT_EQ(a.bits, std::vector<uint32_t>{7});
}

TEST(ParseNpyTest, TrailingCommaInShape) {
  EXPECT_EQ(ParseOk(V1(Dict("<f2", "(5,)"), Bytes(10))).shape,
            std::vector<size_t>{5});
  EXPECT_EQ(ParseOk(V1(Dict("<f2", "(2, 3,)"), Bytes(12))).shape,
            (std::vector<size_t>{2, 3}));
  EXPECT_EQ(ParseOk(V1(Dict("<f2", "( 4 , )"), Bytes(8))).shape,
            std::vector<size_t>{4});
}

TEST(ParseNpyTest, Python2LongSuffixInShape) {
  EXPECT_EQ(ParseOk(V1(Dict("<f2", "(2L, 3L)"), Bytes(12))).shape,
            (std::vector<size_t>{2, 3}));
}

TEST(ParseNpyTest, ZeroDimensionalHasOneElement) {
  const NpyArray a =
      ParseOk(V1(Padded(Dict("<f4", "()")), LittleEndian32({0x3F800000})));
  EXPECT_TRUE(a.shape.empty());
  EXPECT_EQ(a.count(), 1u);
  EXPECT_EQ(a.bits, std::vector<uint32_t>{0x3F800000});
}

// int8 and int16 are read only where the caller asks for them; one byte
// has no byte order, so numpy's '|i1' and a hand-written '<i1' both do.
TEST(ParseNpyTest, Int8AndInt16WhenAsked) {
  NpyArray a;
  std::string error;
  const Bytes i1 = V1(Dict("|i1", "(3,)"), {0x80, 0x00, 0x7F});
  ASSERT_TRUE(ParseNpy(i1.data(), i1.size(), "x.npy", &a, &error,
                       Only(DType::kInt8)))
      << error;
  EXPECT_EQ(a.dtype, DType::kInt8);
  EXPECT_EQ(a.shape, std::vector<size_t>{3});
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{0x80, 0x00, 0x7F}));
  const Bytes lt_i1 = V1(Dict("<i1", "(1,)"), {0xFF});
  EXPECT_TRUE(ParseNpy(lt_i1.data(), lt_i1.size(), "x.npy", &a, &error,
                       Only(DType::kInt8)))
      << error;
  const Bytes i2 = V1(Dict("<i2", "(2, 1)"), LittleEndian16({0x8000, 0x7FFF}));
  ASSERT_TRUE(ParseNpy(i2.data(), i2.size(), "x.npy", &a, &error,
                       Only(DType::kInt16)))
      << error;
  EXPECT_EQ(a.dtype, DType::kInt16);
  EXPECT_EQ(a.shape, (std::vector<size_t>{2, 1}));
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{0x8000, 0x7FFF}));
}

TEST(ParseNpyTest, EmptyArrays) {
  NpyArray a = ParseOk(V1(Dict("<f4", "(0,)")));
  EXPECT_EQ(a.shape, std::vector<size_t>{0});
  EXPECT_EQ(a.count(), 0u);
  EXPECT_TRUE(a.bits.empty());
  a = ParseOk(V1(Dict("<f2", "(3, 0)")));
  EXPECT_EQ(a.shape, (std::vector<size_t>{3, 0}));
  EXPECT_TRUE(a.bits.empty());
}

TEST(ParseNpyTest, FortranOrderAcceptedWhereLayoutsCoincide) {
  const struct {
    const char* shape;
    Bytes data;
  } kCases[] = {{"()", LittleEndian16({1})},
                {"(3,)", LittleEndian16({1, 2, 3})},
                {"(1, 3)", LittleEndian16({1, 2, 3})},
                {"(3, 1, 1)", LittleEndian16({1, 2, 3})},
                {"(2, 0)", {}}};
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.shape);
    const NpyArray a = ParseOk(
        V1(std::string("{'descr': '<f2', 'fortran_order': True, 'shape': ") +
               c.shape + "}",
           c.data));
    EXPECT_EQ(a.bits.size() * 2, c.data.size());
  }
}

// ---------------------------------------------------------- Malformed

TEST(ParseNpyErrorTest, BadMagic) {
  Bytes bytes = V1(Padded(Dict("<f4", "(1,)")), Bytes(4));
  bytes[5] = 'Z';
  EXPECT_NE(ParseError(bytes).find("x.npy: bad magic (not a .npy file)"), npos);
  const std::string text = "hello, this is a text file\n";
  EXPECT_NE(ParseError(Bytes(text.begin(), text.end())).find("bad magic"),
            npos);
}

TEST(ParseNpyErrorTest, ShorterThanMagic) {
  std::string error = ParseError(Bytes{0x93, 'N', 'U'});
  EXPECT_NE(error.find("bad magic (not a .npy file)"), npos) << error;
  EXPECT_NE(error.find("only 3 bytes"), npos) << error;
  error = ParseError(Bytes{});
  EXPECT_NE(error.find("only 0 bytes"), npos) << error;
}

TEST(ParseNpyErrorTest, EndsInsideVersionOrHeaderLength) {
  EXPECT_NE(ParseError(Bytes{0x93, 'N', 'U', 'M', 'P', 'Y', 1})
                .find("truncated header"),
            npos);
  EXPECT_NE(ParseError(Bytes{0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0x10})
                .find("truncated header"),
            npos);
  EXPECT_NE(ParseError(Bytes{0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0, 1, 0, 0})
                .find("truncated header"),
            npos);
}

TEST(ParseNpyErrorTest, UnsupportedVersion) {
  const std::string header = Padded(Dict("<f4", "(1,)"), 12);
  std::string error = ParseError(MakeNpy(9, 0, header, Bytes(4)));
  EXPECT_NE(error.find("unsupported .npy version 9.0"), npos) << error;
  error = ParseError(MakeNpy(1, 1, header, Bytes(4)));
  EXPECT_NE(error.find("unsupported .npy version 1.1"), npos) << error;
  error = ParseError(MakeNpy(0, 0, header, Bytes(4)));
  EXPECT_NE(error.find("unsupported .npy version 0.0"), npos) << error;
}

TEST(ParseNpyErrorTest, HeaderLengthBeyondFile) {
  Bytes bytes = V1(Dict("<f4", "(1,)"), Bytes(4));
  bytes[8] = 0xFF;  // header length 0xFFFF
  bytes[9] = 0xFF;
  std::string error = ParseError(bytes);
  EXPECT_NE(error.find("truncated header"), npos) << error;
  EXPECT_NE(error.find("65535"), npos) << error;

  bytes = MakeNpy(2, 0, Dict("<f4", "(1,)"), Bytes(4));
  for (int i = 8; i < 12; ++i) bytes[i] = 0xFF;  // 4 GiB - 1
  error = ParseError(bytes);
  EXPECT_NE(error.find("truncated header"), npos) << error;

  // One byte more than what is left.
  bytes = V1(Dict("<f4", "(1,)"));
  ++bytes[8];
  EXPECT_NE(ParseError(bytes).find("truncated header"), npos);
}

TEST(ParseNpyErrorTest, HeaderNotADict) {
  std::string error = ParseError(V1("[('descr', '<f4')]\n", Bytes(4)));
  EXPECT_NE(error.find("header is not a dict"), npos) << error;
  error = ParseError(V1(""));
  EXPECT_NE(error.find("header is not a dict"), npos) << error;
  error = ParseError(V1("   \n"));
  EXPECT_NE(error.find("header is not a dict"), npos) << error;
}

TEST(ParseNpyErrorTest, MissingKeys) {
  std::string error =
      ParseError(V1("{'fortran_order': False, 'shape': (1,), }", Bytes(4)));
  EXPECT_NE(error.find("header is missing 'descr'"), npos) << error;
  error = ParseError(V1("{'descr': '<f4', 'shape': (1,), }", Bytes(4)));
  EXPECT_NE(error.find("header is missing 'fortran_order'"), npos) << error;
  error = ParseError(V1("{'descr': '<f4', 'fortran_order': False}", Bytes(4)));
  EXPECT_NE(error.find("header is missing 'shape'"), npos) << error;
  error = ParseError(V1("{}"));
  EXPECT_NE(error.find("header is missing 'descr'"), npos) << error;
}

TEST(ParseNpyErrorTest, UnexpectedOrDuplicateKey) {
  std::string error = ParseError(
      V1("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}",
         Bytes(4)));
  EXPECT_NE(error.find("unexpected key 'x'"), npos) << error;
  error = ParseError(
      V1("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'shape': ()}",
         Bytes(4)));
  EXPECT_NE(error.find("duplicate key 'shape'"), npos) << error;
}

// A dtype no reader knows (complex, unsigned 32-bit) is unsupported; one
// it knows but the caller did not ask for is the wrong dtype (below).
TEST(ParseNpyErrorTest, UnsupportedDtype) {
  std::string error = ParseError(V1(Dict("<c8", "(1,)"), Bytes(8)));
  EXPECT_NE(error.find("unsupported dtype '<c8' (expected float32 or "
                       "float16)"),
            npos)
      << error;
  error = ParseError(V1(Dict("<u4", "(1,)"), Bytes(4)));
  EXPECT_NE(error.find("unsupported dtype '<u4' (expected float32 or "
                       "float16)"),
            npos)
      << error;
  error = ParseError(
      V1("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,)}",
         Bytes(4)));
  EXPECT_NE(error.find("unsupported dtype"), npos) << error;
  error = ParseError(
      V1("{'descr': 4, 'fortran_order': False, 'shape': (1,)}", Bytes(4)));
  EXPECT_NE(error.find("malformed header: expected a quoted dtype"), npos)
      << error;
}

TEST(ParseNpyErrorTest, BigEndian) {
  std::string error = ParseError(V1(Dict(">f4", "(1,)"), Bytes(4)));
  EXPECT_NE(error.find("big-endian dtype '>f4' is not supported"), npos)
      << error;
  error = ParseError(V1(Dict(">f2", "(1,)"), Bytes(2)));
  EXPECT_NE(error.find("big-endian dtype '>f2' is not supported"), npos)
      << error;
  error = ParseError(V1(Dict(">u2", "(1,)"), Bytes(2)));
  EXPECT_NE(error.find("big-endian dtype '>u2' is not supported"), npos)
      << error;
}

TEST(ParseNpyErrorTest, ByteOrderNotExplicitlyLittle) {
  std::string error = ParseError(V1(Dict("|f4", "(1,)"), Bytes(4)));
  EXPECT_NE(error.find("dtype '|f4' is not explicitly little-endian"), npos)
      << error;
  error = ParseError(V1(Dict("=f2", "(1,)"), Bytes(2)));
  EXPECT_NE(error.find("dtype '=f2' is not explicitly little-endian"), npos)
      << error;
}

// A known dtype the caller did not ask for is named, with what was
// expected; byte order is checked for int16 as for the floats.
TEST(ParseNpyErrorTest, WrongDtype) {
  NpyArray a;
  std::string error;
  const Bytes f4 = V1(Dict("<f4", "(1,)"), Bytes(4));
  EXPECT_FALSE(ParseNpy(f4.data(), f4.size(), "x.npy", &a, &error,
                        Only(DType::kFloat16)));
  EXPECT_EQ(error, "x.npy: wrong dtype '<f4' (float32), expected float16 '<f2'");
  EXPECT_EQ(ParseError(V1(Dict("|i1", "(1,)"), Bytes(1))),
            "x.npy: wrong dtype '|i1' (int8), expected float32 '<f4' or "
            "float16 '<f2'");
  const Bytes be = V1(Dict(">i2", "(1,)"), Bytes(2));
  EXPECT_FALSE(ParseNpy(be.data(), be.size(), "x.npy", &a, &error,
                        Only(DType::kInt16)));
  EXPECT_EQ(error,
            "x.npy: big-endian dtype '>i2' is not supported (expected int16 "
            "'<i2')");
  const Bytes native = V1(Dict("=i2", "(1,)"), Bytes(2));
  EXPECT_FALSE(ParseNpy(native.data(), native.size(), "x.npy", &a, &error,
                        Only(DType::kInt16)));
  EXPECT_NE(error.find("dtype '=i2' is not explicitly little-endian"), npos)
      << error;
  const Bytes i4 = V1(Dict("<i4", "(1,)"), Bytes(4));
  EXPECT_FALSE(ParseNpy(i4.data(), i4.size(), "x.npy", &a, &error,
                        Only(DType::kInt8)));
  EXPECT_EQ(error, "x.npy: wrong dtype '<i4' (int32), expected int8 '|i1'");
}

TEST(ParseNpyErrorTest, FortranOrderWith2dShape) {
  const std::string error = ParseError(V1(
      "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", Bytes(24)));
  EXPECT_NE(error.find("Fortran order is not supported"), npos) << error;
}

TEST(ParseNpyErrorTest, FortranOrderNotABool) {
  std::string error = ParseError(
      V1("{'descr': '<f4', 'fortran_order': 0, 'shape': (1,)}", Bytes(4)));
  EXPECT_NE(error.find("'fortran_order' is not True or False"), npos) << error;
  error = ParseError(
      V1("{'descr': '<f4', 'fortran_order': Truest, 'shape': (1,)}", Bytes(4)));
  EXPECT_NE(error.find("'fortran_order' is not True or False"), npos) << error;
}

TEST(ParseNpyErrorTest, NegativeShapeEntry) {
  std::string error = ParseError(V1(Dict("<f4", "(-1,)")));
  EXPECT_NE(error.find("negative shape entry '-1'"), npos) << error;
  error = ParseError(V1(Dict("<f4", "(2, -3)")));
  EXPECT_NE(error.find("negative shape entry '-3'"), npos) << error;
}

TEST(ParseNpyErrorTest, NonNumericShapeEntry) {
  std::string error = ParseError(V1(Dict("<f4", "(None,)")));
  EXPECT_NE(error.find("shape entry 'None' is not a non-negative integer"),
            npos)
      << error;
  error = ParseError(V1(Dict("<f4", "(2.5,)")));
  EXPECT_NE(error.find("shape entry '2.5' is not a non-negative integer"), npos)
      << error;
  error = ParseError(V1(Dict("<f4", "(0x10,)")));
  EXPECT_NE(error.find("shape entry '0x10' is not"), npos) << error;
  error = ParseError(V1(Dict("<f4", "(,)")));
  EXPECT_NE(error.find("expected a shape entry"), npos) << error;
}

TEST(ParseNpyErrorTest, ShapeNotATuple) {
  std::string error = ParseError(V1(Dict("<f4", "[2, 3]")));
  EXPECT_NE(error.find("'shape' is not a tuple"), npos) << error;
  // (5) is the integer 5 in Python.
  error = ParseError(V1(Dict("<f4", "(5)"), Bytes(20)));
  EXPECT_NE(error.find("'shape' is not a tuple"), npos) << error;
  error = ParseError(
      V1("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2}"));
  EXPECT_NE(error.find("malformed header: expected ',' or ')'"), npos) << error;
}

TEST(ParseNpyErrorTest, ShapeEntryTooLarge) {
  const std::string error =
      ParseError(V1(Dict("<f4", "(99999999999999999999999,)")));
  EXPECT_NE(error.find("shape entry '99999999999999999999999' is too large"),
            npos)
      << error;
}

TEST(ParseNpyErrorTest, ShapeProductOverflow) {
  std::string error =
      ParseError(V1(Dict("<f4", "(4294967296, 4294967296, 4294967296)")));
  EXPECT_NE(error.find("shape (4294967296, 4294967296, 4294967296) is too "
                       "large"),
            npos)
      << error;
  // 2^62 elements fit in size_t, their 2^64 bytes do not.
  error = ParseError(V1(Dict("<f4", "(4611686018427387904,)")));
  EXPECT_NE(error.find("is too large"), npos) << error;
  // As in numpy, a zero dimension does not excuse the others.
  error = ParseError(V1(Dict("<f2", "(0, 4294967296, 4294967296)")));
  EXPECT_NE(error.find("is too large"), npos) << error;
}

TEST(ParseNpyErrorTest, HugeShapeWithoutDataIsTruncatedNotAllocated) {
  const std::string error = ParseError(V1(Dict("<f4", "(1099511627776,)")));
  EXPECT_NE(error.find("data truncated: expected 4398046511104 bytes, "
                       "found 0"),
            npos)
      << error;
}

TEST(ParseNpyErrorTest, TooManyDimensions) {
  std::string shape = "(";
  for (int i = 0; i < 65; ++i) shape += "1, ";
  const std::string error = ParseError(V1(Dict("<f4", shape + ")")));
  EXPECT_NE(error.find("too many dimensions"), npos) << error;
}

TEST(ParseNpyErrorTest, DataTruncatedByOneByte) {
  std::string error =
      ParseError(V1(Padded(Dict("<f4", "(1000,)")), Bytes(3999)));
  EXPECT_NE(error.find("x.npy: data truncated: expected 4000 bytes, found "
                       "3999"),
            npos)
      << error;
  error = ParseError(V1(Dict("<f2", "()"), Bytes(1)));
  EXPECT_NE(error.find("data truncated: expected 2 bytes, found 1"), npos)
      << error;
}

TEST(ParseNpyErrorTest, OneTrailingByte) {
  std::string error =
      ParseError(V1(Padded(Dict("<f4", "(1000,)")), Bytes(4001)));
  EXPECT_NE(error.find("x.npy: trailing bytes after data: expected 4000 "
                       "bytes, found 4001"),
            npos)
      << error;
  error = ParseError(V1(Dict("<f2", "(0,)"), Bytes(1)));
  EXPECT_NE(error.find("trailing bytes after data"), npos) << error;
}

TEST(ParseNpyErrorTest, MalformedSyntax) {
  const char* const kHeaders[] = {
      "{'descr' '<f4', 'fortran_order': False, 'shape': (1,)}",
      "{'descr': '<f4' 'fortran_order': False, 'shape': (1,)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)}}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)} x",
      "{'descr': '<f4, 'fortran_order': False, 'shape': (1,)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,),,}",
      "{'descr': '\\x3cf4', 'fortran_order': False, 'shape': (1,)}",
      "{descr: '<f4', 'fortran_order': False, 'shape': (1,)}",
  };
  for (const char* header : kHeaders) {
    SCOPED_TRACE(header);
    const std::string error = ParseError(V1(header, Bytes(4)));
    EXPECT_NE(error.find("malformed header"), npos) << error;
  }
}

TEST(ParseNpyErrorTest, ControlCharactersAreEscaped) {
  const std::string error =
      ParseError(V1(Dict(std::string("<f\x01\t\x1b"), "(1,)"), Bytes(4)));
  EXPECT_NE(error.find("'<f\\x01\\x09\\x1B'"), npos) << error;
  for (char c : error) EXPECT_GE(static_cast<unsigned char>(c), 0x20u);

  NpyArray array;
  std::string name_error;
  EXPECT_FALSE(ParseNpy(nullptr, 0, "a\nb.npy", &array, &name_error));
  EXPECT_EQ(name_error.rfind("a\\x0Ab.npy: ", 0), 0u) << name_error;
}

TEST(ParseNpyErrorTest, LongContentIsCutInMessages) {
  const std::string error =
      ParseError(V1(Dict(std::string(10000, 'f'), "(1,)"), Bytes(4)));
  EXPECT_LT(error.size(), 200u) << error;
  EXPECT_NE(error.find("...'"), npos) << error;
}

TEST(ParseNpyErrorTest, NullErrorPointerIsAllowed) {
  NpyArray array;
  EXPECT_FALSE(ParseNpy(nullptr, 0, "x.npy", &array, nullptr));
}

// ------------------------------------------------- Hostile input sweeps

const Bytes& ValidFile() {
  static const Bytes bytes =
      V1(Padded(Dict("<f2", "(2, 3)")), LittleEndian16({1, 2, 3, 4, 5, 6}));
  return bytes;
}

TEST(ParseNpyRobustnessTest, EveryProperPrefixFails) {
  const Bytes& full = ValidFile();
  for (size_t n = 0; n < full.size(); ++n) {
    SCOPED_TRACE(n);
    ParseError(Bytes(full.begin(), full.begin() + n));
  }
  ParseOk(full);
}

// Every byte replaced by values that matter to the parser: no crash, no
// out-of-bounds read (run under AddressSanitizer), and any success is
// self-consistent.
TEST(ParseNpyRobustnessTest, SingleByteMutations) {
  const uint8_t kValues[] = {0x00, 0xFF, 0x80, '(', ')', ',', '\'', '"',
                             '{',  '}',  ':',  '-', '9', ' ', 'L',  '\\'};
  const Bytes& original = ValidFile();
  for (size_t i = 0; i < original.size(); ++i) {
    for (uint8_t v : kValues) {
      Bytes bytes = original;
      bytes[i] = v;
      NpyArray array;
      std::string error;
      if (Parse(bytes, &array, &error)) {
        EXPECT_EQ(array.bits.size(), array.count());
      } else {
        EXPECT_EQ(error.rfind("x.npy: ", 0), 0u) << error;
        EXPECT_EQ(error.find('\n'), npos) << error;
      }
    }
  }
}

// ----------------------------------------------------------- Files

std::string TempPath(const std::string& suffix) {
  const ::testing::TestInfo* info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "refmath_npy_test_" + info->name() + "_" +
         suffix + ".npy";
}

Bytes ReadBytes(const std::string& path) {
  Bytes bytes;
  FILE* file = fopen(path.c_str(), "rb");
  if (file == nullptr) return bytes;
  int c;
  while ((c = fgetc(file)) != EOF) bytes.push_back(static_cast<uint8_t>(c));
  fclose(file);
  return bytes;
}

bool WriteBytes(const std::string& path, const Bytes& bytes) {
  FILE* file = fopen(path.c_str(), "wb");
  if (file == nullptr) return false;
  const bool ok = fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  return fclose(file) == 0 && ok;
}

NpyArray MakeArray(DType dtype, std::vector<size_t> shape) {
  // Patterns that a float round trip would alter: NaN payloads, signalling
  // NaNs, -0, subnormals.
  static const uint32_t kFloat32[] = {0x3F800000, 0x7FA00001, 0xFFC12345,
                                      0x80000000, 0x00000001, 0x7F800000,
                                      0x01020304};
  static const uint32_t kFloat16[] = {0x3C00, 0x7D01, 0xFFFF, 0x8000,
                                      0x0001, 0x7C00, 0x0102};
  NpyArray array;
  array.dtype = dtype;
  array.shape = std::move(shape);
  for (size_t i = 0; i < array.count(); ++i) {
    array.bits.push_back(dtype == DType::kFloat32 ? kFloat32[i % 7]
                                                  : kFloat16[i % 7]);
  }
  return array;
}

TEST(NpyFileTest, RoundTrip) {
  const std::vector<std::vector<size_t>> kShapes = {{}, {0}, {7}, {2, 3}};
  for (DType dtype : {DType::kFloat32, DType::kFloat16, DType::kUint16}) {
    for (const auto& shape : kShapes) {
      const NpyArray written = MakeArray(dtype, shape);
      const std::string path =
          TempPath(std::string(dtype == DType::kFloat32   ? "f4_"
                               : dtype == DType::kFloat16 ? "f2_"
                                                          : "u2_") +
                   std::to_string(shape.size()) + "d_" +
                   std::to_string(written.count()));
      SCOPED_TRACE(path);
      std::string error;
      ASSERT_TRUE(WriteNpy(path, written, &error)) << error;
      NpyArray read;
      ASSERT_TRUE(ReadNpy(path, &read, &error, Only(dtype))) << error;
      EXPECT_EQ(read.dtype, dtype);
      EXPECT_EQ(read.shape, shape);
      EXPECT_EQ(read.bits, written.bits);
      EXPECT_EQ(read.bits.size(), shape.empty() ? 1u : written.count());
      remove(path.c_str());
    }
  }
}

// The exact bytes numpy.save writes for the same arrays.
TEST(NpyFileTest, WriterMatchesNumpyByteForByte) {
  const std::string path = TempPath("layout");
  std::string error;
  NpyArray array;
  array.dtype = DType::kFloat32;
  array.shape = {2, 3};
  array.bits = {0x3F800000, 0, 0, 0, 0, 0x01020304};
  ASSERT_TRUE(WriteNpy(path, array, &error)) << error;
  std::string dict =
      "{'descr': '<f4', 'fortran_order': False, "
      "'shape': (2, 3), }";
  Bytes expected = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0x76, 0};
  expected.insert(expected.end(), dict.begin(), dict.end());
  expected.resize(127, ' ');
  expected.push_back('\n');
  const Bytes data = LittleEndian32({0x3F800000, 0, 0, 0, 0, 0x01020304});
  expected.insert(expected.end(), data.begin(), data.end());
  EXPECT_EQ(ReadBytes(path), expected);

  array.dtype = DType::kFloat16;
  array.shape = {};
  array.bits = {0x3C00};
  ASSERT_TRUE(WriteNpy(path, array, &error)) << error;
  dict = "{'descr': '<f2', 'fortran_order': False, 'shape': (), }";
  expected = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0x76, 0};
  expected.insert(expected.end(), dict.begin(), dict.end());
  expected.resize(127, ' ');
  expected.push_back('\n');
  expected.push_back(0x00);
  expected.push_back(0x3C);
  EXPECT_EQ(ReadBytes(path), expected);
  remove(path.c_str());
}

// numpy.save's bytes for np.array([-1, 1], np.int8) and
// np.array([[-2], [256]], np.int16).
TEST(NpyFileTest, IntegerArraysMatchNumpyByteForByte) {
  NpyArray array;
  array.dtype = DType::kInt8;
  array.shape = {2};
  array.bits = {0xFF, 0x01};
  Bytes bytes;
  std::string error;
  ASSERT_TRUE(EncodeNpy(array, "x.npy", &bytes, &error)) << error;
  std::string dict = "{'descr': '|i1', 'fortran_order': False, 'shape': (2,), }";
  Bytes expected = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0x76, 0};
  expected.insert(expected.end(), dict.begin(), dict.end());
  expected.resize(127, ' ');
  expected.push_back('\n');
  expected.push_back(0xFF);
  expected.push_back(0x01);
  EXPECT_EQ(bytes, expected);

  array.dtype = DType::kInt16;
  array.shape = {2, 1};
  array.bits = {0xFFFE, 0x0100};
  ASSERT_TRUE(EncodeNpy(array, "x.npy", &bytes, &error)) << error;
  dict = "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 1), }";
  expected = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0x76, 0};
  expected.insert(expected.end(), dict.begin(), dict.end());
  expected.resize(127, ' ');
  expected.push_back('\n');
  for (uint8_t b : {0xFE, 0xFF, 0x00, 0x01}) expected.push_back(b);
  EXPECT_EQ(bytes, expected);
  ASSERT_TRUE(EncodeRaw(array, "x.bin", &bytes, &error)) << error;
  EXPECT_EQ(bytes, (Bytes{0xFE, 0xFF, 0x00, 0x01}));
}

TEST(NpyRawTest, ElementsAreLittleEndian) {
  const Bytes raw = {0x01, 0x80, 0xFF, 0x7F};
  NpyArray a;
  std::string error;
  ASSERT_TRUE(ParseRaw(raw.data(), raw.size(), DType::kInt16, "x.bin", &a,
                       &error))
      << error;
  EXPECT_EQ(a.shape, std::vector<size_t>{2});
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{0x8001, 0x7FFF}));
  ASSERT_TRUE(ParseRaw(raw.data(), raw.size(), DType::kFloat32, "x.bin", &a,
                       &error))
      << error;
  EXPECT_EQ(a.bits, std::vector<uint32_t>{0x7FFF8001});
  ASSERT_TRUE(ParseRaw(nullptr, 0, DType::kInt8, "x.bin", &a, &error));
  EXPECT_EQ(a.shape, std::vector<size_t>{0});
  EXPECT_FALSE(ParseRaw(raw.data(), 3, DType::kInt16, "x.bin", &a, &error));
  EXPECT_EQ(error,
            "x.bin: size 3 bytes is not a multiple of 2 (raw little-endian "
            "int16 expected)");
}

// Header lengths vary with the digits of the first dimension and with the
// number of dimensions; the data must always start at a multiple of 64.
TEST(NpyFileTest, DataStartsAtMultipleOf64) {
  const std::string path = TempPath("align");
  for (size_t first : {size_t{1}, size_t{12}, size_t{12345}, size_t{1} << 20,
                       size_t{123456789012}}) {
    for (size_t ndim = 1; ndim <= 9; ++ndim) {
      // Trailing zero dimensions keep the large cases free of data.
      NpyArray array;
      array.dtype = DType::kFloat16;
      array.shape.assign(ndim, 0);
      array.shape[0] = first;
      if (ndim == 1 && first > (size_t{1} << 20)) continue;
      array.bits.assign(array.count(), 0x3C00);
      std::string error;
      ASSERT_TRUE(WriteNpy(path, array, &error)) << error;
      const Bytes bytes = ReadBytes(path);
      const size_t data_offset = bytes.size() - 2 * array.count();
      EXPECT_EQ(data_offset % 64, 0u) << first << " " << ndim;
      EXPECT_EQ(bytes[data_offset - 1], '\n');
      EXPECT_EQ(size_t{bytes[8]} | size_t{bytes[9]} << 8, data_offset - 10);
      NpyArray read;
      ASSERT_TRUE(ReadNpy(path, &read, &error)) << error;
      EXPECT_EQ(read.shape, array.shape);
    }
  }
  remove(path.c_str());
}

TEST(NpyFileTest, ReadsHandMadeFile) {
  const std::string path = TempPath("hand");
  ASSERT_TRUE(
      WriteBytes(path, MakeNpy(2, 0, Padded(Dict("<f4", "(2,)"), 12),
                               LittleEndian32({0x7FA00001, 0x80000000}))));
  NpyArray array;
  std::string error;
  ASSERT_TRUE(ReadNpy(path, &array, &error)) << error;
  EXPECT_EQ(array.bits, (std::vector<uint32_t>{0x7FA00001, 0x80000000}));

  // The file name, not "x.npy", prefixes file errors.
  ASSERT_TRUE(WriteBytes(path, V1(Dict("<f4", "(2,)"), Bytes(7))));
  EXPECT_FALSE(ReadNpy(path, &array, &error));
  EXPECT_EQ(error, path + ": data truncated: expected 8 bytes, found 7");
  remove(path.c_str());
}

TEST(NpyFileTest, MissingFile) {
  const std::string path = TempPath("missing");
  NpyArray array;
  std::string error;
  EXPECT_FALSE(ReadNpy(path, &array, &error));
  EXPECT_EQ(error.rfind(path + ": cannot open: ", 0), 0u) << error;
  EXPECT_EQ(error.find('\n'), npos) << error;
}

TEST(NpyFileTest, DirectoryIsNotAFile) {
  NpyArray array;
  std::string error;
  EXPECT_FALSE(ReadNpy(::testing::TempDir(), &array, &error));
  EXPECT_EQ(error.rfind(::testing::TempDir() + ": ", 0), 0u) << error;
  EXPECT_NE(error.find("is a directory"), npos) << error;
}

TEST(NpyFileTest, WriteErrors) {
  const std::string path = TempPath("bad");
  std::string error;
  NpyArray array = MakeArray(DType::kFloat32, {2, 3});
  array.bits.pop_back();
  EXPECT_FALSE(WriteNpy(path, array, &error));
  EXPECT_EQ(error, path +
                       ": cannot write: shape (2, 3) needs 6 elements "
                       "but bits has 5");

  array = MakeArray(DType::kFloat16, {3});
  array.bits[1] = 0x10000;
  EXPECT_FALSE(WriteNpy(path, array, &error));
  EXPECT_NE(error.find("float16 element 1 has bits above 0xFFFF"), npos)
      << error;
  array.dtype = DType::kUint16;
  EXPECT_FALSE(WriteNpy(path, array, &error));
  EXPECT_NE(error.find("uint16 element 1 has bits above 0xFFFF"), npos)
      << error;

  array.dtype = DType::kInt8;
  array.shape = {2};
  array.bits = {0x7F, 0x100};
  EXPECT_FALSE(WriteNpy(path, array, &error));
  EXPECT_NE(error.find("int8 element 1 has bits above 0xFF"), npos) << error;

  array = MakeArray(DType::kFloat16, std::vector<size_t>(65, 1));
  EXPECT_FALSE(WriteNpy(path, array, &error));
  EXPECT_NE(error.find("too many dimensions"), npos) << error;

  array = MakeArray(DType::kFloat32, {0, size_t{1} << 62});
  EXPECT_FALSE(WriteNpy(path, array, &error));
  EXPECT_NE(error.find("is too large"), npos) << error;

  const std::string no_dir = ::testing::TempDir() + "no_such_dir/x.npy";
  EXPECT_FALSE(WriteNpy(no_dir, MakeArray(DType::kFloat32, {1}), &error));
  EXPECT_EQ(error.rfind(no_dir + ": cannot create: ", 0), 0u) << error;
  EXPECT_EQ(fopen(path.c_str(), "rb"), nullptr);  // nothing was created
}

// ------------------------------------------------ Integer and float64 dtypes

constexpr DTypeSet kWide = Only(DType::kInt8) | Only(DType::kInt16) |
                            Only(DType::kInt32) | Only(DType::kInt64) |
                            Only(DType::kFloat64);

NpyArray ParseWideOk(const Bytes& bytes) {
  NpyArray array;
  std::string error;
  EXPECT_TRUE(ParseNpy(bytes.data(), bytes.size(), "x.npy", &array, &error, kWide))
      << error;
  return array;
}

std::string ParseWideError(const Bytes& bytes, DTypeSet accepted = kWide) {
  NpyArray array;
  std::string error;
  EXPECT_FALSE(ParseNpy(bytes.data(), bytes.size(), "x.npy", &array, &error, accepted));
  EXPECT_EQ(error.find('\n'), npos) << error;
  return error;
}

// Two's complement by hand: 0xFF is -1, 0x80 -128, 0x8000 -32768.
TEST(ParseNpyIntegerTest, PatternsAndSignedValues) {
  NpyArray a = ParseWideOk(V1(Dict("|i1", "(3,)"), Bytes{0xFF, 0x80, 0x7F}));
  EXPECT_EQ(a.dtype, DType::kInt8);
  EXPECT_EQ(a.bits, (std::vector<uint32_t>{0xFF, 0x80, 0x7F}));
  EXPECT_EQ(a.IntegerAt(0), -1);
  EXPECT_EQ(a.IntegerAt(1), -128);
  EXPECT_EQ(a.IntegerAt(2), 127);
  // '<i1' is the same dtype (one byte has no order).
  EXPECT_EQ(ParseWideOk(V1(Dict("<i1", "(1,)"), Bytes{0x01})).dtype, DType::kInt8);

  a = ParseWideOk(V1(Dict("<i2", "(2,)"), LittleEndian16({0x8000, 0x7FFF})));
  EXPECT_EQ(a.dtype, DType::kInt16);
  EXPECT_EQ(a.IntegerAt(0), -32768);
  EXPECT_EQ(a.IntegerAt(1), 32767);

  a = ParseWideOk(V1(Dict("<i4", "(1,)"), LittleEndian32({0x80000000})));
  EXPECT_EQ(a.IntegerAt(0), -2147483648LL);

  // int64 and float64 fill bits64; 0x3FF0000000000000 is 1.0.
  a = ParseWideOk(V1(Dict("<i8", "(1,)"),
                     Bytes{0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  EXPECT_TRUE(a.bits.empty());
  EXPECT_EQ(a.bits64, std::vector<uint64_t>{0xFFFFFFFFFFFFFFFEull});
  EXPECT_EQ(a.IntegerAt(0), -2);
  a = ParseWideOk(V1(Dict("<f8", "(1,)"), Bytes{0, 0, 0, 0, 0, 0, 0xF0, 0x3F}));
  EXPECT_EQ(a.dtype, DType::kFloat64);
  EXPECT_EQ(a.bits64, std::vector<uint64_t>{0x3FF0000000000000ull});
}

TEST(ParseNpyIntegerTest, TheMessageListsTheAcceptedDtypes) {
  std::string error = ParseWideError(V1(Dict("<f4", "(1,)"), Bytes(4)),
                                     Only(DType::kInt8) | Only(DType::kInt16));
  EXPECT_NE(error.find("wrong dtype '<f4' (float32), expected int8 '|i1' or "
                       "int16 '<i2'"),
            npos)
      << error;
  error = ParseWideError(V1(Dict("<u2", "(1,)"), Bytes(2)));
  EXPECT_NE(error.find("expected int8 '|i1', int16 '<i2', int32 '<i4', "
                       "int64 '<i8' or float64 '<f8'"),
            npos)
      << error;
  error = ParseWideError(V1(Dict(">i2", "(1,)"), Bytes(2)));
  EXPECT_NE(error.find("big-endian dtype '>i2' is not supported"), npos) << error;
  error = ParseWideError(V1(Dict("=i8", "(1,)"), Bytes(8)));
  EXPECT_NE(error.find("dtype '=i8' is not explicitly little-endian"), npos) << error;
  // The default set is unchanged: float32 and float16 only.
  NpyArray array;
  const Bytes i2 = V1(Dict("<i2", "(1,)"), Bytes(2));
  EXPECT_FALSE(ParseNpy(i2.data(), i2.size(), "x.npy", &array, &error));
  EXPECT_NE(error.find("expected float32 '<f4' or float16 '<f2'"), npos)
      << error;
}

TEST(NpyFileTest, WideRoundTripKeepsEveryBit) {
  const std::string path = TempPath("wide");
  std::string error;
  NpyArray written;
  written.dtype = DType::kInt64;
  written.shape = {3};
  written.bits64 = {0x8000000000000000ull, 1, 0xFFFFFFFFFFFFFFFFull};
  ASSERT_TRUE(WriteNpy(path, written, &error)) << error;
  NpyArray read;
  ASSERT_TRUE(ReadNpy(path, &read, &error, kWide)) << error;
  EXPECT_EQ(read.bits64, written.bits64);
  written.dtype = DType::kFloat64;
  written.bits64 = {0x7FF0000000000001ull, 0x8000000000000000ull, 1};
  ASSERT_TRUE(WriteNpy(path, written, &error)) << error;
  ASSERT_TRUE(ReadNpy(path, &read, &error, kWide)) << error;
  EXPECT_EQ(read.dtype, DType::kFloat64);
  EXPECT_EQ(read.bits64, written.bits64);
  remove(path.c_str());
}

TEST(NpyFileTest, WideWriteErrors) {
  NpyArray array;
  array.dtype = DType::kInt8;
  array.shape = {2};
  array.bits = {0x7F, 0x100};
  Bytes bytes;
  std::string error;
  EXPECT_FALSE(EncodeNpy(array, "x.npy", &bytes, &error));
  EXPECT_EQ(error, "x.npy: cannot write: int8 element 1 has bits above 0xFF");
  array.dtype = DType::kInt64;  // its elements belong in bits64
  EXPECT_FALSE(EncodeNpy(array, "x.npy", &bytes, &error));
  EXPECT_EQ(error,
            "x.npy: cannot write: shape (2,) needs 2 elements but bits64 has 0 "
            "and bits is not empty");
}

}  // namespace
}  // namespace io
}  // namespace refmath
