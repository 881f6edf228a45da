"""refmath.ane: the Apple Neural Engine fp16 model (docs/ane.md).

One rule for every call: an array argument is float16 (bits kept: NaN
payloads, -0, subnormals), or float32 or float64, rounded once to float16
by the profile's input cast, as the device's does; results are float16.
The paired calls (paired_add, paired_sub, paired_mul, paired_dot) take
(hi, lo) tuples of such arrays and return one; a pair where an array is
expected, or an array where a pair is, raises TypeError.  ``profile`` is a preset name (see
``profiles()``): "spec" (the numerics spec's model), "m1", "m3", "m5",
"a13" .. "a17" (the spec's model with each chip family's routes);
``accumulator`` ("fp32" or "exact") and ``tile`` override the preset's
matmul fields, as ``--accumulator`` and ``--tile`` do.

Every unary function of the model is a function of this module taking a
float16 array: ``refmath.ane.exp(x, profile="m1")`` (``functions()``
lists them); so is every binary elementwise op, taking two arrays that
broadcast as NumPy's: ``refmath.ane.add(x, y)``, ``sub``, ``mul``, ``div``,
``minimum``, ``maximum`` and the comparisons ``greater`` ... ``not_equal``
(1 or 0 as float16; ``binary_functions()``), and ``where(cond, a, b)``.  Results equal ``refmath ane ...`` on the same inputs.
"""
import warnings as _warnings

import numpy as _np

from . import _refmath

_ane = _refmath.ane


def _array(x, name):
    """x as an array; a (hi, lo) tuple here is a mistake, not two rows."""
    if (isinstance(x, tuple) and len(x) == 2 and
            all(isinstance(v, _np.ndarray) for v in x)):
        raise TypeError(
            "%s: an array, got a (hi, lo) pair (only paired_add, paired_sub, "
            "paired_mul and paired_dot take pairs)" % name)
    return _np.asarray(x)


def _pair(x, name):
    """(hi, lo) of a pair argument, as arrays."""
    if not (isinstance(x, tuple) and len(x) == 2):
        raise TypeError("%s: a (hi, lo) pair of arrays, got %s" %
                        (name, type(x).__name__))
    return _array(x[0], name + "[0]"), _array(x[1], name + "[1]")

DEFAULT_GATE_TOLERANCE = _ane.DEFAULT_GATE_TOLERANCE


def functions():
    """{name: description} of the unary functions, in the golden file's order."""
    return dict(_ane.functions())


def profiles():
    """{name: where its figures come from} of the presets, "spec" first."""
    return dict(_ane.profiles())


def eval(function, x, profile="spec"):  # noqa: A001 (the command's name)
    """The unary `function` on every element of the array `x`."""
    return _ane.eval(function, _array(x, "x"), profile)


def _unary(name, description):
    def f(x, profile="spec"):
        return _ane.eval(name, _array(x, "x"), profile)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = "The model's %s of an array: %s." % (name, description)
    return f


for _name, _description in _ane.functions():
    globals()[_name] = _unary(_name, _description)


def _binary(name, description):
    def f(a, b, profile="spec"):
        return _ane.binary(name, _array(a, "a"), _array(b, "b"), profile)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = ("The model's %s of two arrays, broadcast as NumPy's: %s."
                 % (name, description))
    return f


for _name, _description in _ane.binary_functions():
    globals()[_name] = _binary(_name, _description)


def where(cond, a, b, profile="spec"):
    """a's element where cond reads nonzero (NaN included), else b's; the
    three broadcast as NumPy's.  The chosen element's bits are copied."""
    return _ane.select(_array(cond, "cond"), _array(a, "a"), _array(b, "b"),
                       profile)


def binary_functions():
    """{name: description} of the binary elementwise ops."""
    return dict(_ane.binary_functions())


def matmul(a, b, profile="spec", accumulator=None, tile=None):
    """a @ b on the model by numpy.matmul's rules (batch axes broadcast, up
    to 4 axes): a [..., M, K] or [K]; b [..., K, N] or [K]."""
    return _ane.matmul(_array(a, "a"), _array(b, "b"), profile, accumulator,
                       tile)


