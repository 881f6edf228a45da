#include "refmath/ane/krylov.h"

#include <math.h>

#include <stdexcept>

#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {
namespace {

constexpr int kGramSchmidtPasses = 2;  // orthogonalize twice per column

Solution Finish(const Tensor& x) {
  Solution s;
  s.x.assign(x.size(), 0.0);
  if (!AllFinite(x)) {
    s.breakdown = true;
    return s;
  }
  s.x = x.ToDoubles();
  return s;
}

Tensor Divided(const Tensor& u, Half s, const Profile& p) {
  return Div(u, Tensor::Scalar(s), p);
}

}  // namespace

Solution Lsqr(const Tensor& a, const Tensor& b, int iterations, const Profile& p) {
  if (a.rank() != 2 || a.rows() != b.size()) {
    throw std::invalid_argument("Lsqr: needs an [m, n] matrix and an [m] vector");
  }
  const Tensor at = TransposeMatrix(a);
  Half beta = Norm(b, p);
  Tensor u = Divided(b, beta, p);
  Tensor v = Gemv(at, u, p);
  Half alpha = Norm(v, p);
  v = Divided(v, alpha, p);
  Tensor w = v;
  Tensor x = Tensor::Filled({a.cols()}, 0);
  Half phi_bar = beta, rho_bar = alpha;
  for (int it = 0; it < iterations; ++it) {
    // Bidiagonalization: beta u = A v - alpha u, alpha v = A^T u - beta v.
    u = Sub(Gemv(a, v, p), Scale(u, alpha, p), p);
    beta = Norm(u, p);
    u = Divided(u, beta, p);
    v = Sub(Gemv(at, u, p), Scale(v, beta, p), p);
    alpha = Norm(v, p);
    v = Divided(v, alpha, p);
    // The Givens rotation eliminating beta.
    const Half rho = Sqrt(Add(Square(rho_bar, p), Square(beta, p), p), p);
    const Half c = Div(rho_bar, rho, p);
    const Half s = Div(beta, rho, p);
    const Half theta = Mul(s, alpha, p);
    rho_bar = Neg(Mul(c, alpha, p), p);
    const Half phi = Mul(c, phi_bar, p);
    phi_bar = Mul(s, phi_bar, p);
    x = Axpy(x, Div(phi, rho, p), w, p);
    w = Sub(v, Scale(w, Div(theta, rho, p), p), p);
  }
  return Finish(x);
}

Solution Gmres(const Tensor& a, const Tensor& b, const Profile& p) {
  if (a.rank() != 2 || a.rows() != a.cols() || a.rows() != b.size()) {
    throw std::invalid_argument("Gmres: needs an [n, n] matrix and an [n] vector");
  }
  const size_t n = b.size();
  std::vector<Tensor> q;
  std::vector<Half> h(n * n, 0);  // the rotated Hessenberg matrix, [i * n + j]
  std::vector<Half> g(n + 1, 0), cs(n, 0), sn(n, 0);
  const Half beta = Norm(b, p);
  q.push_back(Divided(b, beta, p));
  g[0] = beta;
  for (size_t j = 0; j < n; ++j) {
    Tensor w = Gemv(a, q[j], p);
    for (int pass = 0; pass < kGramSchmidtPasses; ++pass) {
      for (size_t i = 0; i <= j; ++i) {
        const Half hij = WideDot(q[i], w, p);
        h[i * n + j] = pass == 0 ? hij : Add(h[i * n + j], hij, p);
        w = Sub(w, Scale(q[i], hij, p), p);
      }
    }
    const Half w_norm = Norm(w, p);
    for (size_t i = 0; i < j; ++i) {  // earlier rotations on column j
      const Half top = h[i * n + j], bottom = h[(i + 1) * n + j];
      h[i * n + j] = Add(Mul(cs[i], top, p), Mul(sn[i], bottom, p), p);
      h[(i + 1) * n + j] = Sub(Mul(cs[i], bottom, p), Mul(sn[i], top, p), p);
    }
    const Half diag = h[j * n + j];
    const Half d = Sqrt(Add(Square(diag, p), Square(w_norm, p), p), p);
    cs[j] = Div(diag, d, p);
    sn[j] = Div(w_norm, d, p);
    h[j * n + j] = Add(Mul(cs[j], diag, p), Mul(sn[j], w_norm, p), p);
    g[j + 1] = Neg(Mul(sn[j], g[j], p), p);
    g[j] = Mul(cs[j], g[j], p);
    if (j + 1 < n) q.push_back(Divided(w, w_norm, p));
  }
  // Back substitution R y = g, each row's sum one wide dot.
  std::vector<Half> y(n, 0);
  for (size_t i = n; i-- > 0;) {
    const size_t len = n - 1 - i;
    const Half rhs = len == 0 ? g[i]
                              : Sub(g[i], Dot(&h[i * n + i + 1], &y[i + 1], len, p), p);
    y[i] = Div(rhs, h[i * n + i], p);
  }
  // x = Q y as one matmul against the basis stored column-wise.
  std::vector<Half> basis(n * n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < n; ++k) basis[i * n + k] = q[k][i];
  }
  return Finish(Gemv(Tensor({n, n}, std::move(basis)), Tensor({n}, y), p));
}

