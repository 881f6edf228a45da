// Shared by the checks that run an emulator subcommand of `refmath` and
// compare its .npy output bit for bit with the library function it calls
// (conformance/ane/cli_library_check.cc, conformance/mcu/...): a scratch
// directory, running the tool, and the comparison.
#ifndef REFMATH_CONFORMANCE_CLI_CHECK_UTIL_H_
#define REFMATH_CONFORMANCE_CLI_CHECK_UTIL_H_

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

#include "src/base/text.h"
#include "src/verify/npy.h"

namespace refmath {
namespace cli_check {

class Checker {
 public:
  explicit Checker(std::string tool) : tool_(std::move(tool)) {
    char dir[] = "/tmp/refmath_cli_check_XXXXXX";
    if (mkdtemp(dir) == nullptr) {
      perror("mkdtemp");
      exit(2);
    }
    dir_ = dir;
  }
  ~Checker() {
    const std::string rm = "rm -rf '" + dir_ + "'";
    if (system(rm.c_str()) != 0) fprintf(stderr, "cannot remove %s\n", dir_.c_str());
  }

  std::string Path(const std::string& name) const { return dir_ + "/" + name; }

  // Writes `array` as NAME.npy in the scratch directory; returns the path.
  std::string Save(const std::string& name, const io::NpyArray& array) {
    const std::string path = Path(name + ".npy");
    std::string error;
    if (!io::WriteNpy(path, array, &error)) Fail("save " + name + ": " + error);
    return path;
  }

  // Runs `refmath ARGS` (arguments without quotes or blanks); true on exit 0.
  bool Run(const std::string& args) {
    const std::string command = tool_ + " " + args;
    const int status = system(command.c_str());
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      Fail("exit status " + std::to_string(WEXITSTATUS(status)) + ": " + command);
      return false;
    }
    return true;
  }

  // The output at `path` must be `want`: dtype, shape and every bit.
  void Expect(const std::string& what, const std::string& path,
              const io::NpyArray& want) {
    constexpr io::DTypeSet kAll = ~io::DTypeSet{0};
    io::NpyArray got;
    std::string error;
    ++checks_;
    if (!io::ReadNpy(path, &got, &error, kAll)) {
      Fail(what + ": " + error);
    } else if (got.dtype != want.dtype || got.shape != want.shape) {
      Fail(what + ": got " + io::DTypeName(got.dtype) + ShapeText(got.shape) +
           ", want " + io::DTypeName(want.dtype) + ShapeText(want.shape));
    } else if (got.bits != want.bits || got.bits64 != want.bits64) {
      Fail(what + ": bits differ from the library's");
    }
  }

  void Fail(const std::string& message) {
    printf("FAIL: %s\n", message.c_str());
    ++failures_;
  }

  // The verdict line and the exit status.
  int Finish(const char* name) const {
    printf("%s: %d comparisons, %d failure(s)\n", name, checks_, failures_);
    return failures_ == 0 ? 0 : 1;
  }

 private:
  std::string tool_, dir_;
  int checks_ = 0, failures_ = 0;
};

}  // namespace cli_check
}  // namespace refmath

#endif  // REFMATH_CONFORMANCE_CLI_CHECK_UTIL_H_
