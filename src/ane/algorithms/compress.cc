#include "refmath/ane/compress.h"

#include <math.h>
#include <stdio.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "refmath/ane/linalg.h"
#include "refmath/ane/matmul.h"

namespace refmath {
namespace ane {
namespace {

constexpr int kQuantileEdges = kLutEntries + 1;  // 17 edges, 16 midpoints

// Round-half-even of a binary32 quotient to an integer, independent of the
// current rounding mode: floor, then compare the exact fraction.
float RoundHalfEven(float x) {
  const float f = floorf(x);
  const float frac = x - f;  // exact: x and f share an exponent range
  if (frac > 0.5f) return f + 1.0f;
  if (frac < 0.5f) return f;
  return fmodf(f, 2.0f) == 0.0f ? f : f + 1.0f;
}

// A NaN or infinite weight has no int8 code (w / scale is NaN, and its
// conversion to an integer is undefined) and no place in a sorted quantile
// list: the lossy encodings refuse it with a one-line reason.
void RequireFinite(const std::vector<float>& w, const char* what) {
  for (size_t i = 0; i < w.size(); ++i) {
    if (!isfinite(w[i])) {
      throw std::invalid_argument(std::string(what) + ": weight " +
                                  std::to_string(i) + " is not finite");
    }
  }
}

bool AllFinite(const std::vector<float>& w) {
  for (float x : w) {
    if (!isfinite(x)) return false;
  }
  return true;
}

size_t Nearest(double x, const std::vector<double>& centroids) {
  size_t best = 0;
  double best_d = fabs(x - centroids[0]);
  for (size_t j = 1; j < centroids.size(); ++j) {
    const double d = fabs(x - centroids[j]);
    if (d < best_d) {  // strict: the lowest index wins a tie
      best = j;
      best_d = d;
    }
  }
  return best;
}

}  // namespace

std::vector<Half> WeightToHalf(const std::vector<float>& w,
                               HalfRounding rounding) {
  std::vector<Half> h(w.size());
  for (size_t i = 0; i < w.size(); ++i) h[i] = HalfFromDouble(w[i], rounding);
  return h;
}

Int8Weights CompressInt8(const std::vector<float>& w, size_t rows,
                         size_t cols) {
  if (w.size() != rows * cols) {
    throw std::invalid_argument("int8: weight size is not rows * cols");
  }
  RequireFinite(w, "int8");
  Int8Weights c;
  c.rows = rows;
  c.cols = cols;
  c.q.resize(w.size());
  c.scale.resize(rows);
  for (size_t r = 0; r < rows; ++r) {
    float peak = 0;
    for (size_t j = 0; j < cols; ++j) peak = std::max(peak, fabsf(w[r * cols + j]));
    const float scale = std::max(peak / static_cast<float>(kInt8Max), kInt8MinScale);
    c.scale[r] = HalfFromDouble(scale);
    for (size_t j = 0; j < cols; ++j) {
      float q = RoundHalfEven(w[r * cols + j] / scale);
      q = std::min(std::max(q, -static_cast<float>(kInt8Max)),
                   static_cast<float>(kInt8Max));
      c.q[r * cols + j] = static_cast<int8_t>(q);
    }
  }
  return c;
}

std::vector<Half> ReconstructInt8(const Int8Weights& c, HalfRounding rounding) {
  std::vector<Half> out(c.q.size());
  for (size_t r = 0; r < c.rows; ++r) {
    const double s = HalfToDouble(c.scale[r]);
    for (size_t j = 0; j < c.cols; ++j) {
      // |q| < 2^7 and s has 11 bits: the product is exact in double.
      out[r * c.cols + j] = HalfFromDouble(c.q[r * c.cols + j] * s, rounding);
    }
  }
  return out;
}

double Quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const size_t lo = static_cast<size_t>(floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double t = pos - static_cast<double>(lo);
  return sorted[lo] + t * (sorted[hi] - sorted[lo]);
}

std::vector<double> LloydCentroids(const std::vector<float>& w) {
  if (w.empty()) throw std::invalid_argument("int4: empty weight");
  RequireFinite(w, "int4");
  std::vector<double> sorted(w.begin(), w.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> edges(kQuantileEdges);
  for (int i = 0; i < kQuantileEdges; ++i) {
    edges[i] = Quantile(sorted, static_cast<double>(i) / (kQuantileEdges - 1));
  }
  std::vector<double> c(kLutEntries);
  for (int i = 0; i < kLutEntries; ++i) c[i] = 0.5 * (edges[i] + edges[i + 1]);

  std::vector<double> sum(kLutEntries);
  std::vector<size_t> n(kLutEntries);
  for (int it = 0; it < kLloydIterations; ++it) {
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(n.begin(), n.end(), 0);
    for (float x : w) {
      const size_t j = Nearest(x, c);
      sum[j] += x;
      ++n[j];
    }
    for (int j = 0; j < kLutEntries; ++j) {
      if (n[j] != 0) c[j] = sum[j] / static_cast<double>(n[j]);
    }
  }
  return c;
}

std::vector<uint8_t> PackNibbles(const std::vector<uint8_t>& indices) {
  std::vector<uint8_t> packed((indices.size() + 1) / 2, 0);
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] > 0xF) throw std::invalid_argument("int4: index above 15");
    packed[i / 2] |= static_cast<uint8_t>(indices[i] << (i % 2 == 0 ? 0 : 4));
  }
  return packed;
}

