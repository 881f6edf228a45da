"""refmath.tensor: reductions and the ML operations built on them, over
NumPy float32 arrays, with the same output bits on every SIMD target and
for every thread count (docs/tensor-ops.md defines each operation step by
step; docs/python.md, "refmath.tensor", shows the calls).

Every function calls the C function of ``refmath/tensor.h`` of the same
name once, as ``refmath tensor ...`` does, and returns its bits:

- Arrays are float32 in native byte order, of any strides (negative and
  zero ones too); another dtype raises ``TypeError`` naming it, since a
  bit-exact library does not round its caller's data silently.  A view
  goes to the C library as a view of the same memory, not a copy.
- Half precision: float16 arrays, or uint16 arrays of bfloat16 bit
  patterns with ``dtype='bfloat16'``, are widened to float32 exactly
  (:func:`widen`), the operation runs in float32, and its result is
  rounded once to the format (:func:`narrow`) and returned in it; float32
  operands may join them.  ``dtype``: None (float16 if an operand is,
  else float32), ``'float32'``, ``'float16'`` or ``'bfloat16'`` names the
  result's format.
- ``variant``: ``'exact'`` (no fused multiply-add) or ``'fast'`` (fused
  where docs/tensor-ops.md says; on targets without FMA it raises).
- ``threads``: ``None`` (or 0) for one thread per hardware thread, or a
  count; it never changes a bit.
- ``target``: ``None`` for the calling thread's target
  (``refmath.get_target()``, ``'best'`` unless pinned with
  ``refmath.target(...)``), or a name from ``refmath.targets(variant)``.
- ``out``: a writable float32 array of the result's shape (any element
  strides) to write into and return; by default a new array.

A failed call raises ``ValueError`` (shapes, axis, an empty axis, a bad
eps, thread count or name, a target this machine cannot run, an ``out``
that overlaps an input), ``TypeError`` (a dtype or argument type) or
``MemoryError`` (a work buffer), with one line naming the problem, and
writes nothing: a given ``out`` keeps its contents.
"""
import functools as _functools
import inspect as _inspect
import numbers as _numbers
import operator as _operator

import numpy as _np

from . import _refmath

_t = _refmath.tensor

__all__ = ["sum", "mean", "dot", "matmul", "gemm", "softmax", "log_softmax",
           "layer_norm", "rms_norm", "attention", "max", "min", "prod",
           "sum_square", "l1_norm", "l2_norm", "logsumexp", "silu", "gelu",
           "softplus", "swiglu", "add", "rope", "widen", "narrow"]

_INT_MAX = 2**31 - 1


def _array(x):
    """An array argument: arrays as they are (views kept), anything else
    through numpy.asarray (so a list of Python floats is float64 and is
    refused, not rounded)."""
    return x if isinstance(x, _np.ndarray) else _np.asarray(x)


def _optional(x):
    return None if x is None else _array(x)


def _prefix(op):
    return "refmath.tensor.%s: " % op


def _name(op, value, what):
    if not isinstance(value, str):
        raise TypeError(_prefix(op) + "%s must be a str, not %s" %
                        (what, type(value).__name__))
    return value


def _integer(op, value, what):
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(_prefix(op) + "%s must be an int, not %s" %
                        (what, type(value).__name__))
    return _operator.index(value)


def _options(op, variant, target, threads):
    """(variant, target, threads) as the extension takes them."""
    _name(op, variant, "variant")
    if target is not None:
        _name(op, target, "target")
    if threads is None:
        return variant, target, 0
    threads = _integer(op, threads, "threads")
    if not -_INT_MAX - 1 <= threads <= _INT_MAX:
        raise ValueError(_prefix(op) + "threads %d: not a thread count (None "
                         "or 0 for the default, else a positive count)" %
                         threads)
    return variant, target, threads


def _eps(op, eps):
    """eps rounded to float32 (an overflow to inf is the C API's to
    refuse)."""
    if not isinstance(eps, _numbers.Real) and not (
            isinstance(eps, _np.ndarray) and eps.ndim == 0):
        raise TypeError(_prefix(op) + "eps must be a number, not %s" %
                        type(eps).__name__)
    with _np.errstate(over="ignore"):
        return float(_np.float32(eps))