namespace {

// The power steps of DominantSingularValue from v0 (normalized in double);
// returns v after the last step.
Tensor PowerSteps(const Tensor& a, const std::vector<double>& v0,
                  const PowerOptions& o, const Profile& p) {
  if (a.rank() != 2 || a.cols() != v0.size()) {
    throw std::invalid_argument("DominantSingularValue: v0 must have a's column count");
  }
  auto norm = [&](const Tensor& t) { return o.scaled_norms ? ScaledNorm(t, p) : Norm(t, p); };
  double len = 0;
  for (double x : v0) len += x * x;
  std::vector<double> unit(v0.size());
  for (size_t i = 0; i < v0.size(); ++i) unit[i] = v0[i] / sqrt(len);
  const Tensor at = TransposeMatrix(a);
  Tensor v = Tensor::FromDoubles({v0.size()}, unit, p);
  for (int it = 0; it < o.iterations; ++it) {
    Tensor w;
    if (o.normalize) {
      Tensor u = Gemv(a, v, p);
      u = Divided(u, norm(u), p);
      w = Gemv(at, u, p);
    } else {
      w = Gemv(at, Gemv(a, v, p), p);
    }
    v = Divided(w, norm(w), p);
  }
  return v;
}

}  // namespace

double DominantSingularValue(const Tensor& a, const std::vector<double>& v0,
                             const PowerOptions& o, const Profile& p) {
  const Tensor v = PowerSteps(a, v0, o, p);
  return HalfToDouble(o.scaled_norms ? ScaledNorm(Gemv(a, v, p), p)
                                     : Norm(Gemv(a, v, p), p));
}

PowerResult PowerIteration(const Tensor& a, int iterations,
                           const std::vector<double>& v0, const Profile& p) {
  if (a.rank() != 2 || a.size() == 0) {
    throw std::invalid_argument("PowerIteration: needs a non-empty [m, n] matrix");
  }
  if (iterations < 0) throw std::invalid_argument("PowerIteration: iterations < 0");
  if (!v0.empty() && v0.size() != a.cols()) {
    throw std::invalid_argument("PowerIteration: v0 must have a's column count");
  }
  PowerOptions o;
  o.iterations = iterations;
  const Tensor v = PowerSteps(a, v0.empty() ? std::vector<double>(a.cols(), 1.0) : v0, o, p);
  PowerResult r;
  r.sigma = HalfToDouble(ScaledNorm(Gemv(a, v, p), p));
  r.breakdown = !AllFinite(v) || !std::isfinite(r.sigma) || r.sigma == 0;
  r.v = r.breakdown ? std::vector<double>(v.size(), 0.0) : v.ToDoubles();
  return r;
}

}  // namespace ane
}  // namespace refmath
