// The discrete Fourier transform on the ANE model (docs/ane-envelopes.md).
//
// The device has no complex type: a complex tensor is a pair of binary16
// tensors (re, im), and a complex matmul is the four real matmuls
//   Cre = Are @ Bre - Aim @ Bim,   Cim = Are @ Bim + Aim @ Bre,
// each with the wide accumulator and a binary16 output, joined by one
// binary16 subtraction or addition.  Transforms act on the last axis of a
// [rows, n] complex tensor, X = x @ W with the symmetric twiddle matrix
// W[k, j] = scale * exp(sign * 2 pi i k j / n), computed in double and its
// real and imaginary parts rounded separately to binary16.
#ifndef REFMATH_ANE_FFT_H_
#define REFMATH_ANE_FFT_H_

#include <stddef.h>

#include <complex>
#include <string>
#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

struct ComplexTensor {
  Tensor re, im;  // same shape [rows, cols]
};

constexpr int kForward = -1;  // exp(-2 pi i k j / n)
constexpr int kInverse = +1;

// At most three stages in the staged transform (notes).
constexpr size_t kMaxStages = 3;

// The twiddle matrix [n, n] described above.
ComplexTensor TwiddleMatrix(size_t n, int sign, double scale,
                            const Profile& p = SpecProfile());

// Four real matmuls, a: [M, K], b: [K, N].
ComplexTensor ComplexMatmul(const ComplexTensor& a, const ComplexTensor& b,
                            const Profile& p = SpecProfile());
// Elementwise (a * b) with four binary16 products, one subtraction and one
// addition, every step rounded.
ComplexTensor ComplexMul(const ComplexTensor& a, const ComplexTensor& b,
                         const Profile& p = SpecProfile());

// The split of n into at most three factors: prime factors, largest first,
// each multiplied into the currently smallest group; groups of 1 dropped,
// the rest in ascending order (64 -> 4,4,4; 256 -> 4,8,8; 1024 -> 8,8,16;
// 2048 -> 8,16,16; 12 -> 2,2,3; 7 -> 7).
std::vector<size_t> StageFactors(size_t n);

// The dense transform of every row: one complex matmul against the [n, n]
// twiddles with `scale` folded in.
ComplexTensor DenseDft(const ComplexTensor& x, int sign, double scale = 1.0,
                       const Profile& p = SpecProfile());

// The staged Cooley-Tukey transform with StageFactors(n): for n = A * B,
// the length-A transforms of the columns of each row viewed as [A, B] (a
// dense matmul), the cross twiddles exp(sign 2 pi i b k1 / n) in binary16,
// then the length-B transform of each k1 (recursively staged), and the
// digit-reversal transpose [k1, k2] -> k1 + A k2.  `scale` is folded into
// the first stage's twiddles.
ComplexTensor StagedDft(const ComplexTensor& x, int sign, double scale = 1.0,
                        const Profile& p = SpecProfile());

// The inverse: the unscaled transform with sign +1, then every element
// multiplied by binary16(1 / n).
ComplexTensor InverseDft(const ComplexTensor& x, bool staged,
                         const Profile& p = SpecProfile());

// The 2-D transform of an [m, n] tensor, normalized by 1 / (m n): the row
// pass with 1/n folded into its twiddles, the column pass (on the
// transpose) with 1/m folded into its twiddles.  With fold = false both
// passes are unscaled and the result is multiplied by binary16(1 / (m n))
// at the end: the form whose intermediates hit the binary16 ceiling.
ComplexTensor Dft2d(const ComplexTensor& x, bool staged, bool fold = true,
                    const Profile& p = SpecProfile());
// The same for a batch of planes: x is [batch * m, n], every m consecutive
// rows one [m, n] plane, each transformed on its own (Dft2d is m = rows).
ComplexTensor BatchedDft2d(const ComplexTensor& x, size_t m, bool staged,
                           bool fold = true, const Profile& p = SpecProfile());

// The inverse transform of a product of spectra (a circular convolution):
// Y is pre-scaled by s = 30000 / peak (peak = the largest |re| or |im|),
// rounded to binary16, inverted on the model, and the result divided by s
// on the host in double.  prescale = false skips the pre-scale (s = 1).
constexpr double kConvolutionTarget = 30000.0;  // notes: s = 30000 / peak
std::vector<std::complex<double>> ConvolutionInverse(
    const std::vector<std::complex<double>>& spectrum, bool staged,
    bool prescale = true, const Profile& p = SpecProfile());

// --- Transforms of user arrays (`refmath ane fft`, refmath.ane.fft).
// The dense twiddle matrix is n x n: 8192 makes it 256 MiB.
constexpr size_t kMaxDftLength = 8192;

// The parts of a transform along the last axis as [rows, n] matrices
// (rows: every other axis; im absent: zero).  False with a one-line
// *error naming them re_name and im_name unless re has a last axis of 1
// to kMaxDftLength elements and im (when given) re's shape.
bool DftRows(const Tensor& re, const Tensor* im, const std::string& re_name,
             const std::string& im_name, ComplexTensor* out,
             std::string* error);

// The parts of a 2-D transform over the last two axes [..., m, n] as
// [batch * m, n] matrices (batch: the product of the leading axes; im
// absent: zero), for BatchedDft2d with *m.  False with a one-line *error
// naming them re_name and im_name unless re has at least two axes, the
// last two each of 1 to kMaxDftLength elements, and im (when given) re's
// shape.
bool Dft2dPlanes(const Tensor& re, const Tensor* im, const std::string& re_name,
                 const std::string& im_name, ComplexTensor* out, size_t* m,
                 std::string* error);

// --- On the host: exact data movement and double references.
ComplexTensor ToComplexTensor(const std::vector<std::complex<double>>& v,
                              size_t rows, size_t cols,
                              const Profile& p = SpecProfile());
std::vector<std::complex<double>> ToComplex(const ComplexTensor& x);
// [batch, r, c] -> [batch, c, r] (shape stored as [batch * c, r]).
ComplexTensor Transpose(const ComplexTensor& x, size_t batch, size_t r,
                        size_t c);
// The double-precision transform of each row of a [rows, n] array, with
// twiddle angles reduced exactly (k j mod n) before cos/sin.
std::vector<std::complex<double>> ReferenceDft(
    const std::vector<std::complex<double>>& x, size_t rows, size_t n,
    int sign, double scale = 1.0);
std::vector<std::complex<double>> ReferenceDft2d(
    const std::vector<std::complex<double>>& x, size_t m, size_t n);
// max |out - ref| / max |ref| over the complex values; NaN if any output
// is not finite.
double MaxRelativeError(const std::vector<std::complex<double>>& ref,
                        const std::vector<std::complex<double>>& out);
// ||out - ref||_2 / ||ref||_2 over the complex values (the convention of
// the spec's DFT figures); NaN if any output is not finite.
double NormRelativeError(const std::vector<std::complex<double>>& ref,
                         const std::vector<std::complex<double>>& out);

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_FFT_H_
