// Array loops over the peers' vector math functions, one table per lane
// width.  bench/peers.cc is compiled three times (REFMATH_BENCH_WIDTH = 128,
// 256, 512) with the matching -m flags; each copy defines one table.
#ifndef REFMATH_BENCH_PEERS_H_
#define REFMATH_BENCH_PEERS_H_

#include <stddef.h>

namespace refmath_bench {

// out[i] = f(in[i]) for i < n; n is a multiple of 16.
using ArrayFn = void (*)(const float* in, float* out, size_t n);

struct Peer {
  const char* function;  // refmath's name: "exp", "gelu_tanh", ...
  const char* impl;      // "sleef_cinz_u10", "libmvec", "hwy_contrib", ...
  ArrayFn fn;
};

struct PeerTable {
  const Peer* rows;
  size_t count;
};

PeerTable PeersW128();  // SSE4 code, xmm registers
PeerTable PeersW256();  // AVX2 (+FMA) code, ymm registers
PeerTable PeersW512();  // AVX-512 F/BW/DQ/VL code, zmm registers

// glibc's scalar libm, one element at a time.
PeerTable PeersScalar();

}  // namespace refmath_bench

#endif  // REFMATH_BENCH_PEERS_H_
