// The argument checks every tensor call shares (api.cc, attention.cc):
// options to kernels and thread count, views, vectors, overlap; and the
// guard each computation runs under.
#ifndef REFMATH_SRC_TENSOR_CHECKS_H_
#define REFMATH_SRC_TENSOR_CHECKS_H_

#include <cstring>
#include <initializer_list>
#include <new>
#include <type_traits>

#include "refmath/tensor.h"
#include "simd/lanes/fp_env.h"
#include "src/tensor/algorithms.h"

namespace refmath {
namespace tensor {

// An enum argument or option field as the integer a C caller stored: any
// value may be there, and reading one outside the enum's range as the enum
// type is undefined in C++.  Read through the underlying type, whose size
// is the enum's on every ABI (one byte where enums are short, as on
// arm-none-eabi).
template <class Enum>
int RawValue(const Enum& e) {
  std::underlying_type_t<Enum> v;
  std::memcpy(&v, &e, sizeof v);
  return static_cast<int>(v);
}

// Whether a half format argument is one of refmath_half_format's (read
// as its integer); *binary16 tells which.
bool KnownHalfFormat(refmath_half_format format, bool* binary16);

// The options (NULL: defaults) as kernels and a thread count, and the sum
// mode when mode is not NULL; or the first failing status.
int Setup(const refmath_tensor_options* opt, Engine* e,
          refmath_sum_mode* mode);

// The first failing CheckView of the views given.
int CheckViews(std::initializer_list<const refmath_tensor*> views);

// Setup without a sum mode, then CheckViews: the first failing status.
int SetupFor(const refmath_tensor_options* opt, Engine* e,
             std::initializer_list<const refmath_tensor*> views);

// Whether out meets any of the inputs (NULL entries skipped).
bool OverlapsAny(const refmath_tensor& out,
                 std::initializer_list<const refmath_tensor*> ins);

// NULL, or a 1-D view of length n.
bool IsVector(const refmath_tensor* t, size_t n);

// Runs body() under the IEEE environment; REFMATH_E_NO_MEMORY if it runs
// out of memory.
template <class Body>
int Guarded(const Body& body) {
  const refmath::detail::ScopedIeeeEnvironment ieee;
#if defined(__cpp_exceptions)
  try {
    body();
  } catch (const std::bad_alloc&) {
    return REFMATH_E_NO_MEMORY;
  }
#else
  body();  // built without exceptions: an allocation failure aborts
#endif
  return REFMATH_OK;
}

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_CHECKS_H_
