#include "src/verify/file_io.h"

#include "src/base/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <iterator>
#include <mutex>

namespace refmath {
namespace io {
namespace {

std::string SysError(const std::string& path, const char* what) {
  return Printable(path) + ": " + what + ": " + strerror(errno);
}

bool ReadFd(int fd, const std::string& path, std::vector<uint8_t>* bytes,
            std::string* error) {
  bytes->clear();
  uint8_t buf[1 << 16];
  for (;;) {
    const ssize_t got = read(fd, buf, sizeof(buf));
    if (got == 0) return true;
    if (got < 0) {
      if (errno == EINTR) continue;
      *error = SysError(path, "cannot read");
      return false;
    }
    if (bytes->size() + static_cast<size_t>(got) > kMaxInputBytes) {
      *error = Printable(path) + ": larger than " +
               std::to_string(kMaxInputBytes >> 30) +
               " GiB, the most refmath reads at once";
      return false;
    }
    bytes->insert(bytes->end(), buf, buf + got);
  }
}

bool WriteFd(int fd, const uint8_t* p, size_t size) {
  while (size > 0) {
    const ssize_t put = write(fd, p, size);
    if (put < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += put;
    size -= static_cast<size_t>(put);
  }
  return true;
}

// Runs `produce` with an `append` that writes to fd; false with *error
// set if a write failed (errno from it) or `produce` gave up.
bool ProduceInto(int fd, const std::string& path, const ProduceBytes& produce,
                 std::string* error) {
  bool write_failed = false;
  const AppendBytes append = [&](const void* data, size_t size) {
    write_failed = write_failed ||
                   !WriteFd(fd, static_cast<const uint8_t*>(data), size);
    return !write_failed;
  };
  if (produce(append) && !write_failed) return true;
  if (write_failed) *error = SysError(path, "cannot write");
  return false;
}

// Writes straight into an existing file that is not a regular one
// (/dev/null, a FIFO, a terminal): renaming over it would replace the
// device node or pipe with a file.
bool WriteDirect(const std::string& path, const ProduceBytes& produce,
                 std::string* error) {
  const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = SysError(path, "cannot open");
    return false;
  }
  bool ok = ProduceInto(fd, path, produce, error);
  if (close(fd) != 0 && ok) {
    ok = false;
    *error = SysError(path, "cannot write");
  }
  return ok;
}

// The directory part of `path`: "." for a bare name, "/" for "/name".
std::string DirName(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// The file a write to `path` lands in: symbolic links followed to the end
// of the chain, whose last name need not exist yet (a dangling link gets
// its target created, as with the shell's >).  False with errno set.
bool FinalTarget(std::string path, std::string* target) {
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st;
    if (lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      *target = path;
      return true;
    }
    char link[PATH_MAX];
    const ssize_t n = readlink(path.c_str(), link, sizeof(link));
    if (n < 0) return false;
    if (static_cast<size_t>(n) == sizeof(link)) {
      errno = ENAMETOOLONG;
      return false;
    }
    const std::string dest(link, static_cast<size_t>(n));
    path = dest[0] == '/' ? dest : DirName(path) + "/" + dest;
  }
  errno = ELOOP;
  return false;
}

// A temporary file is removed when SIGINT, SIGTERM or SIGHUP ends the
// process before it is renamed into place.  The handler only reads this
// pointer, prepared beforehand, unlinks it and re-raises the signal with
// its default action, so the process still dies of that signal.
constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};
std::atomic<const char*> g_pending_tmp{nullptr};
std::mutex g_tmp_mutex;  // one temporary file at a time owns the handlers

extern "C" void RemoveTmpAndDie(int sig) {
  const char* tmp = g_pending_tmp.load();
  if (tmp != nullptr) unlink(tmp);
  signal(sig, SIG_DFL);
  raise(sig);  // delivered as the handler returns
}

// Blocks the cleanup signals in this thread; returns the previous mask.
sigset_t HoldCleanupSignals() {
  sigset_t set, old;
  sigemptyset(&set);
  for (int sig : kCleanupSignals) sigaddset(&set, sig);
  pthread_sigmask(SIG_BLOCK, &set, &old);
  return old;
}

// DIR/refmath.tmp.XXXXXX: a short name that fits whatever the output's name.
// From creation until RenameTo (or destruction, which removes it) the
// cleanup handler covers the signals the process does not ignore; the
// previous handlers (e.g. a command's own stop flag) come back after.
class TmpFile {
 public:
  explicit TmpFile(const std::string& dir)
      : lock_(g_tmp_mutex), path_(dir + "/refmath.tmp.XXXXXX") {
    struct sigaction cleanup = {};
    cleanup.sa_handler = RemoveTmpAndDie;
    sigemptyset(&cleanup.sa_mask);
    for (size_t i = 0; i < std::size(kCleanupSignals); ++i) {
      sigaction(kCleanupSignals[i], nullptr, &old_[i]);
      if (old_[i].sa_handler != SIG_IGN) {
        sigaction(kCleanupSignals[i], &cleanup, nullptr);
      }
    }
    // The name is published before mkstemp fills it in and creates the
    // file: holding the signals back covers this thread only, and a
    // process-directed signal may be handled by any other thread that does
    // not block it, which must then find the name as soon as the file
    // exists.  (Before that, the handler unlinks a name nothing has.)
    const sigset_t mask = HoldCleanupSignals();
    g_pending_tmp = path_.c_str();
    fd_ = mkstemp(&path_[0]);
    created_ = fd_ >= 0;
    if (!created_) g_pending_tmp = nullptr;
    pthread_sigmask(SIG_SETMASK, &mask, nullptr);
  }
  TmpFile(const TmpFile&) = delete;
  TmpFile& operator=(const TmpFile&) = delete;

