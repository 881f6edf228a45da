// The peers at one lane width, selected by REFMATH_BENCH_WIDTH and compiled
// with that width's -m flags (bench/CMakeLists.txt), so Highway's static
// target is N_SSE4, N_AVX2 or N_AVX3 and sleef.h declares that width.
//
// sigmoid and both GELUs are composed from each peer's own vector functions
// the way a user would write them, with the arithmetic at the same width:
//   sigmoid(x)   = 1 / (1 + exp(-x))
//   gelu_erf(x)  = 0.5x (1 + erf(x / sqrt 2))
//   gelu_tanh(x) = 0.5x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
#include "bench/peers.h"

#include <immintrin.h>
#include <sleef.h>
#include <stddef.h>

#include "hwy/contrib/math/math-inl.h"
#include "hwy/highway.h"

#if REFMATH_BENCH_WIDTH == 128
#define CINZ(F, U) Sleef_cinz_##F##4_##U##sse4
#define MVEC(F) _ZGVbN4v_##F
#define PEERS_FN PeersW128
#elif REFMATH_BENCH_WIDTH == 256
#define CINZ(F, U) Sleef_cinz_##F##8_##U##avx
#define FINZ(F, U) Sleef_finz_##F##8_##U##avx2
#define MVEC(F) _ZGVdN8v_##F
#define PEERS_FN PeersW256
#elif REFMATH_BENCH_WIDTH == 512
#define CINZ(F, U) Sleef_cinz_##F##16_##U##avx512fnofma
#define FINZ(F, U) Sleef_finz_##F##16_##U##avx512f
#define MVEC(F) _ZGVeN16v_##F
#define PEERS_FN PeersW512
#else
#error "REFMATH_BENCH_WIDTH must be 128, 256 or 512"
#endif

namespace refmath_bench {
namespace {

namespace hn = hwy::HWY_NAMESPACE;
using D = hn::ScalableTag<float>;
using V = hn::Vec<D>;
using Raw = decltype(V().raw);  // __m128, __m256 or __m512
using VecFn = V (*)(V);

static_assert(sizeof(Raw) * 8 == REFMATH_BENCH_WIDTH,
              "Highway's static target does not match the width");

constexpr float kInvSqrt2 = 0.70710677f;
constexpr float kSqrt2OverPi = 0.79788456f;
constexpr float kGeluCubic = 0.044715f;

}  // namespace
}  // namespace refmath_bench

// glibc libmvec: vector-ABI variants of the libm functions.
extern "C" {
refmath_bench::Raw MVEC(expf)(refmath_bench::Raw);
refmath_bench::Raw MVEC(logf)(refmath_bench::Raw);
refmath_bench::Raw MVEC(tanhf)(refmath_bench::Raw);
refmath_bench::Raw MVEC(erff)(refmath_bench::Raw);
}

