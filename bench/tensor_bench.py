#!/usr/bin/env python3
"""Times the tensor operations (refmath/tensor.h, called through ctypes)
next to numpy and PyTorch's CPU kernels on the same float32 arrays (and
on bfloat16 and float16 storage for the row operations), and next to
OpenBLAS's sgemm for matmul, square and batched, and writes a Markdown
report: the best of several runs per row, ratios from that one run.

bench/tensor_run.sh builds the library, fetches OpenBLAS and runs this.

Usage: python3 bench/tensor_bench.py [--archive build/librefmath.a]
           [--md FILE] [--quick] [--openblas PATH/libopenblas.so.0]
"""
import argparse
import os
import platform
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tensor_ctypes import EXACT, FAST, CORRECTLY_ROUNDED, Refmath  # noqa: E402

try:
    import torch
except ImportError:  # the report says so
    torch = None


# One-thread rows are timed in CPU time of the process (time spent waiting
# for a core on a shared machine is not counted); rows with threads in wall
# time, the only clock that shows a parallel speed-up.
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def best_time(fn, min_total=0.3, max_reps=50, clock="cpu"):
    now = CLOCKS[clock]
    fn()  # warm up
    times, start = [], time.perf_counter()
    while len(times) < max_reps and (time.perf_counter() - start < min_total or len(times) < 3):
        t0 = now()
        fn()
        times.append(now() - t0)
    return min(times)


class Report:
    def __init__(self):
        self.lines = []

    def table(self, title, header, note=None):
        self.lines += ["", "### " + title, ""] + ([note, ""] if note else [])
        self.lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]

    def row(self, *cells):
        self.lines.append("| " + " | ".join(cells) + " |")
        print(self.lines[-1], flush=True)


def ms(t):
    return "%.3f" % (t * 1e3)


def torch_threads(n):
    if torch is not None:
        torch.set_num_threads(n)


def bench_sum(rm, rep, quick):
    rep.table("Sum of 1M float32 (one thread)",
              ["kernel", "ms", "Gelem/s", "numpy.sum / this"])
    x = np.random.default_rng(1).standard_normal(1 << 20).astype(np.float32)
    t_np = best_time(lambda: np.sum(x))
    rows = [("numpy.sum (pairwise)", t_np),
            ("refmath canonical", best_time(lambda: rm.sum(x))),
            ("refmath correctly rounded",
             best_time(lambda: rm.sum(x, mode=CORRECTLY_ROUNDED)))]
    if torch is not None:
        torch_threads(1)
        tx = torch.from_numpy(x)
        rows.append(("torch.sum", best_time(lambda: torch.sum(tx))))
    for name, t in rows:
        rep.row(name, ms(t), "%.2f" % (len(x) / t / 1e9), "%.2f" % (t_np / t))


