#include "refmath/ane/profile.h"

#include "src/base/text.h"

namespace refmath {
namespace ane {
namespace {

// Devices: a matmul output of magnitude >= 2^15 after rounding reads +-inf
// (notes, "Saturation": 32 x 1000 is exact, 33 x 1000 is inf; the largest
// finite output is 32752).  The notes give it without naming a chip, so
// every device preset has it.
constexpr double kDeviceSaturation = 32768.0;
// Plain binary16 overflow: the midpoint between 65504 and 2^16 rounds up.
constexpr double kHalfOverflow = 65520.0;
// The M1 probe's tile: groups of 4 products summed in binary16 first.
constexpr int kM1Tile = 4;

Profile MakeSpec() {
  Profile p;
  p.name = "spec";
  p.source =
      "numerics spec: fp16 operands and products, a wide fp32-class "
      "accumulator, fp16 output rounded to nearest even, subnormals kept, "
      "only the fp16 ceiling 65504";
  p.output_saturation = kHalfOverflow;
  return p;
}

Profile MakeDevice(const char* name, const char* source, int tile, Tie tie) {
  Profile p;
  p.name = name;
  p.source = source;
  p.tile = tile;
  p.output_tie = tie;
  p.output_saturation = kDeviceSaturation;
  p.flush_subnormals = true;  // notes: flushed in the MAC and most ops
  return p;
}

// The spec's model on a chip family of the spec's cross-chip section: its
// reduction route and, on A13, the crop-DMA saturation of width-offset
// slices.  No measurement of these chips gives a tile, tie, saturation or
// flushing other than the spec's, so the rest is the spec preset.
Profile MakeChip(const char* name, const char* source, double crop_dma,
                 int reduction_block) {
  Profile p = MakeSpec();
  p.name = name;
  p.source = source;
  p.crop_dma_saturation = crop_dma;
  p.reduction_block = reduction_block;
  return p;
}

// 65504 / 16: the largest magnitude the A13 crop-DMA (Q.4, x16) passes.
constexpr double kA13CropDma = 4094.0;
// Reduction route blocks: 192 on A13 / A14, 384 on A15 and later.
constexpr int kEarlyBlock = 192, kLateBlock = 384;

}  // namespace

const std::vector<Profile>& Presets() {
  static const std::vector<Profile> presets = {
      MakeSpec(),
      MakeDevice("m1",
                 "device probe (notes): radix-4 fp16 tiles before the wide "
                 "accumulator (4096 then 1024 ones reads 5116), ties to "
                 "even, saturation at 32768, subnormals flushed",
                 kM1Tile, Tie::kEven),
      MakeDevice("m3",
                 "device probe (notes): no fp16 tile stage, ties to even, "
                 "saturation at 32768, subnormals flushed",
                 1, Tie::kEven),
      MakeDevice("m5",
                 "device probe (notes): outputs tie upward (2048 + 1 reads "
                 "2050), saturation at 32768, subnormals flushed; the tile "
                 "stage is not reported and is assumed absent",
                 1, Tie::kAwayFromZero),
      MakeChip("a13",
               "spec model with the A13 routes (spec, cross-chip): width-offset "
               "slices saturate above 4094, reductions in blocks of 192",
               kA13CropDma, kEarlyBlock),
      MakeChip("a14",
               "spec model with the A14 routes: clean slices, reductions in "
               "blocks of 192", 0, kEarlyBlock),
      MakeChip("a15", "spec model with the A15+ routes: clean slices, "
               "reductions in blocks of 384", 0, kLateBlock),
      MakeChip("a16", "as a15 (A15 and later share the route)", 0, kLateBlock),
      MakeChip("a17", "as a15 (A15 and later share the route)", 0, kLateBlock),
  };
  return presets;
}

const Profile& SpecProfile() { return Presets().front(); }

std::string ProfileNames() {
  std::string names;
  for (const Profile& p : Presets()) {
    if (!names.empty()) names += ", ";
    names += p.name;
  }
  return names;
}

bool FindProfile(const std::string& name, Profile* out, std::string* error) {
  for (const Profile& p : Presets()) {
    if (name == p.name) {
      *out = p;
      return true;
    }
  }
  *error = "unknown profile '" + Printable(name, 60) +
           "' (valid: " + ProfileNames() + ")";
  return false;
}

const char* AccumulatorName(Accumulator a) {
  return a == Accumulator::kFp32 ? "fp32" : "exact";
}

bool FindAccumulator(const std::string& name, Accumulator* out,
                     std::string* error) {
  for (Accumulator a : {Accumulator::kFp32, Accumulator::kExact}) {
    if (name == AccumulatorName(a)) {
      *out = a;
      return true;
    }
  }
  *error = "unknown accumulator '" + Printable(name, 60) +
           "' (valid: fp32, exact)";
  return false;
}

}  // namespace ane
}  // namespace refmath
