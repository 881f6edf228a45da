"""The C API's results on the same values: refmath_eval_f32 (and the
narrow formats' refmath_eval_f16 and refmath_eval_bf16) over a
C-contiguous copy, compared by bit pattern."""
import numpy as np

from refmath import _refmath


def capi(function, variant, x, target="best"):
    """refmath_eval_f32(function, variant, target) over x's values (as
    float32), in x's shape."""
    src = np.ascontiguousarray(x, dtype=np.float32)
    out = np.empty_like(src)
    _refmath.eval_into(function, variant, target, src.reshape(-1),
                       out.reshape(-1))
    return out


def capi_narrow(function, fmt, h):
    """refmath_eval_f16 (fmt "binary16") or refmath_eval_bf16 ("bfloat16")
    over the uint16 bit patterns h, in h's shape."""
    src = np.ascontiguousarray(h, dtype=np.uint16)
    out = np.empty_like(src)
    _refmath.eval_narrow_into(function, fmt, src.reshape(-1), out.reshape(-1))
    return out


def bits(a):
    """The uint32 bit patterns of a float32 array (equality of results)."""
    a = np.asarray(a)
    assert a.dtype == np.float32, a.dtype
    return np.ascontiguousarray(a).view(np.uint32)
