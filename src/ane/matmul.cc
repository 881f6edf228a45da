#include "refmath/ane/matmul.h"

#include <math.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "refmath/ane/ops.h"
#include "src/ane/along_axis.h"
#include "src/ane/matmul_accumulator.h"
#include "src/ane/matmul_lanes.h"
#include "src/base/text.h"

namespace refmath {
namespace ane {
namespace {

using matmul_detail::MatmulOutput;
using matmul_detail::WideAccumulator;

constexpr Half kHalfOne = 0x3C00;

Shape KeepDims(const Tensor& x) {
  Shape s = x.shape();
  if (!s.empty()) s.back() = 1;
  return s;
}

}  // namespace

Half Dot(const Half* x, const Half* y, size_t n, const Profile& p) {
  if (n == 0) return 0;
  WideAccumulator acc(p.accumulator);
  const size_t tile = p.tile < 1 ? 1 : static_cast<size_t>(p.tile);
  for (size_t start = 0; start < n; start += tile) {
    const size_t end = start + tile < n ? start + tile : n;
    double tile_sum = 0;
    for (size_t k = start; k < end; ++k) {
      double product = Read(x[k], p) * Read(y[k], p);  // exact in double
      if (p.round_products) product = HalfToDouble(Round(product, p));
      // A tile stage sums in binary16; without one the product goes
      // straight to the accumulator.
      tile_sum = tile == 1 ? product
                           : (k == start ? HalfToDouble(Round(product, p))
                                         : HalfToDouble(Round(tile_sum + product, p)));
    }
    acc.Add(tile_sum);
  }
  return MatmulOutput(acc.Value(), p);
}

namespace {

// out = a @ b for one [m, k] block of a and one [k, n] block of b (both
// row-major), by the fastest route that keeps Dot's bits.
void MatmulBlock(const Half* a, const Half* b, size_t m, size_t k, size_t n,
                 const Profile& p, Half* out) {
  if (MatmulInLanesApplies(p)) return MatmulInLanes(a, b, m, k, n, p, out);
  std::vector<Half> column(k);
  for (size_t j = 0; j < n; ++j) {
    for (size_t i = 0; i < k; ++i) column[i] = b[i * n + j];
    for (size_t r = 0; r < m; ++r) out[r * n + j] = Dot(&a[r * k], column.data(), k, p);
  }
}

[[noreturn]] void Refuse(const char* what, const Tensor& a, const Tensor& b) {
  throw std::invalid_argument(std::string("ane::Matmul: ") + what + ", " +
                              ShapeText(a.shape()) + " @ " +
                              ShapeText(b.shape()));
}

// The batch axes of an operand of rank >= 2 (all but its last two), padded
// with leading 1s to `rank` axes.
Shape BatchAxes(const Tensor& x, size_t rank) {
  Shape batch(rank, 1);
  const size_t own = x.rank() >= 2 ? x.rank() - 2 : 0;
  for (size_t i = 0; i < own; ++i) batch[rank - own + i] = x.shape()[i];
  return batch;
}

}  // namespace

Tensor Matmul(const Tensor& a, const Tensor& b, const Profile& p) {
  if (a.rank() == 0 || b.rank() == 0) Refuse("scalar operand", a, b);
  // NumPy's rules: a vector a is [1, K] and a vector b is [K, 1], their
  // added axis dropped from the result; the other axes before the last two
  // are batch axes, broadcast against each other.
  const size_t m = a.rank() == 1 ? 1 : a.shape()[a.rank() - 2];
  const size_t k = a.cols();
  const size_t kb = b.rank() == 1 ? b.shape()[0] : b.shape()[b.rank() - 2];
  const size_t n = b.rank() == 1 ? 1 : b.shape().back();
  if (kb != k) Refuse("inner sizes differ", a, b);
  const size_t rank = std::max(a.rank(), b.rank()) < 2
                          ? 0
                          : std::max(a.rank(), b.rank()) - 2;
  const Shape batch_a = BatchAxes(a, rank), batch_b = BatchAxes(b, rank);
  Shape shape;
  for (size_t i = 0; i < rank; ++i) {
    if (batch_a[i] != batch_b[i] && batch_a[i] != 1 && batch_b[i] != 1) {
      Refuse("batch axes do not broadcast", a, b);
    }
    shape.push_back(batch_a[i] == 1 ? batch_b[i] : batch_a[i]);  // 1 meets 0: 0
  }
  if (a.rank() >= 2) shape.push_back(m);
  if (b.rank() >= 2) shape.push_back(n);
  Tensor out = Tensor::Filled(shape, 0);
  if (b.rank() <= 2) {  // no batch in b: a's leading axes are rows
    MatmulBlock(a.data().data(), b.data().data(), a.rows(), k, n, p,
                out.data().data());
    return out;
  }
  // One block per batch index; an axis of length 1 repeats its block.
  size_t blocks = 1;
  for (size_t i = 0; i < rank; ++i) blocks *= shape[i];
  for (size_t index = 0; index < blocks; ++index) {
    size_t rest = index, offset_a = 0, offset_b = 0, stride_a = 1, stride_b = 1;
    for (size_t i = rank; i-- > 0;) {
      const size_t coordinate = rest % shape[i];
      rest /= shape[i];
      if (batch_a[i] != 1) offset_a += coordinate * stride_a;
      if (batch_b[i] != 1) offset_b += coordinate * stride_b;
      stride_a *= batch_a[i];
      stride_b *= batch_b[i];
    }
    MatmulBlock(&a.data()[offset_a * m * k], &b.data()[offset_b * k * n], m,
                k, n, p, &out.data()[index * m * n]);
  }
  return out;
}

Tensor ReduceSum(const Tensor& x, const Profile& p) {
  Tensor out = Tensor::Filled(KeepDims(x), 0);
  const size_t k = x.cols();
  for (size_t r = 0; r < x.rows(); ++r) {
    Half sum = k == 0 ? Half{0} : HalfFromDouble(Read(x.at(r, 0), p), p.Output());
    for (size_t i = 1; i < k; ++i) {
      sum = HalfFromDouble(Read(sum, p) + Read(x.at(r, i), p), p.Output());
    }
    out[r] = sum;
  }
  return out;
}

namespace {

// Columns [start, start + width) of every row of x.
Tensor ColumnBlock(const Tensor& x, size_t start, size_t width) {
  Shape shape = x.shape();
  shape.back() = width;
  std::vector<Half> out(x.rows() * width);
  for (size_t r = 0; r < x.rows(); ++r) {
    for (size_t j = 0; j < width; ++j) out[r * width + j] = x.at(r, start + j);
  }
  return Tensor(shape, std::move(out));
}

}  // namespace

// With a reduction route (profile.h: blocks of 192 on A13/A14, 384 on
// A15+), a row longer than the block is summed block by block through the
// wide accumulator, each block's sum rounded to a binary16 partial, and the
// partials are summed through it again.
Tensor ReduceSumAsMatmul(const Tensor& x, const Profile& p) {
  if (x.rank() == 0) return x;
  const size_t k = x.cols();
  const size_t block = p.reduction_block > 0 ? static_cast<size_t>(p.reduction_block) : 0;
  if (block == 0 || k <= block) return Matmul(x, Ones(k, 1), p);
  const size_t blocks = (k + block - 1) / block;
  Shape shape = x.shape();
  shape.back() = blocks;
  Tensor partials = Tensor::Filled(shape, 0);
  for (size_t b = 0; b < blocks; ++b) {
    const size_t width = std::min(block, k - b * block);
    const Tensor part = Matmul(ColumnBlock(x, b * block, width), Ones(width, 1), p);
    for (size_t r = 0; r < x.rows(); ++r) partials[r * blocks + b] = part[r];
  }
  return Matmul(partials, Ones(blocks, 1), p);
}

size_t AxisIndex(const Tensor& x, int axis) {
  const int rank = static_cast<int>(x.rank());
  const int a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank) {
    throw std::invalid_argument("ane: axis " + std::to_string(axis) +
                                " out of range for " +
                                ShapeText(x.shape()));
  }
  return static_cast<size_t>(a);
}

Tensor Transpose(const Tensor& x, int i, int j) {
  const size_t a = AxisIndex(x, i), b = AxisIndex(x, j);
  if (a == b) return x;
  Shape shape = x.shape();
  std::swap(shape[a], shape[b]);
  Tensor out = Tensor::Filled(shape, 0);
  Shape idx(shape.size(), 0);  // multi-index into x
  for (size_t n = 0; n < x.size(); ++n) {
    Shape o = idx;
    std::swap(o[a], o[b]);
    size_t flat = 0;
    for (size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + o[d];
    out[flat] = x[n];
    for (size_t d = x.rank(); d-- > 0;) {
      if (++idx[d] < x.shape()[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

Tensor SliceLastAxis(const Tensor& x, size_t offset, size_t width,
                     const Profile& p) {
  const size_t cols = x.cols();
  if (x.rank() == 0 || offset > cols || width > cols - offset) {
    throw std::invalid_argument("ane::SliceLastAxis: [" + std::to_string(offset) +
                                ", " + std::to_string(offset) + " + " +
                                std::to_string(width) + ") is outside the last axis of " +
                                ShapeText(x.shape()));
  }
  Tensor out = ColumnBlock(x, offset, width);
  if (offset == 0 || p.crop_dma_saturation <= 0) return out;
  for (size_t i = 0; i < out.size(); ++i) {
    const Half h = out[i];
    if (!HalfIsNaN(h) && fabs(HalfToDouble(h)) > p.crop_dma_saturation) {
      out[i] = (h & 0x8000) | kHalfPosInf;
    }
  }
  return out;
}

Tensor Permute(const Tensor& x, const std::vector<int>& axes) {
  const size_t rank = x.rank();
  std::vector<size_t> from(rank);  // output axis k is input axis from[k]
  for (size_t k = 0; k < rank; ++k) from[k] = rank - 1 - k;
  if (!axes.empty()) {
    const int r = static_cast<int>(rank);
    std::vector<bool> seen(rank, false);
    bool ok = axes.size() == rank;
    for (size_t k = 0; ok && k < rank; ++k) {
      const int a = axes[k] < 0 ? axes[k] + r : axes[k];
      ok = a >= 0 && a < r && !seen[static_cast<size_t>(a)];
      if (ok) {
        seen[static_cast<size_t>(a)] = true;
        from[k] = static_cast<size_t>(a);
      }
    }
    if (!ok) {
      std::string list;
      for (int a : axes) list += (list.empty() ? "" : ", ") + std::to_string(a);
      throw std::invalid_argument("ane: axes (" + list +
                                  ") are not a permutation of the axes of " +
                                  ShapeText(x.shape()));
    }
  }
  std::vector<size_t> in_stride(rank);
  for (size_t d = rank; d-- > 0;) {
    in_stride[d] = d + 1 == rank ? 1 : in_stride[d + 1] * x.shape()[d + 1];
  }
  Shape shape(rank), stride(rank);  // stride: x's stride of output axis k
  for (size_t k = 0; k < rank; ++k) {
    shape[k] = x.shape()[from[k]];
    stride[k] = in_stride[from[k]];
  }
  Tensor out = Tensor::Filled(shape, 0);
  Shape idx(rank, 0);  // multi-index into out
  for (size_t n = 0; n < out.size(); ++n) {
    size_t offset = 0;
    for (size_t k = 0; k < rank; ++k) offset += idx[k] * stride[k];
    out[n] = x[offset];
    for (size_t k = rank; k-- > 0;) {
      if (++idx[k] < shape[k]) break;
      idx[k] = 0;
    }
  }
  return out;
}

Tensor ReduceMean(const Tensor& x, int axis, bool wide, const Profile& p) {
  const size_t k = x.shape()[AxisIndex(x, axis)];
  const Tensor sum = wide ? ReduceSumAsMatmul(x, axis, p) : ReduceSum(x, axis, p);
  const Half inverse = HalfFromDouble(1.0 / static_cast<double>(k), p.Elementwise());
  return Mul(sum, Tensor::Scalar(inverse), p);
}

Tensor ReduceSumAsMatmul(const Tensor& x, int axis, const Profile& p) {
  return AlongAxis(x, axis, [&p](const Tensor& t) { return ReduceSumAsMatmul(t, p); });
}

Tensor ReduceSum(const Tensor& x, int axis, const Profile& p) {
  return AlongAxis(x, axis, [&p](const Tensor& t) { return ReduceSum(t, p); });
}

Tensor ReduceMax(const Tensor& x, const Profile& p) {
  Tensor out = Tensor::Filled(KeepDims(x), kHalfNegInf);
  for (size_t r = 0; r < x.rows(); ++r) {
    for (size_t i = 0; i < x.cols(); ++i) out[r] = Max(out[r], x.at(r, i), p);
  }
  return out;
}

Tensor Cumsum(const Tensor& x, const Profile& p) {
  if (x.rank() == 0) return x;
  return Matmul(x, TriuOnes(x.cols()), p);
}

Tensor ReduceMax(const Tensor& x, int axis, const Profile& p) {
  return AlongAxis(x, axis, [&p](const Tensor& t) { return ReduceMax(t, p); });
}

Tensor Cumsum(const Tensor& x, int axis, const Profile& p) {
  return AlongAxis(x, axis, [&p](const Tensor& t) { return Cumsum(t, p); });
}

Tensor Softmax(const Tensor& x, const Profile& p) {
  const Tensor shifted = Sub(x, ReduceMax(x, p), p);
  const Tensor e = Exp(shifted, p);
  return Div(e, ReduceSumAsMatmul(e, p), p);
}

Tensor Softmax(const Tensor& x, int axis, const Profile& p) {
  return AlongAxis(x, axis, [&](const Tensor& t) { return Softmax(t, p); });
}

Tensor Ones(size_t k, size_t n) { return Tensor::Filled({k, n}, kHalfOne); }

Tensor TriuOnes(size_t k) {
  Tensor t = Tensor::Filled({k, k}, 0);
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = i; j < k; ++j) t[i * k + j] = kHalfOne;
  }
  return t;
}

}  // namespace ane
}  // namespace refmath
