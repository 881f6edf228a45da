// The tensor C API (include/refmath/tensor.h): options, then views, then
// shapes and axes, then overlap, each failure a status with nothing
// written; then the computation (algorithms.h) under the IEEE default
// floating-point environment.
#include <math.h>

#include <vector>

#include "refmath/tensor.h"
#include "src/tensor/algorithms.h"
#include "src/tensor/checks.h"
#include "src/tensor/matmul_shapes.h"
#include "src/tensor/parallel.h"
#include "src/tensor/row_loops.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

// The checks and the row loop of a reduction along one axis:
// value(inner, rows, r, buf) is row r's result.  An empty axis is an error
// unless empty_ok.
template <typename Value>
int AlongAxis(const refmath_tensor* in, int axis, const refmath_tensor* out,
              const Engine& e, bool empty_ok, Value value) {
  int status = CheckViews({in, out});
  if (status != REFMATH_OK) return status;
  const int nd = static_cast<int>(in->ndim);
  if (axis < -nd || axis >= nd) return REFMATH_E_AXIS;
  const size_t ax = static_cast<size_t>(axis < 0 ? axis + nd : axis);
  if (!ShapeWithout(*in, ax, *out)) return REFMATH_E_SHAPE;
  if (!empty_ok && in->shape[ax] == 0) return REFMATH_E_EMPTY_AXIS;
  if (Overlap(*in, *out)) return REFMATH_E_OVERLAP;
  const Rows rows(*in, ax), dst(*out, out->ndim);
  const size_t n = rows.length();
  const Engine inner{e.k, rows.count() == 1 ? e.threads : 1};
  return Guarded([&] {
    ParallelFor(rows.count(), ThreadsFor(e.threads, rows.count() * n),
                [&](size_t begin, size_t end) {
      std::vector<float> buf, scratch;
      for (size_t r = begin; r < end; ++r) {
        *dst.Base(r) = CanonicalNaN(value(inner, rows, r, &buf, &scratch));
      }
    });
  });
}

// Sum or mean along one axis.
int Reduce(const refmath_tensor* in, int axis, const refmath_tensor* out,
           const refmath_tensor_options* opt, bool mean) {
  Engine e;
  refmath_sum_mode mode;
  const int status = Setup(opt, &e, &mode);
  if (status != REFMATH_OK) return status;
  return AlongAxis(in, axis, out, e, !mean,
                   [&](const Engine& inner, const Rows& rows, size_t r,
                       std::vector<float>* buf, std::vector<float>*) {
    const size_t n = rows.length();
    float v = mode == REFMATH_SUM_CORRECTLY_ROUNDED
                  ? CorrectlyRoundedSum(inner, rows.Base(r), n, rows.step())
                  : CanonicalSum(inner, rows.Read(r, buf), n);
    return mean ? v / static_cast<float>(n) : v;
  });
}

// softmax or log-softmax over the last axis.
int Softmax(const refmath_tensor* in, const refmath_tensor* out,
            const refmath_tensor_options* opt, bool log) {
  Engine e;
  int status = SetupFor(opt, &e, {in, out});
  if (status != REFMATH_OK) return status;
  if (in->ndim == 0) return REFMATH_E_AXIS;
  if (!ShapeWithout(*in, in->ndim, *out)) return REFMATH_E_SHAPE;
  if (in->shape[in->ndim - 1] == 0) return REFMATH_E_EMPTY_AXIS;
  if (Overlap(*in, *out) && !SameView(*in, *out)) return REFMATH_E_OVERLAP;
  return SoftmaxRows(e, Rows(*in, in->ndim - 1), Rows(*out, out->ndim - 1),
                     log);
}

// Contiguous copy of a 1-D view (or nullptr for none).
const float* Contiguous(const refmath_tensor* t, std::vector<float>* buf) {
  if (t == nullptr) return nullptr;
  return Rows(*t, 0).Read(0, buf);
}

// Whether t (or no tensor) has in's shape with the last axis 1: one value
// per row, as ONNX keeps the normalized axis.
bool IsPerRow(const refmath_tensor* t, const refmath_tensor& in) {
  if (t == nullptr) return true;
  if (t->ndim != in.ndim || t->shape[t->ndim - 1] != 1) return false;
  for (size_t i = 0; i + 1 < in.ndim; ++i) {
    if (t->shape[i] != in.shape[i]) return false;
  }
  return true;
}

