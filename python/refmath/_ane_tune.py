"""The precision-aware tuner of ANE graphs: refmath.ane.tune (docs/ane.md,
"The tuner").

A candidate is the graph's lossless baseline (decompose_sdpa, then
reduce_sum_to_matmul) plus any combination of the numeric and lossy
rewrites: fold_scalar_chains, paired_fp16 at the add / sub nodes the
caller names, and an encoding for each matmul weight.  Each candidate is
run on the caller's feeds; its error is measured against the
fp32-faithful reference and against the baseline's own output, its cost
counted by the op-count model below; the cheapest admissible one wins.
"""
import functools as _functools
import itertools as _itertools
import math as _math
import warnings as _warnings

import numpy as _np

from . import ane as _ane
from ._ane_graph import is_matmul_weight as _is_matmul_weight

DEFAULT_TOLERANCE = 5e-3    # fp16 noise: the spec's default gate
SPEEDUP_RULE = 1.10         # a lossy candidate must be this much cheaper
MAX_CANDIDATES = 512
ENCODINGS = ("int8", "int4", "sparse")
INT4_MAX_FROBENIUS = 0.05   # the notes' acceptance of a palettized weight

# --- the cost model: model ops per output element.
_PER_ELEMENT = {"softmax": 5, "gelu": 9, "layer_norm": 5, "rms_norm": 3}
_FREE = {"input", "constant", "transpose", "reshape", "slice_last_axis"}


@_functools.lru_cache(maxsize=None)
def _elementwise_ops():
    """Asked of the extension once, not for every node costed."""
    return frozenset(set(_ane.functions()) | set(_ane.binary_functions()) |
                     {"where", "muls", "adds"})


def _weight_units(n):
    """A matmul weight's streamed size, in binary16 elements."""
    value = n.attrs["value"]
    encoding = n.attrs.get("encoding", "fp16")
    if encoding == "int8":
        return value.size / 2 + value.shape[1]   # codes, one scale a column
    if encoding == "int4":
        return value.size / 4 + 16               # nibbles, the codebook
    if encoding == "sparse":
        return value.size / 16 + _np.count_nonzero(value)  # mask, nonzeros
    return value.size


def _node_cost(n, values, weights):
    size = values[n.name].size
    shape = [values[i.name].shape for i in n.inputs]
    if n.op == "constant":
        return _weight_units(n) if n.name in weights else 0
    if n.op in _FREE:
        return 0
    if n.op in _elementwise_ops():
        return size
    if n.op == "matmul":
        return size * shape[0][-1]
    if n.op in ("reduce_sum", "reduce_max"):
        return _math.prod(shape[0])
    if n.op == "reduce_mean":
        return _math.prod(shape[0]) + size
    if n.op == "cumsum":
        return _math.prod(shape[0]) * shape[0][n.attrs.get("axis", -1)]
    if n.op in ("attention", "sdpa"):
        (lq, d), lk, dv = shape[0][-2:], shape[1][-2], shape[2][-1]
        heads = size // (lq * dv)
        return heads * lq * lk * (d + 7 + dv)    # two matmuls, scale, mask, softmax
    if n.op == "conv2d":
        return size * _math.prod(shape[1][1:])
    if n.op == "paired_combine":                 # TwoSum, TwoProds, to_tensor
        return size * (7 + 17 * n.attrs["terms"].count("mul"))
    extra = len(n.inputs) - 1 if n.op in ("layer_norm", "rms_norm") else 0
    return size * (_PER_ELEMENT[n.op] + extra)


def _live(graph):
    live, stack = set(), list(graph.outputs)
    while stack:
        n = stack.pop()
        if n.name not in live:
            live.add(n.name)
            stack.extend(n.inputs)
    return live


def _matmul_weights(graph):
    """Names of the nodes encode_weight can store (is_matmul_weight)."""
    return [n.name for n in graph.nodes if _is_matmul_weight(graph, n)]


def cost(graph, values):
    """The op-count cost of `graph` given its node values (Graph.values):
    the sum over the nodes the outputs depend on (docs/ane.md)."""
    weights = set(_matmul_weights(graph))
    live = _live(graph)
    return float(sum(_node_cost(n, values, weights)
                     for n in graph.nodes if n.name in live))


# --- the fp32-faithful reference: values in binary32, every op computed in
# binary64 and rounded once to binary32; a matmul rounds each product to
# binary16 (the device's products) and accumulates exactly.

class _NoReference(Exception):
    pass


def _scalar(f):
    def safe(x):
        try:
            return f(x)
        except (ValueError, OverflowError):
            return _math.nan
    return _np.frompyfunc(safe, 1, 1)