std::vector<uint8_t> UnpackNibbles(const std::vector<uint8_t>& packed,
                                   size_t count) {
  if (packed.size() != (count + 1) / 2) {
    throw std::invalid_argument("int4: packed size does not match the count");
  }
  std::vector<uint8_t> idx(count);
  for (size_t i = 0; i < count; ++i) {
    idx[i] = (packed[i / 2] >> (i % 2 == 0 ? 0 : 4)) & 0xF;
  }
  return idx;
}

Int4Weights CompressInt4(const std::vector<float>& w) {
  const std::vector<double> c = LloydCentroids(w);
  Int4Weights out;
  out.count = w.size();
  out.codebook.resize(kLutEntries);
  for (int j = 0; j < kLutEntries; ++j) out.codebook[j] = HalfFromDouble(c[j]);
  std::vector<uint8_t> idx(w.size());
  for (size_t i = 0; i < w.size(); ++i) {
    idx[i] = static_cast<uint8_t>(Nearest(w[i], c));
  }
  out.packed = PackNibbles(idx);
  return out;
}

std::vector<Half> ReconstructInt4(const Int4Weights& c) {
  if (c.codebook.size() != kLutEntries) {
    throw std::invalid_argument("int4: codebook must have 16 entries");
  }
  const std::vector<uint8_t> idx = UnpackNibbles(c.packed, c.count);
  std::vector<Half> out(c.count);
  for (size_t i = 0; i < c.count; ++i) out[i] = c.codebook[idx[i]];
  return out;
}

double FrobeniusRelativeError(const std::vector<float>& w,
                              const std::vector<Half>& recon) {
  double num = 0, den = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    const double d = HalfToDouble(recon[i]) - w[i];
    num += d * d;
    den += static_cast<double>(w[i]) * w[i];
  }
  if (den == 0) return num == 0 ? 0 : std::numeric_limits<double>::infinity();
  return sqrt(num / den);
}

bool CompressSparse(const std::vector<float>& w, SparseWeights* out,
                    HalfRounding rounding) {
  size_t nnz = 0;
  for (float x : w) nnz += x != 0;
  if (nnz > w.size() / 2) return false;
  SparseWeights s;
  s.count = w.size();
  s.mask.assign((w.size() + 7) / 8, 0);
  s.values.reserve(nnz);
  for (size_t i = 0; i < w.size(); ++i) {
    if (w[i] == 0) continue;
    s.mask[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    s.values.push_back(HalfFromDouble(w[i], rounding));
  }
  *out = std::move(s);
  return true;
}

std::vector<Half> ReconstructSparse(const SparseWeights& c) {
  if (c.mask.size() != (c.count + 7) / 8) {
    throw std::invalid_argument("sparse: mask size does not match the count");
  }
  std::vector<Half> out(c.count, 0);
  size_t next = 0;
  for (size_t i = 0; i < c.count; ++i) {
    if (!((c.mask[i / 8] >> (i % 8)) & 1)) continue;
    if (next >= c.values.size()) {
      throw std::invalid_argument("sparse: fewer values than mask bits");
    }
    out[i] = c.values[next++];
  }
  if (next != c.values.size()) {
    throw std::invalid_argument("sparse: more values than mask bits");
  }
  return out;
}

double GateRelativeError(const std::vector<double>& ref,
                         const std::vector<double>& out) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (ref.size() != out.size()) return nan;
  double max_d = 0, max_ref = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    const double d = fabs(out[i] - ref[i]);
    if (isnan(d)) return nan;  // NaN operand, or inf - inf
    max_d = std::max(max_d, d);
    max_ref = std::max(max_ref, fabs(ref[i]));
  }
  if (max_ref == 0) return max_d == 0 ? 0 : nan;
  return max_d / max_ref;  // inf / inf is NaN, inf / finite stays inf
}

