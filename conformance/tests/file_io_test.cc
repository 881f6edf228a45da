// Output files: atomic replacement of regular files, direct writes to
// anything else (a FIFO here stands for /dev/null, terminals and pipes,
// which must never be replaced by a regular file).
#include "src/file_io.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace {

class FileIo : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/refmath_file_io_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::string cmd = "rm -rf '" + dir_ + "'";
    ASSERT_EQ(system(cmd.c_str()), 0);
  }
  std::string dir_;
};

TEST_F(FileIo, RegularFileIsReplacedWhole) {
  const std::string path = dir_ + "/out.bin";
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(path, "0123456789", 10, &error)) << error;
  ASSERT_TRUE(io::WriteAllAtomic(path, "abc", 3, &error)) << error;
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(io::ReadAll(path, &bytes, &error)) << error;
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "abc");
}

TEST_F(FileIo, FifoIsWrittenThroughAndStaysAFifo) {
  const std::string path = dir_ + "/pipe";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  // A second name for the FIFO, to release the reader if the write went
  // elsewhere (a rename over `path`).
  const std::string alias = dir_ + "/pipe_alias";
  ASSERT_EQ(link(path.c_str(), alias.c_str()), 0);
  std::string received;
  std::thread reader([&] {
    const int fd = open(path.c_str(), O_RDONLY);
    if (fd < 0) return;
    char buf[64];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) received.append(buf, n);
    close(fd);
  });
  std::string error;
  const bool ok = io::WriteAllAtomic(path, "hello", 5, &error);
  const int release = open(alias.c_str(), O_WRONLY | O_NONBLOCK);
  if (release >= 0) close(release);
  reader.join();
  ASSERT_TRUE(ok) << error;
  EXPECT_EQ(received, "hello");
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced by a file";
}

TEST_F(FileIo, DirectoryIsRefusedAndNothingIsLeftBehind) {
  std::string error;
  EXPECT_FALSE(io::WriteAllAtomic(dir_, "x", 1, &error));
  EXPECT_NE(error.find(dir_), std::string::npos) << error;
  // The temporary file would be a sibling: DIR.tmp.XXXXXX.
  const std::string cmd = "! ls -d '" + dir_ + "'.tmp.* >/dev/null 2>&1";
  EXPECT_EQ(system(cmd.c_str()), 0) << "a temporary file was left beside "
                                    << dir_;
}

}  // namespace
}  // namespace refmath
