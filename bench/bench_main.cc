// refmath_bench: refmath's exact and fast kernels against SLEEF, glibc
// libmvec, Highway contrib/math and glibc's scalar libm, per function, lane
// width and array size.  Benchmark names are
//   <function>/<width>/<implementation>/<n>   exp/w512/refmath_exact/1024
//   mxcsr/<caller environment>/<path>/<n>     the FP-environment guard
//   calib/<measurement>                       clock and op throughputs
// refmath_<variant> goes through refmath_eval_f32 (dispatch, checks, the
// MXCSR guard); refmath_<variant>_kernel calls the same kernel's table entry
// directly (simd/dispatch/kernel_table.h), to separate per-call cost from per-element
// cost.
// bench/run.sh runs it with interleaved repetitions; bench/report.py turns
// the JSON into docs/performance.md.
#include <benchmark/benchmark.h>
#include <stdint.h>
#include <stdlib.h>
#include <xmmintrin.h>

#include <limits>
#include <map>
#include <string>

#include "bench/hot_inputs.h"
#include "bench/peers.h"
#include "refmath/refmath.h"
#include "simd/dispatch/kernel_table.h"
#include "simd/lanes/fp_env.h"

namespace refmath_bench {

void RegisterCalibration();  // bench/calibrate.cc

namespace {

// 4 KiB, 256 KiB and 16 MiB of input (the same again of output): L1, L2 and
// beyond the last-level cache.
constexpr size_t kSizes[] = {1024, 65536, size_t{4} << 20};
constexpr size_t kMaxSize = size_t{4} << 20;
constexpr size_t kAlignment = 64;

struct Width {
  const char* label;
  refmath_target target;
  PeerTable (*peers)();
};
constexpr Width kWidths[] = {
    {"scalar", REFMATH_TARGET_SCALAR, &PeersScalar},
    {"w128", REFMATH_TARGET_SSE4, &PeersW128},
    {"w256", REFMATH_TARGET_AVX2, &PeersW256},
    {"w512", REFMATH_TARGET_AVX3, &PeersW512},
};

// MXCSR: the IEEE default, and the same with flush-to-zero and
// denormals-are-zero, as ML runtimes set it.
constexpr unsigned kMxcsrDefault = 0x1F80;
constexpr unsigned kMxcsrFtzDaz = kMxcsrDefault | 0x8000 | 0x0040;
constexpr size_t kGuardSizes[] = {1, 16, 1024};

float* AllocateFloats(size_t n) {
  return static_cast<float*>(aligned_alloc(kAlignment, n * sizeof(float)));
}

// kMaxSize uniform inputs per function, made once; smaller sizes use a
// prefix.  Never freed (the process ends after the run).
const float* Inputs(const Function& f) {
  static std::map<std::string, float*> cache;
  float*& data = cache[f.name];
  if (data == nullptr) {
    data = AllocateFloats(kMaxSize);
    FillHotInputs(f, data, kMaxSize);
  }
  return data;
}

float* Output() {
  static float* const out = [] {
    float* p = AllocateFloats(kMaxSize);
    for (size_t i = 0; i < kMaxSize; ++i) p[i] = 0.0f;
    return p;
  }();
  return out;
}

// The caller's MXCSR is `mxcsr` for the whole timed loop.
template <class Fn>
void Register(const std::string& name, size_t n, Fn fn,
              unsigned mxcsr = kMxcsrDefault) {
  benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
    const unsigned saved = _mm_getcsr();
    _mm_setcsr(mxcsr);
    for (auto _ : s) {
      fn();
      benchmark::ClobberMemory();
    }
    _mm_setcsr(saved);
    s.SetItemsProcessed(static_cast<int64_t>(s.iterations() * n));
    s.counters["n"] = static_cast<double>(n);
  });
}

// The kernel table row of (v, t), or nullptr if not built or not supported.
const refmath::detail::TargetKernels* FindKernels(refmath_variant v,
                                                  refmath_target t) {
  if (refmath_target_status(v, t) != REFMATH_OK) return nullptr;
  const refmath::detail::KernelTable table =
      v == REFMATH_EXACT  ? refmath::detail::ExactKernelTable()
      : v == REFMATH_FAST ? refmath::detail::FastKernelTable()
                          : refmath::detail::CorrectKernelTable();
  for (size_t i = 0; i < table.count; ++i) {
    if (table.entries[i].target == t) return &table.entries[i];
  }
  return nullptr;
}

