#include "refmath/ane/fft.h"

#include <math.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"
#include "src/base/text.h"

namespace refmath {
namespace ane {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

// exp(sign * 2 pi i * num / den), the angle reduced to num mod den first
// so that large products k*j keep full accuracy.
std::complex<double> UnitRoot(size_t num, size_t den, int sign) {
  const double angle = kTwoPi * static_cast<double>(num % den) /
                       static_cast<double>(den);
  return {cos(angle), sign * sin(angle)};
}

Tensor Scaled(const Tensor& x, double s, const Profile& p) {
  return Mul(x, Tensor::Scalar(HalfFromDouble(s, p.Elementwise())), p);
}

// The staged transform of each row of x with the factors f[first..]: n is
// split as n = a * b, input index a_i * b + b_i, output index k1 + a * k2.
ComplexTensor Staged(const ComplexTensor& x, const std::vector<size_t>& f,
                     size_t first, int sign, double scale, const Profile& p) {
  const size_t n = x.re.cols();
  const size_t rows = x.re.rows();
  if (first + 1 == f.size()) return DenseDft(x, sign, scale, p);
  const size_t a = f[first];
  const size_t b = n / a;
  // Length-a transforms along the first digit: [rows, a, b] -> [rows*b, a].
  ComplexTensor y = DenseDft(Transpose(x, rows, a, b), sign, scale, p);
  // Cross twiddles T[b', k1] = exp(sign 2 pi i b' k1 / n), in binary16.
  std::vector<std::complex<double>> t(rows * b * a);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < b; ++j) {
      for (size_t k1 = 0; k1 < a; ++k1) {
        t[(r * b + j) * a + k1] = UnitRoot(j * k1, n, sign);
      }
    }
  }
  y = ComplexMul(y, ToComplexTensor(t, rows * b, a, p), p);
  // Length-b transforms along the second digit: [rows, b, a] -> [rows*a, b].
  ComplexTensor z = Staged(Transpose(y, rows, b, a), f, first + 1, sign, 1.0, p);
  // Digit reversal: Z[k1, k2] -> X[k1 + a k2], i.e. [rows, a, b] -> [rows, b, a].
  ComplexTensor out = Transpose(z, rows, a, b);
  out.re = Tensor({rows, n}, std::move(out.re.data()));
  out.im = Tensor({rows, n}, std::move(out.im.data()));
  return out;
}

}  // namespace

// W[k, j] depends on k * j mod n alone: the n distinct roots are rounded
// once and the matrix is filled from them, the same bits as rounding every
// entry (UnitRoot reduces the product mod n first).
ComplexTensor TwiddleMatrix(size_t n, int sign, double scale, const Profile& p) {
  std::vector<std::complex<double>> roots(n);
  for (size_t i = 0; i < n; ++i) roots[i] = scale * UnitRoot(i, n, sign);
  const ComplexTensor r = ToComplexTensor(roots, 1, n, p);
  std::vector<Half> re(n * n), im(n * n);
  for (size_t k = 0; k < n; ++k) {
    size_t index = 0;  // k * j mod n
    for (size_t j = 0; j < n; ++j) {
      re[k * n + j] = r.re.data()[index];
      im[k * n + j] = r.im.data()[index];
      index += k;
      if (index >= n) index -= n;
    }
  }
  return {Tensor({n, n}, std::move(re)), Tensor({n, n}, std::move(im))};
}

ComplexTensor ComplexMatmul(const ComplexTensor& a, const ComplexTensor& b,
                            const Profile& p) {
  ComplexTensor c;
  c.re = Sub(Matmul(a.re, b.re, p), Matmul(a.im, b.im, p), p);
  c.im = Add(Matmul(a.re, b.im, p), Matmul(a.im, b.re, p), p);
  return c;
}

ComplexTensor ComplexMul(const ComplexTensor& a, const ComplexTensor& b,
                         const Profile& p) {
  ComplexTensor c;
  c.re = Sub(Mul(a.re, b.re, p), Mul(a.im, b.im, p), p);
  c.im = Add(Mul(a.re, b.im, p), Mul(a.im, b.re, p), p);
  return c;
}

