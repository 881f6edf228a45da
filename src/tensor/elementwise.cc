// The elementwise operations models fuse (docs/tensor-ops.md,
// "Elementwise"): activations through the function kernels, SwiGLU's gate,
// the residual or bias add, and the rotary position embedding.  Every
// element is computed from its own inputs alone, so rows, batch and
// threads change no bit.
#include <initializer_list>
#include <vector>

#include "refmath/tensor.h"
#include "src/tensor/algorithms.h"
#include "src/tensor/checks.h"
#include "src/tensor/parallel.h"
#include "src/tensor/views.h"

namespace refmath {
namespace tensor {
namespace {

// The rows of an elementwise op run along the last axis (a 0-d view is
// one row of one element).
size_t RowAxis(const refmath_tensor& t) {
  return t.ndim == 0 ? 0 : t.ndim - 1;
}

// Whether b has a's shape (ShapeWithout with no axis left out).
bool SameShape(const refmath_tensor& a, const refmath_tensor& b) {
  return ShapeWithout(a, a.ndim, b);
}

// out may be one of the inputs itself, and meet none otherwise.
bool OverlapsBadly(const refmath_tensor& out,
                   std::initializer_list<const refmath_tensor*> ins) {
  for (const refmath_tensor* in : ins) {
    if (in != nullptr && Overlap(out, *in) && !SameView(out, *in)) return true;
  }
  return false;
}

// A thread's buffers for the rows it reads (strided rows are copied).
struct Scratch {
  std::vector<float> a, b, c, out;
};

// The row loop: body(r, y, n, scratch) writes row r of out (contiguous,
// n elements) into y; rows split over the threads.
template <class Body>
int ByRows(const Engine& e, const refmath_tensor& out, const Body& body) {
  const Rows dst(out, RowAxis(out));
  const size_t n = dst.length();
  return Guarded([&] {
    ParallelFor(dst.count(), ThreadsFor(e.threads, dst.count() * n),
                [&](size_t begin, size_t end) {
      Scratch s;
      for (size_t r = begin; r < end; ++r) {
        body(r, dst.WriteTarget(r, &s.out), n, &s);
        dst.Flush(r, s.out);
      }
    });
  });
}

// Row r of a view whose rows match out's, as contiguous memory.
struct RowReader {
  explicit RowReader(const refmath_tensor& t) : rows(t, RowAxis(t)) {}
  const float* operator()(size_t r, std::vector<float>* buf) const {
    return rows.Read(r, buf);
  }
  Rows rows;
};

// The function kernel of an activation, and the variant that computes
// it: the options' where that variant defines the function, else the
// correctly rounded one.
struct Kernel {
  refmath_function f;
  refmath_variant v;
  refmath_target t;
};

int KernelFor(int act, const refmath_tensor_options* opt, Kernel* k) {
  static const refmath_function kOf[] = {REFMATH_SILU, REFMATH_GELU_ERF,
                                         REFMATH_GELU_TANH, REFMATH_SOFTPLUS};
  if (act < REFMATH_ACTIVATION_SILU || act > REFMATH_ACTIVATION_SOFTPLUS) {
    return REFMATH_E_BAD_ARGUMENT;
  }
  const refmath_tensor_options o =
      opt ? *opt : refmath_tensor_default_options();
  k->f = kOf[act];
  k->v = refmath_function_status(k->f, o.variant) == REFMATH_OK
             ? o.variant
             : REFMATH_CORRECT;
  k->t = o.target;
  return refmath_target_status(k->v, k->t);
}

// Checks shared by the ops whose inputs all have out's shape.
int CheckSameShape(const refmath_tensor* out,
                   std::initializer_list<const refmath_tensor*> ins) {
  int status = CheckView(out);
  for (const refmath_tensor* in : ins) {
    if (status == REFMATH_OK) status = CheckView(in);
  }
  if (status != REFMATH_OK) return status;
  for (const refmath_tensor* in : ins) {
    if (!SameShape(*in, *out)) return REFMATH_E_SHAPE;
  }
  return OverlapsBadly(*out, ins) ? REFMATH_E_OVERLAP : REFMATH_OK;
}

// The options, the activation's kernel, then views of out's shape.
int PrepareActivation(const refmath_tensor_options* opt, int act,
                      const refmath_tensor* out,
                      std::initializer_list<const refmath_tensor*> ins,
                      Engine* e, Kernel* k) {
  int status = Setup(opt, e, nullptr);
  if (status == REFMATH_OK) status = KernelFor(act, opt, k);
  return status == REFMATH_OK ? CheckSameShape(out, ins) : status;
}

// x with the last axis halved: the shape cos and sin broadcast to.
void HalfShape(const refmath_tensor& x, size_t* shape) {
  for (size_t i = 0; i < x.ndim; ++i) shape[i] = x.shape[i];
  shape[x.ndim - 1] /= 2;
}

int CheckRope(const refmath_tensor* x, const refmath_tensor* c,
              const refmath_tensor* s, int interleaved,
              const refmath_tensor* out, refmath_tensor* cv,
              refmath_tensor* sv) {
  int status = CheckViews({x, c, s, out});
  if (status != REFMATH_OK) return status;
  if (interleaved != 0 && interleaved != 1) return REFMATH_E_BAD_ARGUMENT;
  if (x->ndim == 0 || x->shape[x->ndim - 1] % 2 != 0 || !SameShape(*x, *out)) {
    return REFMATH_E_SHAPE;
  }
  size_t half[REFMATH_TENSOR_MAX_DIMS];
  HalfShape(*x, half);
  if (!BroadcastView(*c, x->ndim, half, cv) ||
      !BroadcastView(*s, x->ndim, half, sv)) {
    return REFMATH_E_SHAPE;
  }
  if (OverlapsBadly(*out, {x}) || OverlapsAny(*out, {c, s})) {
    return REFMATH_E_OVERLAP;
  }
  return REFMATH_OK;
}

// One row of the rotation: pair i is (i, i + h), or (2i, 2i + 1).  Both
// inputs of a pair are read before either output is written, so y may be
// x.
void RotateRow(const float* x, const float* c, const float* s, size_t h,
               bool interleaved, float* y) {
  for (size_t i = 0; i < h; ++i) {
    const size_t i1 = interleaved ? 2 * i : i;
    const size_t i2 = interleaved ? 2 * i + 1 : i + h;
    const float x1 = x[i1], x2 = x[i2];
    const float x1c = x1 * c[i], x2s = x2 * s[i];
    const float x2c = x2 * c[i], x1s = x1 * s[i];
    y[i1] = CanonicalNaN(x1c - x2s);
    y[i2] = CanonicalNaN(x2c + x1s);
  }
}

}  // namespace
}  // namespace tensor
}  // namespace refmath

