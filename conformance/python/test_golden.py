"""Every function and variant over the golden input set, from Python,
reproduces golden/: the SHA-256 of the outputs as little-endian uint32
(docs/golden-hashes.md)."""
import hashlib
import os

import numpy as np
import pytest

import refmath

GOLDEN = os.environ.get("REFMATH_SOURCE_GOLDEN_DIR") or os.path.join(
    os.path.dirname(__file__), "..", "..", "golden")


def golden_rows(variant):
    path = os.path.join(GOLDEN, variant + ".sha256")
    rows = {}
    with open(path) as fh:
        for line in fh:
            if line.strip() and not line.startswith("#"):
                digest, name = line.split()
                rows[name] = digest
    return rows


def sha256_le(a):
    return hashlib.sha256(a.astype("<u4", copy=False).tobytes()).hexdigest()


def strided_golden_inputs():
    """The set built here from its definition: every 4099th bit pattern
    below 2^32, then the special values (the library's list, checked by
    the inputs row)."""
    strided = np.arange(0, 2**32, 4099, dtype=np.uint64).astype(np.uint32)
    special = refmath.golden_inputs().view(np.uint32)[strided.size:]
    return np.concatenate([strided, special]).view(np.float32)


def test_the_input_set_matches_its_row():
    x = strided_golden_inputs()
    assert x.size == 1047880
    np.testing.assert_array_equal(x.view(np.uint32),
                                  refmath.golden_inputs().view(np.uint32))
    for variant in refmath.VARIANTS:
        assert sha256_le(x.view(np.uint32)) == golden_rows(variant)["inputs"]


@pytest.mark.parametrize("function,variant",
                         [(f, v) for v in refmath.VARIANTS if refmath.targets(v)
                          for f in getattr(refmath, v).__all__])
def test_function_reproduces_golden(function, variant):
    x = strided_golden_inputs()
    ufunc = getattr(getattr(refmath, variant), function)
    assert sha256_le(ufunc(x).view(np.uint32)) == \
        golden_rows(variant)[function]
    # A strided, reversed view of the same values gives the same bits.
    y = np.empty(2 * x.size, np.float32)[::-2]
    ufunc(x[::-1], out=y)
    assert sha256_le(y[::-1].view(np.uint32)) == \
        golden_rows(variant)[function]


def test_conform_runs_the_golden_check():
    report = refmath.conform()
    assert report.passed and bool(report)
    assert report.errors == []
    rows = {(r["function"], r["variant"], r["target"]) for r in report.rows}
    for variant in refmath.VARIANTS:
        for target in refmath.targets(variant):
            for function in getattr(refmath, variant).__all__:
                assert (function, variant, target) in rows
    assert ("exp2", "exact", "scalar") not in rows
    assert all(r["match"] for r in report.rows + report.module_rows)
    exact = golden_rows("exact")
    for r in report.rows:
        if r["variant"] == "exact":
            assert r["expected"] == exact[r["function"]] == r["digest"]
    assert {r["module"] for r in report.module_rows} == {"ane-fp16", "ane-ops", "mcu",
                                                        "mcu-layers", "tensor"}
    assert "PASS" in repr(report)


def test_conform_refuses_a_missing_golden_dir(tmp_path):
    with pytest.raises(ValueError):
        refmath.conform(str(tmp_path / "none"))