std::vector<size_t> StageFactors(size_t n) {
  if (n == 0) throw std::invalid_argument("fft: length 0");
  std::vector<size_t> primes;
  size_t m = n;
  for (size_t d = 2; d * d <= m; ++d) {
    while (m % d == 0) {
      primes.push_back(d);
      m /= d;
    }
  }
  if (m > 1) primes.push_back(m);
  std::sort(primes.rbegin(), primes.rend());
  std::vector<size_t> groups(kMaxStages, 1);
  for (size_t q : primes) {
    *std::min_element(groups.begin(), groups.end()) *= q;
  }
  std::vector<size_t> out;
  for (size_t g : groups) {
    if (g > 1) out.push_back(g);
  }
  std::sort(out.begin(), out.end());
  if (out.empty()) out.push_back(1);
  return out;
}

ComplexTensor DenseDft(const ComplexTensor& x, int sign, double scale,
                       const Profile& p) {
  return ComplexMatmul(x, TwiddleMatrix(x.re.cols(), sign, scale, p), p);
}

ComplexTensor StagedDft(const ComplexTensor& x, int sign, double scale,
                        const Profile& p) {
  return Staged(x, StageFactors(x.re.cols()), 0, sign, scale, p);
}

ComplexTensor InverseDft(const ComplexTensor& x, bool staged, const Profile& p) {
  const size_t n = x.re.cols();
  ComplexTensor y = staged ? StagedDft(x, kInverse, 1.0, p)
                           : DenseDft(x, kInverse, 1.0, p);
  y.re = Scaled(y.re, 1.0 / static_cast<double>(n), p);
  y.im = Scaled(y.im, 1.0 / static_cast<double>(n), p);
  return y;
}

ComplexTensor Dft2d(const ComplexTensor& x, bool staged, bool fold,
                    const Profile& p) {
  return BatchedDft2d(x, x.re.rows(), staged, fold, p);
}

ComplexTensor BatchedDft2d(const ComplexTensor& x, size_t m, bool staged,
                           bool fold, const Profile& p) {
  const size_t n = x.re.cols();
  if (m == 0 || x.re.rows() % m != 0) {
    throw std::invalid_argument("Dft2d: the rows are not whole planes of m");
  }
  const size_t batch = x.re.rows() / m;
  auto pass = [&](const ComplexTensor& v, double scale) {
    return staged ? StagedDft(v, kForward, scale, p)
                  : DenseDft(v, kForward, scale, p);
  };
  const double row_scale = fold ? 1.0 / static_cast<double>(n) : 1.0;
  const double col_scale = fold ? 1.0 / static_cast<double>(m) : 1.0;
  ComplexTensor rows_done = pass(x, row_scale);
  ComplexTensor cols_done = pass(Transpose(rows_done, batch, m, n), col_scale);
  ComplexTensor out = Transpose(cols_done, batch, n, m);
  if (!fold) {
    const double s = 1.0 / (static_cast<double>(m) * static_cast<double>(n));
    out.re = Scaled(out.re, s, p);
    out.im = Scaled(out.im, s, p);
  }
  return out;
}

std::vector<std::complex<double>> ConvolutionInverse(
    const std::vector<std::complex<double>>& spectrum, bool staged,
    bool prescale, const Profile& p) {
  double peak = 0;
  for (const auto& v : spectrum) {
    peak = std::max(peak, std::max(fabs(v.real()), fabs(v.imag())));
  }
  const double s = (prescale && peak > 0) ? kConvolutionTarget / peak : 1.0;
  std::vector<std::complex<double>> scaled(spectrum.size());
  for (size_t i = 0; i < spectrum.size(); ++i) scaled[i] = spectrum[i] * s;
  const ComplexTensor y =
      InverseDft(ToComplexTensor(scaled, 1, spectrum.size(), p), staged, p);
  std::vector<std::complex<double>> out = ToComplex(y);
  for (auto& v : out) v /= s;  // undone on the host
  return out;
}

ComplexTensor ToComplexTensor(const std::vector<std::complex<double>>& v,
                              size_t rows, size_t cols, const Profile& p) {
  std::vector<double> re(v.size()), im(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    re[i] = v[i].real();
    im[i] = v[i].imag();
  }
  return {Tensor::FromDoubles({rows, cols}, re, p),
          Tensor::FromDoubles({rows, cols}, im, p)};
}

