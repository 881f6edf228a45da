#include "src/verify/attention_truth.h"

#include <math.h>

#include <memory>

#include "src/verify/exact_dot.h"
#include "src/verify/mpfr.h"

namespace refmath {
namespace {

// softmax(Q K^T / sqrt(d) + mask) V, one query row at a time: the scores
// q.k exact, then in MPFR at kAttentionBits the division by sqrt(d) (the
// real square root) or the product by the scale, the mask, the
// exponentials of the scores less their maximum, their sum, and the sum of
// e_j v[j][c] (the products exact), divided by it and rounded to binary64.
// Each step errs by 2^-190 or less relative, so an output is good to
// 2^-180 of sum_j e_j |v[j][c]| / sum_j e_j: far below its binary64
// rounding unless the sum with V cancels by more than 2^-120.  A -inf
// mask entry, causal or a zero of keep leave the key out.
constexpr mpfr_prec_t kAttentionBits = 192;

// The offset in a C-ordered array of `shape` of element (b, h, i, j) of
// its broadcast to 4 axes.
size_t BroadcastAt(const std::vector<size_t>& shape, const size_t at[4]) {
  size_t offset = 0, step = 1;
  for (size_t back = 0; back < shape.size(); ++back) {
    const size_t dim = shape[shape.size() - 1 - back];
    if (dim != 1) offset += at[3 - back] * step;
    step *= dim;
  }
  return offset;
}

bool Broadcasts(const std::vector<size_t>& shape, const size_t want[4]) {
  if (shape.size() > 4) return false;
  for (size_t back = 0; back < shape.size(); ++back) {
    const size_t dim = shape[shape.size() - 1 - back];
    if (dim != 1 && dim != want[3 - back]) return false;
  }
  return true;
}

bool AllFinite(const float* x, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (!isfinite(x[i])) return false;
  }
  return true;
}

// One (b, h) slice: q (L, d), k (S, d), v (S, dv) contiguous.
class SliceTruth {
 public:
  SliceTruth(const HeadsLayout& l, const AttentionOptions& o)
      : l_(l), o_(o), score_(new MpfrNumber[l.s]), live_(l.s) {
    for (size_t j = 0; j < l.s; ++j) mpfr_set_prec(score_[j], kAttentionBits);
    mpfr_set_ui(root_, l.d, MPFR_RNDN);  // exact: d < 2^64
    mpfr_sqrt(root_, root_, MPFR_RNDN);
  }

  void Run(const float* q, const float* k, const float* v, const float* mask,
           const float* keep, size_t b, size_t h, double* t) {
    const bool kv_finite =
        AllFinite(k, l_.s * l_.d) && AllFinite(v, l_.s * l_.dv);
    for (size_t i = 0; i < l_.l; ++i) {
      double* row = t + i * l_.dv;
      if (!kv_finite || !Scores(q + i * l_.d, k, mask, keep, b, h, i)) {
        for (size_t c = 0; c < l_.dv; ++c) row[c] = NAN;
        continue;
      }
      Weighted(v, row);
    }
  }

 private:
  // The live keys' scores of query i and their maximum; false for a NaN
  // row.
  bool Scores(const float* qi, const float* k, const float* mask,
              const float* keep, size_t b, size_t h, size_t i) {
    if (!AllFinite(qi, l_.d)) return false;
    bool any = false;
    for (size_t j = 0; j < l_.s; ++j) {
      const size_t at[4] = {b, h, i, j};
      live_[j] = !(o_.causal && j > i) &&
                 !(keep && keep[BroadcastAt(l_.keep_shape, at)] == 0.0f);
      if (!live_[j]) continue;
      const float m = mask ? mask[BroadcastAt(l_.mask_shape, at)] : 0.0f;
      if (isnan(m) || m == INFINITY) return false;
      live_[j] = m != -INFINITY;
      if (!live_[j]) continue;
      dot_->Clear();
      for (size_t p = 0; p < l_.d; ++p) dot_->Add(qi[p], k[j * l_.d + p]);
      if (o_.has_scale) {
        mpfr_mul_d(score_[j], dot_->Sum(), o_.scale, MPFR_RNDN);
      } else {
        mpfr_div(score_[j], dot_->Sum(), root_, MPFR_RNDN);
      }
      mpfr_add_d(score_[j], score_[j], m, MPFR_RNDN);
      if (!any || mpfr_greater_p(score_[j], top_)) {
        mpfr_set(top_, score_[j], MPFR_RNDN);
      }
      any = true;
    }
    return any;
  }

