// Text for one-line messages, shared by every layer: user and file text
// (paths, names, header fields) made safe to print, array shapes, and
// numbers that read back exactly.
#ifndef REFMATH_SRC_BASE_TEXT_H_
#define REFMATH_SRC_BASE_TEXT_H_

#include <stddef.h>

#include <string>
#include <vector>

namespace refmath {

// `text` with bytes below 0x20 and 0x7F written as \xNN; cut after
// max_len bytes with "..." appended.
std::string Printable(const std::string& text,
                      size_t max_len = std::string::npos);

// A shape as Python's repr of the tuple, the form numpy writes in .npy
// headers and error messages use: (), (5,), (2, 3).
std::string ShapeText(const std::vector<size_t>& shape);

// The shortest decimal text strtod reads back as `value` exactly.
std::string FormatDouble(double value);

}  // namespace refmath

#endif  // REFMATH_SRC_BASE_TEXT_H_
