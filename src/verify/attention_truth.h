// The truth of attention with batch and heads (compare --op attention):
// softmax(Q K^T * scale + mask) V per (batch, head) slice, with the keys
// that causal or the boolean mask leave out taken away, evaluated as
// tensor_compare.h says (the scores q.k exact, the rest in MPFR at 192
// bits) and rounded once to binary64.  The 2-D form is one slice.
#ifndef REFMATH_SRC_VERIFY_ATTENTION_TRUTH_H_
#define REFMATH_SRC_VERIFY_ATTENTION_TRUTH_H_

#include <stddef.h>

#include <vector>

namespace refmath {

// C-ordered q (B, H, L, d), k (B, Hkv, S, d), v (B, Hkv, S, dv); the
// masks' shapes broadcast to (B, H, L, S) from the right.
struct HeadsLayout {
  size_t b = 1, h = 1, hkv = 1, l = 0, s = 0, d = 0, dv = 0;
  bool has_mask = false, has_keep = false;
  std::vector<size_t> mask_shape, keep_shape;
};

// From 4-D (or, as one slice, 2-D) shapes; false when they do not fit
// (H not a multiple of Hkv, a mask that does not broadcast, d or S 0).
bool HeadsLayoutOf(const std::vector<size_t>& q, const std::vector<size_t>& k,
                   const std::vector<size_t>& v,
                   const std::vector<size_t>* mask,
                   const std::vector<size_t>* keep, HeadsLayout* out);

struct AttentionOptions {
  bool has_scale = false;  // false: divide by the real sqrt(d)
  float scale = 1.0f;
  bool causal = false;
};

// t (B, H, L, dv).  A query row whose q, its slice's K or V, or a mask
// entry of a kept key holds a NaN or +inf, or that keeps no key, is NaN.
void HeadsTruth(const float* q, const float* k, const float* v,
                const float* mask, const float* keep, const HeadsLayout& l,
                const AttentionOptions& o, double* t);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_ATTENTION_TRUTH_H_