def reduce_sum(x, axis=-1, route="narrow", profile="spec", accumulator=None,
               tile=None):
    """Sum along `axis` (kept with length 1): "narrow", a float16 running
    sum, or "matmul", x @ ones through the wide accumulator."""
    return _ane.reduce_sum(_array(x, "x"), axis, route, profile, accumulator,
                           tile)


def slice_last_axis(x, offset, width, profile="spec"):
    """x[..., offset:offset + width]; on "a13" a slice not starting at 0
    goes through the crop-DMA, which turns magnitudes above 4094 into
    infinities."""
    if offset < 0 or width < 0:
        raise ValueError("offset and width must not be negative")
    return _ane.slice_last_axis(_array(x, "x"), offset, width, profile)


def reduce_max(x, axis=-1, profile="spec"):
    """Largest element along `axis` (kept with length 1); NaN if any is."""
    return _ane.reduce_max(_array(x, "x"), axis, profile)


def reduce_mean(x, axis=-1, route="narrow", profile="spec", accumulator=None,
                tile=None):
    """Mean along `axis` (kept with length 1): the sum by `route`, as
    reduce_sum's, times float16(1 / K), K the axis length; each step
    rounded to float16."""
    return _ane.reduce_mean(_array(x, "x"), axis, route, profile, accumulator,
                            tile)


def transpose(x, axes=None, profile="spec"):
    """numpy.transpose(x, axes) on the model: the axes permuted (by default
    reversed), every element's bits moved unchanged."""
    return _ane.transpose(_array(x, "x"), None if axes is None else
                          [int(a) for a in axes], profile)


def cumsum(x, axis=-1, profile="spec", accumulator=None, tile=None):
    """Cumulative sum along `axis` as the device computes it: x @ triu(ones)
    through the wide accumulator."""
    return _ane.cumsum(_array(x, "x"), axis, profile, accumulator, tile)


def softmax(x, axis=-1, profile="spec", accumulator=None, tile=None):
    """Softmax along `axis`, as the device's decomposed graph computes it."""
    return _ane.softmax(_array(x, "x"), axis, profile, accumulator, tile)


def fft(re, im=None, scale=1.0, method="dense", profile="spec",
        accumulator=None, tile=None):
    """The DFT along the last axis as matmuls ("dense", or "staged"
    radix-2 stages); returns (re, im) float16 arrays of re's shape."""
    return _ane.fft(_array(re, "re"), None if im is None else _array(im, "im"),
                    False, scale, method, profile, accumulator, tile)


def ifft(re, im=None, method="dense", profile="spec", accumulator=None,
         tile=None):
    """The inverse DFT (scaled by 1/n); returns (re, im)."""
    return _ane.fft(_array(re, "re"), None if im is None else _array(im, "im"),
                    True, 1.0, method, profile, accumulator, tile)


def fft2(re, im=None, method="dense", fold=True, profile="spec",
         accumulator=None, tile=None):
    """The 2-D DFT of the last two axes [..., M, N], normalized by 1/(M N):
    numpy.fft.fft2(x) / (M N).  fold=True puts 1/N into the row pass's
    twiddles and 1/M into the column pass's; fold=False runs both passes
    unscaled and multiplies by float16(1/(M N)) at the end, which
    overflows once the unscaled sums pass the float16 range.  Every leading
    index is a plane of its own.  Returns (re, im) float16 arrays of re's
    shape."""
    return _ane.fft2(_array(re, "re"),
                     None if im is None else _array(im, "im"), method,
                     bool(fold), profile, accumulator, tile)