// Element r of a per-row view (none: nothing), NaN canonical.
void PutPerRow(const refmath_tensor* t, size_t r, float v) {
  if (t != nullptr) *Rows(*t, t->ndim - 1).Base(r) = CanonicalNaN(v);
}

// Layer norm's optional statistics outputs.
struct StatsViews {
  const refmath_tensor* mean;
  const refmath_tensor* inv_std_dev;
};

// Whether a statistics view overlaps any other operand or the other one.
bool StatsOverlap(const StatsViews& s,
                  std::initializer_list<const refmath_tensor*> others) {
  for (const refmath_tensor* t : {s.mean, s.inv_std_dev}) {
    if (t != nullptr && OverlapsAny(*t, others)) return true;
  }
  return s.mean && s.inv_std_dev && Overlap(*s.mean, *s.inv_std_dev);
}

// layer norm (with_mean, and its statistics when asked) or RMS norm over
// the last axis.
int Norm(const refmath_tensor* in, const refmath_tensor* scale,
         const refmath_tensor* bias, float eps, const refmath_tensor* out,
         const refmath_tensor_options* opt, bool with_mean,
         StatsViews stats = {nullptr, nullptr}) {
  Engine e;
  int status = SetupFor(opt, &e, {in, out});
  for (const refmath_tensor* t : {scale, bias, stats.mean, stats.inv_std_dev}) {
    if (status == REFMATH_OK && t) status = CheckView(t);
  }
  if (status != REFMATH_OK) return status;
  if (!(eps >= 0.0f) || isinf(eps)) return REFMATH_E_BAD_ARGUMENT;
  if (in->ndim == 0) return REFMATH_E_AXIS;
  const size_t n = in->shape[in->ndim - 1];
  if (!ShapeWithout(*in, in->ndim, *out) || !IsVector(scale, n) ||
      !IsVector(bias, n) || !IsPerRow(stats.mean, *in) ||
      !IsPerRow(stats.inv_std_dev, *in)) {
    return REFMATH_E_SHAPE;
  }
  if (n == 0) return REFMATH_E_EMPTY_AXIS;
  if ((Overlap(*in, *out) && !SameView(*in, *out)) ||
      OverlapsAny(*out, {scale, bias}) ||
      StatsOverlap(stats, {in, out, scale, bias})) {
    return REFMATH_E_OVERLAP;
  }
  return NormRows(e, Rows(*in, in->ndim - 1), Rows(*out, out->ndim - 1),
                  scale, bias, eps, with_mean, stats.mean || stats.inv_std_dev,
                  [&](size_t r, const NormStats& s) {
                    PutPerRow(stats.mean, r, s.mean);
                    PutPerRow(stats.inv_std_dev, r, s.inv_std_dev);
                  });
}

}  // namespace
}  // namespace tensor
}  // namespace refmath

using namespace refmath::tensor;  // NOLINT: the C entry points below

extern "C" {

refmath_tensor_options refmath_tensor_default_options(void) {
  refmath_tensor_options o;
  o.variant = REFMATH_EXACT;
  o.target = REFMATH_TARGET_BEST;
  o.mode = REFMATH_SUM_CANONICAL;
  o.threads = 0;
  return o;
}

refmath_tensor refmath_tensor_contiguous(float* data, size_t ndim,
                                         const size_t* shape) {
  return ContiguousView<refmath_tensor>(data, ndim, shape);
}

}  // extern "C"

