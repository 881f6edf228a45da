// The arm64 floating-point environment guard (simd/lanes/fp_env.h), through the
// public API only.  For each caller environment below (the default,
// flush-to-zero, each directed rounding mode, the exception trap enables,
// with FPSR flags already set) and every usable target, function and variant, the outputs
// must equal, bit for bit, those computed under the default environment,
// and FPCR and FPSR must read back exactly as the caller left them (the
// inputs include infinities and NaNs, whose lanes raise exception flags
// inside the kernels).  The scalar calls (refmath_expf, ..., on the best
// target) are checked the same way, value by value, against the array
// call under the default environment.  Prints one line and exits 0 (PASS)
// or 1 (FAIL).  Arguments, if any, name the targets to check (as `refmath
// targets` does); without, every usable target.
// tools/cross/arm64.sh builds it with the cross compiler and runs it under
// qemu.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vector>

#include "refmath/refmath.h"
#include "src/verify/scalar_calls.h"

#if !defined(__aarch64__)
int main() {
  fprintf(stderr, "fpcr_probe: built for aarch64 only\n");
  return 2;
}
#else

namespace {

float FromBits(uint64_t b) {
  const uint32_t bits = static_cast<uint32_t>(b);
  float x;
  memcpy(&x, &bits, sizeof x);
  return x;
}

uint64_t ReadFpcr() {
  uint64_t v;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(v));
  return v;
}
uint64_t ReadFpsr() {
  uint64_t v;
  __asm__ __volatile__("mrs %0, fpsr" : "=r"(v));
  return v;
}
void WriteFpcr(uint64_t v) { __asm__ __volatile__("msr fpcr, %0" : : "r"(v)); }
void WriteFpsr(uint64_t v) { __asm__ __volatile__("msr fpsr, %0" : : "r"(v)); }

// FPCR fields (Arm ARM, FPCR): RMode bits 22-23, FZ bit 24, trap enables
// IOE..IXE bits 8-12 and IDE bit 15.  FPSR cumulative flags: bits 0-4, 7.
constexpr uint64_t kRModeShift = 22;
constexpr uint64_t kFz = uint64_t{1} << 24;
constexpr uint64_t kTraps = (uint64_t{0x1F} << 8) | (uint64_t{1} << 15);
constexpr uint64_t kFpsrFlags = 0x9F;
// The caller's flags before each call: inexact (IXC, bit 4) only, so that
// an invalid-operation flag (IOC, bit 0) raised inside a kernel would show.
constexpr uint64_t kCallerFlags = 0x10;

struct Environment {
  const char* name;
  uint64_t fpcr_bits;
};
constexpr Environment kEnvironments[] = {
    {"the default", 0},  // FPCR left alone: FPSR alone is written back
    {"flush-to-zero", kFz},
    {"round toward +inf", uint64_t{1} << kRModeShift},
    {"round toward -inf", uint64_t{2} << kRModeShift},
    {"round toward zero, flush-to-zero", (uint64_t{3} << kRModeShift) | kFz},
    {"trap enables", kTraps},
};

// Every 1048573rd bit pattern (a prime stride: 4097 inputs spread over
// normals, subnormals and NaNs of both signs, at mixed significands) plus
// the edges where flushing or an exception flag would show: the least
// subnormal and normal, both zeros and infinities, a quiet and a signaling
// NaN.  Under qemu every input costs every function, variant, target and
// environment a call, so the stride sets the probe's time.
std::vector<float> Inputs() {
  std::vector<float> in;
  for (uint64_t b = 0; b <= 0xFFFFFFFFu; b += 1048573) in.push_back(FromBits(b));
  const uint32_t edge_bits[] = {0x00000001, 0x80000001, 0x000116C2, 0x00800000,
                                0x00000000, 0x80000000, 0x7F800000, 0xFF800000,
                                0x7FC00000, 0x7F800001, 0xFFA00000, 0x7F7FFFFF};
  for (uint32_t b : edge_bits) in.push_back(FromBits(b));
  const float edges[] = {-100.0f, -103.9f, 1e-30f, -87.5f};
  in.insert(in.end(), edges, edges + sizeof edges / sizeof edges[0]);
  return in;
}

// What one check found wrong, or null: the outputs against the default
// environment's, then FPCR and FPSR against the caller's.
const char* Problem(const std::vector<float>& want, const std::vector<float>& got,
                    uint64_t fpcr, uint64_t fpcr_after, uint64_t fpsr,
                    uint64_t fpsr_after) {
  if (memcmp(want.data(), got.data(), want.size() * sizeof(float)) != 0) {
    return "outputs differ from the default environment's";
  }
  if (fpcr_after != fpcr) return "FPCR not restored";
  if ((fpsr_after & kFpsrFlags) != (fpsr & kFpsrFlags)) {
    return "FPSR flags changed";
  }
  return nullptr;
}

