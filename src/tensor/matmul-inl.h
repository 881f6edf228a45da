// One k-block of matmul (docs/tensor-ops.md, "matmul"): every output
// element adds its products a[r][k] * b[k][j] in increasing k, starting
// from -0, rounded then added (ExactArith) or fused (FusedArith).  Lanes
// run over output columns, so the lane count changes nothing; tiles of 8
// (or 4) rows by 2 vectors share each load.

// clang-format off
#if defined(REFMATH_SRC_TENSOR_MATMUL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SRC_TENSOR_MATMUL_INL_H_
#undef REFMATH_SRC_TENSOR_MATMUL_INL_H_
#else
#define REFMATH_SRC_TENSOR_MATMUL_INL_H_
#endif
// clang-format on

#include <stddef.h>

#include "simd/lanes/lane_ops-inl.h"
#include "src/tensor/canonical_sum-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// Rows r..r+kRows-1 (kRows = 4 or 8), columns j..j+2L: 2 * kRows
// accumulator vectors, each B load serving kRows rows.  Written out per row
// (no arrays: SVE vectors cannot be array elements).
template <class Arith, size_t kRows>
HWY_INLINE void MatmulTile(const float* a, size_t lda, const float* b,
                           size_t ldb, float* c, size_t ldc, size_t kk) {
  static_assert(kRows == 4 || kRows == 8, "tiles of 4 or 8 rows");
  const AccTag d;
  using V = hn::Vec<AccTag>;
  const size_t L = hn::Lanes(d);
  V c00 = hn::Set(d, -0.0f), c01 = c00, c10 = c00, c11 = c00, c20 = c00,
    c21 = c00, c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00,
    c51 = c00, c60 = c00, c61 = c00, c70 = c00, c71 = c00;
  for (size_t k = 0; k < kk; ++k) {
    const V b0 = hn::LoadU(d, b + k * ldb);
    const V b1 = hn::LoadU(d, b + k * ldb + L);
    V ar = hn::Set(d, a[k]);
    c00 = Arith::MulAdd(ar, b0, c00);
    c01 = Arith::MulAdd(ar, b1, c01);
    ar = hn::Set(d, a[lda + k]);
    c10 = Arith::MulAdd(ar, b0, c10);
    c11 = Arith::MulAdd(ar, b1, c11);
    ar = hn::Set(d, a[2 * lda + k]);
    c20 = Arith::MulAdd(ar, b0, c20);
    c21 = Arith::MulAdd(ar, b1, c21);
    ar = hn::Set(d, a[3 * lda + k]);
    c30 = Arith::MulAdd(ar, b0, c30);
    c31 = Arith::MulAdd(ar, b1, c31);
    if (kRows == 8) {
      ar = hn::Set(d, a[4 * lda + k]);
      c40 = Arith::MulAdd(ar, b0, c40);
      c41 = Arith::MulAdd(ar, b1, c41);
      ar = hn::Set(d, a[5 * lda + k]);
      c50 = Arith::MulAdd(ar, b0, c50);
      c51 = Arith::MulAdd(ar, b1, c51);
      ar = hn::Set(d, a[6 * lda + k]);
      c60 = Arith::MulAdd(ar, b0, c60);
      c61 = Arith::MulAdd(ar, b1, c61);
      ar = hn::Set(d, a[7 * lda + k]);
      c70 = Arith::MulAdd(ar, b0, c70);
      c71 = Arith::MulAdd(ar, b1, c71);
    }
  }
  hn::StoreU(c00, d, c);
  hn::StoreU(c01, d, c + L);
  hn::StoreU(c10, d, c + ldc);
  hn::StoreU(c11, d, c + ldc + L);
  hn::StoreU(c20, d, c + 2 * ldc);
  hn::StoreU(c21, d, c + 2 * ldc + L);
  hn::StoreU(c30, d, c + 3 * ldc);
  hn::StoreU(c31, d, c + 3 * ldc + L);
  if (kRows == 8) {
    hn::StoreU(c40, d, c + 4 * ldc);
    hn::StoreU(c41, d, c + 4 * ldc + L);
    hn::StoreU(c50, d, c + 5 * ldc);
    hn::StoreU(c51, d, c + 5 * ldc + L);
    hn::StoreU(c60, d, c + 6 * ldc);
    hn::StoreU(c61, d, c + 6 * ldc + L);
    hn::StoreU(c70, d, c + 7 * ldc);
    hn::StoreU(c71, d, c + 7 * ldc + L);
  }
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
    for (; r + 8 <= rows; r += 8) {
      MatmulTile<Arith, 8>(a + r * lda, lda, b + j, ldb, c + r * ldc + j, ldc,
                           kk);
    }
    for (; r + 4 <= rows; r += 4) {
      MatmulTile<Arith, 4>(a + r * lda, lda, b + j, ldb, c + r * ldc + j, ldc,
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
