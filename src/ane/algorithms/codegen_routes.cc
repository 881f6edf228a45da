#include "src/ane/algorithms/codegen_routes.h"

#include <math.h>
#include <string.h>

#include <stdexcept>
#include <vector>

#include "refmath/ane/matmul.h"

namespace refmath {
namespace ane {

bool WithChipRoutes(const Profile& base, const char* family, Profile* out,
                    const char** error) {
  Profile p = base;
  if (strcmp(family, "a13") == 0) {
    p.crop_dma_saturation = kA13CropDmaLimit;
    p.reduction_block = kA13ReductionBlock;
  } else if (strcmp(family, "a14") == 0) {
    p.crop_dma_saturation = 0;
    p.reduction_block = kA13ReductionBlock;
  } else if (strcmp(family, "a15") == 0) {
    p.crop_dma_saturation = 0;
    p.reduction_block = kA15ReductionBlock;
  } else {
    *error = "unknown chip family (valid: a13, a14, a15)";
    return false;
  }
  *out = p;
  return true;
}

Tensor SliceLastAxis(const Tensor& x, size_t offset, size_t width,
                     const Profile& p) {
  const size_t cols = x.cols();
  if (x.rank() == 0 || offset > cols || width > cols - offset) {
    throw std::invalid_argument("SliceLastAxis: slice outside the last axis");
  }
  Shape shape = x.shape();
  shape.back() = width;
  std::vector<Half> out(x.rows() * width);
  const bool saturate = offset > 0 && p.crop_dma_saturation > 0;
  for (size_t r = 0; r < x.rows(); ++r) {
    for (size_t j = 0; j < width; ++j) {
      Half h = x.at(r, offset + j);
      if (saturate && !HalfIsNaN(h) && fabs(HalfToDouble(h)) > p.crop_dma_saturation) {
        h = (h & 0x8000) | kHalfPosInf;
      }
      out[r * width + j] = h;
    }
  }
  return Tensor(shape, std::move(out));
}

Tensor RoutedReduceSum(const Tensor& x, const Profile& p) {
  const size_t k = x.cols();
  const size_t block = static_cast<size_t>(p.reduction_block);
  if (block == 0 || k <= block) return ReduceSumAsMatmul(x, p);
  const size_t blocks = (k + block - 1) / block;
  std::vector<Half> partials(x.rows() * blocks);
  for (size_t b = 0; b < blocks; ++b) {
    const size_t width = b + 1 < blocks ? block : k - b * block;
    // An internal split, not a graph slice: no crop-DMA (the spec profile
    // has none).
    const Tensor part =
        ReduceSumAsMatmul(SliceLastAxis(x, b * block, width, SpecProfile()), p);
    for (size_t r = 0; r < x.rows(); ++r) partials[r * blocks + b] = part[r];
  }
  Shape shape = x.shape();
  shape.back() = blocks;
  Tensor sums = ReduceSumAsMatmul(Tensor(shape, std::move(partials)), p);
  return sums;
}

}  // namespace ane
}  // namespace refmath
