#include "refmath/ane/linalg.h"

#include <math.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {
namespace {

constexpr Half kZero = 0x0000;
// Refinement rounds run a shorter CG than the first solve: half of it, but
// at least this many steps.
constexpr int kMinInnerCgSteps = 4;

Tensor Zeros(size_t n) { return Tensor::Filled({n}, kZero); }

void RequireSquare(const Tensor& a, const Tensor& b, const char* what) {
  if (a.rank() != 2 || a.rows() != a.cols() || a.rows() != b.size()) {
    throw std::invalid_argument(std::string(what) +
                                ": needs an [n, n] matrix and an [n] vector");
  }
}

Solution Finish(const Tensor& y, const std::vector<double>& d) {
  Solution s;
  s.x.assign(y.size(), 0.0);
  if (!AllFinite(y)) {
    s.nonfinite = true;
    return s;
  }
  for (size_t i = 0; i < y.size(); ++i) s.x[i] = y.Value(i) * d[i];
  return s;
}

}  // namespace

Tensor Gemv(const Tensor& a, const Tensor& x, const Profile& p) {
  return Matmul(a, x, p);
}

Tensor TransposeMatrix(const Tensor& a) {
  const size_t r = a.rows(), c = a.cols();
  std::vector<Half> t(a.size());
  for (size_t i = 0; i < r; ++i) {
    for (size_t j = 0; j < c; ++j) t[j * r + i] = a[i * c + j];
  }
  return Tensor({c, r}, std::move(t));
}

Half WideDot(const Tensor& u, const Tensor& v, const Profile& p) {
  return ReduceSumAsMatmul(Mul(u, v, p), p)[0];
}

Half Norm(const Tensor& u, const Profile& p) { return Sqrt(WideDot(u, u, p), p); }

Half ScaledNorm(const Tensor& u, const Profile& p) {
  const Half m = ReduceMax(Abs(u, p), p)[0];
  if (HalfIsNaN(m) || Read(m, p) == 0 || (m & 0x7FFF) == kHalfPosInf) return m;
  return Mul(m, Norm(Div(u, Tensor::Scalar(m), p), p), p);
}

Tensor Scale(const Tensor& u, Half s, const Profile& p) {
  return Mul(u, Tensor::Scalar(s), p);
}

Tensor Axpy(const Tensor& u, Half s, const Tensor& v, const Profile& p) {
  return Add(u, Scale(v, s, p), p);
}

bool AllFinite(const Tensor& t) {
  for (Half h : t.data()) {
    if ((h & 0x7C00) == 0x7C00) return false;
  }
  return true;
}

JacobiScaled ScaleSymmetric(const Tensor& a, const Tensor& b, const Profile& p) {
  RequireSquare(a, b, "ScaleSymmetric");
  const size_t n = b.size();
  JacobiScaled s;
  s.d.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const double diag = fabs(a.Value(i * n + i));
    s.d[i] = diag == 0 ? 1.0 : 1.0 / sqrt(diag);
  }
  std::vector<double> as(n * n), bs(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) as[i * n + j] = a.Value(i * n + j) * s.d[i] * s.d[j];
    bs[i] = b.Value(i) * s.d[i];
  }
  s.a = Tensor::FromDoubles({n, n}, as, p);
  s.b = Tensor::FromDoubles({n}, bs, p);
  return s;
}

Tensor CgSteps(const Tensor& a, const Tensor& b, int iterations, const Profile& p) {
  Tensor y = Zeros(b.size());
  Tensor r = b, dir = b;
  Half rr = WideDot(r, r, p);
  for (int it = 0; it < iterations; ++it) {
    const Tensor q = Gemv(a, dir, p);
    const Half alpha = Div(rr, WideDot(dir, q, p), p);
    y = Axpy(y, alpha, dir, p);
    r = Sub(r, Scale(q, alpha, p), p);
    const Half rr_next = WideDot(r, r, p);
    dir = Axpy(r, Div(rr_next, rr, p), dir, p);
    rr = rr_next;
  }
  return y;
}