def power_iteration(a, iterations=_ane.DEFAULT_POWER_ITERATIONS, v0=None,
                    profile="spec", accumulator=None, tile=None):
    """The dominant singular value of a [m, n] by power iteration on the
    model, normalized between the a and the a^T application
    (u = a v / |a v|, v = a^T u / |a^T u|) so that no vector reaches
    sigma^2.  v0: the start vector, n values (default: all ones).

    Returns (sigma, v): sigma a float, v the right singular vector as
    float64 [n].  A breakdown (a v or a^T u zero or not finite, e.g. v0 in
    a's null space) returns sigma as computed (NaN, inf or 0) and v all
    zero with a RuntimeWarning, as `refmath ane power` exits 1.
    """
    sigma, v, breakdown = _ane.power_iteration(
        _array(a, "a"), iterations,
        None if v0 is None else _np.asarray(v0, dtype=_np.float64).ravel(),
        profile, accumulator, tile)
    if breakdown is not None:
        _warnings.warn("refmath.ane.power_iteration: " + breakdown,
                       RuntimeWarning, stacklevel=2)
    return sigma, v


def solve(method, a, b, iterations=None, refine=0, jacobi=True, x0=None,
          rounds=_ane.DEFAULT_ROUNDS, inner=_ane.DEFAULT_INNER,
          profile="spec", accumulator=None, tile=None):
    """x with A x = b on the model, handed back to the host as float64.

    method: "cg", "normal", "lsqr" (A [m, n], m >= n), "gmres", "refine"
    (Richardson refinement from x0, `rounds` rounds of `inner` sweeps).
    iterations: the step count (40 for cg/normal, 80 for lsqr; cg and
    normal stop early once r.r is 0).  A breakdown returns the library's x
    with a RuntimeWarning saying what it is, as the command exits 1: for
    cg and normal (p.Ap or r.r out of range, or p.Ap <= 0) the last finite
    iterate, for the others (a non-finite result) all zero.
    """
    if iterations is None:
        iterations = (_ane.DEFAULT_LSQR_ITERATIONS if method == "lsqr"
                      else _ane.DEFAULT_CG_ITERATIONS)
    if (x0 is None) == (method == "refine"):
        raise ValueError("x0 is for method 'refine', and it needs one")
    x, breakdown = _ane.solve(
        method, _array(a, "a"), _array(b, "b"), iterations, refine, jacobi,
        [] if x0 is None else _np.asarray(x0, dtype=_np.float64).ravel(),
        rounds, inner, profile, accumulator, tile)
    if breakdown is not None:
        _warnings.warn("refmath.ane.solve: " + breakdown, RuntimeWarning,
                       stacklevel=2)
    return x


def compress(w, encoding, gate_input=None, tolerance=DEFAULT_GATE_TOLERANCE,
             profile="spec", accumulator=None, tile=None):
    """A weight w ([rows, cols] or [cols], float32 or float16) through a
    storage encoding: "fp16", "int8", "int4", "sparse", or "auto" (the
    gate picks, needs gate_input [batch, cols]).

    Returns a dict: "weight" (the float16 weight the device computes with,
    w's shape), "encoding", "frobenius_relerr", and with a gate input
    "gate_relerr" and "accepted" (for "auto": "trail", the candidates
    tried).
    """
    return _ane.compress(
        _array(w, "w"), encoding,
        None if gate_input is None else _array(gate_input, "gate_input"),
        tolerance,
        profile, accumulator, tile)


def paired_of(x, profile="spec"):
    """paired(x): (hi, lo) = (x, x - x)."""
    return _ane.paired_of(_array(x, "x"), profile)


def paired_from_float64(x, profile="spec"):
    """A value known to more precision: hi = fp16(x), lo = fp16(x - hi)."""
    return _ane.paired_from_float64(_np.asarray(x, dtype=_np.float64), profile)


def paired_to_float16(hi, lo, profile="spec"):
    """hi + lo, rounded once."""
    return _ane.paired_to_float16(_array(hi, "hi"), _array(lo, "lo"), profile)


def _paired(name, doc):
    op = getattr(_ane, name)

    def f(a, b, profile="spec"):
        return op(*_pair(a, "a"), *_pair(b, "b"), profile)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc + "  a and b are (hi, lo) pairs; returns (hi, lo)."
    return f


