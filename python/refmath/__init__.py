"""refmath: bit-exact reference float32 transcendentals for NumPy.

Every function of the C library is a NumPy ufunc in every variant that
defines it: ``refmath.exact.exp``, ``refmath.fast.exp``, ... (the
top-level ``refmath.exp`` is the exact one, or the correctly rounded one
for a function without an exact variant).  They return the same bits
as ``refmath_eval_f32`` for any shape, stride and memory order, on every
SIMD target.  ``refmath.tensor`` holds the reductions and ML operations
(sum, softmax, layer_norm, attention, ...), whose bits are the same on
every target and for every thread count.  The correct variant's ufuncs
also take float16 (the binary16 nearest the true value), and
``refmath.bfloat16`` has them over bfloat16 bit patterns.  See
docs/python.md.
"""
import contextlib as _contextlib
import sys as _sys
import types as _types

from . import _args, _refmath

__version__ = _refmath.version()

#: The functions and variants, in the C API's order.  Both come from the C
#: library's own name tables, so a variant it gains appears here (and as
#: ``refmath.<variant>``) with no change to this package.
FUNCTIONS = tuple(_refmath.function_names())
VARIANTS = tuple(_refmath.variant_names())


def _variant_module(variant):
    """The module refmath.<variant>: one ufunc per function it defines."""
    mod = _types.ModuleType(
        __name__ + "." + variant,
        "refmath's %s variant: one NumPy ufunc per function." % variant)
    mod.__all__ = [name for name in FUNCTIONS
                   if _refmath.defines(variant, name)]
    for name in mod.__all__:
        setattr(mod, name, _refmath.ufunc(name, variant))

    def missing(name):
        # A function of the registry that this variant does not define is
        # refused by name, never replaced by another variant's ufunc.
        if name in FUNCTIONS:
            homes = [v for v in VARIANTS if _refmath.defines(v, name)]
            raise AttributeError(
                "%s is not defined in the %s variant (only in: %s; "
                "refmath.%s.%s)" % (name, variant, ", ".join(homes),
                                     homes[0], name), name=name, obj=mod)
        raise AttributeError("module %r has no attribute %r"
                             % (mod.__name__, name), name=name, obj=mod)

    mod.__getattr__ = missing
    _sys.modules[mod.__name__] = mod
    return mod


for _variant in VARIANTS:
    globals()[_variant] = _variant_module(_variant)
# The top level: the exact variant, or the correctly rounded one for a
# function without an exact variant (as refmath_NAMEf in C).
for _name in FUNCTIONS:
    _home = "exact" if _refmath.defines("exact", _name) else "correct"
    globals()[_name] = getattr(globals()[_home], _name)


def sincos(x):
    """(sin x, cos x), correctly rounded: the bits of ``refmath.sin(x)``
    and ``refmath.cos(x)``, for every input those ufuncs take (float32 or
    float16, any shape).  Rotary position embeddings need both; the C
    library's one call is ``refmath_sincos_f32``."""
    return correct.sin(x), correct.cos(x)


correct.sincos = sincos


def _bfloat16_module():
    """The module refmath.bfloat16: the correct variant's functions over
    bfloat16 values, given and returned as uint16 bit patterns."""
    mod = _types.ModuleType(
        __name__ + ".bfloat16",
        "refmath's correctly rounded functions in bfloat16: one NumPy ufunc "
        "per function of the correct variant, over uint16 arrays holding "
        "bfloat16 bit patterns (the high half of a float32); each result is "
        "the bfloat16 nearest the true value.")
    mod.__all__ = list(globals()["correct"].__all__)
    for name in mod.__all__:
        setattr(mod, name, _refmath.ufunc(name, "correct", bfloat16=True))
    _sys.modules[mod.__name__] = mod
    return mod


bfloat16 = _bfloat16_module()


def targets(variant="exact"):
    """The SIMD targets the variant can run on here, e.g. ['scalar', 'avx2']."""
    return _refmath.usable_targets(_args.text(variant, "variant", "refmath.targets"))


def get_target():
    """The target this thread's ufuncs run on ('best' unless pinned)."""
    return _refmath.get_target()


def set_target(name):
    """Pins this thread's ufuncs to a SIMD target ('best' to unpin).

    ValueError if the name is unknown or no variant can run on it here.  A
    variant that cannot run on a pinned target raises ValueError when one
    of its ufuncs is called.  The results are the same bits on every
    target; only the speed differs.  TypeError if name is not a str.
    """
    _refmath.set_target(_args.text(name, "name", "refmath.set_target"))


@_contextlib.contextmanager
def target(name):
    """``with refmath.target("scalar"): ...`` pins the target for a block."""
    previous = _refmath.get_target()
    _refmath.set_target(_args.text(name, "name", "refmath.target"))
    try:
        yield name
    finally:
        _refmath.set_target(previous)


def golden_inputs():
    """The golden input set (docs/golden-hashes.md) as a float32 array."""
    return _refmath.golden_inputs()


from ._conform import conform, ConformReport  # noqa: E402
from ._compare import compare, CompareReport, TensorCompareReport  # noqa: E402
from . import ane, mcu, tensor  # noqa: E402

__all__ = (["FUNCTIONS", "VARIANTS", "targets", "get_target", "set_target",
            "target", "golden_inputs", "sincos", "conform", "ConformReport", "compare",
            "CompareReport", "TensorCompareReport", "tensor", "ane", "mcu", "bfloat16"] +
           list(VARIANTS) +
           list(FUNCTIONS))
