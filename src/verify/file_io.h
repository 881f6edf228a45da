// Whole-file reads and all-or-nothing writes of raw little-endian binary32
// data, with one-line error messages.  "-" means stdin / stdout.
#ifndef REFMATH_SRC_VERIFY_FILE_IO_H_
#define REFMATH_SRC_VERIFY_FILE_IO_H_

#include <stddef.h>
#include <stdint.h>

#include <functional>
#include <string>
#include <vector>

namespace refmath {
namespace io {

// The largest input file read whole: 4 GiB (2^30 binary32 values).  A
// larger one is refused with a one-line error rather than exhausting memory.
constexpr uint64_t kMaxInputBytes = uint64_t{4} << 30;

// Reads every byte of `path` ("-" = stdin), at most kMaxInputBytes.
bool ReadAll(const std::string& path, std::vector<uint8_t>* bytes,
             std::string* error);

// Writes `size` bytes to `path` ("-" = stdout) all or nothing: a file is
// written under a short temporary name in the same directory and renamed
// into place only once complete, so a failure never leaves a partial file;
// neither does SIGINT, SIGTERM or SIGHUP, which remove the temporary file
// and then end the process as usual (handlers a command installed itself
// are restored after, ignored signals stay ignored).  A symbolic link is
// written through: its final target is replaced and the link kept.  An
// existing file keeps its permission bits (and, for root, its owner and
// group).  A path that exists and is not a regular file (/dev/null, a
// FIFO, a terminal) is written directly: renaming over it would replace
// the device node or pipe with a file.  An empty path, a directory and a
// name ending in '/' are refused.
bool WriteAllAtomic(const std::string& path, const void* data, size_t size,
                    std::string* error);

// WriteAllAtomic for content made piece by piece (a file larger than one
// would hold in memory): `produce` is called once and hands each piece to
// the `append` it is given, which returns false once a write has failed.
// Nothing is left behind if a write fails or `produce` returns false
// (having said why in *error); standard output ("-") gets what was
// appended until then.
using AppendBytes = std::function<bool(const void* data, size_t size)>;
using ProduceBytes = std::function<bool(const AppendBytes& append)>;
bool WritePiecesAtomic(const std::string& path, const ProduceBytes& produce,
                       std::string* error);

// Refuses, before any work, an output path WriteAllAtomic would fail on:
// an empty name, a directory, a name ending in '/', a missing or
// unwritable directory (of a link's final target), an unwritable device.
// "-" (stdout) passes.
bool CheckOutputPath(const std::string& path, std::string* error);

// True if `a` and `b` are the same existing file (same device and inode,
// symbolic links followed), e.g. an output that would overwrite an input.
// "-" (stdin / stdout) is never the same as anything.
bool SameFile(const std::string& a, const std::string& b);

// Little-endian bytes <-> uint16/uint32 values, independent of the host's
// order.
uint16_t LoadLE16(const uint8_t* p);
void StoreLE16(uint16_t v, uint8_t* p);
void StoreLE32(uint32_t v, uint8_t* p);

}  // namespace io
}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_FILE_IO_H_
