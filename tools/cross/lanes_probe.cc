// Prints "target:lanes" for every exact-kernel target usable on this CPU,
// best first (for example "sve:64 neon:4 scalar:1" on a 2048-bit SVE CPU).
// tools/cross/arm64.sh runs it under qemu to check that each configuration
// runs at the vector length it claims: qemu-user (like Linux) starts a
// process at a default SVE length that may be shorter than sve-max-vq.
// Uses the library's internal kernel table, so it is built from the tree.
#include <stdio.h>

#include "hwy/targets.h"
#include "refmath/refmath.h"
#include "simd/dispatch/kernel_table.h"

int main() {
  const refmath::detail::KernelTable table =
      refmath::detail::ExactKernelTable();
  const char* sep = "";
  for (size_t i = 0; i < table.count; ++i) {
    const refmath::detail::TargetKernels& k = table.entries[i];
    if ((hwy::SupportedTargets() & k.hwy_target) == 0) continue;
    printf("%s%s:%zu", sep, refmath_target_name(k.target), k.lanes());
    sep = " ";
  }
  printf("\n");
  return 0;
}
