// The golden rows where the kernels on a Cortex-M55 part from TFLite
// Micro's reference (refmath/mcu/kernel.h; docs/mcu.md, "Golden
// digests"): each case run by both kernels, one row each, on inputs built
// to reach the parting regime (results of magnitude near 2^30 before the
// clamp, CMSIS-NN's int32 sum of its first 512 conv columns, MUL results
// beyond int16).
#include <stdint.h>

#include <vector>

#include "refmath/mcu/conv_s16.h"
#include "refmath/mcu/elementwise.h"
#include "refmath/mcu/fully_connected.h"
#include "src/conform/mcu_case_draw.h"
#include "src/conform/mcu_layer_cases.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int64_t kNearTwo38 = int64_t{1} << 38;

// A channel whose result lands near 2^30 before the clamp: bias 2^38 plus
// a draw, multiplier 2^16 (reduced to 1), shift 7.  Otherwise an
// ordinary one: a drawn bias, multiplier 2^30 + draw, shift -12.
void Channel(Draw& d, bool near_two30, std::vector<int64_t>* bias, Requant* r) {
  if (near_two30) {
    bias->push_back(kNearTwo38 + d.Bias());
    r->multiplier.push_back(1 << 16);
    r->shift.push_back(7);
  } else {
    bias->push_back(d.Bias());
    r->multiplier.push_back(static_cast<int32_t>((1u << 30) + (d.Next() >> 34)));
    r->shift.push_back(-12);
  }
}

template <typename Run>
std::vector<BytesRow> BothKernels(const char* name, Kernel other, Run run) {
  std::vector<BytesRow> rows;
  for (Kernel k : {Kernel::kTflite, other}) {
    std::vector<int16_t> out;
    const std::string suffix = k == Kernel::kTflite ? "_tflite" : "_cmsis_nn";
    rows.push_back({name + suffix, run(k, &out) ? Bytes(out) : std::vector<uint8_t>()});
  }
  return rows;
}

// Conv: input [1, 2, 2, 160] of -32768 but for pixel (1, 1)'s channels
// 32..159 (drawn), filter [3, 2, 2, 160] (filter 0 all -128, 1 and 2
// drawn), SAME stride 1.  Channel 0 (multiplier 2^30, shift -15) reaches
// 2^31 in CMSIS-NN's int32 part at output (0, 0); channel 1 lands near
// 2^30; channel 2 is ordinary.
std::vector<BytesRow> ConvRows() {
  Draw d(17);
  const Shape4 in = {1, 2, 2, 160}, f = {3, 2, 2, 160};
  std::vector<int16_t> x(2 * 2 * 160, -32768);
  for (int c = 32; c < 160; ++c) x[3 * 160 + c] = d.Activation16();
  std::vector<int8_t> w(640, -128);
  for (int i = 0; i < 2 * 640; ++i) w.push_back(d.Weight());
  ConvS16Params p;
  std::vector<int64_t> bias = {0};
  p.requant = {{1 << 30}, {-15}};
  Channel(d, true, &bias, &p.requant);
  Channel(d, false, &bias, &p.requant);
  const bool ok = PaddedAxis(Padding::kSame, 2, 2, 1, 1, &p.height) &&
                  PaddedAxis(Padding::kSame, 2, 2, 1, 1, &p.width);
  return BothKernels("conv_s16_parting", Kernel::kCmsisNn,
                     [&](Kernel k, std::vector<int16_t>* out) {
                       p.kernel = k;
                       return ok && ConvS16(x, in, w, f, bias, p, out);
                     });
}

// Depthwise: input [1, 3, 3, 2] drawn, filter [1, 2, 2, 4] (depth
// multiplier 2) drawn, VALID; output channels 0 and 1 near 2^30.
std::vector<BytesRow> DepthwiseRows() {
  Draw d(18);
  const Shape4 in = {1, 3, 3, 2}, f = {1, 2, 2, 4};
  const std::vector<int16_t> x = Activations16(d, 3 * 3 * 2);
  std::vector<int8_t> w;
  for (int i = 0; i < 2 * 2 * 4; ++i) w.push_back(d.Weight());
  ConvS16Params p;
  std::vector<int64_t> bias;
  for (int o = 0; o < 4; ++o) Channel(d, o < 2, &bias, &p.requant);
  const bool ok = PaddedAxis(Padding::kValid, 3, 2, 1, 1, &p.height) &&
                  PaddedAxis(Padding::kValid, 3, 2, 1, 1, &p.width);
  return BothKernels("depthwise_s16_parting", Kernel::kCmsisNn,
                     [&](Kernel k, std::vector<int16_t>* out) {
                       p.kernel = k;
                       return ok && DepthwiseConvS16(x, in, w, f, bias, 2, p, out);
                     });
}

// Fully connected: input [3, 20], weights [4, 20] drawn; even output
// channels near 2^30.
std::vector<BytesRow> FcRows() {
  Draw d(19);
  const std::vector<int16_t> x = Activations16(d, 3 * 20);
  std::vector<int8_t> w;
  for (int i = 0; i < 4 * 20; ++i) w.push_back(d.Weight());
  FcS16Params p;
  std::vector<int64_t> bias;
  for (int o = 0; o < 4; ++o) Channel(d, o % 2 == 0, &bias, &p.requant);
  return BothKernels("fc_s16_parting", Kernel::kCmsisNn,
                     [&](Kernel k, std::vector<int16_t>* out) {
                       p.kernel = k;
                       return FullyConnectedS16(x, w, bias, 3, 20, 4, p, out);
                     });
}

// MUL of 37 drawn int8 pairs (four groups of 8 and a tail of 5), scales
// 0.5, 0.5 -> 0.0625 (ratio 4), zero points -3, 4 and 5: products from
// 8191 up saturate in ns-cmsis-nn's 16 bits and wrap with the zero point.
std::vector<BytesRow> MulRows() {
  Draw d(20);
  const std::vector<int8_t> a = Activations(d, 37), b = Activations(d, 37);
  MulS8Params p;
  const bool prepared = MulS8Prepare(0.5f, -3, 0.5f, 4, 0.0625f, 5, &p);
  std::vector<BytesRow> rows;
  for (Kernel k : {Kernel::kTflite, Kernel::kNsCmsisNn}) {
    p.kernel = k;
    std::vector<int8_t> out;
    const bool ok = prepared && MulS8(a, b, p, &out);
    rows.push_back({k == Kernel::kTflite ? "mul_s8_parting_tflite" : "mul_s8_parting_ns_cmsis_nn",
                    ok ? Bytes(out) : std::vector<uint8_t>()});
  }
  return rows;
}

}  // namespace

std::vector<BytesRow> KernelRows() {
  std::vector<BytesRow> rows;
  for (const auto& part : {ConvRows(), DepthwiseRows(), FcRows(), MulRows()}) {
    rows.insert(rows.end(), part.begin(), part.end());
  }
  return rows;
}

}  // namespace mcu
}  // namespace refmath