def bench_rows(rm, rep, quick):
    lengths = [1024, 32768] if quick else [1024, 4096, 32768]
    total = 1 << 21
    for threads in (1, 2):
        rep.table("softmax and layer norm over rows, %d thread(s), %d elements" %
                  (threads, total),
                  ["op", "row", "refmath exact ms", "refmath fast ms", "torch ms",
                   "torch / exact", "torch / fast"])
        torch_threads(threads)
        for n in lengths:
            x = np.random.default_rng(n).standard_normal((total // n, n)).astype(np.float32)
            g = np.ones(n, np.float32)
            b = np.zeros(n, np.float32)
            ops = [("softmax", lambda v: rm.softmax(x, variant=v, threads=threads),
                    lambda tx: torch.softmax(tx, dim=-1)),
                   ("layer norm", lambda v: rm.layer_norm(x, g, b, variant=v, threads=threads),
                    lambda tx: torch.nn.functional.layer_norm(
                        tx, (n,), torch.from_numpy(g), torch.from_numpy(b)))]
            clock = "cpu" if threads == 1 else "wall"
            for name, ours, theirs in ops:
                te = best_time(lambda: ours(EXACT), clock=clock)
                tf = best_time(lambda: ours(FAST), clock=clock)
                if torch is None:
                    rep.row(name, str(n), ms(te), ms(tf), "-", "-", "-")
                    continue
                tx = torch.from_numpy(x)
                tt = best_time(lambda: theirs(tx), clock=clock)
                rep.row(name, str(n), ms(te), ms(tf), ms(tt), "%.2f" % (tt / te),
                        "%.2f" % (tt / tf))


def openblas_sgemm(path):
    """cblas_sgemm of the OpenBLAS library at `path`, one thread."""
    import ctypes
    lib = ctypes.CDLL(path)
    lib.openblas_set_num_threads(1)
    f = ctypes.c_float
    ptr = ctypes.POINTER(ctypes.c_float)

    def sgemm(a, b, c=None):
        m, k = a.shape
        n = b.shape[1]
        if c is None:
            c = np.empty((m, n), dtype=np.float32)
        lib.cblas_sgemm(101, 111, 111, m, n, k, f(1.0), a.ctypes.data_as(ptr), k,
                        b.ctypes.data_as(ptr), n, f(0.0), c.ctypes.data_as(ptr), n)
        return c
    return sgemm


def bench_matmul(rm, rep, quick, openblas):
    sgemm = openblas_sgemm(openblas) if openblas else None
    rep.table("matmul, square, one thread (throughput ratios: refmath / the other)",
              ["n", "refmath exact ms", "refmath fast ms", "OpenBLAS sgemm ms",
               "torch.matmul ms", "GFLOP/s exact", "GFLOP/s fast", "GFLOP/s OpenBLAS",
               "exact / OpenBLAS", "fast / OpenBLAS"])
    torch_threads(1)
    for n in ([512, 1024] if quick else [512, 1024, 2048]):
        rng = np.random.default_rng(n)
        a = rng.standard_normal((n, n)).astype(np.float32)
        b = rng.standard_normal((n, n)).astype(np.float32)
        flops = 2.0 * n ** 3
        te = best_time(lambda: rm.matmul(a, b, EXACT), min_total=0.0, max_reps=3)
        tf = best_time(lambda: rm.matmul(a, b, FAST), min_total=0.0, max_reps=3)
        to = (best_time(lambda: sgemm(a, b), min_total=0.0, max_reps=3)
              if sgemm else float("nan"))
        if torch is not None:
            ta, tb = torch.from_numpy(a), torch.from_numpy(b)
            tt = best_time(lambda: torch.matmul(ta, tb), min_total=0.0, max_reps=3)
        else:
            tt = float("nan")
        rep.row(str(n), ms(te), ms(tf), ms(to), ms(tt), "%.1f" % (flops / te / 1e9),
                "%.1f" % (flops / tf / 1e9), "%.1f" % (flops / to / 1e9),
                "%.2f" % (to / te), "%.2f" % (to / tf))


def bench_batched_matmul(rep, quick, openblas):
    rep.table("batched matmul, one thread (OpenBLAS: cblas_sgemm once per batch "
              "element)",
              ["a @ b", "refmath exact ms", "refmath fast ms", "OpenBLAS sgemm ms",
               "GFLOP/s fast", "GFLOP/s OpenBLAS", "OpenBLAS / exact",
               "OpenBLAS / fast"],
              "refmath.tensor.matmul takes the batch in one call (a 2-D b is the "
              "same weight for every batch element); OpenBLAS gets one cblas_sgemm "
              "per batch element from a Python loop, writing into one output array.  "
              "Both run on one thread.  The ratios are OpenBLAS's time over "
              "refmath's; the target for the fast variant is 0.5 or more, i.e. at "
              "most twice OpenBLAS's time.")
    refmath, _, _ = package()
    sgemm = openblas_sgemm(openblas) if openblas else None
    shapes = ([((4, 128, 256), (4, 256, 128)), ((4, 128, 256), (256, 128))] if quick
              else [((8, 256, 512), (8, 512, 256)), ((8, 256, 512), (512, 256)),
                    ((4, 512, 1024), (4, 1024, 512))])
    for sa, sb in shapes:
        rng = np.random.default_rng(sa[1] + sb[-1])
        a = rng.standard_normal(sa).astype(np.float32)
        b = rng.standard_normal(sb).astype(np.float32)
        batch, m, k = sa
        n = sb[-1]
        flops = 2.0 * batch * m * k * n
        reps = dict(min_total=0.0, max_reps=3)
        te = best_time(lambda: refmath.tensor.matmul(a, b, threads=1), **reps)
        tf = best_time(lambda: refmath.tensor.matmul(a, b, threads=1,
                                                     variant="fast"), **reps)
        if sgemm:
            def per_element():
                c = np.empty((batch, m, n), dtype=np.float32)
                for i in range(batch):
                    sgemm(a[i], b[i] if b.ndim == 3 else b, c[i])
                return c
            to = best_time(per_element, **reps)
        else:
            to = float("nan")
        shape = "[%s] @ [%s]" % (", ".join(map(str, sa)), ", ".join(map(str, sb)))
        rep.row(shape, ms(te), ms(tf), ms(to), "%.1f" % (flops / tf / 1e9),
                "%.1f" % (flops / to / 1e9), "%.2f" % (to / te), "%.2f" % (to / tf))


def bench_half_rows(rep, quick):
    rows, n = (2048 if quick else 8192), 1024
    rep.table("layer norm, RMS norm and softmax on (%d, %d) half-precision storage, "
              "one thread" % (rows, n),
              ["op", "storage", "refmath exact ms", "refmath fast ms", "torch kernel",
               "torch ms", "torch / exact", "torch / fast"],
              "refmath reads bfloat16 as uint16 bit patterns (dtype='bfloat16') or "
              "float16 arrays and works a row at a time (refmath_tensor_softmax16 "
              "and the like): the row widened to float32, computed, rounded once "
              "back to the format; torch runs on a tensor of that "
              "dtype holding the same values.  The ratios are torch's time over "
              "refmath's, whose target is 1.0 or more; a torch cell is '-' where "
              "this torch has no CPU kernel for the dtype.")
    refmath, _, _ = package()
    t = refmath.tensor
    torch_threads(1)
    eps = 1e-5
    x32 = np.random.default_rng(rows).standard_normal((rows, n)).astype(np.float32)
    g32, b32 = np.ones(n, np.float32), np.zeros(n, np.float32)
    F = torch.nn.functional if torch is not None else None
    if F is not None and hasattr(F, "rms_norm"):
        rms_name = "F.rms_norm"

        def torch_rms(tx, tg, tb):
            return F.rms_norm(tx, (n,), tg, eps)
    else:
        rms_name = "x * rsqrt(mean(x^2) + eps) * g"

        def torch_rms(tx, tg, tb):
            return tx * torch.rsqrt(tx.pow(2).mean(-1, keepdim=True) + eps) * tg
    for storage in ("bfloat16", "float16"):
        if storage == "bfloat16":
            x, g, b = (t.narrow(v, "bfloat16", threads=1) for v in (x32, g32, b32))
            kw = dict(dtype="bfloat16", threads=1)
        else:
            x, g, b = (v.astype(np.float16) for v in (x32, g32, b32))
            kw = dict(threads=1)
        ops = [("layer norm", lambda v: t.layer_norm(x, g, b, eps=eps, variant=v, **kw),
                "F.layer_norm", lambda tx, tg, tb: F.layer_norm(tx, (n,), tg, tb, eps)),
               ("RMS norm", lambda v: t.rms_norm(x, g, eps=eps, variant=v, **kw),
                rms_name, torch_rms),
               ("softmax", lambda v: t.softmax(x, variant=v, **kw),
                "F.softmax", lambda tx, tg, tb: F.softmax(tx, dim=-1))]
        for name, ours, kernel, theirs in ops:
            te = best_time(lambda: ours("exact"))
            tf = best_time(lambda: ours("fast"))
            tt = float("nan")
            if torch is None:
                kernel = "- (torch absent)"
            else:
                # The same values: widening is exact, and so is the
                # conversion of those float32 values to the torch dtype.
                dt = getattr(torch, storage)
                tx, tg, tb = (torch.from_numpy(t.widen(v, storage)).to(dt)
                              for v in (x, g, b))
                try:
                    theirs(tx, tg, tb)
                except RuntimeError as e:
                    kernel = "- (%s)" % str(e).splitlines()[0].replace("|", "/")
                else:
                    tt = best_time(lambda: theirs(tx, tg, tb))
            cells = ((ms(tt), "%.2f" % (tt / te), "%.2f" % (tt / tf)) if tt == tt
                     else ("-", "-", "-"))
            rep.row(name, storage, ms(te), ms(tf), kernel, *cells)


def bench_attention(rm, rep, quick):
    rep.table("attention, d = 64, one thread (torch: softmax(q k^T / 8) v composed)",
              ["L", "refmath exact ms", "refmath fast ms", "torch ms", "torch / exact",
               "torch / fast"])
    torch_threads(1)
    for L in ([128, 1024] if quick else [128, 512, 1024, 4096]):
        rng = np.random.default_rng(L)
        q, k, v = (rng.standard_normal((L, 64)).astype(np.float32) for _ in range(3))
        reps = dict(min_total=0.0, max_reps=2 if L >= 4096 else 5)
        te = best_time(lambda: rm.attention(q, k, v, variant=EXACT), **reps)
        tf = best_time(lambda: rm.attention(q, k, v, variant=FAST), **reps)
        if torch is not None:
            tq, tk, tv = (torch.from_numpy(a) for a in (q, k, v))
            tt = best_time(lambda: torch.softmax(tq @ tk.T / 8.0, dim=-1) @ tv, **reps)
        else:
            tt = float("nan")
        rep.row(str(L), ms(te), ms(tf), ms(tt), "%.2f" % (tt / te), "%.2f" % (tt / tf))


def package():
    """refmath.tensor and the decoder of tools/transformer, from build/."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "build", "python"))
    sys.path.insert(0, os.path.join(here, "..", "tools", "transformer"))
    import refmath.tensor  # noqa: F401
    import decoder
    import truth_report
    return refmath, decoder, truth_report


def bench_heads(rep, quick):
    rep.table("causal attention [1, 8, L, 64], two threads (torch: softmax(q k^T / 8 "
              "masked) v composed, its scaled_dot_product_attention being absent "
              "from 1.13)", ["L", "refmath exact ms", "refmath fast ms", "torch ms",
                             "torch / exact", "torch / fast"])
    refmath, _, _ = package()
    torch_threads(2)
    for L in ([1024] if quick else [256, 1024]):
        rng = np.random.default_rng(L)
        q, k, v = (rng.standard_normal((1, 8, L, 64)).astype(np.float32)
                   for _ in range(3))
        reps = dict(min_total=0.0, max_reps=5, clock="wall")
        run = refmath.tensor.attention
        te = best_time(lambda: run(q, k, v, causal=True, threads=2), **reps)
        tf = best_time(lambda: run(q, k, v, causal=True, threads=2,
                                   variant="fast"), **reps)
        if torch is not None:
            tq, tk, tv = (torch.from_numpy(a) for a in (q, k, v))
            drop = torch.ones(L, L).triu(1).bool()
            tt = best_time(lambda: torch.softmax(
                (tq @ tk.transpose(-1, -2) / 8.0).masked_fill(drop, -np.inf),
                dim=-1) @ tv, **reps)
        else:
            tt = float("nan")
        rep.row(str(L), ms(te), ms(tf), ms(tt), "%.2f" % (tt / te), "%.2f" % (tt / tf))


# The decoder of tools/transformer at a size where arithmetic, not calls,
# takes the time.
DECODER_SHAPE = dict(vocab=4096, dim=512, heads=8, kv_heads=2, head_dim=64,
                     ffn=1408, layers=2)


def bench_decoder(rep, quick):
    rep.table("decoder forward (tools/transformer/decoder.py, dim 512, 8 heads over "
              "2 key/value heads, ffn 1408, 2 layers, vocabulary 4096), two threads, "
              "the same weights in torch float32", ["tokens", "refmath exact ms",
                                                     "refmath fast ms", "torch ms",
                                                     "torch / exact", "torch / fast"])
    _, dec, tr = package()
    torch_threads(2)
    w = dec.weights(75, DECODER_SHAPE)
    for L in ([256] if quick else [128, 512]):
        tokens = (np.arange(L)[None, :] * 7 % DECODER_SHAPE["vocab"]).astype(np.int64)
        reps = dict(min_total=0.0, max_reps=3, clock="wall")
        times = []
        for ops in (dec.RefmathOps(threads=2), dec.RefmathOps(threads=2, variant="fast"),
                    tr.TorchOps() if torch is not None else None):
            times.append(float("nan") if ops is None else best_time(
                lambda: dec.forward(ops, w, tokens, DECODER_SHAPE), **reps))
        te, tf, tt = times
        rep.row(str(L), ms(te), ms(tf), ms(tt), "%.2f" % (tt / te), "%.2f" % (tt / tf))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--archive", default=os.path.join(here, "..", "build", "librefmath.a"))
    p.add_argument("--md", help="write the report here")
    p.add_argument("--quick", action="store_true", help="fewer sizes")
    p.add_argument("--openblas", help="libopenblas.so to time cblas_sgemm from")
    args = p.parse_args()
    rm = Refmath(args.archive)
    rep = Report()
    rep.lines = ["# Tensor operations: speed", "",
                 "Written by `bench/tensor_bench.py` (one run; best of several repetitions "
                 "per row, in CPU time of the process for one-thread rows and in wall time "
                 "for the 2-thread rows; ratios above 1 mean refmath is faster).  Machine: %s, %d cores "
                 "reported, shared with other builds while measuring; numpy %s, torch %s." %
                 (platform.processor() or platform.machine(), os.cpu_count(),
                  np.__version__, torch.__version__ if torch else "absent"),
                 "",
                 "Load average when the run started: %.1f (1 min), on %d cores: rows "
                 "with threads compete with other work, and the 2-thread rows in "
                 "particular say little when it exceeds the core count.  OpenBLAS: "
                 "%s." % (os.getloadavg()[0], os.cpu_count(),
                          (os.path.basename(os.path.realpath(args.openblas)) if args.openblas
                           else "not given (--openblas)"))]
    bench_sum(rm, rep, args.quick)
    bench_rows(rm, rep, args.quick)
    bench_half_rows(rep, args.quick)
    bench_matmul(rm, rep, args.quick, args.openblas)
    bench_batched_matmul(rep, args.quick, args.openblas)
    bench_attention(rm, rep, args.quick)
    bench_heads(rep, args.quick)
    bench_decoder(rep, args.quick)
    if args.md:
        with open(args.md, "w") as f:
            f.write("\n".join(rep.lines) + "\n")


if __name__ == "__main__":
    main()
