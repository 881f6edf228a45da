// C++ layer over refmath.h: errors become exceptions, arrays become spans,
// names and values the C API's enums with the same numbers.
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

// The rows of refmath/functions.def: Function::kExp, ... kGeluTanh.
enum class Function : int {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  k##Name = REFMATH_##ID,
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};
enum class Variant : int {
  kExact = REFMATH_EXACT,
  kFast = REFMATH_FAST,
  kCorrect = REFMATH_CORRECT,
};
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

// Each C enum's last value has its C++ counterpart: a value added to
// refmath.h without one here stops the build.
static_assert(static_cast<int>(Variant::kCorrect) + 1 == REFMATH_NUM_VARIANTS,
              "refmath::Variant lacks a value of refmath_variant");
static_assert(static_cast<int>(Target::kSVE2_128) + 1 == REFMATH_NUM_TARGETS,
              "refmath::Target lacks a value of refmath_target");

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

// One value in any variant: the same bits as the array call with n = 1.
inline float Eval(Function f, float x, Variant v = Variant::kExact,
                  Target t = Target::kBest) {
  float y;
  Eval(f, &x, &y, 1, v, t);
  return y;
}

// The narrow formats (refmath_eval_f16, refmath_eval_bf16): bit patterns
// of binary16 or bfloat16 in and out, correctly rounded in that format;
// the correct variant alone.
enum class NarrowFormat { kBinary16, kBfloat16 };
inline void EvalNarrow(Function f, NarrowFormat format,
                       const unsigned short* in, unsigned short* out,
                       size_t n, Variant v = Variant::kCorrect) {
  const auto fn = static_cast<refmath_function>(f);
  const auto var = static_cast<refmath_variant>(v);
  const int status = format == NarrowFormat::kBinary16
                         ? refmath_eval_f16(fn, var, in, out, n)
                         : refmath_eval_bf16(fn, var, in, out, n);
  if (status != REFMATH_OK) throw Error(status);
}

// Each function's scalar call of refmath.h, refmath_NAMEf: refmath::Exp,
// ... refmath::GeluTanh (the exact variant, or the correctly rounded one
// for a function without an exact variant).
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  inline float Name(float x) { return refmath_##name##f(x); }
#include "refmath/functions.def"
#undef REFMATH_FUNCTION

// Whether variant v defines function f (refmath/functions.def); Eval of
// one it does not throws Error(REFMATH_E_NOT_IN_VARIANT).
inline bool Defines(Variant v, Function f) {
  return refmath_function_status(static_cast<refmath_function>(f),
                                 static_cast<refmath_variant>(v)) ==
         REFMATH_OK;
}

// The C API's names ("gelu_tanh", "correct", "avx3").
inline const char* Name(Function f) {
  return refmath_function_name(static_cast<refmath_function>(f));
}
inline const char* Name(Variant v) {
  return refmath_variant_name(static_cast<refmath_variant>(v));
}
inline const char* Name(Target t) {
  return refmath_target_name(static_cast<refmath_target>(t));
}

// The value a name stands for; Error with REFMATH_E_UNKNOWN_FUNCTION
// (_VARIANT, _TARGET) for a name that is none.
inline Function FunctionFromName(const std::string& name) {
  const int f = refmath_function_from_name(name.c_str());
  if (f < 0) throw Error(REFMATH_E_UNKNOWN_FUNCTION);
  return static_cast<Function>(f);
}
inline Variant VariantFromName(const std::string& name) {
  const int v = refmath_variant_from_name(name.c_str());
  if (v < 0) throw Error(REFMATH_E_UNKNOWN_VARIANT);
  return static_cast<Variant>(v);
}
inline Target TargetFromName(const std::string& name) {
  const int t = refmath_target_from_name(name.c_str());
  if (t < 0) throw Error(REFMATH_E_UNKNOWN_TARGET);
  return static_cast<Target>(t);
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