bool GateAccepts(double relerr, double tol) { return relerr <= tol; }

const char* EncodingName(Encoding e) {
  switch (e) {
    case Encoding::kFp16: return "fp16";
    case Encoding::kInt8: return "int8";
    case Encoding::kInt4: return "int4";
    case Encoding::kSparse: return "sparse";
  }
  return "?";
}

bool FindEncoding(const std::string& name, Encoding* out) {
  for (Encoding e : {Encoding::kFp16, Encoding::kInt8, Encoding::kInt4,
                     Encoding::kSparse}) {
    if (name == EncodingName(e)) {
      *out = e;
      return true;
    }
  }
  return false;
}

bool EncodedWeight(Encoding e, const std::vector<float>& w, size_t rows,
                   size_t cols, std::vector<Half>* out, std::string* why) {
  if (e == Encoding::kFp16) {
    *out = WeightToHalf(w);
    return true;
  }
  if (e == Encoding::kSparse) {
    SparseWeights sparse;
    if (!CompressSparse(w, &sparse)) {
      *why = "sparse is offered only when at most half the weights are nonzero";
      return false;
    }
    *out = ReconstructSparse(sparse);
    return true;
  }
  if (!AllFinite(w)) {
    *why = std::string(EncodingName(e)) + " is not offered: a weight is NaN or infinite";
    return false;
  }
  *out = e == Encoding::kInt8 ? ReconstructInt8(CompressInt8(w, rows, cols))
                              : ReconstructInt4(CompressInt4(w));
  return true;
}

double EncodedGateError(const std::vector<float>& w,
                        const std::vector<Half>& encoded,
                        const WeightModel& model) {
  return GateRelativeError(model(WeightToHalf(w)), model(encoded));
}

Choice ChooseEncoding(const std::vector<float>& w, size_t rows, size_t cols,
                      const WeightModel& model, double tol) {
  Choice choice;
  choice.weight = WeightToHalf(w);
  const std::vector<double> ref = model(choice.weight);

  auto try_candidate = [&](Encoding e, std::vector<Half> cand) {
    const double relerr = GateRelativeError(ref, model(cand));
    const bool ok = GateAccepts(relerr, tol);
    char line[128];
    snprintf(line, sizeof line, "%s: gate relerr %.3g %s %.3g\n",
             EncodingName(e), relerr, ok ? "<=" : "refused, tolerance", tol);
    choice.trail += line;
    if (ok) {
      choice.encoding = e;
      choice.relerr = relerr;
      choice.weight = std::move(cand);
    }
    return ok;
  };

  SparseWeights sparse;
  if (CompressSparse(w, &sparse)) {
    if (try_candidate(Encoding::kSparse, ReconstructSparse(sparse))) return choice;
  }
  if (!AllFinite(w)) {
    choice.trail += "int4, int8: not offered, a weight is not finite\nfp16: kept\n";
    return choice;
  }
  const Int4Weights int4 = CompressInt4(w);
  const std::vector<Half> int4_w = ReconstructInt4(int4);
  const double frob = FrobeniusRelativeError(w, int4_w);
  if (frob <= kInt4MaxFrobenius) {
    if (try_candidate(Encoding::kInt4, int4_w)) return choice;
  } else {
    char line[128];
    snprintf(line, sizeof line, "int4: Frobenius error %.3g above %.3g\n",
             frob, kInt4MaxFrobenius);
    choice.trail += line;
  }
  if (try_candidate(Encoding::kInt8, ReconstructInt8(CompressInt8(w, rows, cols)))) {
    return choice;
  }
  choice.trail += "fp16: kept\n";
  return choice;
}

WeightModel LinearLayerModel(const Tensor& x, size_t rows, size_t cols,
                             const Profile& p) {
  return [x, rows, cols, p](const std::vector<Half>& w) {
    return Matmul(x, TransposeMatrix(Tensor({rows, cols}, w)), p).ToDoubles();
  };
}

}  // namespace ane
}  // namespace refmath