_UNARY = {
    "neg": _np.negative, "abs": _np.abs, "square": _np.square,
    "sqrt": _np.sqrt, "reciprocal": lambda x: 1 / x, "exp": _np.exp,
    "log": _np.log, "tanh": _np.tanh, "sigmoid": lambda x: 1 / (1 + _np.exp(-x)),
    "sin": _np.sin, "cos": _np.cos, "expm1": _np.expm1, "log1p": _np.log1p,
    "erf": _scalar(_math.erf), "erf_via_erfc": _scalar(_math.erf),
    "erfc": _scalar(_math.erfc), "lgamma": _scalar(_math.lgamma),
    "lgamma_raw": _scalar(_math.lgamma), "gamma": _scalar(_math.gamma),
    "gamma_via_lgamma": _scalar(_math.gamma), "bessel_i0": _np.i0,
}
_BINARY = {
    "add": _np.add, "sub": _np.subtract, "mul": _np.multiply,
    "div": _np.divide, "minimum": _np.minimum, "maximum": _np.maximum,
    "greater": _np.greater, "greater_equal": _np.greater_equal,
    "less": _np.less, "less_equal": _np.less_equal, "equal": _np.equal,
    "not_equal": _np.not_equal,
}


def reference_matmul(a, b):
    """a @ b with each product rounded to binary16 and the sum exact (in
    binary64), as NumPy's matmul shapes it; binary64 result."""
    a, b = _np.asarray(a, _np.float64), _np.asarray(b, _np.float64)
    va, vb = a.ndim == 1, b.ndim == 1
    a, b = a[None, :] if va else a, b[:, None] if vb else b
    (m, k), n = a.shape[-2:], b.shape[-1]
    batch = _np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = _np.broadcast_to(a, batch + (m, k))
    b = _np.broadcast_to(b, batch + (k, n))
    out = _np.empty(batch + (m, n))
    step = max(1, (1 << 23) // max(1, _math.prod(batch) * k * n))
    with _np.errstate(over="ignore", invalid="ignore"):
        for i in range(0, m, step):
            p = a[..., i:i + step, :, None] * b[..., None, :, :]
            out[..., i:i + step, :] = p.astype(_np.float16).astype(
                _np.float64).sum(axis=-2)
    if vb:
        out = out[..., 0]
    return out[..., 0, :] if va and not vb else out[..., 0] if va else out


def _softmax(x, axis=-1):
    e = _np.exp(x - _np.max(x, axis=axis, keepdims=True))
    return e / _np.sum(e, axis=axis, keepdims=True)


def _attention(q, k, v, scale, causal):
    scale = 1 / _math.sqrt(q.shape[-1]) if not scale else float(scale)
    s = _np.float32(reference_matmul(q, _np.swapaxes(k, -1, -2)) * scale)
    if causal:
        lq, lk = s.shape[-2:]
        s = _np.where(_np.arange(lk)[None, :] > _np.arange(lq)[:, None],
                      -_np.inf, s)
    return reference_matmul(_np.float32(_softmax(_np.float64(s))), v)


def _norm(x, gamma, beta, eps, axis, center):
    mean = _np.mean(x, axis=axis, keepdims=True) if center else 0
    d = x - mean
    y = d / _np.sqrt(_np.mean(d * d, axis=axis, keepdims=True) + eps)
    y = y if gamma is None else y * gamma
    return y if beta is None else y + beta


def _reference_op(n, args):
    a, op = dict(n.attrs), n.op
    axis = a.get("axis", -1)
    if op in _UNARY:
        return _UNARY[op](args[0]).astype(_np.float64)
    if op in _BINARY:
        return _BINARY[op](args[0], args[1]).astype(_np.float64)
    if op == "where":
        return _np.where(args[0] != 0, args[1], args[2])
    if op in ("muls", "adds"):
        c = float(a["c"])
        return args[0] * c if op == "muls" else args[0] + c
    if op == "matmul":
        return reference_matmul(args[0], args[1])
    if op in ("reduce_sum", "reduce_mean", "reduce_max", "cumsum"):
        f = {"reduce_sum": _np.sum, "reduce_mean": _np.mean,
             "reduce_max": _np.max}.get(op)
        return (_np.cumsum(args[0], axis=axis) if f is None else
                f(args[0], axis=axis, keepdims=True))
    if op == "softmax":
        return _softmax(args[0], axis)
    if op in ("layer_norm", "rms_norm"):
        gamma = args[1] if len(args) > 1 else a.get("gamma")
        beta = args[2] if len(args) > 2 else a.get("beta")
        return _norm(args[0], gamma, beta, a.get("eps", 1e-5), axis,
                     op == "layer_norm")
    if op == "gelu":
        x = args[0]
        return 0.5 * x * (1 + _np.tanh(_math.sqrt(2 / _math.pi) *
                                       (x + 0.044715 * x ** 3)))
    if op in ("attention", "sdpa"):
        return _attention(*args[:3], a.get("scale"), a.get("causal", False))
    if op == "transpose":
        if "swap" in a:
            return _np.swapaxes(args[0], *a["swap"])
        return _np.transpose(args[0], a.get("axes"))
    if op == "reshape":
        return _np.reshape(args[0], tuple(a["shape"]))
    if op == "slice_last_axis":
        return args[0][..., a["offset"]:a["offset"] + a["width"]]
    raise _NoReference(op)


def reference(graph, feeds):
    """The outputs of `graph` in the fp32-faithful reference (binary32
    arrays).  Raises ValueError naming the op that has no binary32 form
    here (conv2d, bessel_j0)."""
    values = {}
    with _np.errstate(all="ignore"):
        for n in graph.nodes:
            if n.op in ("input", "constant"):
                x = feeds[n.name] if n.op == "input" else n.attrs["value"]
                values[n.name] = _np.asarray(x, _np.float32)
                continue
            args = [_np.float64(values[i.name]) for i in n.inputs]
            try:
                values[n.name] = _np.float32(_reference_op(n, args))
            except _NoReference:
                raise ValueError("node %r: op %s has no fp32-faithful form"
                                 % (n.name, n.op)) from None
    return [values[n.name] for n in graph.outputs]


def relative_error(outputs, refs):
    """max|out - ref| / max|ref| over every element of every output: the
    gate's measure.  NaN when a difference is NaN or infinite, or when ref
    is all zero and out is not."""
    out = _np.concatenate([_np.ravel(_np.float64(o)) for o in outputs])
    ref = _np.concatenate([_np.ravel(_np.float64(r)) for r in refs])
    with _np.errstate(invalid="ignore"):
        d = _np.abs(out - ref)
    if d.size == 0:
        return 0.0
    if not _np.all(_np.isfinite(d)):
        return _math.nan
    peak = _np.max(_np.abs(ref))
    if peak == 0:
        return 0.0 if _np.max(d) == 0 else _math.nan
    return float(_np.max(d) / peak)


# --- the search.

class Candidate:
    """One rewrite set tried: `label`, `rewrites` [(name, options)],
    `cost`, `error` (against the reference), `gate_error` (against the
    baseline's output), `verdict` (why it was admitted or not)."""

    __slots__ = ("label", "rewrites", "graph", "changes", "outputs", "cost",
                 "error", "gate_error", "verdict")

    def __repr__(self):
        return "%-40s cost %-12.6g error %-10.3g vs baseline %-10.3g %s" % (
            self.label, self.cost, self.error, self.gate_error, self.verdict)


class Tuned:
    """The tuner's choice: `graph` (run it like any graph), `rewrites`
    beyond the baseline, `changes` (one line per change, the baseline's
    first), `cost` and `baseline_cost`, `error` and `baseline_error`
    against `reference`, `met` (the budget was met), `candidates` (every
    one tried, in order)."""

    def __init__(self, chosen, baseline, reference_name, met, candidates):
        self.graph, self.rewrites = chosen.graph, chosen.rewrites
        self.changes = chosen.changes
        self.cost, self.baseline_cost = chosen.cost, baseline.cost
        self.error, self.baseline_error = chosen.error, baseline.error
        self.reference, self.met = reference_name, met
        self.candidates = candidates

    def __repr__(self):
        lines = ["chosen: %s: cost %.6g (baseline %.6g), error %.3g (baseline "
                 "%.3g) against the %s%s" % (
                     _label(self.rewrites), self.cost, self.baseline_cost,
                     self.error, self.baseline_error, self.reference,
                     "" if self.met else "; the budget is not met")]
        lines += ["  " + repr(c) for c in self.candidates]
        return "\n".join(lines)


def _label(rewrites):
    if not rewrites:
        return "baseline"
    return " + ".join(name if not opts else "%s(%s)" % (
        name, ", ".join(str(v) for v in opts.values()))
        for name, opts in rewrites)


def _options(base, paired, profile):
    """Per site, the choices: None (leave it) or (rewrite, options)."""
    sites = []
    if base.rewrite("fold_scalar_chains", profile)[1]:
        sites.append([None, ("fold_scalar_chains", {})])
    for name in paired:
        base.node(name)
        sites.append([None, ("paired_fp16", {"node": name})])
    for name in _matmul_weights(base):
        value = base.node(name).attrs["value"]
        choices = [None, ("encode_weight", {"node": name, "encoding": "int8"})]
        if _ane.compress(_np.ascontiguousarray(value.T), "int4")[
                "frobenius_relerr"] <= INT4_MAX_FROBENIUS:
            choices.append(("encode_weight", {"node": name, "encoding": "int4"}))
        if _np.count_nonzero(value) * 2 <= value.size:
            choices.append(("encode_weight", {"node": name, "encoding": "sparse"}))
        sites.append(choices)
    return sites


def _baseline(graph, profile):
    changes = []
    for name in ("decompose_sdpa", "reduce_sum_to_matmul"):
        graph, lines = graph.rewrite(name, profile)
        changes += lines
    return graph, changes


def _check_budget(value, name):
    if value is None:
        return None
    value = float(value)
    if not value > 0 or _math.isinf(value):
        raise ValueError("%s must be a positive finite number, got %r"
                         % (name, value))
    return value


def tune(graph, feeds, target_error=None, atol=None, paired=(),
         profile="spec"):
    """The cheapest rewrite set for `graph` on `feeds` within the budget.

    The baseline is the graph with its lossless rewrites (decompose_sdpa,
    reduce_sum_to_matmul, always applied).  Candidates add any combination
    of fold_scalar_chains, paired_fp16 at each node named in `paired`
    (opt-in: cancellation depends on the data), and an int8, int4 or sparse
    encoding of each matmul weight.  A candidate nearer the reference than
    the baseline is admitted on accuracy alone; any other candidate that
    changes an output is lossy: admitted only if it stays within `atol`
    (default 5e-3) of the baseline's output and costs at most 1/1.10 of
    the baseline.  With `target_error`, every admitted candidate must also
    be within it of the reference.  The admitted candidate of least cost
    wins (ties: the smaller error); if none is, the most accurate one is
    returned with met False and a RuntimeWarning.
    """
    target_error = _check_budget(target_error, "target_error")
    tol = _check_budget(atol, "atol") or DEFAULT_TOLERANCE
    if isinstance(paired, str):
        paired = (paired,)
    base_graph, base_changes = _baseline(graph, profile)
    sites = _options(base_graph, tuple(paired), profile)
    count = _math.prod(len(s) for s in sites)
    if count > MAX_CANDIDATES:
        raise ValueError("%d candidates (more than %d): name fewer paired "
                         "nodes" % (count, MAX_CANDIDATES))
    candidates = []   # the baseline first: it checks the feeds
    for combo in _itertools.product(*sites):
        candidates.append(_run(base_graph, base_changes,
                               [c for c in combo if c], feeds, profile))
    base = candidates[0]
    try:
        refs, ref_name = reference(graph, feeds), "fp32-faithful reference"
    except ValueError as e:
        refs, ref_name = None, "baseline's output (%s)" % e
    refs = base.outputs if refs is None else refs
    for c in candidates:
        c.error = relative_error(c.outputs, refs)
        c.gate_error = relative_error(c.outputs, base.outputs)
        c.verdict = _verdict(c, base, target_error, tol)
    admitted = [c for c in candidates if c.verdict.startswith("admitted")]
    met = bool(admitted)
    if met:
        chosen = min(admitted, key=lambda c: (c.cost, c.error, len(c.rewrites)))
    else:
        chosen = min(candidates, key=lambda c: (_nan_last(c.error), c.cost))
        _warnings.warn("refmath.ane.tune: no candidate meets target_error=%g; "
                       "the most accurate, %s, has error %.3g" % (
                           target_error, _label(chosen.rewrites), chosen.error),
                       RuntimeWarning, stacklevel=2)
    return Tuned(chosen, base, ref_name, met, candidates)


def _nan_last(x):
    return _math.inf if _math.isnan(x) else x


def _run(base_graph, base_changes, rewrites, feeds, profile):
    c = Candidate()
    c.graph, c.changes, c.rewrites = base_graph, list(base_changes), rewrites
    for name, opts in rewrites:
        c.graph, lines = c.graph.rewrite(name, profile, **opts)
        c.changes += lines
    values = c.graph.values(feeds, profile)
    c.outputs = [values[n.name] for n in c.graph.outputs]
    c.cost = cost(c.graph, values)
    c.label = _label(rewrites)
    return c


def _verdict(c, base, target_error, tol):
    if _math.isnan(c.error):
        return "rejected: the error is NaN"
    if target_error is not None and c.error > target_error:
        return "rejected: error %.3g > target_error %g" % (c.error, target_error)
    if c.error < base.error or c.gate_error == 0:
        return "admitted"
    if not c.gate_error <= tol:
        return "rejected: %.3g from the baseline > %g" % (c.gate_error, tol)
    if c.cost * SPEEDUP_RULE > base.cost:
        return "rejected: lossy and only %.3gx cheaper (< %.2fx)" % (
            base.cost / c.cost, SPEEDUP_RULE)
    return "admitted (lossy, %.3gx cheaper)" % (base.cost / c.cost)
