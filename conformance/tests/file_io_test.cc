// Output files: atomic replacement of regular files, direct writes to
// anything else (a FIFO here stands for /dev/null, terminals and pipes,
// which must never be replaced by a regular file); links written through,
// permissions kept, nothing left behind by a failure or a signal.
#include "src/verify/file_io.h"

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

void OnSignal(int) {}

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

// The temporary name must not grow with the output's: any name the file
// system accepts (NAME_MAX, 255 bytes here) works.
TEST_F(FileIo, LongestNameIsWritten) {
  const std::string name(255, 'a');
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(dir_ + "/" + name, "abc", 3, &error))
      << error;
  EXPECT_EQ(Entries(dir_), std::vector<std::string>{name});
  EXPECT_EQ(Read(dir_ + "/" + name), "abc");
}

// A link is written through: the link stays, its final target (here two
// hops away, relative to each link's own directory) gets the bytes, and
// the temporary file lives beside the target.
TEST_F(FileIo, SymbolicLinkIsWrittenThroughAndKept) {
  ASSERT_EQ(mkdir((dir_ + "/a").c_str(), 0700), 0);
  ASSERT_EQ(mkdir((dir_ + "/b").c_str(), 0700), 0);
  const std::string real = dir_ + "/b/real.txt";
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(real, "old", 3, &error)) << error;
  ASSERT_EQ(symlink("../b/real.txt", (dir_ + "/a/hop").c_str()), 0);
  ASSERT_EQ(symlink("a/hop", (dir_ + "/link").c_str()), 0);
  ASSERT_TRUE(io::WriteAllAtomic(dir_ + "/link", "new", 3, &error)) << error;
  struct stat st;
  ASSERT_EQ(lstat((dir_ + "/link").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode)) << "the link was replaced by a file";
  ASSERT_EQ(lstat((dir_ + "/a/hop").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode)) << "the link was replaced by a file";
  EXPECT_EQ(Read(real), "new");
  EXPECT_EQ(Entries(dir_ + "/b"), std::vector<std::string>{"real.txt"});
}

TEST_F(FileIo, DanglingLinkCreatesItsTarget) {
  ASSERT_EQ(symlink("made.txt", (dir_ + "/link").c_str()), 0);
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(dir_ + "/link", "abc", 3, &error)) << error;
  EXPECT_EQ(Read(dir_ + "/made.txt"), "abc");
  EXPECT_EQ(Entries(dir_), (std::vector<std::string>{"link", "made.txt"}));
}

TEST_F(FileIo, LinkLoopIsRefused) {
  ASSERT_EQ(symlink("b", (dir_ + "/a").c_str()), 0);
  ASSERT_EQ(symlink("a", (dir_ + "/b").c_str()), 0);
  std::string error;
  EXPECT_FALSE(io::WriteAllAtomic(dir_ + "/a", "x", 1, &error));
  EXPECT_NE(error.find(dir_ + "/a: "), std::string::npos) << error;
  EXPECT_EQ(Entries(dir_), (std::vector<std::string>{"a", "b"}));
}

TEST_F(FileIo, ReplacedFileKeepsItsPermissions) {
  const std::string path = dir_ + "/out.bin";
  std::string error;
  for (const mode_t mode : {0600, 0755, 0640}) {
    ASSERT_TRUE(io::WriteAllAtomic(path, "x", 1, &error)) << error;
    ASSERT_EQ(chmod(path.c_str(), mode), 0);
    ASSERT_TRUE(io::WriteAllAtomic(path, "yz", 2, &error)) << error;
    struct stat st;
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, mode);
    EXPECT_EQ(Read(path), "yz");
  }
}

TEST_F(FileIo, NewFileGetsTheUsualPermissions) {
  const mode_t mask = umask(027);
  std::string error;
  const bool ok = io::WriteAllAtomic(dir_ + "/new", "x", 1, &error);
  umask(mask);
  ASSERT_TRUE(ok) << error;
  struct stat st;
  ASSERT_EQ(stat((dir_ + "/new").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST_F(FileIo, RootKeepsTheOwnerAndGroup) {
  if (geteuid() != 0) GTEST_SKIP() << "only root can give a file away";
  const std::string path = dir_ + "/owned";
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(path, "x", 1, &error)) << error;
  ASSERT_EQ(chown(path.c_str(), 65534, 65533), 0);
  ASSERT_TRUE(io::WriteAllAtomic(path, "y", 1, &error)) << error;
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 65534u);
  EXPECT_EQ(st.st_gid, 65533u);
}

// A write that fails half way (here the file size limit) leaves the old
// file as it was and no temporary file.
TEST_F(FileIo, FailedWriteLeavesTheOldFileAndNothingElse) {
  const std::string path = dir_ + "/out.bin";
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(path, "old", 3, &error)) << error;
  struct rlimit old_limit, limit;
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
  limit = old_limit;
  limit.rlim_cur = 4096;
  void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limit), 0);
  const std::vector<char> big(1 << 16, 'x');
  const bool ok = io::WriteAllAtomic(path, big.data(), big.size(), &error);
  setrlimit(RLIMIT_FSIZE, &old_limit);
  signal(SIGXFSZ, old_handler);
  EXPECT_FALSE(ok);
  EXPECT_NE(error.find(path + ": cannot write: "), std::string::npos)
      << error;
  EXPECT_EQ(Entries(dir_), std::vector<std::string>{"out.bin"});
  EXPECT_EQ(Read(path), "old");
}