using namespace refmath::tensor;  // NOLINT: the C entry points below

extern "C" {

int refmath_tensor_activation(const refmath_tensor* in,
                              refmath_activation act,
                              const refmath_tensor* out,
                              const refmath_tensor_options* opt) {
  Engine e;
  Kernel k;
  const int status = PrepareActivation(opt, RawValue(act), out, {in}, &e, &k);
  if (status != REFMATH_OK) return status;
  const RowReader x(*in);
  return ByRows(e, *out, [&](size_t r, float* y, size_t n, Scratch* s) {
    refmath_eval_f32(k.f, k.v, k.t, x(r, &s->a), y, n);
  });
}

int refmath_tensor_swiglu(const refmath_tensor* gate, const refmath_tensor* up,
                          const refmath_tensor* out,
                          const refmath_tensor_options* opt) {
  Engine e;
  Kernel k;
  const int status =
      PrepareActivation(opt, REFMATH_ACTIVATION_SILU, out, {gate, up}, &e, &k);
  if (status != REFMATH_OK) return status;
  const RowReader g(*gate), u(*up);
  return ByRows(e, *out, [&](size_t r, float* y, size_t n, Scratch* s) {
    s->c.resize(n);  // silu(gate) apart: y may be gate or up itself
    refmath_eval_f32(k.f, k.v, k.t, g(r, &s->a), s->c.data(), n);
    const float* ur = u(r, &s->b);
    for (size_t i = 0; i < n; ++i) y[i] = CanonicalNaN(s->c[i] * ur[i]);
  });
}

int refmath_tensor_add(const refmath_tensor* a, const refmath_tensor* b,
                       const refmath_tensor* out,
                       const refmath_tensor_options* opt) {
  Engine e;
  const int status = SetupFor(opt, &e, {a, b, out});
  if (status != REFMATH_OK) return status;
  refmath_tensor bv;
  if (!SameShape(*a, *out) || !BroadcastView(*b, a->ndim, a->shape, &bv)) {
    return REFMATH_E_SHAPE;
  }
  if (OverlapsBadly(*out, {a, b})) return REFMATH_E_OVERLAP;
  const RowReader x(*a), w(bv);
  return ByRows(e, *out, [&](size_t r, float* y, size_t n, Scratch* s) {
    const float* xr = x(r, &s->a);
    const float* wr = w(r, &s->b);
    for (size_t i = 0; i < n; ++i) y[i] = CanonicalNaN(xr[i] + wr[i]);
  });
}

int refmath_tensor_rope(const refmath_tensor* x, const refmath_tensor* cos,
                        const refmath_tensor* sin, int interleaved,
                        const refmath_tensor* out,
                        const refmath_tensor_options* opt) {
  Engine e;
  refmath_tensor cv, sv;
  int status = Setup(opt, &e, nullptr);
  if (status == REFMATH_OK) {
    status = CheckRope(x, cos, sin, interleaved, out, &cv, &sv);
  }
  if (status != REFMATH_OK) return status;
  const RowReader xs(*x), cs(cv), ss(sv);
  return ByRows(e, *out, [&](size_t r, float* y, size_t n, Scratch* s) {
    RotateRow(xs(r, &s->a), cs(r, &s->b), ss(r, &s->c), n / 2,
              interleaved == 1, y);
  });
}

}  // extern "C"
