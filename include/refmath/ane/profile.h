// The device profile of the ANE fp16 model (docs/ane.md): every place where
// the spec's model leaves a choice, or where measured devices differ, is a
// field here.  Presets: "spec" (the model as the numerics spec states it),
// "m1", "m3", "m5" (the measurements gathered in the model notes) and
// "a13" .. "a17" (the spec's model with each chip family's routes).
#ifndef REFMATH_ANE_PROFILE_H_
#define REFMATH_ANE_PROFILE_H_

#include <string>
#include <vector>

#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

// How the matmul's running sum is held.
enum class Accumulator {
  kFp32,   // a binary32 register: every addition rounds to nearest even
  kExact,  // an unbounded fixed-point register: no rounding until the output
};

// The largest `tile` a caller may ask for (the CLI's --tile, Python's
// tile=): a group longer than any row the model is given.
constexpr int kMaxTile = 65536;

struct Profile {
  const char* name = "custom";
  const char* source = "";  // where the preset's figures come from

  // Matmul: each product a*b is rounded to binary16 before it is summed
  // (false: the exact product enters the tile / accumulator).
  bool round_products = true;
  // Matmul: consecutive products are first summed in binary16 in groups of
  // `tile` (1 = no binary16 stage; 4 = the M1 "radix-4 tile"), and each
  // group sum then enters the wide accumulator exactly.
  int tile = 1;
  Accumulator accumulator = Accumulator::kFp32;

  // Tie rule of the rounding of a matmul / reduction output to binary16.
  Tie output_tie = Tie::kEven;
  // Tie rule of the elementwise ops, the products and the tile sums.  No
  // device measurement says anything but ties-to-even; a field so that the
  // assumption is visible.
  Tie elementwise_tie = Tie::kEven;

  // A matmul output whose magnitude is >= this after rounding reads +-inf.
  // 65520 is plain binary16 overflow (no extra saturation); devices: 32768.
  double output_saturation = 65520.0;

  // Subnormal inputs of every op are read as zero and subnormal results are
  // written as zero (sign kept).
  bool flush_subnormals = false;

  // Cross-chip routes (issue 9), 0 = not modelled.  A width-offset slice
  // through the A13 crop-DMA saturates |value| > crop_dma_saturation to
  // +-inf (4094 = 65504 / 16 on A13); reductions / softmax / norms are
  // split in blocks of reduction_block (192 on A13/A14, 384 on A15+).
  double crop_dma_saturation = 0.0;
  int reduction_block = 0;

  // The binary16 roundings this profile implies.
  HalfRounding Elementwise() const { return {elementwise_tie, flush_subnormals}; }
  HalfRounding Output() const { return {output_tie, flush_subnormals}; }
};

// The presets, "spec" first.
const std::vector<Profile>& Presets();

// The preset named `name`; on an unknown name returns false and sets *error
// to a one-line message listing the valid names.
bool FindProfile(const std::string& name, Profile* out, std::string* error);

// "spec, m1, m3, m5, a13, a14, a15, a16, a17"
std::string ProfileNames();

// "fp32" or "exact", and back; an unknown name gives false and a one-line
// *error listing the valid names.
const char* AccumulatorName(Accumulator a);
bool FindAccumulator(const std::string& name, Accumulator* out,
                     std::string* error);

// The preset "spec" (the default of every API taking a profile).
const Profile& SpecProfile();

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_PROFILE_H_
