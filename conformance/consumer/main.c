/* Links against an installed librefmath.a and checks one known value. */
#include <stdio.h>
#include <string.h>

#include "refmath/refmath.h"

int main(void) {
  float in[3] = {0.0f, 1.0f, -0.0f}, out[3];
  unsigned bits[3];
  if (refmath_eval_f32(REFMATH_LOG, REFMATH_EXACT, REFMATH_TARGET_BEST, in, out,
                       3) != REFMATH_OK) {
    fprintf(stderr, "refmath_eval_f32 failed\n");
    return 1;
  }
  memcpy(bits, out, sizeof(bits));
  /* log(+0) = -inf, log(1) = +0, log(-0) = -inf */
  if (bits[0] != 0xFF800000u || bits[1] != 0u || bits[2] != 0xFF800000u) {
    fprintf(stderr, "unexpected bits %08x %08x %08x\n", bits[0], bits[1], bits[2]);
    return 1;
  }
  printf("consumer ok: exp(0) = %g\n", refmath_expf(0.0f));
  return refmath_expf(0.0f) == 1.0f ? 0 : 1;
}