extern "C" {

int refmath_tensor_sum(const refmath_tensor* in, int axis,
                       const refmath_tensor* out,
                       const refmath_tensor_options* opt) {
  return Reduce(in, axis, out, opt, false);
}

int refmath_tensor_mean(const refmath_tensor* in, int axis,
                        const refmath_tensor* out,
                        const refmath_tensor_options* opt) {
  return Reduce(in, axis, out, opt, true);
}

int refmath_tensor_reduce(const refmath_tensor* in, refmath_reduce_op op,
                          int axis, const refmath_tensor* out,
                          const refmath_tensor_options* opt) {
  Engine e;
  const int status = Setup(opt, &e, nullptr);
  if (status != REFMATH_OK) return status;
  if (RawValue(op) < REFMATH_REDUCE_MAX ||
      RawValue(op) > REFMATH_REDUCE_LOG_SUM_EXP) {
    return REFMATH_E_BAD_ARGUMENT;
  }
  const bool empty_ok = op != REFMATH_REDUCE_MAX && op != REFMATH_REDUCE_MIN &&
                        op != REFMATH_REDUCE_LOG_SUM_EXP;
  return AlongAxis(in, axis, out, e, empty_ok,
                   [&](const Engine&, const Rows& rows, size_t r,
                       std::vector<float>* buf, std::vector<float>* scratch) {
    return ReduceRow(*e.k, op, rows.Read(r, buf), rows.length(), scratch);
  });
}

int refmath_tensor_dot(const refmath_tensor* x, const refmath_tensor* y,
                       const refmath_tensor* out,
                       const refmath_tensor_options* opt) {
  Engine e;
  int status = SetupFor(opt, &e, {x, y, out});
  if (status != REFMATH_OK) return status;
  if (x->ndim != 1 || !IsVector(y, x->shape[0]) || out->ndim != 0) {
    return REFMATH_E_SHAPE;
  }
  if (OverlapsAny(*out, {x, y})) return REFMATH_E_OVERLAP;
  return Guarded([&] {
    std::vector<float> xb, yb;
    const float* xp = Contiguous(x, &xb);
    const float* yp = Contiguous(y, &yb);
    out->data[0] = CanonicalDot(e, xp, yp, x->shape[0]);
  });
}

int refmath_tensor_matmul_shape(const refmath_tensor* a,
                                const refmath_tensor* b, size_t* ndim,
                                size_t* shape) {
  int status = CheckViews({a, b});
  if (status != REFMATH_OK) return status;
  if (ndim == nullptr || shape == nullptr) return REFMATH_E_NULL_POINTER;
  MatmulPlan p;
  if (!PlanMatmul(*a, *b, &p)) return REFMATH_E_SHAPE;
  *ndim = p.ndim;
  for (size_t i = 0; i < p.ndim; ++i) shape[i] = p.shape[i];
  return REFMATH_OK;
}

int refmath_tensor_matmul(const refmath_tensor* a, const refmath_tensor* b,
                          const refmath_tensor* out,
                          const refmath_tensor_options* opt) {
  Engine e;
  int status = SetupFor(opt, &e, {a, b, out});
  if (status != REFMATH_OK) return status;
  MatmulPlan p;
  if (!PlanMatmul(*a, *b, &p) || !HasPlanShape(p, *out)) {
    return REFMATH_E_SHAPE;
  }
  if (OverlapsAny(*out, {a, b})) return REFMATH_E_OVERLAP;
  return Guarded([&] { BatchedMatmul(e, p, *out); });
}

int refmath_tensor_softmax(const refmath_tensor* in,
                           const refmath_tensor* out,
                           const refmath_tensor_options* opt) {
  return Softmax(in, out, opt, false);
}

int refmath_tensor_log_softmax(const refmath_tensor* in,
                               const refmath_tensor* out,
                               const refmath_tensor_options* opt) {
  return Softmax(in, out, opt, true);
}

int refmath_tensor_layer_norm(const refmath_tensor* in,
                              const refmath_tensor* scale,
                              const refmath_tensor* bias, float eps,
                              const refmath_tensor* out,
                              const refmath_tensor_options* opt) {
  return Norm(in, scale, bias, eps, out, opt, true);
}

int refmath_tensor_layer_norm_stats(const refmath_tensor* in,
                                    const refmath_tensor* scale,
                                    const refmath_tensor* bias, float eps,
                                    const refmath_tensor* out,
                                    const refmath_tensor* mean,
                                    const refmath_tensor* inv_std_dev,
                                    const refmath_tensor_options* opt) {
  return Norm(in, scale, bias, eps, out, opt, true, {mean, inv_std_dev});
}

int refmath_tensor_rms_norm(const refmath_tensor* in,
                            const refmath_tensor* scale, float eps,
                            const refmath_tensor* out,
                            const refmath_tensor_options* opt) {
  return Norm(in, scale, nullptr, eps, out, opt, false);
}

}  // extern "C"
