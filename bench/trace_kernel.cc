// refmath_trace_kernel FUNCTION N [VARIANT]: runs the AVX3 kernel of
// FUNCTION in VARIANT (exact, the default, or correct) once over the
// benchmark's first N hot inputs (bench/hot_inputs.h).  Not a benchmark:
// bench/insn_trace.py single-steps it under gdb to count the instructions a
// vector of those inputs executes, branches included.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

#include "bench/hot_inputs.h"
#include "refmath/refmath.h"
#include "simd/dispatch/kernel_table.h"

int main(int argc, char** argv) {
  using namespace refmath_bench;
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: refmath_trace_kernel FUNCTION N [exact|correct]\n");
    return 2;
  }
  refmath_variant variant = REFMATH_EXACT;
  if (argc == 4) {
    if (strcmp(argv[3], "correct") == 0) {
      variant = REFMATH_CORRECT;
    } else if (strcmp(argv[3], "exact") != 0) {
      fprintf(stderr, "refmath_trace_kernel: bad variant\n");
      return 2;
    }
  }
  const Function* f = nullptr;
  for (const Function& g : kFunctions) {
    if (strcmp(g.name, argv[1]) == 0) f = &g;
  }
  char* end = nullptr;
  const unsigned long n = strtoul(argv[2], &end, 10);
  if (f == nullptr || *end != '\0' || n == 0 || n > (1u << 20)) {
    fprintf(stderr, "refmath_trace_kernel: bad function or size\n");
    return 2;
  }
  const refmath::detail::KernelTable table =
      variant == REFMATH_EXACT ? refmath::detail::ExactKernelTable()
                               : refmath::detail::CorrectKernelTable();
  for (size_t i = 0; i < table.count; ++i) {
    const refmath::detail::TargetKernels& k = table.entries[i];
    if (k.target != REFMATH_TARGET_AVX3) continue;
    if (refmath_target_status(variant, k.target) != REFMATH_OK) break;
    std::vector<float> in(n), out(n);
    FillHotInputs(*f, in.data(), n);
    k.eval(f->id, in.data(), out.data(), n);
    return 0;
  }
  fprintf(stderr, "refmath_trace_kernel: AVX3 is not usable here\n");
  return 1;
}