TEST_F(FileIo, PiecesAreWrittenInOrderAsOneFile) {
  const std::string path = dir_ + "/pieces.csv";
  std::string error;
  ASSERT_TRUE(io::WritePiecesAtomic(
      path,
      [](const io::AppendBytes& append) {
        return append("a,", 2) && append("", 0) && append("b\n", 2);
      },
      &error))
      << error;
  EXPECT_EQ(Read(path), "a,b\n");
}

// A producer that gives up mid-way leaves the old file and nothing else;
// its message is the one reported.
TEST_F(FileIo, AbandonedPiecesLeaveTheOldFile) {
  const std::string path = dir_ + "/pieces.csv";
  std::string error;
  ASSERT_TRUE(io::WriteAllAtomic(path, "old", 3, &error)) << error;
  EXPECT_FALSE(io::WritePiecesAtomic(
      path,
      [&](const io::AppendBytes& append) {
        append("new", 3);
        error = "gave up";
        return false;
      },
      &error));
  EXPECT_EQ(error, "gave up");
  EXPECT_EQ(Entries(dir_), std::vector<std::string>{"pieces.csv"});
  EXPECT_EQ(Read(path), "old");
}

// SIGTERM, SIGINT or SIGHUP while a file is being written: the temporary
// file is removed and the process dies of that signal.  A child process
// writes a large buffer; a thread of it sends the signal as soon as the
// temporary file appears.
// A signal lands either while the temporary file exists (then nothing
// may be left) or, if the write wins the race on a loaded machine, after
// the rename (then the whole file is there).  Never a temporary file or a
// partial one; and the first case must happen, so each signal is retried
// with a larger write until it does.
TEST_F(FileIo, SignalDuringWriteRemovesTheTemporaryFile) {
  for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
    bool caught_mid_write = false;
    for (int attempt = 0; attempt < 8 && !caught_mid_write; ++attempt) {
      const std::string sub = dir_ + "/" + std::to_string(sig) + "_" +
                              std::to_string(attempt);
      ASSERT_EQ(mkdir(sub.c_str(), 0700), 0);
      const size_t bytes = (size_t{16} << 20) << (attempt / 2);
      const pid_t pid = fork();
      ASSERT_GE(pid, 0);
      if (pid == 0) {
        for (const int s : {SIGTERM, SIGINT, SIGHUP}) signal(s, SIG_DFL);
        const std::vector<char> big(bytes, 'x');
        std::thread killer([&] {
          while (Entries(sub).empty()) {
          }
          kill(getpid(), sig);
        });
        killer.detach();
        std::string error;
        if (!io::WriteAllAtomic(sub + "/out.bin", big.data(), big.size(),
                                &error)) {
          _exit(3);
        }
        pause();  // the killer's signal ends the process
        _exit(0);
      }
      int status = 0;
      ASSERT_EQ(waitpid(pid, &status, 0), pid);
      ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig)
          << "signal " << sig << ": status " << status;
      const std::vector<std::string> left = Entries(sub);
      if (left.empty()) {
        caught_mid_write = true;
        continue;
      }
      // The signal came after the rename: only the finished file.
      ASSERT_EQ(left.size(), 1u) << left[0];
      EXPECT_EQ(left[0], "out.bin");
      struct stat st;
      ASSERT_EQ(stat((sub + "/out.bin").c_str(), &st), 0);
      EXPECT_EQ(static_cast<size_t>(st.st_size), bytes);
    }
    EXPECT_TRUE(caught_mid_write)
        << "signal " << sig << " never arrived during a write";
  }
}

// The handlers are there only while a temporary file exists: a command's
// own handler is back afterwards, and an ignored signal stays ignored.
TEST_F(FileIo, PreviousSignalHandlersAreRestored) {
  void (*old_term)(int) = signal(SIGTERM, OnSignal);
  void (*old_hup)(int) = signal(SIGHUP, SIG_IGN);
  std::string error;
  const bool ok = io::WriteAllAtomic(dir_ + "/out", "x", 1, &error);
  void (*term)(int) = signal(SIGTERM, old_term);
  void (*hup)(int) = signal(SIGHUP, old_hup);
  ASSERT_TRUE(ok) << error;
  EXPECT_EQ(term, &OnSignal);
  EXPECT_EQ(hup, SIG_IGN);
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
