// Float fully connected layers and 1x1 convolutions of ns-cmsis-nn on the
// Cortex-M55 (docs/mcu.md), bit for bit: which accumulation order each
// output gets, in which precision every step rounds.
//
// Orders:
//   kSequential  one accumulator per output starting at the bias,
//                acc = fma(w[n][k], x[k], acc) for k = 0..C_IN-1;
//   kLanes       a dot product with L partial sums (lane j takes
//                k = L*m + j, fused), reduced by a fixed tree, a fused
//                scalar tail for the last C_IN mod L terms, the bias last.
// A 1x1 convolution over NHWC data is the fully connected layer applied
// to every pixel (rows = N*H*W), with the same per-output orders.
#ifndef REFMATH_MCU_FLOAT_FC_H_
#define REFMATH_MCU_FLOAT_FC_H_

#include <stddef.h>

#include <vector>

#include "refmath/binary16/arith.h"

namespace refmath {
namespace mcu {

// Output channels per packed block: one vector of lanes (128-bit MVE).
constexpr size_t kPackLanesF16 = 8;
constexpr size_t kPackLanesF32 = 4;
// The fp16 standard kernel sends every output to the lane dot product when
// C_IN exceeds this (the notes' figure for ns-cmsis-nn's blocked loop).
constexpr size_t kF16SequentialMaxInputChannels = 9362;
// The standard kernels' output blocks (16, 8, then 4 outputs) all use the
// sequential order; the C_OUT mod 4 outputs left over use the lanes.
constexpr size_t kSmallestOutputBlock = 4;

enum class FcKernel {
  kStandard,        // ns-cmsis-nn >= 7.35 standard layout
  kStandardLegacy,  // arm_fully_connected_fp16 up to 7.25: always lanes
  kPacked,          // NT_N_PACKED layout: always sequential
};

enum class FcOrder { kSequential, kLanes };

// The order output channel n of a layer gets from the fp16 / fp32 kernel.
FcOrder OrderF16(FcKernel kernel, size_t n, size_t c_out, size_t c_in);
FcOrder OrderF32(FcKernel kernel, size_t n, size_t c_out, size_t c_in);

// NT_N_PACKED: packed[(b*C_IN + k)*L + lane] = W[b*L + lane][k] for
// W = [C_OUT][C_IN], b < ceil(C_OUT/L); rows past C_OUT are zeros.
template <typename T>
std::vector<T> PackNtN(const std::vector<T>& weights, size_t c_out,
                       size_t c_in, size_t lanes) {
  const size_t blocks = (c_out + lanes - 1) / lanes;
  std::vector<T> packed(blocks * c_in * lanes, T{0});
  for (size_t n = 0; n < c_out; ++n) {
    for (size_t k = 0; k < c_in; ++k) {
      packed[((n / lanes) * c_in + k) * lanes + n % lanes] =
          weights[n * c_in + k];
    }
  }
  return packed;
}

struct FcShape {
  size_t rows = 1;  // batch rows, or pixels of a 1x1 convolution
  size_t c_in = 0;
  size_t c_out = 0;
};

// input [rows][c_in]; weights [c_out][c_in] for the standard kernels or
// PackNtN(weights) for kPacked; bias [c_out] or empty (zeros); output
// [rows][c_out], clamped with maxnm/minnm to [act_min, act_max].  Returns
// false on inconsistent sizes.
bool FullyConnectedF16(FcKernel kernel, const std::vector<Half>& input,
                       const std::vector<Half>& weights,
                       const std::vector<Half>& bias, const FcShape& shape,
                       Half act_min, Half act_max, std::vector<Half>* output);

// fp32: vector steps flush subnormal operands and results to zero (MVE
// f32); the scalar reduction, tail and bias add are IEEE (FPSCR.FZ = 0).
bool FullyConnectedF32(FcKernel kernel, const std::vector<float>& input,
                       const std::vector<float>& weights,
                       const std::vector<float>& bias, const FcShape& shape,
                       float act_min, float act_max, std::vector<float>* output);

// 1x1 convolution over NHWC input [pixels][c_in] (pixels = N*H*W) with
// weights [c_out][c_in] (or packed): the fully connected layer per pixel.
inline bool Convolve1x1F16(FcKernel kernel, const std::vector<Half>& input,
                           const std::vector<Half>& weights,
                           const std::vector<Half>& bias, size_t pixels,
                           size_t c_in, size_t c_out, Half act_min,
                           Half act_max, std::vector<Half>* output) {
  return FullyConnectedF16(kernel, input, weights, bias, FcShape{pixels, c_in, c_out},
                           act_min, act_max, output);
}
inline bool Convolve1x1F32(FcKernel kernel, const std::vector<float>& input,
                           const std::vector<float>& weights,
                           const std::vector<float>& bias, size_t pixels,
                           size_t c_in, size_t c_out, float act_min,
                           float act_max, std::vector<float>* output) {
  return FullyConnectedF32(kernel, input, weights, bias, FcShape{pixels, c_in, c_out},
                           act_min, act_max, output);
}

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_FLOAT_FC_H_
