// Text from users and files (paths, names, header fields) made safe for a
// one-line message: control characters become \xNN, long text is cut.
#ifndef REFMATH_SRC_VERIFY_PRINTABLE_H_
#define REFMATH_SRC_VERIFY_PRINTABLE_H_

#include <stddef.h>

#include <string>

namespace refmath {

// `text` with bytes below 0x20 and 0x7F written as \xNN; cut after
// max_len bytes with "..." appended.
std::string Printable(const std::string& text,
                      size_t max_len = std::string::npos);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_PRINTABLE_H_