paired_add = _paired("paired_add", "a + b in paired float16.")
paired_sub = _paired("paired_sub", "a - b in paired float16.")
paired_mul = _paired("paired_mul", "a * b in paired float16 (lo*lo dropped).")
paired_dot = _paired("paired_dot", "The compensated dot product along the "
                     "last axis (kept with length 1).")


def paired_subtract(a, b, profile="spec"):
    """(paired(a) - paired(b)) rounded back to float16: a and b are arrays
    (each made a pair with lo = 0), not pairs."""
    return _ane.paired_subtract(_array(a, "a"), _array(b, "b"), profile)


# The compositions ANE graphs use (docs/ane.md, "Layers"), each the
# sequence of model ops its C++ function (refmath/ane/layers.h) is.

def _optional_array(x, name):
    return None if x is None else _array(x, name)


def layer_norm(x, gamma=None, beta=None, eps=1e-5, axis=-1, profile="spec",
               accumulator=None, tile=None):
    """Layer norm along `axis`: mean and variance through the matmul route
    (x @ ones, times float16(1/K)), 1/sqrt(var + float16(eps)), then
    * gamma and + beta ([K] arrays) where given."""
    return _ane.layer_norm(_array(x, "x"), _optional_array(gamma, "gamma"),
                           _optional_array(beta, "beta"), eps, axis, profile,
                           accumulator, tile)


def rms_norm(x, gamma=None, eps=1e-5, axis=-1, profile="spec",
             accumulator=None, tile=None):
    """RMS norm along `axis`: x / sqrt(mean(x * x) + eps) (* gamma), the
    mean through the matmul route."""
    return _ane.rms_norm(_array(x, "x"), _optional_array(gamma, "gamma"), eps,
                         axis, profile, accumulator, tile)


def gelu(x, profile="spec"):
    """GELU in its tanh form, every element:
    0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))."""
    return _ane.gelu(_array(x, "x"), profile)


def attention(q, k, v, scale=None, causal=False, profile="spec",
              accumulator=None, tile=None):
    """softmax((q @ k^T) * scale) @ v, batched over leading axes; scale
    None is 1/sqrt(D); causal masks key j > query i with -inf."""
    if scale is not None and not scale > 0:
        raise ValueError("scale must be positive, got %r" % (scale,))
    return _ane.attention(_array(q, "q"), _array(k, "k"), _array(v, "v"),
                          0.0 if scale is None else float(scale), bool(causal),
                          profile, accumulator, tile)


def _two_sizes(value, name, least):
    """An int or an (h, w) pair of ints, each at least `least`."""
    pair = value if isinstance(value, (tuple, list)) else (value, value)
    if len(pair) != 2 or not all(
            isinstance(v, (int, _np.integer)) and not isinstance(v, bool)
            for v in pair):
        raise TypeError("%s: an int or an (h, w) pair of ints, got %r"
                        % (name, value))
    if min(pair) < least:
        raise ValueError("%s must be at least %d, got %r"
                         % (name, least, value))
    return int(pair[0]), int(pair[1])


def conv2d(x, w, stride=1, padding=0, profile="spec", accumulator=None,
           tile=None):
    """x [N, C, H, W] convolved with w [O, C, KH, KW] (cross-correlation,
    zero padding) as w @ im2col(x) through the wide accumulator; stride
    and padding are ints or (h, w) pairs.  Returns [N, O, HO, WO]."""
    sh, sw = _two_sizes(stride, "stride", 1)
    ph, pw = _two_sizes(padding, "padding", 0)
    return _ane.conv2d(_array(x, "x"), _array(w, "w"), sh, sw, ph, pw,
                       profile, accumulator, tile)


from ._ane_graph import Graph, REWRITES, VERDICTS  # noqa: E402,F401 (graphs of these ops)
from ._ane_graph import fused_attention_route  # noqa: E402,F401
from ._ane_tune import tune, DEFAULT_TOLERANCE, SPEEDUP_RULE  # noqa: E402,F401
