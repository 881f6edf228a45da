// Test problems for the ANE linear-algebra kernels, built in double on the
// host: a seeded generator of matrices with a chosen condition number and
// the double-precision solves the kernels are measured against
// (docs/ane-envelopes.md, "Matrix generator").
#ifndef REFMATH_SRC_ANE_ALGORITHMS_TEST_MATRICES_H_
#define REFMATH_SRC_ANE_ALGORITHMS_TEST_MATRICES_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

namespace refmath {
namespace ane {

// SplitMix64 (Steele, Lea, Flood 2014): a fixed, platform-independent
// sequence, unlike the distributions of <random>.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next();
  double Uniform();                 // [0, 1), 53 random bits
  double Uniform(double lo, double hi);
  double Normal();                  // Box-Muller, one value per call

 private:
  uint64_t state_;
};

// A dense row-major matrix in double.
struct Matrix {
  size_t rows = 0, cols = 0;
  std::vector<double> v;
  double& at(size_t i, size_t j) { return v[i * cols + j]; }
  double at(size_t i, size_t j) const { return v[i * cols + j]; }
};

Matrix Transposed(const Matrix& a);
Matrix Product(const Matrix& a, const Matrix& b);
std::vector<double> Apply(const Matrix& a, const std::vector<double>& x);

// An n x n orthogonal matrix: the Q of a Householder QR of an n x n matrix
// of standard normal values.
Matrix RandomOrthogonal(size_t n, Rng& rng);

// U diag(s) V^T with U (m x m) and V (n x n) random orthogonal and the
// min(m, n) singular values s geometrically spaced from sigma_max down to
// sigma_max / cond.  m >= n.
Matrix WithSingularValues(size_t m, size_t n, double cond, double sigma_max,
                          Rng& rng);
// Q diag(l) Q^T, eigenvalues geometric from lambda_max to lambda_max / cond:
// symmetric positive definite.
Matrix SpdWithCondition(size_t n, double cond, double lambda_max, Rng& rng);

// x solving a x = b (Gaussian elimination with partial pivoting, double).
std::vector<double> SolveDouble(const Matrix& a, const std::vector<double>& b);
// The least-squares x minimizing ||a x - b|| (Householder QR, double).
std::vector<double> LeastSquaresDouble(const Matrix& a,
                                       const std::vector<double>& b);

// ||x - ref||_2 / ||ref||_2 (NaN if x holds a NaN, inf if an inf).
double RelativeError2(const std::vector<double>& x,
                      const std::vector<double>& ref);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_ALGORITHMS_TEST_MATRICES_H_