def _axis(op, axis):
    axis = _integer(op, axis, "axis")
    if not -2**63 <= axis < 2**63:
        raise ValueError(_prefix(op) + "axis out of range: axis %d" % axis)
    return axis


def _reduce(op, x, axis, keepdims, out, call):
    """call(x, axis, out) reduces one axis; axis None (every axis) or a
    tuple is reduced as one row: the reduced axes moved last in their
    order, merged, their elements taken in C order (docs/tensor-ops.md,
    "reductions"); keepdims keeps them as 1."""
    x = _array(x)
    if not keepdims and axis is not None and not isinstance(axis, tuple):
        return call(x, _axis(op, axis), out)
    nd = x.ndim
    axes = tuple(range(nd)) if axis is None else (
        axis if isinstance(axis, tuple) else (axis,))
    reduced = []
    for a in axes:
        a = _axis(op, a)
        if not -nd <= a < nd:
            raise ValueError(_prefix(op) + "axis %d is out of range for x of "
                             "%d axes" % (a, nd))
        reduced.append(a % nd)
    if len(set(reduced)) != len(reduced):
        raise ValueError(_prefix(op) + "an axis is repeated in %s" % (axes,))
    reduced.sort()
    kept = [i for i in range(nd) if i not in reduced]
    n = 1
    for i in reduced:
        n *= x.shape[i]
    row = _np.transpose(x, kept + reduced).reshape(
        tuple(x.shape[i] for i in kept) + (n,))
    result = call(row, -1, None)
    if keepdims:
        result = result.reshape(tuple(1 if i in reduced else x.shape[i]
                                      for i in range(nd)))
    if out is None:
        return result
    if not isinstance(out, _np.ndarray) or out.shape != result.shape:
        raise ValueError(_prefix(op) + "out must be an array of shape %s" %
                         (result.shape,))
    out[...] = result
    return out


def sum(x, axis=-1, *, keepdims=False, out=None,  # noqa: A001
        variant="exact", mode="canonical", threads=None, target=None):
    """The sum of ``x`` along ``axis`` (``refmath_tensor_sum``).

    Unlike ``numpy.sum``, the last axis is the default; ``axis`` may also
    be a tuple or None (every axis), those axes added as one row in C
    order, and ``keepdims`` keeps them as 1.  ``mode='canonical'`` adds in
    the fixed order of docs/tensor-ops.md ("Canonical summation");
    ``mode='correctly_rounded'`` returns the float32 nearest the exact sum
    (any order gives it).  An empty axis sums to +0.  Returns float32 of
    x's shape without the reduced axes (0-d for a 1-D x).
    """
    variant, target, threads = _options("sum", variant, target, threads)
    mode = _name("sum", mode, "mode")
    return _reduce("sum", x, axis, keepdims, out, lambda v, a, o: _t.sum(
        v, a, o, variant, target, mode, threads))


def mean(x, axis=-1, *, keepdims=False, out=None, variant="exact",
         mode="canonical", threads=None, target=None):
    """The mean along ``axis``: ``sum(x, axis) / float32(n)``
    (``refmath_tensor_mean``).  An empty axis raises ``ValueError``.
    Options as for :func:`sum`."""
    variant, target, threads = _options("mean", variant, target, threads)
    mode = _name("mean", mode, "mode")
    return _reduce("mean", x, axis, keepdims, out, lambda v, a, o: _t.mean(
        v, a, o, variant, target, mode, threads))


def _reduction(name, doc):
    def reduce(x, axis=-1, *, keepdims=False, out=None, variant="exact",
               threads=None, target=None):
        variant, target, threads = _options(name, variant, target, threads)
        fn = getattr(_t, name)
        return _reduce(name, x, axis, keepdims, out, lambda v, a, o: fn(
            v, a, o, variant, target, "canonical", threads))
    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = doc + """

    Along ``axis`` (the last by default; a tuple or None as for
    :func:`sum`), ``keepdims`` as there (``refmath_tensor_reduce``,
    docs/tensor-ops.md "reductions")."""
    return reduce


max = _reduction("max", "The largest element: NaN if any is, +0 above -0 "  # noqa: A001
                 "(IEEE 754-2019 maximum); an empty axis raises ValueError.")
min = _reduction("min", "The smallest element: NaN if any is, -0 below +0; "  # noqa: A001
                 "an empty axis raises ValueError.")
prod = _reduction("prod", "The product, each step rounded, in index order; 1 "
                  "for an empty axis.")
