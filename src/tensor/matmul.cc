// matmul over k-blocks (docs/tensor-ops.md, "matmul"): operands are packed
// into contiguous buffers (B's columns padded with zeros to a multiple of
// 32), each k-block's partial products come from the kernel, and the
// partials of one output meet in the pairwise tree over block index.
// Threads take whole panels of output rows.
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
  std::vector<float> a, b;  // a: M x K; b: K x np, zero-padded
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
    for (size_t j = 0; j < p.n; ++j) p.b[i * p.np + j] = At(b, i, j);
  }
  return p;
}

// Output rows [r0, r0 + rows): every k-block's partials, then the tree.
void Panel(const TensorKernels& k, const Packed& p, size_t r0, size_t rows,
           const refmath_tensor& out, std::vector<float>* partials) {
  const size_t blocks = (p.k + kMatmulBlock - 1) / kMatmulBlock;
  const size_t plane = rows * p.np;
  partials->resize(blocks * plane);
  for (size_t kb = 0; kb < blocks; ++kb) {
    const size_t k0 = kb * kMatmulBlock;
    k.matmul_block(p.a.data() + r0 * p.k + k0, p.k, p.b.data() + k0 * p.np,
                   p.np, partials->data() + kb * plane, p.np, rows, p.np,
                   std::min(kMatmulBlock, p.k - k0));
  }
  std::vector<float> tree(blocks);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < p.n; ++j) {
      for (size_t kb = 0; kb < blocks; ++kb) {
        tree[kb] = (*partials)[kb * plane + r * p.np + j];
      }
      const float v = blocks == 0 ? 0.0f : PairwiseTree(tree.data(), blocks);
      out.data[static_cast<ptrdiff_t>(r0 + r) * out.stride[0] +
               static_cast<ptrdiff_t>(j) * out.stride[1]] = CanonicalNaN(v);
    }
  }
}

}  // namespace

void Matmul(const Engine& e, const refmath_tensor& a, const refmath_tensor& b,
            const refmath_tensor& out) {
  const Packed p = Pack(a, b);
  if (p.m == 0 || p.n == 0) return;
  const size_t panels = (p.m + kPanelRows - 1) / kPanelRows;
  const size_t work = p.m * p.n * std::max<size_t>(p.k, 1);
  ParallelFor(panels, ThreadsFor(e.threads, work), [&](size_t begin, size_t end) {
    std::vector<float> partials;
    for (size_t pi = begin; pi < end; ++pi) {
      const size_t r0 = pi * kPanelRows;
      Panel(*e.k, p, r0, std::min(kPanelRows, p.m - r0), out, &partials);
    }
  });
}

}  // namespace tensor
}  // namespace refmath