void RegisterRefmath(const Function& f, const Width& w, refmath_variant v,
                     size_t n) {
  const refmath::detail::TargetKernels* k = FindKernels(v, w.target);
  if (k == nullptr || refmath_function_status(f.id, v) != REFMATH_OK) return;
  const std::string prefix = std::string(f.name) + "/" + w.label + "/refmath_" +
                             refmath_variant_name(v);
  const std::string suffix = "/" + std::to_string(n);
  const float* in = Inputs(f);
  float* out = Output();
  const refmath_target t = w.target;
  Register(prefix + suffix, n,
           [=] { refmath_eval_f32(f.id, v, t, in, out, n); });
  Register(prefix + "_kernel" + suffix, n, [=] { k->eval(f.id, in, out, n); });
}

// The rows of one function (or of one of its second ranges, under its
// own name with the function's peers) at width w.
void RegisterRow(const Width& w, const PeerTable& peers, const Function& f) {
  for (size_t n : kSizes) {
    RegisterRefmath(f, w, REFMATH_EXACT, n);
    RegisterRefmath(f, w, REFMATH_FAST, n);
    RegisterRefmath(f, w, REFMATH_CORRECT, n);
    for (size_t i = 0; i < peers.count; ++i) {
      const Peer& p = peers.rows[i];
      if (p.fn == nullptr ||
          std::string(p.function) != refmath_function_name(f.id)) {
        continue;
      }
      const std::string name = std::string(f.name) + "/" + w.label + "/" +
                               p.impl + "/" + std::to_string(n);
      const float* in = Inputs(f);
      float* out = Output();
      const ArrayFn fn = p.fn;
      Register(name, n, [=] { fn(in, out, n); });
    }
  }
}

// sin and cos of sin's hot inputs at width w: one refmath_sincos_f32 call
// (one reduction per vector) beside the two refmath_eval_f32 calls.
void RegisterSinCos(const Width& w) {
  if (refmath_target_status(REFMATH_CORRECT, w.target) != REFMATH_OK) return;
  const Function* sin = nullptr;
  for (const Function& f : kFunctions) {
    if (f.id == REFMATH_SIN) sin = &f;
  }
  const float* in = Inputs(*sin);
  float* out = Output();
  static float* const out2 = AllocateFloats(kMaxSize);
  const refmath_target t = w.target;
  for (size_t n : kSizes) {
    const std::string prefix = std::string("sincos/") + w.label + "/";
    const std::string suffix = "/" + std::to_string(n);
    Register(prefix + "refmath_correct_sincos" + suffix, n, [=] {
      refmath_sincos_f32(REFMATH_CORRECT, t, in, out, out2, n);
    });
    Register(prefix + "refmath_correct_sin_and_cos" + suffix, n, [=] {
      refmath_eval_f32(REFMATH_SIN, REFMATH_CORRECT, t, in, out, n);
      refmath_eval_f32(REFMATH_COS, REFMATH_CORRECT, t, in, out2, n);
    });
  }
}

void RegisterWidth(const Width& w) {
  const PeerTable peers = w.peers();
  for (const Function& f : kFunctions) RegisterRow(w, peers, f);
  for (const Function& f : kSecondRanges) RegisterRow(w, peers, f);
  RegisterSinCos(w);
}

// Exact exp on `t` three ways: through the API, the kernel inside the
// guard the API uses, the bare kernel; the caller's MXCSR is `mxcsr`.
void RegisterGuard(const char* env, unsigned mxcsr, refmath_target t,
                   size_t n) {
  const refmath::detail::TargetKernels* k = FindKernels(REFMATH_EXACT, t);
  if (k == nullptr) return;
  const std::string prefix = std::string("mxcsr/") + env + "/";
  const std::string suffix = "/" + std::to_string(n);
  const float* in = Inputs(kFunctions[0]);
  float* out = Output();
  Register(
      prefix + "api" + suffix, n,
      [=] { refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, t, in, out, n); },
      mxcsr);
  Register(
      prefix + "guarded_kernel" + suffix, n,
      [=] {
        const refmath::detail::ScopedIeeeEnvironment ieee;
        k->eval(REFMATH_EXP, in, out, n);
      },
      mxcsr);
  Register(
      prefix + "kernel" + suffix, n, [=] { k->eval(REFMATH_EXP, in, out, n); },
      mxcsr);
}