sum_square = _reduction("sum_square", "The sum of squares x·x in the "
                        "canonical order (the fast variant fuses).")
l1_norm = _reduction("l1_norm", "The canonical sum of |x|.")
l2_norm = _reduction("l2_norm", "sqrt of sum_square, rounded once.")
logsumexp = _reduction("logsumexp", "m + log(sum(exp(x - m))), m the "
                       "largest element, as softmax forms the sum; -inf for "
                       "a row of -inf, +inf where +inf is; an empty axis "
                       "raises ValueError.")


def dot(x, y, *, out=None, variant="exact", threads=None, target=None):
    """The canonical dot product of two 1-D arrays of equal length
    (``refmath_tensor_dot``): a 0-d float32 array; +0 for length 0.  The
    fast variant fuses each product with its addition."""
    variant, target, threads = _options("dot", variant, target, threads)
    return _t.dot(_array(x), _array(y), out, variant, target, threads)


def matmul(a, b, *, out=None, variant="exact", threads=None, target=None):
    """``a @ b`` with ``numpy.matmul``'s shapes (``refmath_tensor_matmul``):
    ``a`` [..., M, K] and ``b`` [..., K, N] give float32 [..., M, N], the
    batch axes broadcast against each other; a 1-D ``a`` is one row and a
    1-D ``b`` one column, their axis dropped from the result.  Each element
    is added along k in blocks of 256 (docs/tensor-ops.md), and every batch
    element has the bits of the 2-D product of that element alone.  A
    transposed view such as ``w.T`` is read in place."""
    variant, target, threads = _options("matmul", variant, target, threads)
    return _t.matmul(_array(a), _array(b), out, variant, target, threads)


def _float32(op, value, what):
    """A number rounded to float32 (as eps is)."""
    if not isinstance(value, _numbers.Real) and not (
            isinstance(value, _np.ndarray) and value.ndim == 0):
        raise TypeError(_prefix(op) + "%s must be a number, not %s" %
                        (what, type(value).__name__))
    with _np.errstate(over="ignore"):
        return float(_np.float32(value))


def _flag(op, value, what):
    if not isinstance(value, (bool, _np.bool_)):
        raise TypeError(_prefix(op) + "%s must be a bool, not %s" %
                        (what, type(value).__name__))
    return bool(value)


def gemm(a, b, c=None, *, alpha=1.0, beta=1.0, trans_a=False, trans_b=False,
         out=None, variant="exact", threads=None, target=None):
    """ONNX Gemm (``refmath_tensor_gemm``): ``alpha * A' @ B' + beta * c``
    with ``A'`` = ``a`` [M, K] (``a.T`` of ``a`` [K, M] when ``trans_a``),
    ``B'`` = ``b`` [K, N] (``b.T`` when ``trans_b``) and ``c`` None or
    broadcast to [M, N] from (), [N], [1 or M, 1 or N].  The product is
    :func:`matmul`'s; then ``alpha * P`` and ``beta * c`` are each rounded,
    then their sum (docs/tensor-ops.md, "gemm").  ``alpha`` and ``beta``
    are rounded to float32.  Returns float32 [M, N]."""
    variant, target, threads = _options("gemm", variant, target, threads)
    return _t.gemm(_array(a), _array(b), _optional(c),
                   _float32("gemm", alpha, "alpha"),
                   _float32("gemm", beta, "beta"),
                   _flag("gemm", trans_a, "trans_a"),
                   _flag("gemm", trans_b, "trans_b"), out, variant, target,
                   threads)


def _axis_of(op, x, axis):
    """axis as an index of x's axes (0..ndim-1); -1 for a 0-d x, which the
    C API refuses."""
    axis = _axis(op, axis)
    if x.ndim == 0:
        return -1
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(_prefix(op) + "axis %d is out of range for x of %d "
                         "axes" % (axis, x.ndim))
    return axis % x.ndim


def _along(op, x, axis, out, call):
    """call(x, out) over `axis`: the C API's rows are the last axis, so
    another axis is moved last in views of x and of out (no copy)."""
    a = _axis_of(op, x, axis)
    if a in (-1, x.ndim - 1):
        return call(x, out)
    if out is None:
        out = _np.empty(x.shape, _np.float32)
    if not isinstance(out, _np.ndarray) or out.shape != x.shape:
        raise ValueError(_prefix(op) + "out must be an array of x's shape %s"
                         % (x.shape,))
    call(_np.moveaxis(x, a, -1), _np.moveaxis(out, a, -1))
    return out


