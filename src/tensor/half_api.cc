// The row operations on half-precision views (refmath_tensor_softmax16,
// _log_softmax16, _layer_norm16, _rms_norm16): the checks of their
// binary32 calls in the same order, on refmath_tensor16, then the same
// row loops (row_loops.h) over rows widened on reading and rounded once
// on writing (half_rows.h).
#include <math.h>

#include "refmath/tensor.h"
#include "src/tensor/checks.h"
#include "src/tensor/half_rows.h"
#include "src/tensor/row_loops.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

// The options, the views, the format: REFMATH_OK or the first failure;
// *binary16 tells the format.
int SetupHalf(const refmath_tensor_options* opt, refmath_half_format format,
              const refmath_tensor16* in, const refmath_tensor16* out,
              Engine* e, bool* binary16) {
  int status = Setup(opt, e, nullptr);
  if (status == REFMATH_OK) status = CheckView16(in);
  if (status == REFMATH_OK) status = CheckView16(out);
  if (status != REFMATH_OK) return status;
  return KnownHalfFormat(format, binary16) ? REFMATH_OK
                                           : REFMATH_E_BAD_ARGUMENT;
}

// in and out of one shape, the last axis not empty, and out either in
// itself or apart from it: REFMATH_OK or the first failure.
int CheckRows(const refmath_tensor16& in, const refmath_tensor16& out) {
  if (in.ndim == 0) return REFMATH_E_AXIS;
  if (!ShapeWithout(Geometry(in), in.ndim, Geometry(out))) {
    return REFMATH_E_SHAPE;
  }
  if (in.shape[in.ndim - 1] == 0) return REFMATH_E_EMPTY_AXIS;
  if (Overlap16(in, out) && !SameView16(in, out)) return REFMATH_E_OVERLAP;
  return REFMATH_OK;
}

int Softmax16(refmath_half_format format, const refmath_tensor16* in,
              const refmath_tensor16* out, const refmath_tensor_options* opt,
              bool log) {
  Engine e;
  bool b16 = false;
  int status = SetupHalf(opt, format, in, out, &e, &b16);
  if (status == REFMATH_OK) status = CheckRows(*in, *out);
  if (status != REFMATH_OK) return status;
  return SoftmaxRows(e, HalfRows(*in, in->ndim - 1, b16),
                     HalfRows(*out, out->ndim - 1, b16), log);
}

int Norm16(refmath_half_format format, const refmath_tensor16* in,
           const refmath_tensor* scale, const refmath_tensor* bias, float eps,
           const refmath_tensor16* out, const refmath_tensor_options* opt,
           bool with_mean) {
  Engine e;
  bool b16 = false;
  int status = SetupHalf(opt, format, in, out, &e, &b16);
  for (const refmath_tensor* t : {scale, bias}) {
    if (status == REFMATH_OK && t) status = CheckView(t);
  }
  if (status != REFMATH_OK) return status;
  if (!(eps >= 0.0f) || isinf(eps)) return REFMATH_E_BAD_ARGUMENT;
  if (in->ndim == 0) return REFMATH_E_AXIS;
  const size_t n = in->shape[in->ndim - 1];
  if (!IsVector(scale, n) || !IsVector(bias, n)) return REFMATH_E_SHAPE;
  status = CheckRows(*in, *out);
  if (status != REFMATH_OK) return status;
  if (Overlap16(*out, scale) || Overlap16(*out, bias)) {
    return REFMATH_E_OVERLAP;
  }
  return NormRows(e, HalfRows(*in, in->ndim - 1, b16),
                  HalfRows(*out, out->ndim - 1, b16), scale, bias, eps,
                  with_mean, false, [](size_t, const NormStats&) {});
}

}  // namespace
}  // namespace tensor
}  // namespace refmath

using refmath::tensor::Norm16;
using refmath::tensor::Softmax16;

extern "C" {

refmath_tensor16 refmath_tensor16_contiguous(unsigned short* data,
                                             size_t ndim,
                                             const size_t* shape) {
  return refmath::tensor::ContiguousView<refmath_tensor16>(data, ndim, shape);
}

int refmath_tensor_softmax16(refmath_half_format format,
                             const refmath_tensor16* in,
                             const refmath_tensor16* out,
                             const refmath_tensor_options* opt) {
  return Softmax16(format, in, out, opt, false);
}

int refmath_tensor_log_softmax16(refmath_half_format format,
                                 const refmath_tensor16* in,
                                 const refmath_tensor16* out,
                                 const refmath_tensor_options* opt) {
  return Softmax16(format, in, out, opt, true);
}

int refmath_tensor_layer_norm16(refmath_half_format format,
                                const refmath_tensor16* in,
                                const refmath_tensor* scale,
                                const refmath_tensor* bias, float eps,
                                const refmath_tensor16* out,
                                const refmath_tensor_options* opt) {
  return Norm16(format, in, scale, bias, eps, out, opt, true);
}

int refmath_tensor_rms_norm16(refmath_half_format format,
                              const refmath_tensor16* in,
                              const refmath_tensor* scale, float eps,
                              const refmath_tensor16* out,
                              const refmath_tensor_options* opt) {
  return Norm16(format, in, scale, nullptr, eps, out, opt, false);
}

}  // extern "C"
