// Links against the installed ANE and MCU models (refmath::ane,
// refmath::mcu) and checks hand-computed results.  Exit 0 when all agree.
#include <stdint.h>
#include <stdio.h>

#include <vector>

#include "refmath/ane/fft.h"
#include "refmath/ane/graph.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/unary.h"
#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/quantize.h"

namespace {

int failures = 0;

void Expect(const char* what, uint32_t got, uint32_t want) {
  if (got != want) {
    fprintf(stderr, "%s: got 0x%04X, want 0x%04X\n", what, got, want);
    ++failures;
  }
}

void CheckAne() {
  using refmath::ane::Tensor;
  // [[1, 2], [3, 4]] @ [[5, 6], [7, 8]] = [[19, 22], [43, 50]], exact in
  // binary16: 19 = 0x4CC0, 22 = 0x4D80, 43 = 0x5160, 50 = 0x5240.
  const Tensor a = Tensor::FromDoubles({2, 2}, {1, 2, 3, 4});
  const Tensor b = Tensor::FromDoubles({2, 2}, {5, 6, 7, 8});
  const Tensor c = refmath::ane::Matmul(a, b);
  const uint32_t want[4] = {0x4CC0, 0x4D80, 0x5160, 0x5240};
  for (size_t i = 0; i < 4; ++i) Expect("ane matmul", c[i], want[i]);

  // exp(+0) = 1 (0x3C00); neg(1) = -1 (0xBC00).
  const refmath::ane::UnaryFunction* exp = refmath::ane::FindUnary("exp");
  const refmath::ane::UnaryFunction* neg = refmath::ane::FindUnary("neg");
  if (exp == nullptr || neg == nullptr) {
    fprintf(stderr, "ane: exp or neg missing from the registry\n");
    ++failures;
    return;
  }
  const refmath::ane::Profile& spec = refmath::ane::SpecProfile();
  Expect("ane exp(0)", exp->eval(0x0000, spec), 0x3C00);
  Expect("ane neg(1)", neg->eval(0x3C00, spec), 0xBC00);

  // A graph summing 16384 ones narrow gives 2048 (0x6800: 2048 + 1 rounds
  // back to 2048); rewritten to the matmul route, 16384 (0x7400).
  refmath::ane::Graph g;
  const refmath::ane::NodeRef ones_in = g.Input("x", {1, 16384});
  g.Outputs({g.ReduceSum(ones_in)});
  const refmath::ane::Graph::Feeds ones = {
      {"x", Tensor::Filled({1, 16384}, 0x3C00)}};
  Expect("ane graph narrow sum", g.Run(ones)[0][0], 0x6800);
  Expect("ane graph matmul sum",
         g.Rewrite("reduce_sum_to_matmul").graph.Run(ones)[0][0], 0x7400);

  // The DFT of the impulse [1, 0, 0, 0] is [1, 1, 1, 1] + 0i.
  refmath::ane::ComplexTensor x{Tensor::FromDoubles({1, 4}, {1, 0, 0, 0}),
                                Tensor::FromDoubles({1, 4}, {0, 0, 0, 0})};
  const refmath::ane::ComplexTensor y =
      refmath::ane::DenseDft(x, refmath::ane::kForward);
  for (size_t i = 0; i < 4; ++i) {
    Expect("ane fft re", y.re[i], 0x3C00);
    Expect("ane fft |im|", y.im[i] & 0x7FFF, 0x0000);
  }
}

void CheckMcu() {
  // int8 fully connected: 1*3 + 2*4 + 5 = 16, times the multiplier 2^30
  // (0.5 in Q31) with shift 0: 8.
  refmath::mcu::FcS8Params params;
  params.requant.multiplier = {1 << 30};
  params.requant.shift = {0};
  std::vector<int8_t> out;
  if (!refmath::mcu::FullyConnectedS8({1, 2}, {3, 4}, {5}, 1, 2, 1, params,
                                      &out) ||
      out.size() != 1) {
    fprintf(stderr, "mcu fc s8 refused a valid call\n");
    ++failures;
    return;
  }
  Expect("mcu fc s8", static_cast<uint8_t>(out[0]), 8);
  // 0.5 / 0.25 = 2; -1 / 0.25 + 3 = -1.
  Expect("mcu quantize", static_cast<uint8_t>(refmath::mcu::QuantizeS8(
                             0.5f, 0.25f, 0, refmath::mcu::QuantizeRule::kTflmDivide)),
         2);
  Expect("mcu quantize zp", static_cast<uint8_t>(refmath::mcu::QuantizeS8(
                                -1.0f, 0.25f, 3, refmath::mcu::QuantizeRule::kTflmDivide)),
         0xFF);
}

}  // namespace

int main() {
  CheckAne();
  CheckMcu();
  if (failures != 0) return 1;
  printf("emulators consumer ok: ane matmul, exp, neg, fft; mcu fc s8, quantize\n");
  return 0;
}