def softmax(x, *, axis=-1, out=None, variant="exact", threads=None,
            target=None):
    """Softmax along ``axis`` of ``x`` (default the last; ndim >= 1, the
    axis not empty; ``refmath_tensor_softmax``, whose rows are the last
    axis: another axis is taken through views).  A row holding NaN or +inf,
    or of all -inf, gives NaN throughout.  ``out`` may be ``x`` itself."""
    variant, target, threads = _options("softmax", variant, target, threads)
    return _along("softmax", _array(x), axis, out, lambda v, o: _t.softmax(
        v, o, variant, target, threads))


def log_softmax(x, *, axis=-1, out=None, variant="exact", threads=None,
                target=None):
    """``(x - max) - log(sum(exp(x - max)))`` along ``axis``
    (``refmath_tensor_log_softmax``); arguments as for :func:`softmax`."""
    variant, target, threads = _options("log_softmax", variant, target,
                                        threads)
    return _along("log_softmax", _array(x), axis, out,
                  lambda v, o: _t.log_softmax(v, o, variant, target, threads))


def _trailing(op, x, axis, weights, out, stats, call):
    """call(x2, weights2, out) over the axes from `axis` to the last, as
    ONNX's LayerNormalization takes them: x2 is x with those axes as one
    (reshaped, so copied when they are not contiguous), each weight of
    their shape flattened; the results reshaped back, the statistics with
    those axes of length 1."""
    a = _axis_of(op, x, axis)
    if a in (-1, x.ndim - 1):
        return call(x, weights, out)
    lead, tail = x.shape[:a], x.shape[a:]
    flat = []
    for name, w in weights:
        if w is not None and w.shape != tail:
            raise ValueError(_prefix(op) + "%s must have the normalized "
                             "shape %s (got %s)" % (name, tail, w.shape))
        flat.append((name, None if w is None else w.reshape(-1)))
    if out is not None and (not isinstance(out, _np.ndarray) or
                            out.shape != x.shape):
        raise ValueError(_prefix(op) + "out must be an array of x's shape %s"
                         % (x.shape,))
    result = call(x.reshape(lead + (-1,)), flat, None)
    y = (result[0] if stats else result).reshape(x.shape)
    if out is not None:
        out[...] = y
        y = out
    if not stats:
        return y
    one = lead + (1,) * len(tail)
    return y, result[1].reshape(one), result[2].reshape(one)


def layer_norm(x, scale=None, bias=None, *, axis=-1, eps=1e-5, out=None,
               variant="exact", threads=None, target=None, stats=False):
    """Layer normalisation over the axes from ``axis`` to the last (ONNX's
    axis; default the last alone; ``refmath_tensor_layer_norm`` over them
    as one row of n, not empty): ``(x - mean) / sqrt(var + eps)``, times
    ``scale`` and plus ``bias`` (of those axes' shape) when given.  ``eps``
    is rounded to float32 and must be finite and >= 0.  ``out`` may be
    ``x`` itself.  ``stats=True`` returns ``(y, mean, inv_std_dev)`` as
    ONNX's LayerNormalization does: the row means and ``1 / sqrt(var +
    eps)`` rounded once, of x's shape with the normalized axes 1
    (``refmath_tensor_layer_norm_stats``)."""
    variant, target, threads = _options("layer_norm", variant, target, threads)
    run = _t.layer_norm_stats if stats else _t.layer_norm
    e = _eps("layer_norm", eps)
    return _trailing(
        "layer_norm", _array(x), axis,
        [("scale", _optional(scale)), ("bias", _optional(bias))], out, stats,
        lambda v, w, o: run(v, w[0][1], w[1][1], e, o, variant, target,
                            threads))


def rms_norm(x, scale=None, *, axis=-1, eps=1e-5, out=None,
             variant="exact", threads=None, target=None):
    """RMS normalisation over the axes from ``axis`` to the last
    (``refmath_tensor_rms_norm``): ``x / sqrt(mean(x*x) + eps)``, times
    ``scale`` (of those axes' shape) when given.  Arguments as for
    :func:`layer_norm`."""
    variant, target, threads = _options("rms_norm", variant, target, threads)
    e = _eps("rms_norm", eps)
    return _trailing(
        "rms_norm", _array(x), axis, [("scale", _optional(scale))], out,
        False, lambda v, w, o: _t.rms_norm(v, w[0][1], e, o, variant, target,
                                           threads))


