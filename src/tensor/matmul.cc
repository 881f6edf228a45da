// matmul over k-blocks (docs/tensor-ops.md, "matmul"): operands are packed
// into contiguous buffers, each k-block's partial products come from the
// kernel, and the partials of one output meet in the pairwise tree over
// block index.  Threads take whole panels of output rows.
//
// B is packed in strips of 32 columns (zero-padded), each strip K x 32
// contiguous: the kernel then walks a strip's k rows 128 bytes apart.  With
// B row-major its rows would lie np * 4 bytes apart, a multiple of 4 KiB
// for n = 1024 or 2048, and every row of a tile would fall in the same few
// L1 sets.  The layout changes no element's order of operations.
#include <algorithm>
#include <vector>

#include "src/tensor/algorithms.h"
#include "src/tensor/parallel.h"
#include "src/tensor/tree.h"

namespace refmath {
namespace tensor {
namespace {

constexpr size_t kPanelRows = 32;
constexpr size_t kColumnPad = 32;

float At(const refmath_tensor& t, size_t i, size_t j) {
  return t.data[static_cast<ptrdiff_t>(i) * t.stride[0] +
                static_cast<ptrdiff_t>(j) * t.stride[1]];
}

struct Packed {
  std::vector<float> a;  // M x K
  std::vector<float> b;  // np / 32 strips of K x 32, zero-padded
  size_t m, k, n, np;
};

Packed Pack(const refmath_tensor& a, const refmath_tensor& b) {
  Packed p;
  p.m = a.shape[0];
  p.k = a.shape[1];
  p.n = b.shape[1];
  p.np = (p.n + kColumnPad - 1) / kColumnPad * kColumnPad;
  p.a.resize(p.m * p.k);
  for (size_t i = 0; i < p.m; ++i) {
    for (size_t j = 0; j < p.k; ++j) p.a[i * p.k + j] = At(a, i, j);
  }
  p.b.assign(p.k * p.np, 0.0f);
  for (size_t i = 0; i < p.k; ++i) {
    for (size_t j = 0; j < p.n; ++j) {
      const size_t strip = j / kColumnPad;
      p.b[(strip * p.k + i) * kColumnPad + j % kColumnPad] = At(b, i, j);
    }
  }
  return p;
}

// PairwiseTree (tree.h) applied element by element to `count` planes of
// `size` floats, in place: on each level plane j becomes plane 2j + plane
// 2j+1 and an odd last plane moves up.  Every element sees exactly
// PairwiseTree's additions over its partials in block order; the planes
// are contiguous, so the additions run as vectors.
void PlaneTree(float* planes, size_t count, size_t size) {
  while (count > 1) {
    const size_t half = count / 2;
    for (size_t j = 0; j < half; ++j) {
      float* dst = planes + j * size;
      const float* x = planes + 2 * j * size;
      const float* y = x + size;
      for (size_t i = 0; i < size; ++i) dst[i] = x[i] + y[i];
    }
    if (count % 2 != 0) {
      std::copy(planes + (count - 1) * size, planes + count * size,
                planes + half * size);
    }
    count = half + count % 2;
  }
}

size_t BlockCount(size_t n) { return (n + kMatmulBlock - 1) / kMatmulBlock; }

// The number of k output row r sums over: all K, or with `causal` k = 0..r
// only (0..K-1 once r >= K).
size_t RowLength(const Packed& p, bool causal, size_t r) {
  return causal ? std::min(r + 1, p.k) : p.k;
}

// How many of a row's n terms fall in the k-block starting at k0.
size_t InBlock(size_t n, size_t k0) {
  return n > k0 ? std::min(kMatmulBlock, n - k0) : 0;
}

// Panels start at multiples of kPanelRows, so the rows of one panel end
// in the same k-block: causal rows too have one block count per panel.
static_assert(kMatmulBlock % kPanelRows == 0, "a panel within a k-block");

// Output rows [r0, r0 + rows): every k-block's partials, then the tree.  A
// k-block in which every row of the panel has the same terms goes through
// the kernel for all rows at once; one the causal rows cover unequally
// (the block of the diagonal) goes row by row, each row's partial from -0
// over its own terms only.
void Panel(const TensorKernels& k, const Packed& p, bool causal, size_t r0,
           size_t rows, const refmath_tensor& out,
           std::vector<float>* partials) {
  const size_t first = RowLength(p, causal, r0);
  const size_t last = RowLength(p, causal, r0 + rows - 1);
  const size_t blocks = BlockCount(last);
  const size_t plane = rows * p.np;
  partials->resize(blocks * plane);
  for (size_t kb = 0; kb < blocks; ++kb) {
    const size_t k0 = kb * kMatmulBlock;
    const bool shared = InBlock(first, k0) == InBlock(last, k0);
    for (size_t r = 0; r < (shared ? 1 : rows); ++r) {
      const size_t kk = InBlock(RowLength(p, causal, r0 + r), k0);
      const float* a = p.a.data() + (r0 + r) * p.k + k0;
      float* c = partials->data() + kb * plane + r * p.np;
      for (size_t s = 0; s < p.np / kColumnPad; ++s) {
        k.matmul_block(a, p.k, p.b.data() + (s * p.k + k0) * kColumnPad,
                       kColumnPad, c + s * kColumnPad, p.np,
                       shared ? rows : 1, kColumnPad, kk);
      }
    }
  }
  if (blocks == 0) {  // K = 0: every element is +0
    partials->assign(plane, 0.0f);
  } else {
    PlaneTree(partials->data(), blocks, plane);
  }
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < p.n; ++j) {
      out.data[static_cast<ptrdiff_t>(r0 + r) * out.stride[0] +
               static_cast<ptrdiff_t>(j) * out.stride[1]] =
          CanonicalNaN((*partials)[r * p.np + j]);
    }
  }
}

void Run(const Engine& e, const refmath_tensor& a, const refmath_tensor& b,
         bool causal, const refmath_tensor& out) {
  const Packed p = Pack(a, b);
  if (p.m == 0 || p.n == 0) return;
  const size_t panels = (p.m + kPanelRows - 1) / kPanelRows;
  const size_t work = p.m * p.n * std::max<size_t>(p.k, 1);
  ParallelFor(panels, ThreadsFor(e.threads, work), [&](size_t begin, size_t end) {
    std::vector<float> partials;
    for (size_t pi = begin; pi < end; ++pi) {
      const size_t r0 = pi * kPanelRows;
      Panel(*e.k, p, causal, r0, std::min(kPanelRows, p.m - r0), out,
            &partials);
    }
  });
}

}  // namespace

void Matmul(const Engine& e, const refmath_tensor& a, const refmath_tensor& b,
            const refmath_tensor& out) {
  Run(e, a, b, false, out);
}

void MatmulCausal(const Engine& e, const refmath_tensor& a,
                  const refmath_tensor& b, const refmath_tensor& out) {
  Run(e, a, b, true, out);
}

}  // namespace tensor
}  // namespace refmath
