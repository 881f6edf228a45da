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

// x_i = y_i d_i; a non-finite y (not a CG iterate, which stops at the
// last finite one) is a breakdown with x all zero.
Solution Finish(const Tensor& y, const std::vector<double>& d, bool breakdown) {
  Solution s;
  s.x.assign(y.size(), 0.0);
  s.breakdown = breakdown || !AllFinite(y);
  if (!AllFinite(y)) return s;
  for (size_t i = 0; i < y.size(); ++i) s.x[i] = y.Value(i) * d[i];
  return s;
}

// The host's scaling of a right side b by a power of two 2^-k, with 2^k
// multiplied into the way back d: sum b_i^2 (in double, CG's first r.r)
// into [2^10, 2^12).  Below, the residual's squares would underflow early
// and r.r = 0 would not mean convergence; above, p.Ap = r.r / alpha would
// near 65504.  A power of two, so the device's arithmetic is that on b
// itself, shifted: the same bits wherever neither form reaches the
// subnormals or the overflow.  b all zero or non-finite stays as it is.
Tensor ScaledRightSide(const Tensor& b, std::vector<double>* d, const Profile& p) {
  constexpr int kLog2MinSquares = 10;  // sum b_i^2 in [2^10, 2^12)
  double squares = 0;
  for (size_t i = 0; i < b.size(); ++i) squares += b.Value(i) * b.Value(i);
  if (!(squares > 0) || !isfinite(squares)) return b;
  int e;
  frexp(squares, &e);  // squares in [2^(e-1), 2^e)
  const int k = static_cast<int>(floor((e - 1 - kLog2MinSquares) / 2.0));
  std::vector<double> v = b.ToDoubles();
  for (double& x : v) x = ldexp(x, -k);
  for (double& x : *d) x = ldexp(x, k);
  return Tensor::FromDoubles(b.shape(), v, p);
}

bool Zero(Half h, const Profile& p) { return Read(h, p) == 0; }
bool AllZero(const Tensor& t, const Profile& p) {
  for (Half h : t.data()) {
    if (!Zero(h, p)) return false;
  }
  return true;
}
bool PositiveFinite(Half h, const Profile& p) {
  const double v = Read(h, p);
  return v > 0 && isfinite(v);
}

// The correction of one refinement round for a x = s: CG on s / max|s|
// (a small residual would otherwise underflow in the inner dots), scaled
// back by max|s|.  A zero s needs none.
CgRun Correction(const Tensor& a, const Tensor& s, int steps, const Profile& p) {
  const Tensor m = ReduceMax(Abs(s, p), p);
  if (Zero(m[0], p)) return {Zeros(s.size())};
  CgRun d = CgSteps(a, Div(s, m, p), steps, p);
  d.y = Mul(d.y, m, p);
  return d;
}

// y + d for each round's correction d(y): stops, as a breakdown, before a
// sum that is not finite.
template <typename NextCorrection>
CgRun Refined(CgRun run, int rounds, const NextCorrection& correction,
              const Profile& p) {
  for (int round = 0; round < rounds; ++round) {
    const CgRun d = correction(run.y);
    const Tensor y = Add(run.y, d.y, p);
    run.breakdown = run.breakdown || d.breakdown || !AllFinite(y);
    if (!AllFinite(y)) break;
    run.y = y;
  }
  return run;
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

CgRun CgSteps(const Tensor& a, const Tensor& b, int iterations, const Profile& p) {
  CgRun run{Zeros(b.size())};
  Tensor r = b, dir = b;
  Half rr = WideDot(r, r, p);
  // r.r = 0 for b != 0 is b's squares underflowing, not a solution.
  run.breakdown = !isfinite(Read(rr, p)) || (Zero(rr, p) && !AllZero(b, p));
  for (int it = 0; it < iterations && !run.breakdown && !Zero(rr, p); ++it) {
    const Tensor q = Gemv(a, dir, p);
    const Half curvature = WideDot(dir, q, p);
    const Half alpha = Div(rr, curvature, p);
    const Tensor y = Axpy(run.y, alpha, dir, p);
    if (!PositiveFinite(curvature, p) || !AllFinite(y)) {
      run.breakdown = true;
      break;
    }
    run.y = y;
    r = Sub(r, Scale(q, alpha, p), p);
    const Half rr_next = WideDot(r, r, p);
    run.breakdown = !isfinite(Read(rr_next, p));
    dir = Axpy(r, Div(rr_next, rr, p), dir, p);
    rr = rr_next;
  }
  return run;
}

Solution ConjugateGradient(const Tensor& a, const Tensor& b, const CgOptions& o,
                           const Profile& p) {
  RequireSquare(a, b, "ConjugateGradient");
  JacobiScaled s;
  if (o.jacobi) {
    s = ScaleSymmetric(a, b, p);
    s.b = ScaledRightSide(s.b, &s.d, p);
  } else {
    s = {a, b, std::vector<double>(b.size(), 1.0)};
  }
  const int inner = std::max(kMinInnerCgSteps, o.iterations / 2);
  const CgRun run = Refined(
      CgSteps(s.a, s.b, o.iterations, p), o.refine,
      [&](const Tensor& y) {
        return Correction(s.a, Sub(s.b, Gemv(s.a, y, p), p), inner, p);
      },
      p);
  return Finish(run.y, s.d, run.breakdown);
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
  return Finish(y, s.d, false);
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
  const int inner = std::max(kMinInnerCgSteps, o.iterations / 2);
  // Each round corrects with the residual of the least-squares problem
  // itself, r = b - A x, through s = A^T r.
  const CgRun run = Refined(
      CgSteps(normal, Gemv(ast, b, p), o.iterations, p), o.refine,
      [&](const Tensor& y) {
        return Correction(normal, Gemv(ast, Sub(b, Gemv(as, y, p), p), p), inner, p);
      },
      p);
  return Finish(run.y, d, run.breakdown);
}

}  // namespace ane
}  // namespace refmath