  ~TmpFile() {
    const int saved = errno;
    Close();
    Release([this] { return !created_ || unlink(path_.c_str()) == 0; });
    errno = saved;
  }

  int fd() const { return fd_; }

  bool Close() {
    const int fd = fd_;
    fd_ = -1;
    return fd < 0 || close(fd) == 0;
  }

  // Moves the complete file over `target`; false with errno set.
  bool RenameTo(const std::string& target) {
    return Release([&] { return rename(path_.c_str(), target.c_str()) == 0; });
  }

 private:
  // Runs `last` (rename or unlink) with the signals held back, then gives
  // them back to their previous handlers: one that arrived meanwhile takes
  // its usual course once the temporary name is gone.
  template <class Fn>
  bool Release(Fn last) {
    if (released_) return true;
    released_ = true;
    const sigset_t mask = HoldCleanupSignals();
    const bool ok = last();
    const int saved = errno;
    g_pending_tmp = nullptr;
    for (size_t i = 0; i < std::size(kCleanupSignals); ++i) {
      sigaction(kCleanupSignals[i], &old_[i], nullptr);
    }
    pthread_sigmask(SIG_SETMASK, &mask, nullptr);
    errno = saved;
    return ok;
  }

  std::lock_guard<std::mutex> lock_;
  std::string path_;
  int fd_ = -1;
  bool created_ = false, released_ = false;
  struct sigaction old_[std::size(kCleanupSignals)];
};

}  // namespace

uint16_t LoadLE16(const uint8_t* p) {
  return static_cast<uint16_t>(p[0] | p[1] << 8);
}

void StoreLE16(uint16_t v, uint8_t* p) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
}

void StoreLE32(uint32_t v, uint8_t* p) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
  p[2] = static_cast<uint8_t>(v >> 16);
  p[3] = static_cast<uint8_t>(v >> 24);
}