  // sum_j e_j v[j] / sum_j e_j over the live keys.
  void Weighted(const float* v, double* row) {
    mpfr_set_zero(e_sum_, 1);
    for (size_t j = 0; j < l_.s; ++j) {
      if (!live_[j]) continue;
      mpfr_sub(score_[j], score_[j], top_, MPFR_RNDN);
      mpfr_exp(score_[j], score_[j], MPFR_RNDN);  // now e_j
      mpfr_add(e_sum_, e_sum_, score_[j], MPFR_RNDN);
    }
    for (size_t c = 0; c < l_.dv; ++c) {
      mpfr_set_zero(acc_, 1);
      for (size_t j = 0; j < l_.s; ++j) {
        if (!live_[j]) continue;
        mpfr_mul_d(term_, score_[j], v[j * l_.dv + c], MPFR_RNDN);
        mpfr_add(acc_, acc_, term_, MPFR_RNDN);
      }
      mpfr_div(out_, acc_, e_sum_, MPFR_RNDN);
      row[c] = out_.ToDouble();
    }
  }

  const HeadsLayout& l_;
  const AttentionOptions& o_;
  std::unique_ptr<ExactDot> dot_{new ExactDot};
  std::unique_ptr<MpfrNumber[]> score_;
  std::vector<bool> live_;
  MpfrNumber root_{kAttentionBits}, e_sum_{kAttentionBits + 64},
      acc_{kAttentionBits + 64}, term_{kAttentionBits + 24},
      top_{kAttentionBits}, out_{kAttentionBits};
};

}  // namespace

bool HeadsLayoutOf(const std::vector<size_t>& q, const std::vector<size_t>& k,
                   const std::vector<size_t>& v,
                   const std::vector<size_t>* mask,
                   const std::vector<size_t>* keep, HeadsLayout* l) {
  const size_t nd = q.size();
  if ((nd != 2 && nd != 4) || k.size() != nd || v.size() != nd) return false;
  if (nd == 4) {
    l->b = q[0];
    l->h = q[1];
    l->hkv = k[1];
    if (k[0] != l->b || v[0] != l->b || v[1] != l->hkv || l->hkv == 0 ||
        l->h % l->hkv != 0) {
      return false;
    }
  }
  l->l = q[nd - 2];
  l->d = q[nd - 1];
  l->s = k[nd - 2];
  l->dv = v[nd - 1];
  if (k[nd - 1] != l->d || v[nd - 2] != l->s || l->d == 0 || l->s == 0) {
    return false;
  }
  const size_t want[4] = {l->b, l->h, l->l, l->s};
  l->has_mask = mask != nullptr;
  l->has_keep = keep != nullptr;
  if ((mask && !Broadcasts(*mask, want)) || (keep && !Broadcasts(*keep, want))) {
    return false;
  }
  if (mask) l->mask_shape = *mask;
  if (keep) l->keep_shape = *keep;
  return true;
}

void HeadsTruth(const float* q, const float* k, const float* v,
                const float* mask, const float* keep, const HeadsLayout& l,
                const AttentionOptions& o, double* t) {
  SliceTruth slice(l, o);
  const size_t group = l.h / l.hkv;
  for (size_t b = 0; b < l.b; ++b) {
    for (size_t h = 0; h < l.h; ++h) {
      const size_t kv = b * l.hkv + h / group, qh = b * l.h + h;
      slice.Run(q + qh * l.l * l.d, k + kv * l.s * l.d, v + kv * l.s * l.dv,
                l.has_mask ? mask : nullptr, l.has_keep ? keep : nullptr, b,
                h, t + qh * l.l * l.dv);
    }
  }
}

}  // namespace refmath