std::vector<std::complex<double>> ToComplex(const ComplexTensor& x) {
  std::vector<std::complex<double>> out(x.re.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = {x.re.Value(i), x.im.Value(i)};
  return out;
}

ComplexTensor Transpose(const ComplexTensor& x, size_t batch, size_t r,
                        size_t c) {
  if (batch * r * c != x.re.size()) {
    throw std::invalid_argument("fft: transpose shape does not match");
  }
  std::vector<Half> re(x.re.size()), im(x.im.size());
  for (size_t b = 0; b < batch; ++b) {
    for (size_t i = 0; i < r; ++i) {
      for (size_t j = 0; j < c; ++j) {
        const size_t from = (b * r + i) * c + j, to = (b * c + j) * r + i;
        re[to] = x.re[from];
        im[to] = x.im[from];
      }
    }
  }
  return {Tensor({batch * c, r}, std::move(re)), Tensor({batch * c, r}, std::move(im))};
}

std::vector<std::complex<double>> ReferenceDft(
    const std::vector<std::complex<double>>& x, size_t rows, size_t n, int sign,
    double scale) {
  std::vector<std::complex<double>> out(rows * n);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t k = 0; k < n; ++k) {
      std::complex<double> acc = 0;
      for (size_t j = 0; j < n; ++j) acc += x[r * n + j] * UnitRoot(k * j, n, sign);
      out[r * n + k] = scale * acc;
    }
  }
  return out;
}

std::vector<std::complex<double>> ReferenceDft2d(
    const std::vector<std::complex<double>>& x, size_t m, size_t n) {
  std::vector<std::complex<double>> rows = ReferenceDft(x, m, n, kForward,
                                                        1.0 / n);
  std::vector<std::complex<double>> t(m * n);
  for (size_t i = 0; i < m; ++i) {
    for (size_t j = 0; j < n; ++j) t[j * m + i] = rows[i * n + j];
  }
  std::vector<std::complex<double>> cols = ReferenceDft(t, n, m, kForward,
                                                        1.0 / m);
  std::vector<std::complex<double>> out(m * n);
  for (size_t j = 0; j < n; ++j) {
    for (size_t i = 0; i < m; ++i) out[i * n + j] = cols[j * m + i];
  }
  return out;
}

double MaxRelativeError(const std::vector<std::complex<double>>& ref,
                        const std::vector<std::complex<double>>& out) {
  double max_d = 0, max_ref = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    if (!std::isfinite(out[i].real()) || !std::isfinite(out[i].imag())) {
      return std::numeric_limits<double>::quiet_NaN();
    }
    max_d = std::max(max_d, std::abs(out[i] - ref[i]));
    max_ref = std::max(max_ref, std::abs(ref[i]));
  }
  return max_ref == 0 ? (max_d == 0 ? 0 : std::numeric_limits<double>::infinity())
                      : max_d / max_ref;
}

double NormRelativeError(const std::vector<std::complex<double>>& ref,
                         const std::vector<std::complex<double>>& out) {
  double num = 0, den = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    if (!std::isfinite(out[i].real()) || !std::isfinite(out[i].imag())) {
      return std::numeric_limits<double>::quiet_NaN();
    }
    num += std::norm(out[i] - ref[i]);
    den += std::norm(ref[i]);
  }
  return den == 0 ? (num == 0 ? 0 : std::numeric_limits<double>::infinity())
                  : sqrt(num / den);
}

bool DftRows(const Tensor& re, const Tensor* im, const std::string& re_name,
             const std::string& im_name, ComplexTensor* out,
             std::string* error) {
  const Shape& shape = re.shape();
  if (shape.empty() || shape.back() == 0 || shape.back() > kMaxDftLength) {
    *error = re_name + ": shape " + ShapeText(shape) +
             " needs a last axis of 1 to " + std::to_string(kMaxDftLength) +
             " elements";
    return false;
  }
  if (im != nullptr && im->shape() != shape) {
    *error = re_name + " has shape " + ShapeText(shape) + " but " +
             im_name + " " + ShapeText(im->shape());
    return false;
  }
  const Shape rows = {re.rows(), re.cols()};
  out->re = Tensor(rows, re.data());
  out->im = im != nullptr ? Tensor(rows, im->data()) : Tensor::Filled(rows, 0);
  return true;
}

bool Dft2dPlanes(const Tensor& re, const Tensor* im, const std::string& re_name,
                 const std::string& im_name, ComplexTensor* out, size_t* m,
                 std::string* error) {
  const Shape& shape = re.shape();
  auto fits = [](size_t len) { return len > 0 && len <= kMaxDftLength; };
  if (shape.size() < 2 || !fits(shape[shape.size() - 2]) || !fits(shape.back())) {
    *error = re_name + ": shape " + ShapeText(shape) +
             " needs two last axes of 1 to " + std::to_string(kMaxDftLength) +
             " elements each";
    return false;
  }
  if (!DftRows(re, im, re_name, im_name, out, error)) return false;
  *m = shape[shape.size() - 2];
  return true;
}

}  // namespace ane
}  // namespace refmath
