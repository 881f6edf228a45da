"""The tensor C API (include/refmath/tensor.h) from Python through ctypes,
for the tensor benchmark and accuracy scripts: links build/librefmath.a
into a temporary shared object and wraps each call for NumPy float32
arrays (strides converted from bytes to elements).  Not the Python
package's binding; a measuring aid."""
import ctypes
import os
import subprocess
import tempfile

import numpy as np

MAX_DIMS = 8
EXACT, FAST = 0, 1
CANONICAL, CORRECTLY_ROUNDED = 0, 1


class Tensor(ctypes.Structure):
    _fields_ = [("data", ctypes.POINTER(ctypes.c_float)),
                ("ndim", ctypes.c_size_t),
                ("shape", ctypes.c_size_t * MAX_DIMS),
                ("stride", ctypes.c_ssize_t * MAX_DIMS)]


class Options(ctypes.Structure):
    _fields_ = [("variant", ctypes.c_int), ("target", ctypes.c_int),
                ("mode", ctypes.c_int), ("threads", ctypes.c_int)]


def view(a):
    assert a.dtype == np.float32
    t = Tensor()
    t.data = a.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
    t.ndim = a.ndim
    for i in range(a.ndim):
        t.shape[i] = a.shape[i]
        t.stride[i] = a.strides[i] // 4
    return t


class Refmath:
    def __init__(self, archive):
        self._dir = tempfile.TemporaryDirectory()
        so = os.path.join(self._dir.name, "librefmath_tensor.so")
        subprocess.run(["c++", "-shared", "-o", so, "-Wl,--whole-archive", archive,
                        "-Wl,--no-whole-archive", "-lhwy", "-pthread"], check=True)
        self.lib = ctypes.CDLL(so)
        self.lib.refmath_status_string.restype = ctypes.c_char_p

    def _call(self, name, *args):
        status = getattr(self.lib, name)(*args)
        if status != 0:
            raise RuntimeError("%s: %s" % (name, self.lib.refmath_status_string(status).decode()))

    @staticmethod
    def _opt(variant, threads, mode=CANONICAL):
        return ctypes.byref(Options(variant, 0, mode, threads))

    def sum(self, x, axis=-1, variant=EXACT, threads=1, mode=CANONICAL):
        out = np.zeros(np.delete(np.array(x.shape), axis % x.ndim), dtype=np.float32)
        self._call("refmath_tensor_sum", ctypes.byref(view(x)), axis,
                   ctypes.byref(view(out)), self._opt(variant, threads, mode))
        return out

    def softmax(self, x, variant=EXACT, threads=1, log=False):
        out = np.empty_like(x)
        name = "refmath_tensor_log_softmax" if log else "refmath_tensor_softmax"
        self._call(name, ctypes.byref(view(x)), ctypes.byref(view(out)),
                   self._opt(variant, threads))
        return out

    def layer_norm(self, x, g=None, b=None, eps=1e-5, variant=EXACT, threads=1):
        out = np.empty_like(x)
        ref = lambda a: ctypes.byref(view(a)) if a is not None else None  # noqa: E731
        self._call("refmath_tensor_layer_norm", ctypes.byref(view(x)), ref(g), ref(b),
                   ctypes.c_float(eps), ctypes.byref(view(out)), self._opt(variant, threads))
        return out

    def rms_norm(self, x, g=None, eps=1e-6, variant=EXACT, threads=1):
        out = np.empty_like(x)
        ref = ctypes.byref(view(g)) if g is not None else None
        self._call("refmath_tensor_rms_norm", ctypes.byref(view(x)), ref,
                   ctypes.c_float(eps), ctypes.byref(view(out)), self._opt(variant, threads))
        return out

    def matmul(self, a, b, variant=EXACT, threads=1):
        out = np.empty((a.shape[0], b.shape[1]), dtype=np.float32)
        self._call("refmath_tensor_matmul", ctypes.byref(view(a)), ctypes.byref(view(b)),
                   ctypes.byref(view(out)), self._opt(variant, threads))
        return out

    def attention(self, q, k, v, mask=None, variant=EXACT, threads=1):
        out = np.empty((q.shape[0], v.shape[1]), dtype=np.float32)
        m = ctypes.byref(view(mask)) if mask is not None else None
        self._call("refmath_tensor_attention", ctypes.byref(view(q)), ctypes.byref(view(k)),
                   ctypes.byref(view(v)), m, ctypes.byref(view(out)),
                   self._opt(variant, threads))
        return out