// The kernels' shortcut (simd/lanes/lane_ops-inl.h, AllInRange/AllAtMost): a
// vector whose lanes all avoid the special cases skips their selects.  The
// cost when it cannot: the same hot inputs with one lane of every 16
// replaced by a value outside the shortcut range whose computation meets
// no subnormal number (those cost a microcode assist on some CPUs whatever
// the path, which would hide the shortcut's own cost).
struct Shortcut {
  const char* name;
  float outside;
};
constexpr Shortcut kShortcuts[] = {
    {"exp", 88.5f},
    {"log", 0.0f},
    {"tanh", 50.0f},
    {"sigmoid", std::numeric_limits<float>::infinity()},
    {"gelu_tanh", std::numeric_limits<float>::infinity()},
};
constexpr size_t kShortcutSize = 65536;
constexpr size_t kShortcutStride = 16;

void RegisterShortcuts(refmath_target t) {
  const refmath::detail::TargetKernels* k = FindKernels(REFMATH_EXACT, t);
  if (k == nullptr) return;
  for (const Shortcut& sc : kShortcuts) {
    for (const Function& f : kFunctions) {
      if (std::string(f.name) != sc.name) continue;
      const float* hot = Inputs(f);
      float* spoiled = AllocateFloats(kShortcutSize);
      for (size_t i = 0; i < kShortcutSize; ++i) {
        spoiled[i] = i % kShortcutStride == 0 ? sc.outside : hot[i];
      }
      float* out = Output();
      const refmath_function id = f.id;
      const std::string prefix = std::string("shortcut/") + f.name + "/";
      const std::string suffix = "/" + std::to_string(kShortcutSize);
      Register(prefix + "hot" + suffix, kShortcutSize,
               [=] { k->eval(id, hot, out, kShortcutSize); });
      Register(prefix + "one_outside_per_16" + suffix, kShortcutSize,
               [=] { k->eval(id, spoiled, out, kShortcutSize); });
    }
  }
}

// tanh's branch (simd/tanh/tanh-inl.h): a vector of lanes all below 0.6 skips
// the exponential, so the time depends on the data.  Four distributions,
// each over 4M inputs, too many distinct vectors for a branch predictor
// to learn (over a repeated 1K or 64K array it learns the pattern and the
// branch looks free).
struct TanhData {
  const char* name;
  float (*draw)(std::mt19937&);
};
constexpr TanhData kTanhData[] = {
    {"uniform_-10_10", [](std::mt19937& g) {
       return std::uniform_real_distribution<float>(-10.0f, 10.0f)(g); }},
    {"abs_0.6_10", [](std::mt19937& g) {
       const float a = std::uniform_real_distribution<float>(0.6f, 10.0f)(g);
       return g() & 1 ? a : -a; }},
    {"normal_0_1", [](std::mt19937& g) {
       return std::normal_distribution<float>(0.0f, 1.0f)(g); }},
    {"abs_below_0.6", [](std::mt19937& g) {
       return std::uniform_real_distribution<float>(-0.59f, 0.59f)(g); }},
};

void RegisterTanhData(const Width& w) {
  const refmath::detail::TargetKernels* k = FindKernels(REFMATH_EXACT, w.target);
  if (k == nullptr) return;
  for (const TanhData& td : kTanhData) {
    float* in = AllocateFloats(kMaxSize);
    std::mt19937 rng(kSeed);
    for (size_t i = 0; i < kMaxSize; ++i) in[i] = td.draw(rng);
    float* out = Output();
    Register(std::string("tanh_data/") + td.name + "/" + w.label + "/" +
                 std::to_string(kMaxSize),
             kMaxSize, [=] { k->eval(REFMATH_TANH, in, out, kMaxSize); });
  }
}

bool WidthSupported(const Width& w) {
  switch (w.target) {
    case REFMATH_TARGET_SSE4:
      return __builtin_cpu_supports("sse4.2");
    case REFMATH_TARGET_AVX2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case REFMATH_TARGET_AVX3:
      return __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512vl");
    default:
      return true;
  }
}

}  // namespace
}  // namespace refmath_bench

int main(int argc, char** argv) {
  using namespace refmath_bench;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  for (const Width& w : kWidths) {
    if (WidthSupported(w)) RegisterWidth(w);
  }
  for (size_t n : kGuardSizes) {
    RegisterGuard("default", kMxcsrDefault, REFMATH_TARGET_AVX3, n);
    RegisterGuard("ftz_daz", kMxcsrFtzDaz, REFMATH_TARGET_AVX3, n);
  }
  for (const Width& w : {kWidths[2], kWidths[3]}) {
    if (WidthSupported(w)) RegisterTanhData(w);
  }
  if (WidthSupported(kWidths[3])) {
    RegisterShortcuts(REFMATH_TARGET_AVX3);
    RegisterCalibration();
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
