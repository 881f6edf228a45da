// Output files: atomic replacement of regular files, direct writes to
// anything else (a FIFO here stands for /dev/null, terminals and pipes,
// which must never be replaced by a regular file); refusals of paths that
// cannot be a file; SameFile.
#include "src/file_io.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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

// The names in `dir`, sorted, without "." and "..".
std::vector<std::string> Entries(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return names;
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

std::string Read(const std::string& path) {
  std::vector<uint8_t> bytes;
  std::string error;
  if (!io::ReadAll(path, &bytes, &error)) return error;
  return std::string(bytes.begin(), bytes.end());
}

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
  const std::string sub = dir_ + "/sub";
  ASSERT_EQ(mkdir(sub.c_str(), 0700), 0);
  for (const std::string& path : {sub, sub + "/", sub + "/."}) {
    std::string error;
    EXPECT_FALSE(io::WriteAllAtomic(path, "x", 1, &error));
    EXPECT_EQ(error, path + ": is a directory");
  }
  EXPECT_EQ(Entries(dir_), std::vector<std::string>{"sub"});
  EXPECT_TRUE(Entries(sub).empty());
}

TEST_F(FileIo, EmptyPathAndTrailingSlashAreRefused) {
  std::string error;
  EXPECT_FALSE(io::WriteAllAtomic("", "x", 1, &error));
  EXPECT_EQ(error, "empty output path");
  const std::string file = dir_ + "/file";
  ASSERT_TRUE(io::WriteAllAtomic(file, "x", 1, &error)) << error;
  for (const std::string& path : {file + "/", dir_ + "/missing/"}) {
    EXPECT_FALSE(io::WriteAllAtomic(path, "y", 1, &error));
    EXPECT_EQ(error, path + ": a file name cannot end with '/'");
  }
  EXPECT_EQ(Entries(dir_), std::vector<std::string>{"file"});
  EXPECT_EQ(Read(file), "x");
}

TEST_F(FileIo, SameFileFollowsLinksAndCompareInodes) {
  const std::string a = dir_ + "/a", b = dir_ + "/b";
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(a, "x", 1, &error)) << error;
  ASSERT_TRUE(io::WriteAllAtomic(b, "x", 1, &error)) << error;
  ASSERT_EQ(symlink("a", (dir_ + "/sym").c_str()), 0);
  ASSERT_EQ(link(a.c_str(), (dir_ + "/hard").c_str()), 0);
  EXPECT_TRUE(io::SameFile(a, a));
  EXPECT_TRUE(io::SameFile(a, dir_ + "/sym"));
  EXPECT_TRUE(io::SameFile(dir_ + "/hard", a));
  EXPECT_TRUE(io::SameFile(a, dir_ + "/../" + dir_.substr(5) + "/a"));
  EXPECT_FALSE(io::SameFile(a, b));
  EXPECT_FALSE(io::SameFile(a, dir_ + "/missing"));
  EXPECT_FALSE(io::SameFile(dir_ + "/missing", dir_ + "/missing"));
  EXPECT_FALSE(io::SameFile("-", "-"));
}

}  // namespace
}  // namespace refmath