def attention(q, k, v, mask=None, *, scale=None, causal=False, out=None,
              variant="exact", threads=None, target=None):
    """Scaled dot-product attention, as
    ``torch.nn.functional.scaled_dot_product_attention``:
    ``softmax(q @ k^T * scale + mask) @ v`` over the last two axes.

    ``q`` [B, H, L, d], ``k`` [B, Hkv, S, d], ``v`` [B, Hkv, S, dv] give
    float32 [B, H, L, dv] (``refmath_tensor_attention_heads``); H must be a
    multiple of Hkv, query head h reading key/value head h // (H // Hkv)
    (grouped- and multi-query attention).  2-D ``q`` [L, d], ``k`` [S, d],
    ``v`` [S, dv] give [L, dv].  ``mask``: float32, added to the scores, or
    bool, False leaving the key out; either broadcast to [B, H, L, S].
    ``scale``: None divides the scores by ``sqrt(float32(d))``, a number
    (rounded to float32) multiplies them.  ``causal``: query i reads keys
    0..i only (top-left aligned, as torch's ``is_causal``), so a decode
    step, query p against the keys and values 0..p, gives row p's bits.  A
    query that keeps no key gives a NaN row.  Every (batch, head) slice has
    the bits of the 2-D call on that slice where the options coincide."""
    variant, target, threads = _options("attention", variant, target, threads)
    q, k, v, mask = _array(q), _array(k), _array(v), _optional(mask)
    causal = _flag("attention", causal, "causal")
    boolean = mask is not None and mask.dtype == _np.bool_
    if q.ndim == 2 and scale is None and not causal and not boolean:
        return _t.attention(q, k, v, mask, out, variant, target, threads)
    scale_value = 1.0 if scale is None else _float32("attention", scale,
                                                     "scale")
    # A boolean mask goes to the library as float32 0 and 1 ("keep").
    keep = mask.astype(_np.float32) if boolean else None
    additive = None if boolean else mask
    if q.ndim == 2 and k.ndim == 2 and v.ndim == 2:
        out4 = None if out is None else out[None, None]
        y = _t.attention_heads(q[None, None], k[None, None], v[None, None],
                               additive, keep, scale is not None, scale_value,
                               causal, out4, variant, target, threads)
        return out if out is not None else y[0, 0]
    return _t.attention_heads(q, k, v, additive, keep, scale is not None,
                              scale_value, causal, out, variant, target,
                              threads)


# The activations of refmath_tensor_activation, as the C enum numbers them.
_ACTIVATIONS = {"silu": 0, "gelu_erf": 1, "gelu_tanh": 2, "softplus": 3}


def _activation(op, act, x, out, variant, target, threads):
    variant, target, threads = _options(op, variant, target, threads)
    return _t.activation(op, _array(x), _ACTIVATIONS[act], out, variant,
                         target, threads)


def silu(x, *, out=None, variant="exact", threads=None, target=None):
    """``x / (1 + exp(-x))`` element by element, correctly rounded (as
    ``refmath.correct.silu``) whatever the variant
    (``refmath_tensor_activation``).  ``out`` may be ``x`` itself."""
    return _activation("silu", "silu", x, out, variant, target, threads)


def softplus(x, *, out=None, variant="exact", threads=None, target=None):
    """``log(1 + exp(x))`` element by element, correctly rounded whatever
    the variant.  ``out`` may be ``x`` itself."""
    return _activation("softplus", "softplus", x, out, variant, target,
                       threads)


def gelu(x, *, approximate="none", out=None, variant="exact", threads=None,
         target=None):
    """GELU element by element by the variant's kernel, as
    ``torch.nn.functional.gelu``: ``approximate='none'`` is ``x (1 +
    erf(x / sqrt 2)) / 2``, ``'tanh'`` the tanh approximation.  ``out`` may
    be ``x`` itself."""
    if approximate not in ("none", "tanh"):
        raise ValueError(_prefix("gelu") + "approximate %r: not 'none' or "
                         "'tanh'" % (approximate,))
    act = "gelu_erf" if approximate == "none" else "gelu_tanh"
    return _activation("gelu", act, x, out, variant, target, threads)


