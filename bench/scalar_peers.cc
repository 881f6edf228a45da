// glibc's scalar libm, and the same compositions as the vector peers; and
// CORE-MATH's correctly rounded cr_expf, cr_logf, cr_tanhf, cr_erff,
// cr_exp2f, cr_exp10f, cr_expm1f, cr_log2f, cr_log10f where the build has
// that peer (tools/core_math/).
#include <math.h>
#include <stddef.h>

#include "bench/peers.h"

namespace refmath_bench {
namespace {

using ScalarFn = float (*)(float);

#ifdef REFMATH_BENCH_CORE_MATH
extern "C" {
float cr_expf(float);
float cr_logf(float);
float cr_tanhf(float);
float cr_erff(float);
float cr_exp2f(float);
float cr_exp10f(float);
float cr_expm1f(float);
float cr_log2f(float);
float cr_log10f(float);
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
    {"exp", "core_math", &Loop<&cr_expf>},
    {"log", "core_math", &Loop<&cr_logf>},
    {"tanh", "core_math", &Loop<&cr_tanhf>},
    {"erf", "core_math", &Loop<&cr_erff>},
    {"exp2", "core_math", &Loop<&cr_exp2f>},
    {"exp10", "core_math", &Loop<&cr_exp10f>},
    {"expm1", "core_math", &Loop<&cr_expm1f>},
    {"log2", "core_math", &Loop<&cr_log2f>},
    {"log10", "core_math", &Loop<&cr_log10f>},
#endif
};

}  // namespace

PeerTable PeersScalar() { return {kPeers, sizeof(kPeers) / sizeof(kPeers[0])}; }

}  // namespace refmath_bench
