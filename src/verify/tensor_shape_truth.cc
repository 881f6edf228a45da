#include "src/verify/tensor_shape_truth.h"

#include <memory>

#include "src/verify/exact_dot.h"

namespace refmath {
namespace {

// The batch axes of a shape (all but its last two; none for 1-D).
std::vector<size_t> BatchOf(const std::vector<size_t>& s) {
  return s.size() > 2 ? std::vector<size_t>(s.begin(), s.end() - 2)
                      : std::vector<size_t>();
}

// The offset of batch element `index` of `out` (C order) in an operand
// whose batch axes are `own` (aligned right, size 1 repeated) and whose
// matrices hold `size` elements each.
size_t OffsetIn(const std::vector<size_t>& out, const std::vector<size_t>& own,
                size_t size, size_t index) {
  size_t offset = 0, step = size;
  for (size_t i = out.size(); i-- > 0;) {
    const size_t at = index % out[i];
    index /= out[i];
    const size_t back = out.size() - 1 - i;
    if (back >= own.size()) continue;
    const size_t dim = own[own.size() - 1 - back];
    if (dim != 1) offset += at * step;
    step *= dim;
  }
  return offset;
}

}  // namespace

bool MatmulLayoutOf(const std::vector<size_t>& a,
                    const std::vector<size_t>& b, MatmulLayout* l) {
  if (a.empty() || b.empty()) return false;
  l->m = a.size() == 1 ? 1 : a[a.size() - 2];
  l->k = a.back();
  l->n = b.size() == 1 ? 1 : b.back();
  const size_t kb = b.size() == 1 ? b[0] : b[b.size() - 2];
  if (kb != l->k) return false;
  const std::vector<size_t> ba = BatchOf(a), bb = BatchOf(b);
  std::vector<size_t> batch(std::max(ba.size(), bb.size()), 1);
  for (size_t back = 0; back < batch.size(); ++back) {
    const size_t da = back < ba.size() ? ba[ba.size() - 1 - back] : 1;
    const size_t db = back < bb.size() ? bb[bb.size() - 1 - back] : 1;
    if (da != db && da != 1 && db != 1) return false;
    batch[batch.size() - 1 - back] = da == 1 ? db : da;
  }
  size_t count = 1;
  for (size_t d : batch) count *= d;
  l->out_shape = batch;
  if (a.size() > 1) l->out_shape.push_back(l->m);
  if (b.size() > 1) l->out_shape.push_back(l->n);
  l->a_offset.resize(count);
  l->b_offset.resize(count);
  for (size_t r = 0; r < count; ++r) {
    l->a_offset[r] = OffsetIn(batch, ba, l->m * l->k, r);
    l->b_offset[r] = OffsetIn(batch, bb, l->k * l->n, r);
  }
  return true;
}

void MatmulTruth(const float* a, const float* b, const MatmulLayout& l,
                 double* t) {
  std::unique_ptr<ExactDot> dot(new ExactDot);
  for (size_t r = 0; r < l.a_offset.size(); ++r) {
    const float* ar = a + l.a_offset[r];
    const float* br = b + l.b_offset[r];
    for (size_t i = 0; i < l.m; ++i) {
      for (size_t j = 0; j < l.n; ++j) {
        dot->Clear();
        for (size_t p = 0; p < l.k; ++p) {
          dot->Add(ar[i * l.k + p], br[p * l.n + j]);
        }
        t[(r * l.m + i) * l.n + j] = dot->Value();
      }
    }
  }
}

bool GemmLayoutOf(const std::vector<size_t>& a, const std::vector<size_t>& b,
                  const std::vector<size_t>* c_shape, bool trans_a,
                  bool trans_b, GemmLayout* l) {
  if (a.size() != 2 || b.size() != 2) return false;
  l->trans_a = trans_a;
  l->trans_b = trans_b;
  l->m = a[trans_a ? 1 : 0];
  l->k = a[trans_a ? 0 : 1];
  l->n = b[trans_b ? 0 : 1];
  if (b[trans_b ? 1 : 0] != l->k) return false;
  l->has_c = c_shape != nullptr;
  if (!l->has_c) return true;
  const std::vector<size_t>& c = *c_shape;
  if (c.size() > 2) return false;
  const size_t want[2] = {l->m, l->n};
  for (size_t back = 0; back < c.size(); ++back) {
    const size_t dim = c[c.size() - 1 - back];
    if (dim != 1 && dim != want[1 - back]) return false;
  }
  l->c_shape = c;
  return true;
}

namespace {

// c's element for (i, j) under the broadcast.
float CAt(const float* c, const GemmLayout& l, size_t i, size_t j) {
  const std::vector<size_t>& s = l.c_shape;
  const bool rows = s.size() == 2 && s[0] != 1;
  const bool cols = !s.empty() && s.back() != 1;
  return c[(rows ? i : 0) * (cols ? s.back() : 1) + (cols ? j : 0)];
}

}  // namespace

void GemmTruth(const float* a, const float* b, const float* c, float alpha,
               float beta, const GemmLayout& l, double* t) {
  std::unique_ptr<ExactDot> dot(new ExactDot);
  // alpha * S needs S's bits (ExactDot's 636 at most) and 24 more; beta *
  // c 48; the sum is rounded once, to binary64's 53 bits.
  MpfrNumber scaled(640 + 24), term(48), sum(53);
  for (size_t i = 0; i < l.m; ++i) {
    for (size_t j = 0; j < l.n; ++j) {
      dot->Clear();
      for (size_t p = 0; p < l.k; ++p) {
        dot->Add(l.trans_a ? a[p * l.m + i] : a[i * l.k + p],
                 l.trans_b ? b[j * l.k + p] : b[p * l.n + j]);
      }
      const float ce = l.has_c ? CAt(c, l, i, j) : 0.0f;
      double& out = t[i * l.n + j];
      if (!dot->AllFinite() || !isfinite(alpha) ||
          (l.has_c && (!isfinite(beta) || !isfinite(ce)))) {
        out = alpha * dot->Value();
        if (l.has_c) out += static_cast<double>(beta) * ce;
        continue;
      }
      mpfr_mul_d(scaled, dot->Sum(), alpha, MPFR_RNDN);  // exact
      mpfr_set_flt(term, ce, MPFR_RNDN);
      mpfr_mul_d(term, term, l.has_c ? beta : 0.0f, MPFR_RNDN);  // exact
      mpfr_add(sum, scaled, term, MPFR_RNDN);
      out = sum.ToDouble();
    }
  }
}

}  // namespace refmath
