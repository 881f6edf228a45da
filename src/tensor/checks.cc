#include "src/tensor/checks.h"

#include "src/tensor/parallel.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

// The tensor operations have an exact and a fast variant only.
int ResolveKernels(int variant, int target, const TensorKernels** out) {
  if (variant != REFMATH_EXACT && variant != REFMATH_FAST) {
    return REFMATH_E_UNKNOWN_VARIANT;
  }
  if (target < 0 || target >= REFMATH_NUM_TARGETS) {
    return REFMATH_E_UNKNOWN_TARGET;
  }
  const auto v = static_cast<refmath_variant>(variant);
  const auto t = static_cast<refmath_target>(target);
  const int status = refmath_target_status(v, t);
  if (status != REFMATH_OK) return status;
  const int concrete = t == REFMATH_TARGET_BEST ? refmath_best_target(v) : t;
  const TensorTable table =
      v == REFMATH_EXACT ? ExactTensorTable() : FastTensorTable();
  for (size_t i = 0; i < table.count; ++i) {
    if (table.rows[i].target == concrete) {
      *out = table.rows[i].kernels;
      return REFMATH_OK;
    }
  }
  return REFMATH_E_TARGET_NOT_BUILT;
}

}  // namespace

int Setup(const refmath_tensor_options* opt, Engine* e,
          refmath_sum_mode* mode) {
  const refmath_tensor_options o =
      opt ? *opt : refmath_tensor_default_options();
  const int status =
      ResolveKernels(RawValue(o.variant), RawValue(o.target), &e->k);
  if (status != REFMATH_OK) return status;
  if (o.threads < 0) return REFMATH_E_BAD_ARGUMENT;
  const int raw_mode = RawValue(o.mode);
  if (raw_mode != REFMATH_SUM_CANONICAL &&
      raw_mode != REFMATH_SUM_CORRECTLY_ROUNDED) {
    return REFMATH_E_BAD_ARGUMENT;
  }
  e->threads = ThreadCount(o.threads);
  if (mode) *mode = static_cast<refmath_sum_mode>(raw_mode);
  return REFMATH_OK;
}

int SetupFor(const refmath_tensor_options* opt, Engine* e,
             std::initializer_list<const refmath_tensor*> views) {
  const int status = Setup(opt, e, nullptr);
  return status == REFMATH_OK ? CheckViews(views) : status;
}

int CheckViews(std::initializer_list<const refmath_tensor*> views) {
  for (const refmath_tensor* t : views) {
    const int status = CheckView(t);
    if (status != REFMATH_OK) return status;
  }
  return REFMATH_OK;
}

bool OverlapsAny(const refmath_tensor& out,
                 std::initializer_list<const refmath_tensor*> ins) {
  for (const refmath_tensor* t : ins) {
    if (t && Overlap(out, *t)) return true;
  }
  return false;
}

bool KnownHalfFormat(refmath_half_format format, bool* binary16) {
  const int f = RawValue(format);
  *binary16 = f == REFMATH_HALF_BINARY16;
  return f == REFMATH_HALF_BINARY16 || f == REFMATH_HALF_BFLOAT16;
}

bool IsVector(const refmath_tensor* t, size_t n) {
  return t == nullptr || (t->ndim == 1 && t->shape[0] == n);
}

}  // namespace tensor
}  // namespace refmath
