// Cross-chip codegen routes of the ANE model (docs/ane-envelopes.md): the
// two places where the chip family changes binary16 results, driven by the
// profile fields crop_dma_saturation and reduction_block (profile.h).
//
// - A width-offset slice (a slice of the last axis that does not start at
//   0) goes through the A13 crop-DMA, a Q.4 (x16) fixed-point path: any
//   |value| > 65504 / 16 = 4094 comes out as +-inf.  A14 and later take a
//   clean route.
// - A reduction longer than the route's block is summed block by block:
//   each block through the wide accumulator to a binary16 partial, then the
//   partials through the wide accumulator again.  Blocks are 192 on A13/A14
//   and 384 on A15+; the reorder moves results by at most one ulp.
#ifndef REFMATH_SRC_ANE_ALGORITHMS_CODEGEN_ROUTES_H_
#define REFMATH_SRC_ANE_ALGORITHMS_CODEGEN_ROUTES_H_

#include <stddef.h>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

// 65504 / 16: the largest magnitude the A13 crop-DMA passes (notes).
constexpr double kA13CropDmaLimit = 4094.0;
// Reduction route blocks (notes, cross-chip divergence).
constexpr int kA13ReductionBlock = 192;  // A13 / A14
constexpr int kA15ReductionBlock = 384;  // A15 and later

// `base` with the routes of a chip family: "a13" (crop-DMA saturation and
// 192 blocks), "a14" (clean slices, 192 blocks), "a15" (clean, 384 blocks).
// Returns false and sets *error on another name.
bool WithChipRoutes(const Profile& base, const char* family, Profile* out,
                    const char** error);

// x[..., offset : offset + width] along the last axis.  When offset > 0 and
// the profile has a crop_dma_saturation, elements above it in magnitude
// become +-inf (NaN stays NaN).  Out-of-range slices: invalid_argument.
Tensor SliceLastAxis(const Tensor& x, size_t offset, size_t width,
                     const Profile& p = SpecProfile());

// Sum along the last axis through the wide accumulator (keepdims), split
// into blocks of p.reduction_block when that is set and shorter than the
// axis.
Tensor RoutedReduceSum(const Tensor& x, const Profile& p = SpecProfile());

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_ALGORITHMS_CODEGEN_ROUTES_H_
