// glibc's scalar libm, and the same compositions as the vector peers; and
// CORE-MATH's correctly rounded functions where the build has that peer
// (tools/core_math/core_math_peers.h: one per registry row it has).
#include <math.h>
#include <stddef.h>

#include "bench/peers.h"
#ifdef REFMATH_BENCH_CORE_MATH
#include "tools/core_math/core_math_peers.h"
#endif

namespace refmath_bench {
namespace {

using ScalarFn = float (*)(float);

#ifdef REFMATH_BENCH_CORE_MATH
// CORE-MATH's rows, from the registry: a null peer (a row CORE-MATH does
// not have) is left out by RegisterPeers in bench_main.cc.
using refmath::core_math::PeerFn;
template <refmath_function kF>
void CoreMathLoop(const float* in, float* out, size_t n) {
  const PeerFn f = refmath::core_math::Peer(kF);
  for (size_t i = 0; i < n; ++i) out[i] = f(in[i]);
}
#endif

constexpr float kInvSqrt2 = 0.70710677f;
constexpr float kSqrt2OverPi = 0.79788456f;
constexpr float kGeluCubic = 0.044715f;

float Sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }
float GeluErf(float x) { return 0.5f * x * (1.0f + erff(x * kInvSqrt2)); }
float GeluTanh(float x) {
  return 0.5f * x * (1.0f + tanhf(kSqrt2OverPi * (x + kGeluCubic * x * x * x)));
}

template <ScalarFn kF>
void Loop(const float* in, float* out, size_t n) {
  for (size_t i = 0; i < n; ++i) out[i] = kF(in[i]);
}

const Peer kPeers[] = {
    {"exp", "glibc", &Loop<&expf>},
    {"log", "glibc", &Loop<&logf>},
    {"tanh", "glibc", &Loop<&tanhf>},
    {"erf", "glibc", &Loop<&erff>},
    {"sigmoid", "glibc", &Loop<&Sigmoid>},
    {"gelu_erf", "glibc", &Loop<&GeluErf>},
    {"gelu_tanh", "glibc", &Loop<&GeluTanh>},
#ifdef REFMATH_BENCH_CORE_MATH
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  {#name, "core_math", refmath::core_math::Peer(REFMATH_##ID) != nullptr   \
                           ? &CoreMathLoop<REFMATH_##ID>                  \
                           : nullptr},
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
#endif
};

}  // namespace

PeerTable PeersScalar() { return {kPeers, sizeof(kPeers) / sizeof(kPeers[0])}; }

}  // namespace refmath_bench
