/* Links against an installed librefmath.a and checks one known value, and
 * that an enum argument outside its enumerators (which C allows a caller
 * to pass) is refused, not read. */
#include <stdio.h>
#include <string.h>

#include "refmath/refmath.h"
#include "refmath/tensor.h"

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
  {
    float x[2] = {0.0f, 1.0f}, y[2] = {7.0f, 7.0f};
    size_t n = 2;
    refmath_tensor vx = refmath_tensor_contiguous(x, 1, &n);
    refmath_tensor vy = refmath_tensor_contiguous(y, 1, &n);
    if (refmath_tensor_activation(&vx, (refmath_activation)4, &vy, NULL) !=
            REFMATH_E_BAD_ARGUMENT ||
        y[0] != 7.0f) {
      fprintf(stderr, "an activation outside the enum was not refused\n");
      return 1;
    }
  }
  {
    /* Half-precision storage: 1.5 to binary16 and back; a format outside
     * the enum is refused with nothing written. */
    float f[2] = {1.5f, 7.0f};
    unsigned short h[2] = {0, 0};
    unsigned widened = 0;
    if (refmath_tensor_narrow(REFMATH_HALF_BINARY16, f, h, 1, NULL) !=
            REFMATH_OK ||
        h[0] != 0x3E00 ||
        refmath_tensor_widen(REFMATH_HALF_BINARY16, h, f + 1, 1, NULL) !=
            REFMATH_OK ||
        (memcpy(&widened, f + 1, sizeof widened), widened != 0x3FC00000u) ||
        refmath_tensor_narrow((refmath_half_format)2, f, h + 1, 1, NULL) !=
            REFMATH_E_BAD_ARGUMENT ||
        h[1] != 0) {
      fprintf(stderr, "half-precision storage failed\n");
      return 1;
    }
  }
  printf("consumer ok: exp(0) = %g\n", refmath_expf(0.0f));
  return refmath_expf(0.0f) == 1.0f ? 0 : 1;
}
