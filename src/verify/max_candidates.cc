#include "src/verify/max_candidates.h"

#include <algorithm>

namespace refmath {

void MaxCandidates::Add(uint64_t position, double ulp) {
  if (ulp < running_max_ - kCandidateTolerance) return;
  entries_.push_back({position, ulp});
  running_max_ = std::max(running_max_, ulp);
  if (entries_.size() > 4 * kMaxCandidates) Prune();
}

void MaxCandidates::Append(const MaxCandidates& other) {
  entries_.insert(entries_.end(), other.entries_.begin(), other.entries_.end());
  running_max_ = std::max(running_max_, other.running_max_);
}

const std::vector<MaxCandidates::Entry>& MaxCandidates::Pruned() {
  Prune();
  return entries_;
}

void MaxCandidates::Prune() {
  std::sort(entries_.begin(), entries_.end(),
            [](const Entry& a, const Entry& b) {
              return a.ulp != b.ulp ? a.ulp > b.ulp : a.position < b.position;
            });
  if (entries_.empty()) return;
  const double floor = entries_[0].ulp - kCandidateTolerance;
  size_t keep = 0;
  while (keep < entries_.size() && keep < kMaxCandidates &&
         entries_[keep].ulp >= floor) {
    ++keep;
  }
  entries_.resize(keep);
}

}  // namespace refmath
