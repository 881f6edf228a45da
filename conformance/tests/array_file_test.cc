// Array files by name (src/verify/array_file.h): .npy by the suffix, raw
// otherwise, raw files that look like .npy refused.  Expected bytes are
// written out by hand here.
#include "src/verify/array_file.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/base/bits.h"
#include "src/verify/file_io.h"

namespace refmath {
namespace io {
namespace {

using Bytes = std::vector<uint8_t>;

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "refmath_array_file_test_" + name;
}

Bytes FileBytes(const std::string& path) {
  Bytes bytes;
  std::string error;
  EXPECT_TRUE(ReadAll(path, &bytes, &error)) << error;
  return bytes;
}

bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

TEST(ArrayFileTest, NpyIsTheSuffix) {
  EXPECT_TRUE(IsNpyName("a.npy"));
  EXPECT_TRUE(IsNpyName("dir.d/b.npy"));
  EXPECT_TRUE(IsNpyName(".npy"));
  EXPECT_FALSE(IsNpyName("a.npy.bin"));
  EXPECT_FALSE(IsNpyName("npy"));
  EXPECT_FALSE(IsNpyName("a.NPY"));
  EXPECT_FALSE(IsNpyName("-"));
  EXPECT_FALSE(IsNpyName(""));
}

// The bytes of a .npy file given as raw input would become numbers.
TEST(ArrayFileTest, RawInputWithNpyMagicIsRefused) {
  const Bytes bytes = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
  NpyArray array;
  std::string error;
  EXPECT_FALSE(ParseArray(bytes.data(), bytes.size(), false, DType::kFloat16,
                          "in.bin", &array, &error));
  EXPECT_EQ(error, "in.bin: looks like a .npy file; read it from a file "
                   "named *.npy");
  EXPECT_FALSE(ParseArray(bytes.data(), bytes.size(), false, DType::kInt8,
                          "in.bin", &array, nullptr));
  // Five of the six magic bytes are just data.
  ASSERT_TRUE(ParseArray(bytes.data(), 5, false, DType::kInt8, "in.bin",
                         &array, &error))
      << error;
  EXPECT_EQ(array.bits, (std::vector<uint32_t>{0x93, 'N', 'U', 'M', 'P'}));
}

TEST(ArrayFileTest, NpyOfAnotherDtypeIsRefused) {
  NpyArray array;
  array.dtype = DType::kInt16;
  array.shape = {1};
  array.bits = {0x1234};
  Bytes npy;
  std::string error;
  ASSERT_TRUE(EncodeNpy(array, "x.npy", &npy, &error)) << error;
  EXPECT_FALSE(ParseArray(npy.data(), npy.size(), true, DType::kInt8, "x.npy",
                          &array, &error));
  EXPECT_EQ(error, "x.npy: wrong dtype '<i2' (int16), expected int8 '|i1'");
  ASSERT_TRUE(ParseArray(npy.data(), npy.size(), true, DType::kInt16, "x.npy",
                         &array, &error))
      << error;
  EXPECT_EQ(array.bits, std::vector<uint32_t>{0x1234});
}

// One array written under both kinds of name: the .npy file keeps the
// shape, the raw file is the bare little-endian elements.
TEST(ArrayFileTest, WriteAndReadByName) {
  NpyArray array;
  array.dtype = DType::kFloat16;
  array.shape = {2, 1};
  array.bits = {0x7E01, 0x8000};  // a NaN payload and -0
  const std::string npy = TempPath("w.npy"), raw = TempPath("w.f16");
  std::string error;
  ASSERT_TRUE(WriteArrayFile(npy, array, &error)) << error;
  ASSERT_TRUE(WriteArrayFile(raw, array, &error)) << error;
  EXPECT_EQ(FileBytes(raw), (Bytes{0x01, 0x7E, 0x00, 0x80}));
  const Bytes npy_bytes = FileBytes(npy);
  ASSERT_EQ(npy_bytes.size(), 128u + 4u);
  EXPECT_EQ(Bytes(npy_bytes.end() - 4, npy_bytes.end()),
            (Bytes{0x01, 0x7E, 0x00, 0x80}));

  NpyArray read;
  ASSERT_TRUE(ReadArrayFile(npy, DType::kFloat16, &read, &error)) << error;
  EXPECT_EQ(read.shape, (std::vector<size_t>{2, 1}));
  EXPECT_EQ(read.bits, array.bits);
  ASSERT_TRUE(ReadArrayFile(raw, DType::kFloat16, &read, &error)) << error;
  EXPECT_EQ(read.shape, std::vector<size_t>{2});
  EXPECT_EQ(read.bits, array.bits);
  // The raw file read as float32 is one value, its bytes in order.
  ASSERT_TRUE(ReadArrayFile(raw, DType::kFloat32, &read, &error)) << error;
  EXPECT_EQ(read.bits, std::vector<uint32_t>{0x80007E01});
  remove(npy.c_str());
  remove(raw.c_str());
}

TEST(ArrayFileTest, FloatArraysKeepBitsAndShape) {
  const std::vector<float> values = {BitsToFloat(0x7FA00001),
                                     BitsToFloat(0x80000000), 1.5f};
  const std::string path = TempPath("f.npy");
  std::string error;
  ASSERT_TRUE(WriteFloatArray(path, values, {3, 1}, &error)) << error;
  std::vector<float> read;
  std::vector<size_t> shape;
  ASSERT_TRUE(ReadFloatArray(path, &read, &shape, &error)) << error;
  EXPECT_EQ(shape, (std::vector<size_t>{3, 1}));
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(FloatBits(read[0]), 0x7FA00001u);
  EXPECT_EQ(FloatBits(read[1]), 0x80000000u);
  EXPECT_EQ(FloatBits(read[2]), 0x3FC00000u);
  remove(path.c_str());
}

TEST(ArrayFileTest, FailedWriteLeavesNoFile) {
  NpyArray array;
  array.dtype = DType::kFloat32;
  array.shape = {2};
  array.bits = {1};  // one element short
  const std::string path = TempPath("bad.npy");
  std::string error;
  EXPECT_FALSE(WriteArrayFile(path, array, &error));
  EXPECT_EQ(error, path + ": cannot write: shape (2,) needs 2 elements but "
                          "bits has 1");
  EXPECT_FALSE(Exists(path));
  const std::string raw = TempPath("bad.bin");
  EXPECT_FALSE(WriteArrayFile(raw, array, &error));
  EXPECT_FALSE(Exists(raw));
  const std::string no_dir = TempPath("no_such_dir/x.npy");
  array.bits = {1, 2};
  EXPECT_FALSE(WriteArrayFile(no_dir, array, &error));
  EXPECT_EQ(error.rfind(no_dir + ": cannot create: ", 0), 0u) << error;
}

}  // namespace
}  // namespace io
}  // namespace refmath