def swiglu(gate, up, *, out=None, variant="exact", threads=None,
           target=None):
    """SwiGLU's gate ``silu(gate) * up`` (``refmath_tensor_swiglu``): silu
    correctly rounded, then the product rounded once; ``gate`` and ``up``
    of one shape.  ``out`` may be either input itself."""
    variant, target, threads = _options("swiglu", variant, target, threads)
    return _t.swiglu(_array(gate), _array(up), out, variant, target, threads)


def add(a, b, *, out=None, variant="exact", threads=None, target=None):
    """``a + b`` with ``b`` broadcast to ``a``'s shape from the right (a
    residual or a bias; ``refmath_tensor_add``), NaNs canonical.  ``out``
    may be ``a`` itself."""
    variant, target, threads = _options("add", variant, target, threads)
    return _t.add(_array(a), _array(b), out, variant, target, threads)


def rope(x, cos, sin, *, interleaved=False, out=None, variant="exact",
         threads=None, target=None):
    """Rotary position embedding (``refmath_tensor_rope``): each pair
    ``(x1, x2)`` of the last axis (d even) becomes ``(x1*c - x2*s, x2*c +
    x1*s)``, every product and sum rounded once (torch's ``x*cos +
    rotate_half(x)*sin``).  Pairs ``(i, i + d/2)``, or ``(2i, 2i + 1)`` when
    ``interleaved``.  ``cos`` and ``sin`` hold one value per pair, [..., L,
    d/2], broadcast to x's shape with its last axis halved.  ``out`` may be
    ``x`` itself."""
    variant, target, threads = _options("rope", variant, target, threads)
    interleaved = _flag("rope", interleaved, "interleaved")
    return _t.rope(_array(x), _array(cos), _array(sin), interleaved, out,
                   variant, target, threads)



# Half-precision storage (docs/tensor-ops.md, "Half precision").

_STORAGE = {"float16": _np.float16, "bfloat16": _np.uint16}


def _storage_format(op, dtype, arrays):
    """The call's half format ('float16', 'bfloat16') or None (float32),
    from ``dtype`` and the array arguments' dtypes."""
    if dtype is not None and not isinstance(dtype, str):
        raise TypeError(_prefix(op) + "dtype must be None or a str, not %s" %
                        type(dtype).__name__)
    if dtype not in (None, "float32", "float16", "bfloat16"):
        raise ValueError(_prefix(op) + "unknown dtype %r (valid: None, "
                         "'float32', 'float16', 'bfloat16')" % (dtype,))
    kinds = {a.dtype for _, a in arrays}
    if dtype is None:
        dtype = "float16" if _np.dtype(_np.float16) in kinds else "float32"
    for name, a in arrays:
        if a.dtype == _np.uint16 and dtype != "bfloat16":
            raise TypeError(_prefix(op) + "%s: dtype uint16; pass "
                            "dtype='bfloat16' if it holds bfloat16 bit "
                            "patterns" % name)
        if a.dtype == _np.float16 and dtype not in ("float16", None):
            raise TypeError(_prefix(op) + "%s: dtype float16 in a call on "
                            "%s (one half format per call)" % (name, dtype))
    return None if dtype == "float32" else dtype


def _half_storage(fn):
    """fn with a ``dtype`` keyword: arrays of the call's half format are
    widened to float32 (``refmath_tensor_widen``, exact), fn runs on
    them, and each float32 result is rounded once to the format
    (``refmath_tensor_narrow``), into ``out`` when it is given."""
    signature = _inspect.signature(fn)
    op = fn.__name__

    @_functools.wraps(fn)
    def call(*args, dtype=None, **kwargs):
        bound = signature.bind(*args, **kwargs)
        arrays = [(name, value) for name, value in bound.arguments.items()
                  if name != "out" and isinstance(value, _np.ndarray)]
        fmt = _storage_format(op, dtype, arrays)
        if fmt is None:
            return fn(*args, **kwargs)
        threads = _options(op, "exact", None,
                           bound.arguments.get("threads"))[2]
        out = bound.arguments.pop("out", None)
        if out is None and _rows16_applies(op, bound.arguments, fmt):
            return _rows16(op, bound.arguments, fmt, threads)
        for name, value in arrays:
            if value.dtype == _STORAGE[fmt]:
                bound.arguments[name] = _named(op, _t.widen, value, fmt,
                                               threads)
        result = fn(*bound.args, **bound.kwargs)
        if isinstance(result, tuple):
            return tuple(_named(op, _t.narrow, r, fmt, out if i == 0 else
                                None, threads)
                         for i, r in enumerate(result))
        return _named(op, _t.narrow, result, fmt, out, threads)

    parameters = list(signature.parameters.values())
    parameters.append(_inspect.Parameter(
        "dtype", _inspect.Parameter.KEYWORD_ONLY, default=None))
    call.__signature__ = signature.replace(parameters=parameters)
    return call


