// One k-block of matmul (docs/tensor-ops.md, "matmul"): every output
// element adds its products a[r][k] * b[k][j] in increasing k, starting
// from -0, rounded then added (ExactArith) or fused (FusedArith).  Lanes
// run over output columns, so the lane count changes nothing; tiles of 4
// rows by 2 vectors share each load.

// clang-format off
#if defined(REFMATH_SRC_TENSOR_MATMUL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SRC_TENSOR_MATMUL_INL_H_
#undef REFMATH_SRC_TENSOR_MATMUL_INL_H_
#else
#define REFMATH_SRC_TENSOR_MATMUL_INL_H_
#endif
// clang-format on

#include <stddef.h>

#include "simd/lane_ops-inl.h"
#include "src/tensor/canonical_sum-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// Rows r..r+3, columns j..j+2L.
template <class Arith>
HWY_INLINE void MatmulTile4(const float* a, size_t lda, const float* b,
                            size_t ldb, float* c, size_t ldc, size_t kk) {
  const AccTag d;
  using V = hn::Vec<AccTag>;
  const size_t L = hn::Lanes(d);
  V c00 = hn::Set(d, -0.0f), c01 = c00, c10 = c00, c11 = c00, c20 = c00,
    c21 = c00, c30 = c00, c31 = c00;
  for (size_t k = 0; k < kk; ++k) {
    const V b0 = hn::LoadU(d, b + k * ldb);
    const V b1 = hn::LoadU(d, b + k * ldb + L);
    const V a0 = hn::Set(d, a[k]), a1 = hn::Set(d, a[lda + k]);
    const V a2 = hn::Set(d, a[2 * lda + k]), a3 = hn::Set(d, a[3 * lda + k]);
    c00 = Arith::MulAdd(a0, b0, c00);
    c01 = Arith::MulAdd(a0, b1, c01);
    c10 = Arith::MulAdd(a1, b0, c10);
    c11 = Arith::MulAdd(a1, b1, c11);
    c20 = Arith::MulAdd(a2, b0, c20);
    c21 = Arith::MulAdd(a2, b1, c21);
    c30 = Arith::MulAdd(a3, b0, c30);
    c31 = Arith::MulAdd(a3, b1, c31);
  }
  hn::StoreU(c00, d, c);
  hn::StoreU(c01, d, c + L);
  hn::StoreU(c10, d, c + ldc);
  hn::StoreU(c11, d, c + ldc + L);
  hn::StoreU(c20, d, c + 2 * ldc);
  hn::StoreU(c21, d, c + 2 * ldc + L);
  hn::StoreU(c30, d, c + 3 * ldc);
  hn::StoreU(c31, d, c + 3 * ldc + L);
}

// One row, columns j..j+2L.
template <class Arith>
HWY_INLINE void MatmulTile1(const float* a, const float* b, size_t ldb,
                            float* c, size_t kk) {
  const AccTag d;
  using V = hn::Vec<AccTag>;
  const size_t L = hn::Lanes(d);
  V c0 = hn::Set(d, -0.0f), c1 = c0;
  for (size_t k = 0; k < kk; ++k) {
    const V a0 = hn::Set(d, a[k]);
    c0 = Arith::MulAdd(a0, hn::LoadU(d, b + k * ldb), c0);
    c1 = Arith::MulAdd(a0, hn::LoadU(d, b + k * ldb + L), c1);
  }
  hn::StoreU(c0, d, c);
  hn::StoreU(c1, d, c + L);
}

// cols must be a multiple of 2 * Lanes(AccTag()) (32 always is).
template <class Arith>
void MatmulBlock(const float* a, size_t lda, const float* b, size_t ldb,
                 float* c, size_t ldc, size_t rows, size_t cols, size_t kk) {
  const size_t step = 2 * hn::Lanes(AccTag());
  for (size_t j = 0; j < cols; j += step) {
    size_t r = 0;
    for (; r + 4 <= rows; r += 4) {
      MatmulTile4<Arith>(a + r * lda, lda, b + j, ldb, c + r * ldc + j, ldc,
                         kk);
    }
    for (; r < rows; ++r) {
      MatmulTile1<Arith>(a + r * lda, b + j, ldb, c + r * ldc + j, kk);
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