Solution ConjugateGradient(const Tensor& a, const Tensor& b, const CgOptions& o,
                           const Profile& p) {
  RequireSquare(a, b, "ConjugateGradient");
  JacobiScaled s;
  if (o.jacobi) {
    s = ScaleSymmetric(a, b, p);
  } else {
    s = {a, b, std::vector<double>(b.size(), 1.0)};
  }
  Tensor y = CgSteps(s.a, s.b, o.iterations, p);
  const int inner = std::max(kMinInnerCgSteps, o.iterations / 2);
  for (int round = 0; round < o.refine; ++round) {
    // The residual is scaled to max|r| = 1 for the inner solve and the
    // correction scaled back: a small residual would otherwise underflow in
    // the inner dot products.
    const Tensor r = Sub(s.b, Gemv(s.a, y, p), p);
    const Tensor m = ReduceMax(Abs(r, p), p);
    const Tensor d = CgSteps(s.a, Div(r, m, p), inner, p);
    y = Add(y, Mul(d, m, p), p);
  }
  return Finish(y, s.d);
}

Solution RichardsonRefine(const Tensor& a, const Tensor& b,
                          const std::vector<double>& x0, int rounds, int inner,
                          const Profile& p) {
  RequireSquare(a, b, "RichardsonRefine");
  const size_t n = b.size();
  const JacobiScaled s = ScaleSymmetric(a, b, p);
  double max_row = 0;
  for (size_t i = 0; i < n; ++i) {
    double row = 0;
    for (size_t j = 0; j < n; ++j) row += fabs(s.a.Value(i * n + j));
    max_row = std::max(max_row, row);
  }
  // 1 / (max row sum) bounds 1 / spectral radius: the sweep contracts.
  const Half omega = HalfFromDouble(1.0 / max_row, p.Elementwise());
  std::vector<double> y0(n);
  for (size_t i = 0; i < n; ++i) y0[i] = x0[i] / s.d[i];
  Tensor y = Tensor::FromDoubles({n}, y0, p);
  for (int round = 0; round < rounds; ++round) {
    const Tensor r = Sub(s.b, Gemv(s.a, y, p), p);
    Tensor d = Zeros(n);
    for (int k = 0; k < inner; ++k) {
      d = Add(d, Scale(Sub(r, Gemv(s.a, d, p), p), omega, p), p);
    }
    y = Add(y, d, p);
  }
  return Finish(y, s.d);
}

Solution NormalEquations(const Tensor& a, const Tensor& b, const CgOptions& o,
                         const Profile& p) {
  if (a.rank() != 2 || a.rows() != b.size() || a.rows() < a.cols()) {
    throw std::invalid_argument(
        "NormalEquations: needs an [m, n] matrix with m >= n and an [m] vector");
  }
  const size_t m = a.rows(), n = a.cols();
  // Column scaling d_j = 1 / ||a_j|| on the host: the symmetric Jacobi
  // scaling of a^T a, folded into a so that the residual of the original
  // problem stays available.
  std::vector<double> d(n, 1.0);
  if (o.jacobi) {
    for (size_t j = 0; j < n; ++j) {
      double sq = 0;
      for (size_t i = 0; i < m; ++i) sq += a.Value(i * n + j) * a.Value(i * n + j);
      if (sq > 0) d[j] = 1.0 / sqrt(sq);
    }
  }
  std::vector<double> scaled(m * n);
  for (size_t i = 0; i < m; ++i) {
    for (size_t j = 0; j < n; ++j) scaled[i * n + j] = a.Value(i * n + j) * d[j];
  }
  const Tensor as = Tensor::FromDoubles({m, n}, scaled, p);
  const Tensor ast = TransposeMatrix(as);
  const Tensor normal = Matmul(ast, as, p);
  Tensor y = CgSteps(normal, Gemv(ast, b, p), o.iterations, p);
  const int inner = std::max(kMinInnerCgSteps, o.iterations / 2);
  for (int round = 0; round < o.refine; ++round) {
    // r = b - A x of the least-squares problem itself, then s = A^T r,
    // scaled to max|s| = 1 for the inner solve as in ConjugateGradient.
    const Tensor r = Sub(b, Gemv(as, y, p), p);
    const Tensor s = Gemv(ast, r, p);
    const Tensor mx = ReduceMax(Abs(s, p), p);
    y = Add(y, Mul(CgSteps(normal, Div(s, mx, p), inner, p), mx, p), p);
  }
  return Finish(y, d);
}

}  // namespace ane
}  // namespace refmath