_ROWS16 = ("softmax", "log_softmax", "layer_norm", "rms_norm")


def _rows16_applies(op, args, fmt):
    """Whether a row operation on half storage can be the one-pass call
    (refmath_tensor_softmax16 ...): x already widened here means it was in
    the format; the last axis alone; no statistics; scale and bias of the
    row's length.  Any other call takes the three steps, which give the
    same bits."""
    if op not in _ROWS16:
        return False
    x = args.get("x")
    if not isinstance(x, _np.ndarray) or x.dtype != _STORAGE[fmt] or \
            x.ndim == 0 or x.shape[-1] == 0 or args.get("stats", False):
        return False
    axis = args.get("axis", -1)
    if isinstance(axis, bool) or not isinstance(axis, _numbers.Integral) or \
            axis not in (-1, x.ndim - 1):
        return False
    for name in ("scale", "bias"):
        w = args.get(name)
        if w is not None and not (isinstance(w, _np.ndarray) and
                                  w.shape == x.shape[-1:]):
            return False
    return True


def _rows16(op, args, fmt, threads):
    variant, target, _ = _options(op, args.get("variant", "exact"),
                                  args.get("target"), threads)
    eps = _eps(op, args.get("eps", 1e-5))
    weights = []
    for name in ("scale", "bias"):
        w = args.get(name)
        if w is not None and w.dtype == _STORAGE[fmt]:
            w = _named(op, _t.widen, w, fmt, threads)
        weights.append(w)
    return _t.rows16(op, args["x"], weights[0], weights[1], eps, fmt,
                     variant, target, threads)


def _named(op, convert, *args):
    """A conversion whose errors carry the operation's name."""
    try:
        return convert(*args)
    except (TypeError, ValueError) as e:
        text = str(e).replace("refmath.tensor.widen: ", "").replace(
            "refmath.tensor.narrow: ", "")
        raise type(e)(_prefix(op) + text) from None


def widen(x, dtype=None, *, threads=None):
    """The float32 values of a half-precision array (exact;
    ``refmath_tensor_widen``): ``x`` float16, or uint16 bfloat16 bit
    patterns with ``dtype='bfloat16'``."""
    threads = _options("widen", "exact", None, threads)[2]
    fmt = "bfloat16" if dtype == "bfloat16" else "float16"
    if dtype not in (None, "float16", "bfloat16"):
        raise ValueError(_prefix("widen") + "unknown dtype %r (valid: None, "
                         "'float16', 'bfloat16')" % (dtype,))
    return _t.widen(_array(x), fmt, threads)


def narrow(y, dtype, *, out=None, threads=None):
    """float32 ``y`` rounded once to ``dtype`` ('float16', or 'bfloat16'
    as uint16 bit patterns): to nearest, ties to even, overflow to inf, a
    NaN to the canonical quiet NaN (``refmath_tensor_narrow``)."""
    threads = _options("narrow", "exact", None, threads)[2]
    if dtype not in ("float16", "bfloat16"):
        raise ValueError(_prefix("narrow") + "unknown dtype %r (valid: "
                         "'float16', 'bfloat16')" % (dtype,))
    return _t.narrow(_array(y), dtype, out, threads)


for _op in ["sum", "mean", "dot", "matmul", "gemm", "softmax", "log_softmax",
            "layer_norm", "rms_norm", "attention", "max", "min", "prod",
            "sum_square", "l1_norm", "l2_norm", "logsumexp", "silu", "gelu",
            "softplus", "swiglu", "add", "rope"]:
    globals()[_op] = _half_storage(globals()[_op])
del _op