bool ReadAll(const std::string& path, std::vector<uint8_t>* bytes,
             std::string* error) {
  if (path == "-") return ReadFd(STDIN_FILENO, "<stdin>", bytes, error);
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = SysError(path, "cannot open");
    return false;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    *error = SysError(path, "cannot stat");
    close(fd);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    *error = Printable(path) + ": is a directory";
    return false;
  }
  if (S_ISREG(st.st_mode)) {
    if (static_cast<uint64_t>(st.st_size) > kMaxInputBytes) {
      close(fd);
      *error = Printable(path) + ": " + std::to_string(st.st_size) +
               " bytes is larger than " +
               std::to_string(kMaxInputBytes >> 30) +
               " GiB, the most refmath reads at once";
      return false;
    }
    bytes->reserve(static_cast<size_t>(st.st_size));
  }
  const bool ok = ReadFd(fd, path, bytes, error);
  close(fd);
  return ok;
}

bool CheckOutputPath(const std::string& path, std::string* error) {
  if (path == "-") return true;
  if (path.empty()) {
    *error = "empty output path";
    return false;
  }
  struct stat st;
  const bool exists = stat(path.c_str(), &st) == 0;
  const int stat_errno = exists ? 0 : errno;
  if (exists && S_ISDIR(st.st_mode)) {
    *error = Printable(path) + ": is a directory";
    return false;
  }
  if (path.back() == '/') {
    *error = Printable(path) + ": a file name cannot end with '/'";
    return false;
  }
  if (!exists && stat_errno != ENOENT) {
    errno = stat_errno;
    *error = SysError(path, "cannot create");
    return false;
  }
  // What the write needs to be writable: a device or FIFO itself, else the
  // directory the finished file is renamed into (beside a link's target).
  std::string writable = path;
  if (!exists || S_ISREG(st.st_mode)) {
    std::string target;
    if (!FinalTarget(path, &target)) {
      *error = SysError(path, "cannot follow symbolic link");
      return false;
    }
    writable = DirName(target);
  }
  if (access(writable.c_str(), W_OK) != 0) {
    *error = SysError(path, "cannot create");
    return false;
  }
  return true;
}

namespace {

// An existing file's permission bits and, where allowed (root), its owner
// and group go to the temporary file; a new one gets the usual 0666 less
// the umask.
bool TakeMode(int fd, bool exists, const struct stat& st) {
  mode_t mode;
  if (exists) {
    mode = st.st_mode & 07777;
    const int ignored = fchown(fd, st.st_uid, st.st_gid);
    (void)ignored;
  } else {
    const mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  return fchmod(fd, mode) == 0;
}

}  // namespace

bool WritePiecesAtomic(const std::string& path, const ProduceBytes& produce,
                       std::string* error) {
  if (path == "-") {
    return ProduceInto(STDOUT_FILENO, "<stdout>", produce, error);
  }
  if (!CheckOutputPath(path, error)) return false;
  struct stat st;
  const bool exists = stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) return WriteDirect(path, produce, error);
  std::string target;
  if (!FinalTarget(path, &target)) {
    *error = SysError(path, "cannot follow symbolic link");
    return false;
  }
  TmpFile tmp(DirName(target));
  if (tmp.fd() < 0) {
    *error = SysError(path, "cannot create");
    return false;
  }
  if (!ProduceInto(tmp.fd(), path, produce, error)) return false;
  if (fsync(tmp.fd()) != 0) {
    *error = SysError(path, "cannot write");
    return false;
  }
  if (!TakeMode(tmp.fd(), exists, st)) {
    *error = SysError(path, "cannot set permissions");
    return false;
  }
  if (!tmp.Close()) {
    *error = SysError(path, "cannot write");
    return false;
  }
  if (!tmp.RenameTo(target)) {
    *error = SysError(path, "cannot rename into place");
    return false;
  }
  return true;
}

bool WriteAllAtomic(const std::string& path, const void* data, size_t size,
                    std::string* error) {
  return WritePiecesAtomic(
      path, [&](const AppendBytes& append) { return append(data, size); },
      error);
}

bool SameFile(const std::string& a, const std::string& b) {
  struct stat sa, sb;
  return a != "-" && b != "-" && stat(a.c_str(), &sa) == 0 &&
         stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

}  // namespace io
}  // namespace refmath
