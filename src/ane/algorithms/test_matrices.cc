#include "src/ane/algorithms/test_matrices.h"

#include <math.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace refmath {
namespace ane {
namespace {

// SplitMix64 constants (Steele, Lea, Flood, "Fast splittable pseudorandom
// number generators", OOPSLA 2014).
constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;
constexpr uint64_t kMix1 = 0xBF58476D1CE4E5B9ull;
constexpr uint64_t kMix2 = 0x94D049BB133111EBull;
constexpr double kTwoPi = 6.283185307179586476925286766559;

// In-place Householder QR of the m x n matrix a (m >= n): R above the
// diagonal, the reflectors returned one per column (unit vectors).
std::vector<std::vector<double>> Householder(Matrix& a) {
  std::vector<std::vector<double>> reflectors;
  for (size_t k = 0; k < a.cols && k < a.rows; ++k) {
    std::vector<double> v(a.rows, 0.0);
    double norm = 0;
    for (size_t i = k; i < a.rows; ++i) norm += a.at(i, k) * a.at(i, k);
    norm = sqrt(norm);
    const double alpha = a.at(k, k) > 0 ? -norm : norm;
    for (size_t i = k; i < a.rows; ++i) v[i] = a.at(i, k);
    v[k] -= alpha;
    double vn = 0;
    for (size_t i = k; i < a.rows; ++i) vn += v[i] * v[i];
    vn = sqrt(vn);
    if (vn > 0) {
      for (size_t i = k; i < a.rows; ++i) v[i] /= vn;
      for (size_t j = k; j < a.cols; ++j) {
        double d = 0;
        for (size_t i = k; i < a.rows; ++i) d += v[i] * a.at(i, j);
        for (size_t i = k; i < a.rows; ++i) a.at(i, j) -= 2 * d * v[i];
      }
    }
    reflectors.push_back(std::move(v));
  }
  return reflectors;
}

// y <- H_k ... H_1 y (the reflectors in order), i.e. Q^T y.
void ApplyQt(const std::vector<std::vector<double>>& h, std::vector<double>& y) {
  for (const auto& v : h) {
    double d = 0;
    for (size_t i = 0; i < y.size(); ++i) d += v[i] * y[i];
    for (size_t i = 0; i < y.size(); ++i) y[i] -= 2 * d * v[i];
  }
}

}  // namespace

uint64_t Rng::Next() {
  uint64_t z = (state_ += kGolden);
  z = (z ^ (z >> 30)) * kMix1;
  z = (z ^ (z >> 27)) * kMix2;
  return z ^ (z >> 31);
}

double Rng::Uniform() { return static_cast<double>(Next() >> 11) * 0x1p-53; }

double Rng::Uniform(double lo, double hi) { return lo + (hi - lo) * Uniform(); }

double Rng::Normal() {
  const double u1 = 1.0 - Uniform();  // (0, 1]
  const double u2 = Uniform();
  return sqrt(-2.0 * log(u1)) * cos(kTwoPi * u2);
}

Matrix Transposed(const Matrix& a) {
  Matrix t{a.cols, a.rows, std::vector<double>(a.v.size())};
  for (size_t i = 0; i < a.rows; ++i) {
    for (size_t j = 0; j < a.cols; ++j) t.at(j, i) = a.at(i, j);
  }
  return t;
}

Matrix Product(const Matrix& a, const Matrix& b) {
  if (a.cols != b.rows) throw std::invalid_argument("Product: shapes");
  Matrix c{a.rows, b.cols, std::vector<double>(a.rows * b.cols, 0.0)};
  for (size_t i = 0; i < a.rows; ++i) {
    for (size_t k = 0; k < a.cols; ++k) {
      const double aik = a.at(i, k);
      for (size_t j = 0; j < b.cols; ++j) c.at(i, j) += aik * b.at(k, j);
    }
  }
  return c;
}

std::vector<double> Apply(const Matrix& a, const std::vector<double>& x) {
  std::vector<double> y(a.rows, 0.0);
  for (size_t i = 0; i < a.rows; ++i) {
    for (size_t j = 0; j < a.cols; ++j) y[i] += a.at(i, j) * x[j];
  }
  return y;
}

Matrix RandomOrthogonal(size_t n, Rng& rng) {
  Matrix g{n, n, std::vector<double>(n * n)};
  for (double& x : g.v) x = rng.Normal();
  const auto h = Householder(g);
  // Q = H_1 ... H_n applied to the identity, column by column: Q e_j.
  Matrix q{n, n, std::vector<double>(n * n, 0.0)};
  for (size_t j = 0; j < n; ++j) {
    std::vector<double> e(n, 0.0);
    e[j] = 1;
    for (size_t k = h.size(); k-- > 0;) {
      double d = 0;
      for (size_t i = 0; i < n; ++i) d += h[k][i] * e[i];
      for (size_t i = 0; i < n; ++i) e[i] -= 2 * d * h[k][i];
    }
    for (size_t i = 0; i < n; ++i) q.at(i, j) = e[i];
  }
  return q;
}

Matrix WithSingularValues(size_t m, size_t n, double cond, double sigma_max,
                          Rng& rng) {
  if (m < n) throw std::invalid_argument("WithSingularValues: m < n");
  const Matrix u = RandomOrthogonal(m, rng);
  const Matrix v = RandomOrthogonal(n, rng);
  Matrix us{m, n, std::vector<double>(m * n)};
  for (size_t j = 0; j < n; ++j) {
    const double t = n == 1 ? 0.0 : static_cast<double>(j) / (n - 1);
    const double s = sigma_max * pow(cond, -t);
    for (size_t i = 0; i < m; ++i) us.at(i, j) = u.at(i, j) * s;
  }
  return Product(us, Transposed(v));
}

Matrix SpdWithCondition(size_t n, double cond, double lambda_max, Rng& rng) {
  const Matrix q = RandomOrthogonal(n, rng);
  Matrix ql = q;
  for (size_t j = 0; j < n; ++j) {
    const double t = n == 1 ? 0.0 : static_cast<double>(j) / (n - 1);
    const double l = lambda_max * pow(cond, -t);
    for (size_t i = 0; i < n; ++i) ql.at(i, j) *= l;
  }
  Matrix a = Product(ql, Transposed(q));
  for (size_t i = 0; i < n; ++i) {  // exactly symmetric
    for (size_t j = 0; j < i; ++j) a.at(j, i) = a.at(i, j);
  }
  return a;
}

std::vector<double> SolveDouble(const Matrix& a_in, const std::vector<double>& b_in) {
  Matrix a = a_in;
  std::vector<double> b = b_in;
  const size_t n = a.rows;
  for (size_t k = 0; k < n; ++k) {
    size_t piv = k;
    for (size_t i = k + 1; i < n; ++i) {
      if (fabs(a.at(i, k)) > fabs(a.at(piv, k))) piv = i;
    }
    for (size_t j = 0; j < n; ++j) std::swap(a.at(k, j), a.at(piv, j));
    std::swap(b[k], b[piv]);
    for (size_t i = k + 1; i < n; ++i) {
      const double l = a.at(i, k) / a.at(k, k);
      for (size_t j = k; j < n; ++j) a.at(i, j) -= l * a.at(k, j);
      b[i] -= l * b[k];
    }
  }
  std::vector<double> x(n);
  for (size_t i = n; i-- > 0;) {
    double s = b[i];
    for (size_t j = i + 1; j < n; ++j) s -= a.at(i, j) * x[j];
    x[i] = s / a.at(i, i);
  }
  return x;
}

std::vector<double> LeastSquaresDouble(const Matrix& a_in,
                                       const std::vector<double>& b) {
  Matrix r = a_in;
  const auto h = Householder(r);
  std::vector<double> y = b;
  ApplyQt(h, y);
  const size_t n = r.cols;
  std::vector<double> x(n);
  for (size_t i = n; i-- > 0;) {
    double s = y[i];
    for (size_t j = i + 1; j < n; ++j) s -= r.at(i, j) * x[j];
    x[i] = s / r.at(i, i);
  }
  return x;
}

double RelativeError2(const std::vector<double>& x, const std::vector<double>& ref) {
  double num = 0, den = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    if (isnan(x[i])) return std::numeric_limits<double>::quiet_NaN();
    if (isinf(x[i])) return std::numeric_limits<double>::infinity();
    num += (x[i] - ref[i]) * (x[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  return sqrt(num / den);
}

}  // namespace ane
}  // namespace refmath
