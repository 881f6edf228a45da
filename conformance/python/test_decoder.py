"""The decoder of tools/transformer (docs/transformer.md): greedy decoding
of 64 tokens gives each sequence the same tokens and logits bits alone and
in a right-padded batch of 3 or 8, at 1, 3 and 8 threads; its golden rows
are held by test_tensor (every target) and by the NumPy port
(tensor_port_reproduces_golden).  The truth of the report converges: at 100
and 160 bits it rounds to the same binary64 values."""
import io
import os
import sys
from contextlib import redirect_stdout

import mpmath
import numpy as np
import pytest

import refmath

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "tools", "transformer"))
import decoder as dec  # noqa: E402
import truth_report  # noqa: E402

VARIANTS = [v for v in ("exact", "fast") if refmath.targets(v)]


def bits(results):
    return [(np.asarray(l, np.float32).view(np.uint32).tolist(), t)
            for l, t in results]


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_sequence_alone_and_in_a_batch(variant):
    eight = bits(dec.decode(dec.RefmathOps(variant=variant, threads=8), 8, 64))
    three = bits(dec.decode(dec.RefmathOps(variant=variant, threads=3), 3, 64,
                            first=2))
    assert three == eight[2:5]
    for j in range(8):
        alone = dec.decode(dec.RefmathOps(variant=variant, threads=1), 1, 64,
                           first=j)
        assert bits(alone) == eight[j:j + 1], "sequence %d" % j


def test_the_truth_converges():
    w = dec.weights()
    tokens = np.array([dec.prompt(1)])
    values = []
    for prec in (100, 160):
        with mpmath.workprec(prec):
            t = dec.forward(truth_report.TruthOps(), w, tokens)
            values.append([float(v) for v in t.ravel()])
    assert values[0] == values[1]


def test_the_report_names_every_backend():
    out = io.StringIO()
    with redirect_stdout(out):
        truth_report.report(1, 2, 100)
    text = out.getvalue()
    assert "| refmath exact |" in text and "| refmath fast |" in text
    try:
        import torch  # noqa: F401
        assert "| torch " in text
    except ImportError:
        pass


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_key_value_cache_gives_the_same_bits(variant):
    # The prompt once, then one position per step against the cached keys
    # and values: each step's query attends to every cached key (no mask),
    # which must give causal attention's bits at that position.
    ops = dec.RefmathOps(variant=variant)
    for j in (0, 7):
        full = dec.decode(ops, 1, 64, first=j)
        assert bits(dec.decode_cached(ops, j, 64)) == bits(full), j
