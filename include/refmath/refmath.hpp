// C++ layer over refmath.h: errors become exceptions, arrays become spans.
// Header-only and free of arithmetic: the kernels stay in the library, so a
// caller's floating-point flags can never recompile them.
#ifndef REFMATH_REFMATH_HPP_
#define REFMATH_REFMATH_HPP_

#include <stdexcept>
#include <string>

#include "refmath/refmath.h"

#if __cplusplus >= 202002L
#include <span>
#endif

namespace refmath {

enum class Function : int {
  kExp = REFMATH_EXP,
  kExpNonPositive = REFMATH_EXP_NONPOSITIVE,
  kLog = REFMATH_LOG,
  kSigmoid = REFMATH_SIGMOID,
  kTanh = REFMATH_TANH,
  kErf = REFMATH_ERF,
  kOnePlusErf = REFMATH_ONE_PLUS_ERF,
  kGeluErf = REFMATH_GELU_ERF,
  kGeluTanh = REFMATH_GELU_TANH,
};
enum class Variant : int { kExact = REFMATH_EXACT, kFast = REFMATH_FAST };
enum class Target : int {
  kBest = REFMATH_TARGET_BEST,
  kScalar = REFMATH_TARGET_SCALAR,
  kSSE4 = REFMATH_TARGET_SSE4,
  kAVX2 = REFMATH_TARGET_AVX2,
  kAVX3 = REFMATH_TARGET_AVX3,
  kSSSE3 = REFMATH_TARGET_SSSE3,
  kAVX3_DL = REFMATH_TARGET_AVX3_DL,
  kEMU128 = REFMATH_TARGET_EMU128,
  kNEON = REFMATH_TARGET_NEON,
  kSVE = REFMATH_TARGET_SVE,
  kSVE2 = REFMATH_TARGET_SVE2,
  kSVE_256 = REFMATH_TARGET_SVE_256,
  kSVE2_128 = REFMATH_TARGET_SVE2_128,
};

// Thrown for every non-zero status; status() is the C status code.
class Error : public std::runtime_error {
 public:
  explicit Error(int status)
      : std::runtime_error(std::string("refmath: ") +
                           refmath_status_string(status)),
        status_(status) {}
  int status() const noexcept { return status_; }

 private:
  int status_;
};

inline void Eval(Function f, const float* in, float* out, size_t n,
                 Variant v = Variant::kExact, Target t = Target::kBest) {
  const int status = refmath_eval_f32(static_cast<refmath_function>(f),
                                      static_cast<refmath_variant>(v),
                                      static_cast<refmath_target>(t), in, out,
                                      n);
  if (status != REFMATH_OK) throw Error(status);
}

#if __cplusplus >= 202002L
// in.size() must equal out.size(), else std::invalid_argument (not Error:
// there is no C status for it); out may alias in exactly.
inline void Eval(Function f, std::span<const float> in, std::span<float> out,
                 Variant v = Variant::kExact, Target t = Target::kBest) {
  if (in.size() != out.size()) {
    throw std::invalid_argument("refmath::Eval: in and out sizes differ");
  }
  Eval(f, in.data(), out.data(), in.size(), v, t);
}
#endif

}  // namespace refmath

#endif  // REFMATH_REFMATH_HPP_