// Sets the caller's environment e (FPCR on top of the default, FPSR with
// kCallerFlags alone); returns FPCR as it reads back (trap bits may read as
// zero) and sets *fpsr to the FPSR written.
uint64_t SetCallerEnvironment(uint64_t default_fpcr, const Environment& e,
                              uint64_t* fpsr) {
  WriteFpcr(default_fpcr | e.fpcr_bits);
  *fpsr = (ReadFpsr() & ~kFpsrFlags) | kCallerFlags;
  WriteFpsr(*fpsr);
  return ReadFpcr();
}

}  // namespace

// Whether target t is one of the named ones (all when none is named).
bool Named(refmath_target t, int argc, char** argv) {
  if (argc < 2) return true;
  for (int i = 1; i < argc; ++i) {
    if (refmath_target_from_name(argv[i]) == t) return true;
  }
  return false;
}

int main(int argc, char** argv) {
  const std::vector<float> in = Inputs();
  const size_t n = in.size();
  std::vector<float> want(n), got(n);
  const uint64_t default_fpcr = ReadFpcr();
  int checks = 0, failures = 0;
  for (int vi = 0; vi < REFMATH_NUM_VARIANTS; ++vi) {
    const auto v = static_cast<refmath_variant>(vi);
    for (int ti = 1; ti < REFMATH_NUM_TARGETS; ++ti) {
      const auto t = static_cast<refmath_target>(ti);
      if (refmath_target_status(v, t) != REFMATH_OK || !Named(t, argc, argv)) {
        continue;
      }
      for (int fi = 0; fi < REFMATH_NUM_FUNCTIONS; ++fi) {
        const auto f = static_cast<refmath_function>(fi);
        if (refmath_function_status(f, v) != REFMATH_OK) continue;
        WriteFpcr(default_fpcr);
        refmath_eval_f32(f, v, t, in.data(), want.data(), n);
        for (const Environment& e : kEnvironments) {
          uint64_t fpsr;
          const uint64_t fpcr = SetCallerEnvironment(default_fpcr, e, &fpsr);
          const int status = refmath_eval_f32(f, v, t, in.data(), got.data(), n);
          const uint64_t fpcr_after = ReadFpcr(), fpsr_after = ReadFpsr();
          WriteFpcr(default_fpcr);
          ++checks;
          const char* problem =
              status != REFMATH_OK
                  ? refmath_status_string(status)
                  : Problem(want, got, fpcr, fpcr_after, fpsr, fpsr_after);
          if (problem != nullptr) {
            ++failures;
            printf("fpcr: FAIL: %s %s on %s under %s: %s\n",
                   refmath_function_name(f), refmath_variant_name(v),
                   refmath_target_name(t), e.name, problem);
          }
        }
      }
    }
  }
  // The scalar calls, one value per call; a flag or FPCR bit a call leaked
  // would stay for the calls after it, so reading back once at the end
  // sees it.
  for (int vi = 0; vi < REFMATH_NUM_VARIANTS; ++vi) {
    const auto v = static_cast<refmath_variant>(vi);
    if (refmath_target_status(v, REFMATH_TARGET_BEST) != REFMATH_OK) continue;
    for (int fi = 0; fi < REFMATH_NUM_FUNCTIONS; ++fi) {
      const auto f = static_cast<refmath_function>(fi);
      const refmath::ScalarCall call = refmath::ScalarCallOf(f, v);
      if (call == nullptr) continue;
      WriteFpcr(default_fpcr);
      refmath_eval_f32(f, v, REFMATH_TARGET_BEST, in.data(), want.data(), n);
      for (const Environment& e : kEnvironments) {
        uint64_t fpsr;
        const uint64_t fpcr = SetCallerEnvironment(default_fpcr, e, &fpsr);
        for (size_t i = 0; i < n; ++i) got[i] = call(in[i]);
        const uint64_t fpcr_after = ReadFpcr(), fpsr_after = ReadFpsr();
        WriteFpcr(default_fpcr);
        ++checks;
        const char* problem =
            Problem(want, got, fpcr, fpcr_after, fpsr, fpsr_after);
        if (problem != nullptr) {
          ++failures;
          printf("fpcr: FAIL: the scalar call of %s %s under %s: %s\n",
                 refmath_function_name(f), refmath_variant_name(v), e.name,
                 problem);
        }
      }
    }
  }
  if (failures == 0) {
    printf("fpcr: PASS: %d checks (%zu inputs each)\n", checks, n);
    return 0;
  }
  printf("fpcr: FAIL: %d of %d checks\n", failures, checks);
  return 1;
}

#endif  // __aarch64__
