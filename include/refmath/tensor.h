/* refmath tensor operations: reductions and the ML operations built on
 * them, with the same output bits on every target and for every thread
 * count.  docs/tensor-ops.md defines every operation step by step (the
 * summation order, the special values); docs/api.md lists the calls.
 *
 * Arrays are strided views over float32 memory.  Every call checks its
 * arguments first and writes nothing when it returns an error status (the
 * REFMATH_E_* codes of refmath.h and the ones below). */
#ifndef REFMATH_TENSOR_H_
#define REFMATH_TENSOR_H_

#include <stddef.h>

#include "refmath/refmath.h"

#ifdef __cplusplus
extern "C" {
#endif

#define REFMATH_TENSOR_MAX_DIMS 8

/* A view: element (i0, ..., i{ndim-1}) is data[i0*stride[0] + ... ].
 * Strides count elements (not bytes) and may be zero or negative; shape
 * entries may be zero.  ndim 0 is a scalar (one element, data[0]). */
typedef struct {
  float *data;
  size_t ndim;
  size_t shape[REFMATH_TENSOR_MAX_DIMS];
  ptrdiff_t stride[REFMATH_TENSOR_MAX_DIMS];
} refmath_tensor;

/* How sum and mean add: in the canonical order (docs/tensor-ops.md,
 * "Canonical summation"), or to the binary32 nearest the exact sum. */
typedef enum {
  REFMATH_SUM_CANONICAL,
  REFMATH_SUM_CORRECTLY_ROUNDED
} refmath_sum_mode;

/* Options of every call; NULL means the defaults: exact variant, best
 * target, canonical sums, the default thread count.  The variant is
 * REFMATH_EXACT or REFMATH_FAST (any other is REFMATH_E_UNKNOWN_VARIANT).  threads == 0 is the
 * default (the number of hardware threads); the thread count never
 * changes a bit of the result. */
typedef struct {
  refmath_variant variant;
  refmath_target target;
  refmath_sum_mode mode; /* read by sum and mean only */
  int threads;
} refmath_tensor_options;

/* Status codes of the tensor calls, beside those of refmath.h. */
#define REFMATH_E_SHAPE (-9)         /* shapes do not fit together */
#define REFMATH_E_AXIS (-10)         /* axis outside [-ndim, ndim) */
#define REFMATH_E_EMPTY_AXIS (-11)   /* a zero-length axis the op needs */
#define REFMATH_E_BAD_ARGUMENT (-12) /* ndim, mode, threads or eps invalid */

/* The options above with their default values. */
refmath_tensor_options refmath_tensor_default_options(void);

/* A C-contiguous view of `data` with the given shape (ndim <= 8). */
refmath_tensor refmath_tensor_contiguous(float *data, size_t ndim,
                                         const size_t *shape);

/* out = the sum (mean) of in along `axis` (negative counts from the end);
 * out has in's shape without that axis.  An empty axis sums to +0; the
 * mean of an empty axis is REFMATH_E_EMPTY_AXIS. */
int refmath_tensor_sum(const refmath_tensor *in, int axis,
                       const refmath_tensor *out,
                       const refmath_tensor_options *opt);
/* The other reductions along one axis (docs/tensor-ops.md, "reductions"),
 * as ONNX's ReduceMax, ReduceMin, ReduceProd, ReduceSumSquare, ReduceL1,
 * ReduceL2 and ReduceLogSumExp. */
typedef enum {
  REFMATH_REDUCE_MAX,
  REFMATH_REDUCE_MIN,
  REFMATH_REDUCE_PROD,
  REFMATH_REDUCE_SUM_SQUARE,
  REFMATH_REDUCE_L1,
  REFMATH_REDUCE_L2,
  REFMATH_REDUCE_LOG_SUM_EXP
} refmath_reduce_op;

/* out = op of in along `axis`, shapes as refmath_tensor_sum; an empty axis
 * gives 1 (prod), +0 (sum of squares, L1, L2) or REFMATH_E_EMPTY_AXIS
 * (max, min, log-sum-exp); an op outside the enum is
 * REFMATH_E_BAD_ARGUMENT.  The options' sum mode is not read. */
int refmath_tensor_reduce(const refmath_tensor *in, refmath_reduce_op op,
                          int axis, const refmath_tensor *out,
                          const refmath_tensor_options *opt);
int refmath_tensor_mean(const refmath_tensor *in, int axis,
                        const refmath_tensor *out,
                        const refmath_tensor_options *opt);

/* out (ndim 0) = the dot product of two 1-D views of equal length. */
int refmath_tensor_dot(const refmath_tensor *x, const refmath_tensor *y,
                       const refmath_tensor *out,
                       const refmath_tensor_options *opt);

/* out = a @ b with numpy.matmul's shapes: a[..., M, K] b[..., K, N] ->
 * out[..., M, N], the batch axes (...) broadcast against each other; a
 * 1-D a is one row [K] (M dropped from out), a 1-D b one column [K] (N
 * dropped); two 1-D operands give a 0-d out.  Every batch element has the
 * bits of the 2-D matmul of that element alone. */
int refmath_tensor_matmul(const refmath_tensor *a, const refmath_tensor *b,
                          const refmath_tensor *out,
                          const refmath_tensor_options *opt);

/* The shape refmath_tensor_matmul writes for a and b: *ndim and
 * shape[0 .. *ndim) (room for REFMATH_TENSOR_MAX_DIMS); REFMATH_E_SHAPE
 * when they do not fit. */
int refmath_tensor_matmul_shape(const refmath_tensor *a,
                                const refmath_tensor *b, size_t *ndim,
                                size_t *shape);

/* ONNX Gemm: out[M, N] = alpha * A' B' + beta * c, A' = a[M, K] (or a^T
 * of a[K, M] when trans_a is 1), B' = b[K, N] (or b^T of b[N, K] when
 * trans_b is 1), c NULL or broadcast to (M, N) from (), (N), (1|M, 1|N).
 * The product is matmul's; then alpha*P and beta*c are rounded, then
 * their sum (docs/tensor-ops.md, "gemm").  trans_a, trans_b: 0 or 1. */
int refmath_tensor_gemm(const refmath_tensor *a, const refmath_tensor *b,
                        const refmath_tensor *c, float alpha, float beta,
                        int trans_a, int trans_b, const refmath_tensor *out,
                        const refmath_tensor_options *opt);

/* Over the last axis of any ndim >= 1; out has in's shape. */
int refmath_tensor_softmax(const refmath_tensor *in,
                           const refmath_tensor *out,
                           const refmath_tensor_options *opt);
int refmath_tensor_log_softmax(const refmath_tensor *in,
                               const refmath_tensor *out,
                               const refmath_tensor_options *opt);

/* Over the last axis (length n); scale and bias are 1-D of length n or
 * NULL; eps >= 0 and finite. */
int refmath_tensor_layer_norm(const refmath_tensor *in,
                              const refmath_tensor *scale,
                              const refmath_tensor *bias, float eps,
                              const refmath_tensor *out,
                              const refmath_tensor_options *opt);
/* layer norm as above, with ONNX LayerNormalization's Mean and InvStdDev
 * outputs: mean[row] = mu, inv_std_dev[row] = 1 / sigma rounded once
 * (docs/tensor-ops.md, "layer norm"); each of in's shape with the last
 * axis 1, or NULL. */
int refmath_tensor_layer_norm_stats(const refmath_tensor *in,
                                    const refmath_tensor *scale,
                                    const refmath_tensor *bias, float eps,
                                    const refmath_tensor *out,
                                    const refmath_tensor *mean,
                                    const refmath_tensor *inv_std_dev,
                                    const refmath_tensor_options *opt);
int refmath_tensor_rms_norm(const refmath_tensor *in,
                            const refmath_tensor *scale, float eps,
                            const refmath_tensor *out,
                            const refmath_tensor_options *opt);

/* out[Lq, dv] = softmax(q k^T / sqrt(d) + mask) v with q[Lq, d],
 * k[Lk, d], v[Lk, dv], mask[Lq, Lk] or NULL. */
int refmath_tensor_attention(const refmath_tensor *q, const refmath_tensor *k,
                             const refmath_tensor *v,
                             const refmath_tensor *mask,
                             const refmath_tensor *out,
                             const refmath_tensor_options *opt);

/* The options of attention with batch and heads; NULL means the
 * defaults (refmath_attention_default_options): no masks, scale
 * 1/sqrt(d) as refmath_tensor_attention divides, not causal. */
typedef struct {
  /* Added to the scores; broadcast to (B, H, L, S) from the right, or
   * NULL. */
  const refmath_tensor *mask;
  /* A boolean mask as float32, broadcast as mask: where it is +0 or -0
   * the key is left out (its score becomes -inf), any other value keeps
   * it; or NULL. */
  const refmath_tensor *keep;
  float scale;   /* the scores are multiplied by it when has_scale is 1 */
  int has_scale; /* 0: divided by sqrt(float(d)) instead */
  int causal;    /* 1: query i reads keys 0..i only (j > i left out) */
} refmath_attention_options;

refmath_attention_options refmath_attention_default_options(void);

/* Scaled dot-product attention as torch's scaled_dot_product_attention:
 * q[B, H, L, d], k[B, Hkv, S, d], v[B, Hkv, S, dv] -> out[B, H, L, dv],
 * H a multiple of Hkv, query head h using key/value head h / (H / Hkv)
 * (grouped- and multi-query attention).  Each (b, h) slice has the bits
 * of refmath_tensor_attention on that slice where the options coincide
 * (no scale, not causal, no keep).  A causal row i sums over keys 0..i
 * only, so a decode step (query p alone against the keys and values
 * 0..p, not causal) gives row p's bits.  causal, has_scale: 0 or 1;
 * scale finite. */
int refmath_tensor_attention_heads(const refmath_tensor *q,
                                   const refmath_tensor *k,
                                   const refmath_tensor *v,
                                   const refmath_attention_options *attn,
                                   const refmath_tensor *out,
                                   const refmath_tensor_options *opt);

/* Elementwise operations where models fuse them (docs/tensor-ops.md,
 * "Elementwise").  out has the first input's shape and may be that input
 * itself (the same view); NaN results are the canonical NaN. */
typedef enum {
  REFMATH_ACTIVATION_SILU,      /* x / (1 + e^-x) */
  REFMATH_ACTIVATION_GELU_ERF,  /* x (1 + erf(x / sqrt 2)) / 2 */
  REFMATH_ACTIVATION_GELU_TANH, /* GELU's tanh approximation */
  REFMATH_ACTIVATION_SOFTPLUS   /* log(1 + e^x) */
} refmath_activation;

/* out = act(in), element by element: the GELUs by the options' variant,
 * silu and softplus correctly rounded (the only variant that defines
 * them), on the options' target.  An act outside the enum is
 * REFMATH_E_BAD_ARGUMENT. */
int refmath_tensor_activation(const refmath_tensor *in,
                              refmath_activation act,
                              const refmath_tensor *out,
                              const refmath_tensor_options *opt);

/* SwiGLU's gate: out = silu(gate) * up, silu correctly rounded and the
 * product rounded once; gate, up and out of one shape. */
int refmath_tensor_swiglu(const refmath_tensor *gate, const refmath_tensor *up,
                          const refmath_tensor *out,
                          const refmath_tensor_options *opt);

/* out = a + b, b broadcast to a's shape from the right (a residual, or a
 * bias); out has a's shape and may be a. */
int refmath_tensor_add(const refmath_tensor *a, const refmath_tensor *b,
                       const refmath_tensor *out,
                       const refmath_tensor_options *opt);

/* Rotary position embedding: x[..., d] (d even) rotated pair by pair,
 * (x1, x2) -> (x1 c - x2 s, x2 c + x1 s), each product and each sum
 * rounded once; cos and sin broadcast from the right to x's shape with
 * the last axis d / 2 (typically [L, d/2] against x[B, H, L, d]).  The
 * pairs are (i, i + d/2) (rotate-half, as Hugging Face's Llama) or, when
 * interleaved is 1, (2i, 2i + 1) (as Meta's Llama).  interleaved: 0 or
 * 1. */
int refmath_tensor_rope(const refmath_tensor *x, const refmath_tensor *cos,
                        const refmath_tensor *sin, int interleaved,
                        const refmath_tensor *out,
                        const refmath_tensor_options *opt);

/* Half-precision storage (docs/tensor-ops.md, "Half precision").  The
 * tensor calls compute in binary32; an operation on binary16 or bfloat16
 * tensors is: each input widened to binary32 (exact), the binary32 call,
 * its result rounded once to the format.  These two calls are those
 * steps, over n contiguous elements (16-bit patterns: IEEE binary16, or
 * bfloat16, the high half of a binary32), on the options' thread count
 * (the options' other fields are not read).  Narrowing rounds to
 * nearest, ties to even, overflow to +-inf, a NaN to the format's
 * canonical quiet NaN (0x7E00, 0x7FC0); widening keeps NaN payloads.  A
 * format outside the enum is REFMATH_E_BAD_ARGUMENT; in and out must not
 * overlap (REFMATH_E_OVERLAP). */
typedef enum {
  REFMATH_HALF_BINARY16,
  REFMATH_HALF_BFLOAT16
} refmath_half_format;

int refmath_tensor_widen(refmath_half_format format, const unsigned short *in,
                         float *out, size_t n,
                         const refmath_tensor_options *opt);
int refmath_tensor_narrow(refmath_half_format format, const float *in,
                          unsigned short *out, size_t n,
                          const refmath_tensor_options *opt);

/* A view of binary16 or bfloat16 elements (16-bit patterns), laid out as
 * refmath_tensor: strides count elements. */
typedef struct {
  unsigned short *data;
  size_t ndim;
  size_t shape[REFMATH_TENSOR_MAX_DIMS];
  ptrdiff_t stride[REFMATH_TENSOR_MAX_DIMS];
} refmath_tensor16;

/* A C-contiguous view of `data` with the given shape (ndim <= 8). */
refmath_tensor16 refmath_tensor16_contiguous(unsigned short *data, size_t ndim,
                                             const size_t *shape);

/* softmax, log-softmax, layer norm and RMS norm on half-precision views,
 * in one pass: each row widened, the binary32 row operation, the row
 * rounded once to the format.  The bits are those of refmath_tensor_widen,
 * the binary32 call and refmath_tensor_narrow; what is saved is the
 * binary32 copies of the whole tensor.  scale and bias are binary32
 * (1-D of the row's length, or NULL); the shapes, statuses and in-place
 * rule are the binary32 calls', plus REFMATH_E_BAD_ARGUMENT for a format
 * outside the enum. */
int refmath_tensor_softmax16(refmath_half_format format,
                             const refmath_tensor16 *in,
                             const refmath_tensor16 *out,
                             const refmath_tensor_options *opt);
int refmath_tensor_log_softmax16(refmath_half_format format,
                                 const refmath_tensor16 *in,
                                 const refmath_tensor16 *out,
                                 const refmath_tensor_options *opt);
int refmath_tensor_layer_norm16(refmath_half_format format,
                                const refmath_tensor16 *in,
                                const refmath_tensor *scale,
                                const refmath_tensor *bias, float eps,
                                const refmath_tensor16 *out,
                                const refmath_tensor_options *opt);
int refmath_tensor_rms_norm16(refmath_half_format format,
                              const refmath_tensor16 *in,
                              const refmath_tensor *scale, float eps,
                              const refmath_tensor16 *out,
                              const refmath_tensor_options *opt);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* REFMATH_TENSOR_H_ */