namespace refmath_bench {
namespace {

// kF: Raw (*)(Raw); `auto` because sleef.h declares a const-qualified return.
template <auto kF>
V Wrap(V x) {
  return V{kF(x.raw)};
}

V HwyExp(V x) { return hn::Exp(D(), x); }
V HwyLog(V x) { return hn::Log(D(), x); }
V HwyTanh(V x) { return hn::Tanh(D(), x); }

template <VecFn kExp>
V SigmoidVia(V x) {
  const V one = hn::Set(D(), 1.0f);
  return hn::Div(one, hn::Add(one, kExp(hn::Neg(x))));
}

template <VecFn kErf>
V GeluErfVia(V x) {
  const D d;
  const V erf = kErf(hn::Mul(x, hn::Set(d, kInvSqrt2)));
  return hn::Mul(hn::Mul(hn::Set(d, 0.5f), x), hn::Add(hn::Set(d, 1.0f), erf));
}

template <VecFn kTanh>
V GeluTanhVia(V x) {
  const D d;
  const V cubic = hn::Mul(hn::Set(d, kGeluCubic), hn::Mul(hn::Mul(x, x), x));
  const V u = hn::Mul(hn::Set(d, kSqrt2OverPi), hn::Add(x, cubic));
  return hn::Mul(hn::Mul(hn::Set(d, 0.5f), x),
                 hn::Add(hn::Set(d, 1.0f), kTanh(u)));
}

// The correct variant's ML compositions and rsqrt, as a user would write
// them from a peer's exp, log1p, tanh and sqrt:
//   silu(x)        = x / (1 + exp(-x))
//   softplus(x)    = log1p(exp(x))
//   log_sigmoid(x) = -log1p(exp(-x))
//   mish(x)        = x tanh(log1p(exp(x)))
//   rsqrt(x)       = 1 / sqrt(x)
template <VecFn kExp>
V SiluVia(V x) {
  return hn::Div(x, hn::Add(hn::Set(D(), 1.0f), kExp(hn::Neg(x))));
}
template <VecFn kExp, VecFn kLog1p>
V SoftplusVia(V x) {
  return kLog1p(kExp(x));
}
template <VecFn kExp, VecFn kLog1p>
V LogSigmoidVia(V x) {
  return hn::Neg(kLog1p(kExp(hn::Neg(x))));
}
template <VecFn kExp, VecFn kLog1p, VecFn kTanh>
V MishVia(V x) {
  return hn::Mul(x, kTanh(kLog1p(kExp(x))));
}
template <VecFn kSqrt>
V RsqrtVia(V x) {
  return hn::Div(hn::Set(D(), 1.0f), kSqrt(x));
}

template <VecFn kF>
void Loop(const float* in, float* out, size_t n) {
  const D d;
  for (size_t i = 0; i < n; i += hn::Lanes(d)) {
    hn::StoreU(kF(hn::LoadU(d, in + i)), d, out + i);
  }
}

#define ROW(FUNCTION, IMPL, VEC_FN) \
  { FUNCTION, IMPL, &Loop<VEC_FN> }

// exp, erf and the functions of the correct variant alone: u10 (erfc:
// u15, SLEEF's most accurate; rsqrt: 1/sqrt with the u05 sqrt); log, tanh:
// u10 and u35.
// clang-format off
#define SLEEF_ROWS(NAME, PREFIX)                                             \
  ROW("exp", NAME "_u10", &Wrap<&PREFIX(expf, u10)>),                        \
  ROW("log", NAME "_u10", &Wrap<&PREFIX(logf, u10)>),                        \
  ROW("log", NAME "_u35", &Wrap<&PREFIX(logf, u35)>),                        \
  ROW("tanh", NAME "_u10", &Wrap<&PREFIX(tanhf, u10)>),                      \
  ROW("tanh", NAME "_u35", &Wrap<&PREFIX(tanhf, u35)>),                      \
  ROW("erf", NAME "_u10", &Wrap<&PREFIX(erff, u10)>),                        \
  ROW("sigmoid", NAME "_u10", &SigmoidVia<&Wrap<&PREFIX(expf, u10)>>),       \
  ROW("gelu_erf", NAME "_u10", &GeluErfVia<&Wrap<&PREFIX(erff, u10)>>),      \
  ROW("gelu_tanh", NAME "_u10", &GeluTanhVia<&Wrap<&PREFIX(tanhf, u10)>>),   \
  ROW("gelu_tanh", NAME "_u35", &GeluTanhVia<&Wrap<&PREFIX(tanhf, u35)>>),  \
  ROW("exp2", NAME "_u10", &Wrap<&PREFIX(exp2f, u10)>),                      \
  ROW("exp10", NAME "_u10", &Wrap<&PREFIX(exp10f, u10)>),                    \
  ROW("expm1", NAME "_u10", &Wrap<&PREFIX(expm1f, u10)>),                    \
  ROW("log2", NAME "_u10", &Wrap<&PREFIX(log2f, u10)>),                      \
  ROW("log10", NAME "_u10", &Wrap<&PREFIX(log10f, u10)>),                    \
  ROW("log1p", NAME "_u10", &Wrap<&PREFIX(log1pf, u10)>),                    \
  ROW("sinh", NAME "_u10", &Wrap<&PREFIX(sinhf, u10)>),                      \
  ROW("cosh", NAME "_u10", &Wrap<&PREFIX(coshf, u10)>),                      \
  ROW("asinh", NAME "_u10", &Wrap<&PREFIX(asinhf, u10)>),                    \
  ROW("acosh", NAME "_u10", &Wrap<&PREFIX(acoshf, u10)>),                    \
  ROW("atanh", NAME "_u10", &Wrap<&PREFIX(atanhf, u10)>),                    \
  ROW("erfc", NAME "_u15", &Wrap<&PREFIX(erfcf, u15)>),                      \
  ROW("cbrt", NAME "_u10", &Wrap<&PREFIX(cbrtf, u10)>),                      \
  ROW("sin", NAME "_u10", &Wrap<&PREFIX(sinf, u10)>),                        \
  ROW("cos", NAME "_u10", &Wrap<&PREFIX(cosf, u10)>),                        \
  ROW("tan", NAME "_u10", &Wrap<&PREFIX(tanf, u10)>),                        \
  ROW("rsqrt", NAME "_u05", &RsqrtVia<&Wrap<&PREFIX(sqrtf, u05)>>),          \
  ROW("silu", NAME "_u10", &SiluVia<&Wrap<&PREFIX(expf, u10)>>),             \
  ROW("softplus", NAME "_u10",                                               \
      (&SoftplusVia<&Wrap<&PREFIX(expf, u10)>, &Wrap<&PREFIX(log1pf, u10)>>)), \
  ROW("log_sigmoid", NAME "_u10",                                            \
      (&LogSigmoidVia<&Wrap<&PREFIX(expf, u10)>,                             \
                      &Wrap<&PREFIX(log1pf, u10)>>)),                        \
  ROW("mish", NAME "_u10",                                                   \
      (&MishVia<&Wrap<&PREFIX(expf, u10)>, &Wrap<&PREFIX(log1pf, u10)>,      \
                 &Wrap<&PREFIX(tanhf, u10)>>))
// clang-format on

const Peer kPeers[] = {
    SLEEF_ROWS("sleef_cinz", CINZ),
#ifdef FINZ
    SLEEF_ROWS("sleef_finz", FINZ),
#endif
    ROW("exp", "libmvec", &Wrap<&MVEC(expf)>),
    ROW("log", "libmvec", &Wrap<&MVEC(logf)>),
    ROW("tanh", "libmvec", &Wrap<&MVEC(tanhf)>),
    ROW("erf", "libmvec", &Wrap<&MVEC(erff)>),
    ROW("sigmoid", "libmvec", &SigmoidVia<&Wrap<&MVEC(expf)>>),
    ROW("gelu_erf", "libmvec", &GeluErfVia<&Wrap<&MVEC(erff)>>),
    ROW("gelu_tanh", "libmvec", &GeluTanhVia<&Wrap<&MVEC(tanhf)>>),
    // Highway 1.0.3 contrib/math has no erf.
    ROW("exp", "hwy_contrib", &HwyExp),
    ROW("log", "hwy_contrib", &HwyLog),
    ROW("tanh", "hwy_contrib", &HwyTanh),
    ROW("sigmoid", "hwy_contrib", &SigmoidVia<&HwyExp>),
    ROW("gelu_tanh", "hwy_contrib", &GeluTanhVia<&HwyTanh>),
};

}  // namespace

PeerTable PEERS_FN() { return {kPeers, sizeof(kPeers) / sizeof(kPeers[0])}; }

}  // namespace refmath_bench
